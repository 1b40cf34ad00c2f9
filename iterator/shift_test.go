package iterator

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/tilecheck/tilecheck/layout"
)

// TestShiftInIsTheTraces: where ShiftIn gives a compact form, the checked
// path (the definition) traces every requested thread without error, and
// access k of record r of thread t is exactly at (Origins[r] + base(t) +
// off(k)) / 8, with base and off computed here from the thread map and the
// model's access offsets; every record has Accesses addresses, every thread
// Inexact truncations and no narrowing, and NonNegative holds only where
// every sum is at least zero. Random configurations, programs, the
// reference and every control; an arena shared request after request, as a
// sweep's worker has it.
func TestShiftInIsTheTraces(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	models := []referenceModel{{}}
	for _, d := range Defects() {
		models = append(models, referenceModel{defect: d})
	}
	arena := new(Arena)
	made, refused, negative, nonPositive, inexact := 0, 0, 0, 0, 0
	for i := 0; i < 30000; i++ {
		cfg := randomRegular(r)
		m := models[r.Intn(len(models))]
		prog := randomProgram(r)
		threads := AllThreads(cfg)
		if r.Intn(4) == 0 {
			threads = []int{r.Intn(max(cfg.Threads, 0) + 1)}
		}
		if r.Intn(8) == 0 {
			arena.Reset()
		}
		s, ok := ShiftIn(arena, m, cfg, prog, threads)
		if !ok {
			refused++
			continue
		}
		made++
		name := fmt.Sprintf("%s %s; %s", m.Name(), cfg, prog)
		want, err := checkedTraces(t, m, cfg, prog, threads)
		if err != nil {
			t.Fatalf("%s: compact form of a request the checked path fails: %v", name, err)
		}
		tm, _ := m.threadMap(cfg)
		in := newInstance(cfg)
		acc := m.planAccesses(in, tm, nil)
		if s.Threads != len(threads) || s.Accesses != len(acc.off) || len(s.Origins) != prog.Recorded() {
			t.Fatalf("%s: %d threads, %d accesses, %d origins; want %d, %d, %d", name, s.Threads, s.Accesses, len(s.Origins), len(threads), len(acc.off), prog.Recorded())
		}
		allExact, allNonNegative, allNonPositive := true, true, true
		for ti, tr := range want {
			init := tm.Init(threads[ti])
			base := layout.Bits((init.S*int64(in.L) + init.C) * in.B)
			if len(tr.Overflows) != 0 || len(tr.Inexact) != s.Inexact || len(tr.Records) != len(s.Origins) {
				t.Fatalf("%s: thread %d: %d narrowings, %d truncations, %d records; compact form says 0, %d, %d", name, tr.Thread, len(tr.Overflows), len(tr.Inexact), len(tr.Records), s.Inexact, len(s.Origins))
			}
			for ri, rec := range tr.Records {
				if o, ok := s.RecordOrigin(rec.Op); !ok || o != s.Origins[ri] {
					t.Fatalf("%s: record %d (op %d): RecordOrigin %d, %v; want %d", name, ri, rec.Op, o, ok, s.Origins[ri])
				}
				if len(rec.Addrs) != s.Accesses {
					t.Fatalf("%s: record %d has %d addresses, compact form %d", name, ri, len(rec.Addrs), s.Accesses)
				}
				for k, a := range rec.Addrs {
					sum := s.Origins[ri] + base + acc.off[k]
					allExact, allNonNegative, allNonPositive = allExact && sum%8 == 0, allNonNegative && sum >= 0, allNonPositive && sum <= 0
					if b, _ := sum.ToBytes(); int64(b) != a {
						t.Fatalf("%s: thread %d record %d access %d at %d; compact form %d", name, tr.Thread, ri, k, a, b)
					}
				}
			}
		}
		// Each flag is sufficient: it may be false where the sums would
		// allow it, never true where they do not.
		if (s.Exact && !allExact) || (s.NonNegative && !allNonNegative) || (s.NonPositive && !allNonPositive) {
			t.Fatalf("%s: Exact %v, NonNegative %v, NonPositive %v; the sums say %v, %v, %v", name, s.Exact, s.NonNegative, s.NonPositive, allExact, allNonNegative, allNonPositive)
		}
		if !s.NonNegative {
			negative++
		}
		if s.NonPositive && !s.NonNegative {
			nonPositive++
		}
		if !s.Exact {
			inexact++
		}
	}
	t.Logf("%d compact forms (%d with negative sums, %d with none positive, %d not whole bytes), %d refused", made, negative, nonPositive, inexact, refused)
	if made < 2000 || refused < 100 || negative == 0 || nonPositive == 0 || inexact == 0 {
		t.Fatalf("not every case exercised: %d made (%d negative), %d refused", made, negative, refused)
	}
}
