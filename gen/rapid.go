package gen

import (
	"flag"
	"strconv"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// The rapid adapter: rapid is a testing library, driven by the testing
// package's flags and a testing.TB. Shrink runs it inside a sweep, outside
// any test; this file is the only place tilecheck sets those flags
// (RandomCases only holds rapidMu while rapid's Example reads them).

// rapid reads its settings from global flags. rapid.seed and rapid.checks
// differ per shrink, and rapid reads them only as rapid.Check starts, before
// it first calls the property: Shrink sets them holding rapidMu and lets go
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

// intRange is rapid.IntRange(lo, hi), built once per range. The
// generators draw their integers through it: building a generator (two
// allocations and a map lookup by kind name) cost more than drawing from
// it, and a shrink draws millions. A generator holds no state a draw
// changes, so every draw, from any goroutine, may share one; the values
// drawn are the same as from a new one.
func intRange(lo, hi int) *rapid.Generator[int] {
	k := [2]int{lo, hi}
	intRanges.RLock()
	g, ok := intRanges.m[k]
	intRanges.RUnlock()
	if ok {
		return g
	}
	intRanges.Lock()
	defer intRanges.Unlock()
	if g, ok = intRanges.m[k]; !ok {
		g = rapid.IntRange(lo, hi)
		intRanges.m[k] = g
	}
	return g
}

var intRanges = struct {
	sync.RWMutex
	m map[[2]int]*rapid.Generator[int]
}{m: map[[2]int]*rapid.Generator[int]{}}

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

// Shrink searches, with rapid, for random cases of class that fail (fails
// says whether one does), drawing checks cases from seed, and returns the
// failing case rapid minimised (fewest ops, smallest V, tile, offsets and
// threads); found is false when none of its checks failed. fails is called
// on one goroutine, the minimised case last.
func Shrink(class iterator.Class, contract props.Contract, seed int64, checks int, fails func(props.Case) bool) (c props.Case, found bool) {
	cg := caseGenFor(class)
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
		g := cg.Draw(t, "case")
		d, err := g.toCase(contract)
		if err != nil {
			t.Skip(err)
		}
		if !fails(d) {
			return
		}
		c, found = d, true
		t.Fatalf("case fails")
	})
	return c, found
}
