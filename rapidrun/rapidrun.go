// Package rapidrun runs rapid, a testing library driven by the testing
// package's flags and a testing.TB, outside any test: drawing examples
// deterministically from a seed, and shrinking a failing value. It is the
// only code in tilecheck that sets rapid's or testing's flags.
package rapidrun

import (
	"flag"
	"strconv"
	"sync"
	"testing"

	"pgregory.net/rapid"
)

// rapid reads its settings from global flags. rapid.seed and rapid.checks
// differ per shrink, and rapid reads them only as rapid.Check starts, before
// it first calls the property: Shrink sets them holding mu and lets go
// once the property runs, so that shrinks then proceed concurrently.
// rapid.nofailfile and rapid.shrinktime are read later in a check (on
// failure, when shrinking starts), so they are set to the same values for
// every shrink when the first one starts and restored when the last one
// ends, never written while one is in flight. Example reads rapid.seed,
// so drawing examples holds mu too.
var (
	mu       sync.Mutex
	inFlight int               // shrinks started and not yet ended (guarded by mu)
	saved    map[string]string // the flags as they were before the first
)

// Mix derives a well-spread 64-bit value from a seed and an index.
func Mix(seed, i int64) uint64 {
	x := uint64(seed)*0x9E3779B97F4A7C15 + uint64(i)*0xBF58476D1CE4E5B9 + 1
	x ^= x >> 31
	x *= 0x94D049BB133111EB
	return x ^ x>>29
}

// Examples draws n values from g deterministically from seed, the i-th
// from Mix(seed, i), holding the flag lock while rapid reads its seed.
func Examples[T any](g *rapid.Generator[T], seed int64, n int) []T {
	return ExamplesFrom(g, seed, 0, n)
}

// ExamplesFrom draws the values Examples would draw at indices from,
// from+1, ..., from+n-1: a long draw in parts, between which a caller can
// stop.
func ExamplesFrom[T any](g *rapid.Generator[T], seed int64, from, n int) []T {
	mu.Lock()
	defer mu.Unlock()
	out := make([]T, n)
	for i := range out {
		out[i] = g.Example(int(Mix(seed, int64(from+i)) & (1<<62 - 1)))
	}
	return out
}

// Lock holds the flag lock while the caller draws examples itself (rapid's
// Example reads its seed flag, which a concurrent shrink sets).
func Lock() func() {
	mu.Lock()
	return mu.Unlock
}

// tb is the testing.TB rapid reports to: it only records failure. FailNow
// ends the check by panicking with stop, which Shrink recovers.
type tb struct{ failed bool }

type stop struct{}

func (t *tb) Helper()                {}
func (t *tb) Name() string           { return "tilecheck-shrink" }
func (t *tb) Logf(string, ...any)    {}
func (t *tb) Log(...any)             {}
func (t *tb) Skipf(string, ...any)   { panic(stop{}) }
func (t *tb) Skip(...any)            { panic(stop{}) }
func (t *tb) SkipNow()               { panic(stop{}) }
func (t *tb) Errorf(string, ...any)  { t.failed = true }
func (t *tb) Error(...any)           { t.failed = true }
func (t *tb) Fatalf(string, ...any)  { t.failed = true; panic(stop{}) }
func (t *tb) Fatal(...any)           { t.failed = true; panic(stop{}) }
func (t *tb) FailNow()               { t.failed = true; panic(stop{}) }
func (t *tb) Fail()                  { t.failed = true }
func (t *tb) Failed() bool           { return t.failed }
func (t *tb) setFlag(name, v string) { _ = flag.Set(name, v) }

// Shrink searches, with rapid, for values drawn from g that fail (fails says
// whether one does; ok false skips a value that does not make a case),
// drawing checks values from seed, and returns the failing value rapid
// minimised; found is false when none failed. fails is called on one
// goroutine, the minimised value last.
func Shrink[T, C any](g *rapid.Generator[T], seed int64, checks int, make func(T) (C, bool), fails func(C) bool) (c C, found bool) {
	t := &tb{}
	mu.Lock()
	locked := true
	release := func() {
		if locked {
			locked = false
			mu.Unlock()
		}
	}
	testing.Init() // rapid reads testing.Short and its own flags
	if !flag.Parsed() {
		_ = flag.CommandLine.Parse(nil)
	}
	if inFlight == 0 {
		saved = map[string]string{}
		for name, v := range map[string]string{"rapid.nofailfile": "true", "rapid.shrinktime": "20s",
			"rapid.seed": "", "rapid.checks": ""} {
			if f := flag.Lookup(name); f != nil {
				saved[name] = f.Value.String()
			}
			if v != "" {
				t.setFlag(name, v)
			}
		}
	}
	inFlight++
	t.setFlag("rapid.seed", strconv.FormatUint(Mix(seed, 0x5eed)|1, 10))
	t.setFlag("rapid.checks", strconv.Itoa(checks))
	defer func() {
		release() // when the property never ran
		mu.Lock()
		if inFlight--; inFlight == 0 {
			for name, v := range saved {
				t.setFlag(name, v)
			}
		}
		mu.Unlock()
		if r := recover(); r != nil {
			if _, ok := r.(stop); !ok {
				panic(r)
			}
		}
	}()
	// rapid runs the minimised value last, so the last failure recorded is
	// the shrunk one.
	rapid.Check(t, func(rt *rapid.T) {
		release() // rapid has read its seed and check count
		d, ok := make(g.Draw(rt, "value"))
		if !ok {
			rt.Skip("not a case")
		}
		if !fails(d) {
			return
		}
		c, found = d, true
		rt.Fatalf("fails")
	})
	return c, found
}
