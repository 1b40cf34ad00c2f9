package cxx

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tilecheck/tilecheck/cuda"
)

// request is one case for a program: its label (the case's index), the
// table entry that computes it and its dynamic values.
type request struct {
	label int
	slot  int
	vals  []int64
}

// reply is what a program printed for one request.
type reply struct {
	layout  string // the result as cute::print wrote it
	vector  int64
	size    int64
	values  []int64
	lines   []string // in raw mode, every line between begin and end
	crashed string   // set when the program died or hung in this request
}

// serve runs bin with args on reqs, restarting it after the request it
// crashed or hung in: that request gets a reply with crashed set
// ("crashed: SIGFPE", "timed out after 10s"), and the program starts again
// at the next one. Replies are keyed by label. Errors are infrastructure
// failures only: the program cannot start, or dies outside any request.
// startup is added to the first request's time limit (the GPU program
// initialises CUDA first). raw keeps each reply's lines unread (lines).
func serve(ctx context.Context, bin string, args []string, startup, perCase time.Duration, reqs []request, raw bool) (map[int]*reply, error) {
	replies := map[int]*reply{}
	for len(reqs) > 0 {
		done, crash, err := serveOnce(ctx, bin, args, startup, perCase, reqs, replies, raw)
		if err != nil {
			return nil, err
		}
		if crash == "" {
			if done != len(reqs) {
				return nil, fmt.Errorf("cute/cxx: %s answered %d of %d requests and exited cleanly", bin, done, len(reqs))
			}
			break
		}
		replies[reqs[done].label] = &reply{crashed: crash}
		reqs = reqs[done+1:]
	}
	return replies, nil
}

// gpuStartup is how long the GPU program may take before its first answer
// beyond one case's limit: CUDA's initialisation and, in batch mode, the
// one launch that computes every case.
const gpuStartup = 60 * time.Second

// serveGPU runs a GPU program on reqs: first every case in one launch
// (batch mode); if that launch faults, or the program fails or hangs in
// any other way, every case again with one launch each (single mode),
// where a fault or hang is blamed on its case as serve blames a crash.
// fellBack says the second happened.
func serveGPU(ctx context.Context, bin string, cap int64, perCase time.Duration, reqs []request) (replies map[int]*reply, fellBack bool, err error) {
	c := strconv.FormatInt(cap, 10)
	replies = map[int]*reply{}
	done, crash, err := serveOnce(ctx, bin, []string{c, "batch"}, gpuStartup, perCase, reqs, replies, false)
	if ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	if err == nil && crash == "" && done == len(reqs) {
		return replies, false, nil
	}
	replies, err = serve(ctx, bin, []string{c, "single"}, gpuStartup, perCase, reqs, false)
	return replies, true, err
}

// serveOnce runs bin once. It returns how many requests were answered in
// full and, if the program died inside request done, why. raw: see serve.
func serveOnce(ctx context.Context, bin string, args []string, startup, perCase time.Duration, reqs []request, replies map[int]*reply, raw bool) (done int, crash string, err error) {
	var in bytes.Buffer
	for _, r := range reqs {
		fmt.Fprintf(&in, "%d %d %d", r.label, r.slot, len(r.vals))
		for _, v := range r.vals {
			fmt.Fprintf(&in, " %d", v)
		}
		in.WriteByte('\n')
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cuda.KillGroupOnCancel(cmd)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, "", err
	}
	if err := cmd.Start(); err != nil {
		return 0, "", fmt.Errorf("cute/cxx: starting %s: %w", bin, err)
	}
	// The watchdog kills the program when one request runs past perCase;
	// it is re-armed at every begin.
	var mu sync.Mutex
	hung := false
	watchdog := time.AfterFunc(startup+perCase, func() {
		mu.Lock()
		hung = true
		mu.Unlock()
		_ = cmd.Cancel()
	})
	defer watchdog.Stop()

	open := false // a begin without its end
	var cur *reply
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var perr error
	for sc.Scan() {
		key, rest, _ := strings.Cut(sc.Text(), " ")
		if key != "begin" && cur == nil {
			perr = fmt.Errorf("%q outside begin/end", sc.Text())
			key = ""
		}
		if raw && cur != nil && key != "begin" && key != "end" {
			cur.lines = append(cur.lines, sc.Text())
			key = ""
		}
		switch key {
		case "":
		case "begin":
			watchdog.Reset(perCase)
			if done >= len(reqs) || rest != strconv.Itoa(reqs[done].label) {
				perr = fmt.Errorf("begin %s out of order", rest)
			}
			open, cur = true, &reply{}
		case "layout":
			cur.layout = rest
		case "vector":
			cur.vector, perr = strconv.ParseInt(rest, 10, 64)
		case "size":
			cur.size, perr = strconv.ParseInt(rest, 10, 64)
		case "values":
			for _, f := range strings.Fields(rest) {
				v, err := strconv.ParseInt(f, 10, 64)
				if err != nil {
					perr = err
				}
				cur.values = append(cur.values, v)
			}
		case "end":
			replies[reqs[done].label] = cur
			open, cur = false, nil
			done++
		default:
			perr = fmt.Errorf("unexpected line %q", sc.Text())
		}
		if perr != nil {
			_ = cmd.Cancel()
			_ = cmd.Wait()
			return 0, "", fmt.Errorf("cute/cxx: reading %s's output: %w", bin, perr)
		}
	}
	werr := cmd.Wait()
	if ctx.Err() != nil {
		return 0, "", ctx.Err()
	}
	mu.Lock()
	timedOut := hung
	mu.Unlock()
	switch {
	case werr == nil && !open:
		return done, "", nil
	case !open:
		return 0, "", fmt.Errorf("cute/cxx: %s failed outside any case: %v: %s", bin, werr, strings.TrimSpace(stderr.String()))
	case timedOut:
		return done, fmt.Sprintf("timed out after %v", perCase), nil
	}
	if fault := deviceFault(stderr.String()); fault != "" {
		return done, "crashed: " + fault, nil
	}
	return done, "crashed: " + exitReason(werr), nil
}

// deviceFault is the GPU harness's report of a device fault
// ("device fault: an illegal memory access was encountered"), if stderr
// holds one.
func deviceFault(stderr string) string {
	for _, line := range strings.Split(stderr, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "tilecheck_cute: "); ok && strings.HasPrefix(rest, "device fault") {
			return rest
		}
	}
	return ""
}

// exitReason names how a program ended: its signal (SIGFPE, SIGABRT,
// SIGSEGV) or its exit status.
func exitReason(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			if name, ok := signalNames[ws.Signal()]; ok {
				return name
			}
			return fmt.Sprintf("signal %d", int(ws.Signal()))
		}
		return fmt.Sprintf("exit status %d", ee.ExitCode())
	}
	if err == nil {
		return "ended inside the case"
	}
	return err.Error()
}

var signalNames = map[syscall.Signal]string{
	syscall.SIGFPE: "SIGFPE", syscall.SIGABRT: "SIGABRT", syscall.SIGSEGV: "SIGSEGV",
	syscall.SIGBUS: "SIGBUS", syscall.SIGILL: "SIGILL", syscall.SIGKILL: "SIGKILL", syscall.SIGTRAP: "SIGTRAP",
}

// runSmall runs a program with no input and returns its output.
func runSmall(ctx context.Context, bin string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cuda.KillGroupOnCancel(cmd)
	out, err := cmd.CombinedOutput()
	return string(out), err
}
