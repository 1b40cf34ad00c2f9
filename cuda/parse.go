package cuda

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// Flags the harness sets on an access it could not recover cleanly
// (cuda/include/tilecheck/probe_harness.h).
const (
	flagIncoherent    = 1 // the access's bytes do not come from consecutive addresses
	flagUnrecovered   = 2 // a store access left no byte in memory, or a sparse load read no mapped byte
	flagTouchOverflow = 4 // a store touched more bytes than the fragment holds
	flagByteCount     = 8 // a store access left fewer or more bytes than A
	// flagGuardedOff: valid() was false (accesses()), or a predicated load
	// left the fragment slot unchanged (probe_harness.h kGuardedOff).
	flagGuardedOff = 16
)

// Numbers on a record line after its letter (probe_harness.h emit's printf):
// "A variant case prog thread op index addr flags bytes" and
// "R variant case prog thread op index addr len".
const (
	accessLineFields = 9
	runLineFields    = 8
)

// evidenceOf turns the harness's flags into what a trace records
// (iterator.Record.Evidence); the guarded-off flag is no lack of evidence.
func evidenceOf(flags int) iterator.AccessEvidence {
	var e iterator.AccessEvidence
	for _, x := range []struct {
		flag int
		ev   iterator.AccessEvidence
	}{{flagIncoherent, iterator.EvidenceIncoherent}, {flagUnrecovered, iterator.EvidenceUnrecovered},
		{flagTouchOverflow, iterator.EvidenceTouchOverflow}, {flagByteCount, iterator.EvidenceByteCount}} {
		if flags&x.flag != 0 {
			e |= x.ev
		}
	}
	return e
}

type accessKey struct{ Case, Variant, Prog, Thread, Op int }
type runKey struct{ Case, Variant, Prog int }

type compiledAccess struct {
	Addr  int64
	Flags int
	Bytes int64
	Seen  bool
}

// tagRun: Len bytes from Addr hold fragment bytes Index.. of Thread (the
// runs of one program are the memory image its traces carry).
type tagRun = iterator.ByteRun

// rawOutput is everything a probe program printed.
type rawOutput struct {
	Accesses map[accessKey][]compiledAccess
	Runs     map[runKey][]tagRun
	Reserved uint64
	Capacity uint64
	Device   map[string]string
	Errors   []string
	Tool     []string // lines of a wrapping tool (compute-sanitizer's "=========")
	sawEnd   bool
}

func newRawOutput() *rawOutput {
	return &rawOutput{Accesses: map[accessKey][]compiledAccess{}, Runs: map[runKey][]tagRun{}, Device: map[string]string{}}
}

// parseOutput reads the record lines of cuda/include/tilecheck/host_driver.h
// print_records (and the device lines of device_driver.cuh); count[case] is
// the fragment's access count, to size each record's slice.
func (r *rawOutput) parse(in io.Reader, count func(kase int) int) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		switch f[0] {
		case "A", "R":
			n := make([]int64, len(f)-1)
			for i := range n {
				v, err := strconv.ParseInt(f[i+1], 10, 64)
				if err != nil {
					return fmt.Errorf("bad probe output line %q", line)
				}
				n[i] = v
			}
			if f[0] == "A" && len(n) == accessLineFields {
				k := accessKey{int(n[1]), int(n[0]), int(n[2]), int(n[3]), int(n[4])}
				acc := r.Accesses[k]
				if acc == nil {
					acc = make([]compiledAccess, count(k.Case))
					r.Accesses[k] = acc
				}
				if idx := int(n[5]); idx >= 0 && idx < len(acc) {
					acc[idx] = compiledAccess{Addr: n[6], Flags: int(n[7]), Bytes: n[8], Seen: true}
				}
			} else if f[0] == "R" && len(n) == runLineFields {
				k := runKey{int(n[1]), int(n[0]), int(n[2])}
				r.Runs[k] = append(r.Runs[k], tagRun{Thread: int(n[3]), Index: n[5], Addr: n[6], Len: n[7]})
			} else {
				return fmt.Errorf("bad probe output line %q", line)
			}
		case "S":
			if len(f) != 3 {
				return fmt.Errorf("bad probe output line %q", line)
			}
			res, err1 := strconv.ParseUint(f[1], 10, 64)
			capa, err2 := strconv.ParseUint(f[2], 10, 64)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("bad probe output line %q", line)
			}
			r.Reserved += res
			r.Capacity += capa
			r.sawEnd = true
		case "G":
			kv := strings.SplitN(strings.TrimPrefix(line, "G "), "=", 2)
			if len(kv) == 2 {
				r.Device[kv[0]] = kv[1]
			}
		case "E":
			r.Errors = append(r.Errors, strings.TrimPrefix(line, "E "))
		default:
			if strings.HasPrefix(line, "=========") {
				r.Tool = append(r.Tool, line)
			}
		}
	}
	return sc.Err()
}

// renumber maps the cases' positions in their translation unit (what the
// program prints) to their indices in the run.
func (r *rawOutput) renumber(batch []*plannedCase) {
	global := func(local int) int {
		if local >= 0 && local < len(batch) {
			return batch[local].Index
		}
		return -1 - local
	}
	acc := make(map[accessKey][]compiledAccess, len(r.Accesses))
	for k, v := range r.Accesses {
		k.Case = global(k.Case)
		acc[k] = v
	}
	runs := make(map[runKey][]tagRun, len(r.Runs))
	for k, v := range r.Runs {
		k.Case = global(k.Case)
		runs[k] = v
	}
	r.Accesses, r.Runs = acc, runs
}
