package sweep

import (
	"flag"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/props"
)

// genCase is one randomly drawn case: a configuration, an op program and
// the one thread judged.
type genCase struct {
	cfg    iterator.Config
	prog   iterator.Program
	thread int
}

// opKinds are the ops the random phase draws, simplest first: rapid shrinks
// a draw toward index 0.
var opKinds = []iterator.OpKind{iterator.LoadTile, iterator.StoreTile, iterator.Load, iterator.Store,
	iterator.LoadPtr, iterator.StorePtr, iterator.AddTileOffset, iterator.AddPointerOffset, iterator.Inc, iterator.Dec}

var opGen = rapid.Custom(func(t *rapid.T) iterator.Op {
	k := opKinds[rapid.IntRange(0, len(opKinds)-1).Draw(t, "op")]
	o := iterator.Op{Kind: k}
	switch k {
	case iterator.LoadTile, iterator.StoreTile, iterator.AddTileOffset:
		o.A = int64(rapid.IntRange(-2, 2).Draw(t, "tile.0"))
		o.B = int64(rapid.IntRange(-2, 2).Draw(t, "tile.1"))
	case iterator.LoadPtr, iterator.StorePtr, iterator.AddPointerOffset:
		o.A = int64(rapid.IntRange(-9, 9).Draw(t, "n"))
	}
	return o
})

// caseGen draws cases that are valid by construction where it can (V from
// the element's list, thread counts that fit the map) and filters the rest.
// Every draw shrinks toward the small end: f32, the smallest V, a 1-vector
// tile row, one row, the stripmined map, one thread, pitch-linear, no
// padding, one op, thread 0.
var caseGen = rapid.Custom(func(t *rapid.T) genCase {
	ec := elemAxis[rapid.IntRange(0, len(elemAxis)-1).Draw(t, "elem")]
	vs := append([]int(nil), ec.vs...)
	sort.Ints(vs)
	v := vs[rapid.IntRange(0, len(vs)-1).Draw(t, "V")]
	el, _ := layout.ElemByName(ec.name)
	lq := rapid.IntRange(0, 4).Draw(t, "log2(Sc/V)")
	qc := int64(1) << lq
	ss := int64(rapid.IntRange(1, 8).Draw(t, "Ss"))
	cfg := iterator.Config{Elem: el, Access: v, Map: mapAxis[rapid.IntRange(0, len(mapAxis)-1).Draw(t, "map")]}
	if cfg.Map == iterator.Stripmined {
		// T = 1 … Qc·8, drawn smallest first, so that a shrunk
		// counterexample has the fewest threads that still fail (SPEC §5)
		// rather than threads that start outside the tile.
		cfg.Threads = 1 << rapid.IntRange(0, lq+3).Draw(t, "log2 T")
	} else {
		wc := int64(1) << rapid.IntRange(0, lq).Draw(t, "log2 warp.c")
		var divs []int64
		for d := int64(1); d <= ss; d++ {
			if ss%d == 0 {
				divs = append(divs, d)
			}
		}
		ws := divs[rapid.IntRange(0, len(divs)-1).Draw(t, "warp.s")]
		nw := 1 << rapid.IntRange(0, 3).Draw(t, "log2 warps")
		cfg.Warp = [2]int64{wc, ws}
		cfg.Threads = int(wc*ws) * nw
	}
	cfg.Layout = layoutAxis[rapid.IntRange(0, len(layoutAxis)-1).Draw(t, "layout")]
	cfg.Adv = 1 - rapid.IntRange(0, 1).Draw(t, "adv")
	if el.Bits == 6 {
		// A 6-bit type's default Alignment V·B/8 is no power of two: the
		// instantiation needs an explicit one (the ColumnMajor wrapper,
		// which does not forward it, stays invalid and is filtered out).
		cfg.Align = int64(layout.ArrayBytes(layout.Elements(v), el.Bits))
	}
	sc := qc * int64(v)
	cfg.Shape = layoutShape(cfg.Layout, sc, ss)
	switch padAxis[rapid.IntRange(0, len(padAxis)-1).Draw(t, "pad")] {
	case "V":
		cfg.Stride = sc + int64(v)
	case "1":
		cfg.Stride = sc + 1
	case "Sc":
		cfg.Stride = 2 * sc
	case "3":
		cfg.Stride = sc + 3
	}
	prog := rapid.SliceOfN(opGen, 1, 4).Draw(t, "ops")
	return genCase{cfg: cfg, prog: prog, thread: rapid.IntRange(0, cfg.Threads-1).Draw(t, "thread")}
}).Filter(func(g genCase) bool {
	_, err := iterator.Validate(g.cfg)
	return err == nil
})

func (g genCase) toCase(contract string) (props.Case, error) {
	c, err := props.NewCase(g.cfg, g.prog, []int{g.thread})
	c.PtrContract = contract
	return c, err
}

// caseGenFor is the random phase's generator of one iterator class.
func caseGenFor(class iterator.Class) *rapid.Generator[genCase] {
	if class == iterator.RegularTile {
		return caseGen
	}
	return familyCaseGens[class]
}

