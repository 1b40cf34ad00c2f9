package sweep

import (
	"context"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// cpuTime is the process's user plus system CPU time: the engine runs on
// every core and the closed-form loop on one, so both are compared per
// CPU-second rather than per wall-second.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	require.NoError(tb, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// closedFormChecks is the engine's yardstick: a hand-written loop over
// the same configurations, programs and judged threads as the sweep, that
// computes each access's reference address in closed form (bit offset of
// the tile origin plus (c0 + c·Dc + (s0 + s·Ds)·L)·B) along two paths the
// contract says are equal, and compares them: the kind of comparison
// P-sym, P-tile, P-ptr, P-inc and P-oracle make, with nothing else (no
// traces, no reports). It returns the comparisons made and the number that
// differed (zero: both paths are the contract).
func closedFormChecks(configs []props.Case, progs []iterator.Program) (checks, bad int64) {
	for _, c := range configs {
		cfg, tm := c.Config, c.Map
		sh := cfg.PitchShape()
		b, l := int64(cfg.Elem.Bits), cfg.Pitch()
		rank := cfg.PitchAdv()
		for _, prog := range progs {
			for _, th := range c.Threads {
				init := tm.Init(th)
				var pos int64 // tile origin, bits
				for _, op := range prog {
					t := cfg.Layout.ToPitch(op.A, op.B)
					tile := (t.C*sh.C + t.S*sh.S*l) * b
					var at, alt int64 // the op's origin along two paths
					switch op.Kind {
					case iterator.AddTileOffset:
						pos += tile
						continue
					case iterator.AddPointerOffset:
						pos += op.A * b
						continue
					case iterator.Inc, iterator.Dec:
						step := sh.C * b
						if rank == 1 {
							step = sh.S * l * b
						}
						if op.Kind == iterator.Dec {
							step = -step
						}
						pos += step
						continue
					case iterator.LoadTile, iterator.StoreTile:
						at, alt = pos+tile, pos+t.C*sh.C*b+t.S*sh.S*l*b
					case iterator.LoadPtr, iterator.StorePtr:
						at, alt = pos+op.A*b, pos+(op.A*b)
					default:
						at, alt = pos, pos
					}
					for s := int64(0); s < tm.Iter.S; s++ {
						row := (init.S + s*tm.Delta.S) * l
						for cc := int64(0); cc < tm.Iter.C; cc++ {
							e := init.C + cc*tm.Delta.C + row
							checks++
							if (at+e*b)>>3 != (alt+e*b)>>3 {
								bad++
							}
						}
					}
				}
			}
		}
	}
	return checks, bad
}

// BenchmarkEngineVsClosedForm runs the engine (a release sweep of the
// reference RegularTileIterator) and the closed-form loop over the same
// configurations in one process, and reports both rates in checks per
// CPU-second and the engine's as a percentage of the loop's (the engine
// aims at 10% or more). Like the loop, the engine judges the iterator
// alone (KillOnly: no controls; the reference passes, so nothing is
// shrunk): a report's checks count the iterator under test only, so the
// controls' CPU would otherwise count against the engine with none of
// their checks. full-sweep-s is the CPU of the whole sweep, controls
// included, per run. Each round runs the loop right after the engine,
// until it has run about as long (so that timer resolution does not
// flatter it), and ratio-% is the median of the rounds' own ratios: on a
// shared machine the loop's rate alone drifts within minutes, which a ratio
// of totals over one round inherits. The collector is set as `tilecheck
// sweep` sets it (TuneGC): the engine's garbage is short-lived and its live
// heap small, so Go's default target would measure a collector cost the
// command does not pay.
//
//	go test ./sweep -run '^$' -bench EngineVsClosedForm -benchtime 5x
func BenchmarkEngineVsClosedForm(b *testing.B) {
	defer TuneGC()()
	opts := Options{Iterator: "reference", Preset: "release", Seed: 1}
	require.NoError(b, opts.defaults())
	gen, err := generate(context.Background(), opts)
	require.NoError(b, err)
	// The loop gets its configurations' thread maps ready-made.
	configs := make([]props.Case, len(gen.configs))
	for i, cfg := range gen.configs {
		configs[i] = gen.configCase(cfg)
	}
	full := opts
	alone := opts
	alone.KillOnly = true
	var engChecks, loopChecks int64
	var engCPU, loopCPU, fullCPU time.Duration
	var ratios []float64 // each round's own: the machine's speed drifts between rounds
	for b.Loop() {
		t0 := cpuTime(b)
		_, err := Run(context.Background(), full)
		require.NoError(b, err)
		fullCPU += cpuTime(b) - t0

		// The engine's window starts with no garbage of the full sweep's
		// and ends having collected its own: process CPU counts the
		// collector's background work wherever it falls, which would
		// otherwise be the loop's window.
		runtime.GC()
		t0 = cpuTime(b)
		r, err := Run(context.Background(), alone)
		require.NoError(b, err)
		runtime.GC()
		eCPU := cpuTime(b) - t0
		engCPU += eCPU
		engChecks += r.Checks

		var lChecks int64
		var lCPU time.Duration
		t0 = cpuTime(b)
		for lCPU < eCPU {
			n, bad := closedFormChecks(configs, gen.progs)
			require.Zero(b, bad, "closed-form loop: comparisons of %d that differ", n)
			lChecks += n
			lCPU = cpuTime(b) - t0
		}
		loopCPU += lCPU
		loopChecks += lChecks
		ratios = append(ratios, (float64(r.Checks)/eCPU.Seconds())/(float64(lChecks)/lCPU.Seconds()))
	}
	eng := float64(engChecks) / engCPU.Seconds()
	loop := float64(loopChecks) / loopCPU.Seconds()
	b.ReportMetric(eng, "engine-checks/cpu-s")
	b.ReportMetric(loop, "loop-checks/cpu-s")
	b.ReportMetric(100*median(ratios), "ratio-%")
	b.ReportMetric(fullCPU.Seconds()/float64(b.N), "full-sweep-s")
}

// median is the middle value of xs (the mean of the middle two when even).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
