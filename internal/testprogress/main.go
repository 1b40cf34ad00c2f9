// Command testprogress turns `go test -json` into a line per package as
// each one starts and ends, so that `make test` says what it is doing while
// the compiled-code packages run for minutes. Plain `go test ./...` prints a
// package's result only once every package listed before it has ended.
//
// It prints the output of every failed test and of every package that
// failed without a test to blame (a build failure, a panic), lists the
// skipped tests at the end (a skip is not a pass), and exits 1 when any
// package failed. Lines that are not JSON are copied through.
//
//	go test -json ./... 2>&1 | go run ./internal/testprogress
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"
)

type event struct {
	Action     string
	Package    string
	Test       string
	Elapsed    float64
	Output     string
	ImportPath string
}

func main() {
	os.Exit(run(os.Stdin, os.Stdout))
}

func run(in io.Reader, w io.Writer) int {
	start := time.Now()
	output := map[string]*strings.Builder{} // package or package+test -> output
	var skipped []string
	failed, running := 0, map[string]bool{}
	buf := func(k string) *strings.Builder {
		if output[k] == nil {
			output[k] = &strings.Builder{}
		}
		return output[k]
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(w, "%s\n", line)
			continue
		}
		if e.Action == "build-output" {
			buf(e.ImportPath).WriteString(e.Output)
			continue
		}
		key := e.Package
		if e.Test != "" {
			key += " " + e.Test
		}
		at := time.Since(start).Seconds()
		switch e.Action {
		case "start":
			running[e.Package] = true
			fmt.Fprintf(w, "[%4.0fs] start %s\n", at, e.Package)
		case "output":
			buf(key).WriteString(e.Output)
		case "skip":
			if e.Test != "" {
				skipped = append(skipped, key)
			} else {
				delete(running, e.Package)
				fmt.Fprintf(w, "[%4.0fs] ?     %s (no tests)\n", at, e.Package)
			}
		case "pass":
			if e.Test == "" {
				delete(running, e.Package)
				fmt.Fprintf(w, "[%4.0fs] ok    %s %.1fs%s\n", at, e.Package, e.Elapsed, still(running))
			}
			delete(output, key)
		case "fail":
			if e.Test != "" {
				fmt.Fprintf(w, "--- FAIL: %s (%.1fs)\n%s", key, e.Elapsed, text(output[key]))
				delete(output, key)
				continue
			}
			failed++
			delete(running, e.Package)
			fmt.Fprint(w, text(output[e.Package]))
			fmt.Fprintf(w, "[%4.0fs] FAIL  %s %.1fs%s\n", at, e.Package, e.Elapsed, still(running))
		case "build-fail":
			fmt.Fprint(w, text(output[e.ImportPath]))
		}
	}
	if len(skipped) > 0 {
		sort.Strings(skipped)
		fmt.Fprintf(w, "\n%d tests SKIPPED (not passed):\n", len(skipped))
		for _, s := range skipped {
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(w, "testprogress: %v\n", err)
		return 1
	}
	if len(running) > 0 {
		fmt.Fprintf(w, "\ngo test stopped before these packages ended: %s\n", strings.TrimPrefix(still(running), "; running: "))
		return 1
	}
	if failed > 0 {
		fmt.Fprintf(w, "\n%d packages FAILED (%.0fs)\n", failed, time.Since(start).Seconds())
		return 1
	}
	fmt.Fprintf(w, "\nall packages passed (%.0fs)\n", time.Since(start).Seconds())
	return 0
}

func text(b *strings.Builder) string {
	if b == nil {
		return ""
	}
	return b.String()
}

// still names the packages that are still running, so a long silence says
// which package it is waiting on.
func still(running map[string]bool) string {
	if len(running) == 0 {
		return ""
	}
	var names []string
	for p := range running {
		names = append(names, p[strings.LastIndex(p, "/")+1:])
	}
	sort.Strings(names)
	return "; running: " + strings.Join(names, ", ")
}