// randomCases draws n cases of one class deterministically from seed.
func randomCases(class iterator.Class, seed int64, n int, contract string) []props.Case {
	gen := caseGenFor(class)
	out := make([]props.Case, 0, n)
	// Example reads rapid's seed flag, which a concurrent shrink sets.
	rapidMu.Lock()
	defer rapidMu.Unlock()
	for i := 0; i < n; i++ {
		g := gen.Example(int(mix(seed, int64(i)) & (1<<62 - 1)))
		if c, err := g.toCase(contract); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// mix derives a well-spread 64-bit value from a seed and an index.
func mix(seed, i int64) uint64 {
	x := uint64(seed)*0x9E3779B97F4A7C15 + uint64(i)*0xBF58476D1CE4E5B9 + 1
	x ^= x >> 31
	x *= 0x94D049BB133111EB
	return x ^ x>>29
}

// rapid reads its settings from global flags. rapid.seed and rapid.checks
// differ per shrink, and rapid reads them only as rapid.Check starts, before
// it first calls the property: shrink sets them holding rapidMu and lets go
// once the property runs, so that shrinks then proceed concurrently.
// rapid.nofailfile and rapid.shrinktime are read later in a check (on
// failure, when shrinking starts), so they are set to the same values for
// every shrink when the first one starts and restored when the last one
// ends, never written while one is in flight. Example reads rapid.seed,
// so drawing examples holds rapidMu too.
var (
	rapidMu       sync.Mutex
	rapidInFlight int               // shrinks started and not yet ended (guarded by rapidMu)
	rapidSaved    map[string]string // the flags as they were before the first
)

// shrinkTB is the testing.TB rapid reports to: it only records failure.
// FailNow ends the check by panicking with stopShrink, which shrink recovers.
type shrinkTB struct{ failed bool }

type stopShrink struct{}

func (t *shrinkTB) Helper()                {}
func (t *shrinkTB) Name() string           { return "tilecheck-shrink" }
func (t *shrinkTB) Logf(string, ...any)    {}
func (t *shrinkTB) Log(...any)             {}
func (t *shrinkTB) Skipf(string, ...any)   { panic(stopShrink{}) }
func (t *shrinkTB) Skip(...any)            { panic(stopShrink{}) }
func (t *shrinkTB) SkipNow()               { panic(stopShrink{}) }
func (t *shrinkTB) Errorf(string, ...any)  { t.failed = true }
func (t *shrinkTB) Error(...any)           { t.failed = true }
func (t *shrinkTB) Fatalf(string, ...any)  { t.failed = true; panic(stopShrink{}) }
func (t *shrinkTB) Fatal(...any)           { t.failed = true; panic(stopShrink{}) }
func (t *shrinkTB) FailNow()               { t.failed = true; panic(stopShrink{}) }
func (t *shrinkTB) Fail()                  { t.failed = true }
func (t *shrinkTB) Failed() bool           { return t.failed }
func (t *shrinkTB) setFlag(name, v string) { _ = flag.Set(name, v) }

// shrunk is the smallest failing case rapid found for one property.
type shrunk struct {
	c props.Case
	v props.Violation
}

// shrink searches, with rapid, for cases that violate property p on src
// and returns the one rapid minimised (fewest ops, smallest V, tile,
// offsets and threads), or nil when none of its checks failed.
func shrink(class iterator.Class, p props.Property, src, ref props.Source, contract string, seed int64, checks int) (res *shrunk) {
	gen := caseGenFor(class)
	tb := &shrinkTB{}
	rapidMu.Lock()
	locked := true
	release := func() {
		if locked {
			locked = false
			rapidMu.Unlock()
		}
	}
	testing.Init() // rapid reads testing.Short and its own flags
	if !flag.Parsed() {
		_ = flag.CommandLine.Parse(nil)
	}
	if rapidInFlight == 0 {
		rapidSaved = map[string]string{}
		for name, v := range map[string]string{"rapid.nofailfile": "true", "rapid.shrinktime": "20s",
			"rapid.seed": "", "rapid.checks": ""} {
			if f := flag.Lookup(name); f != nil {
				rapidSaved[name] = f.Value.String()
			}
			if v != "" {
				tb.setFlag(name, v)
			}
		}
	}
	rapidInFlight++
	tb.setFlag("rapid.seed", strconv.FormatUint(mix(seed, 0x5eed)|1, 10))
	tb.setFlag("rapid.checks", strconv.Itoa(checks))
	defer func() {
		release() // when the property never ran
		rapidMu.Lock()
		if rapidInFlight--; rapidInFlight == 0 {
			for name, v := range rapidSaved {
				tb.setFlag(name, v)
			}
		}
		rapidMu.Unlock()
		if r := recover(); r != nil {
			if _, ok := r.(stopShrink); !ok {
				panic(r)
			}
		}
	}()
	// rapid runs the minimised case last, so the last failure recorded is
	// the shrunk one.
	rapid.Check(tb, func(t *rapid.T) {
		release() // rapid has read its seed and check count
		g := gen.Draw(t, "case")
		c, err := g.toCase(contract)
		if err != nil {
			t.Skip(err)
		}
		outs, err := props.Evaluate([]props.Property{p}, src, ref, []props.Case{c})
		if err != nil || len(outs[0].Violations[0]) == 0 {
			return
		}
		res = &shrunk{c: c, v: outs[0].Violations[0][0]}
		t.Fatalf("%s violated", p.ID)
	})
	return res
}

// replay is the command that judges one counterexample again.
func replay(iter string, v props.Violation, contract string) string {
	s := fmt.Sprintf("tilecheck check --iterator %s --config '%s' --ops '%s' --property %s", iter, v.Config, v.Ops, v.Property)
	if v.Thread >= 0 {
		s += fmt.Sprintf(" --thread %d", v.Thread)
	}
	if contract == props.PtrBytes {
		s += " --ptr-contract bytes"
	}
	return s
}
