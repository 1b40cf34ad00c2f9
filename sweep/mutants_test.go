package sweep_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// The mutant catalogue (docs/mutants.md): plausible single-defect
// iterators, written as a user would write them, against the library API
// (iterator.Model, props.ModelSource, sweep.Run with Options.Class). Each
// one is the reference model with exactly one defect, and names the hole,
// the blind spot of a property suite, it exists for. The quick preset must
// kill (verdict fail) every mutant not marked equivalent, on every seed of
// mutantSeeds.

// mutant is one single-defect iterator of one class.
type mutant struct {
	id    string
	class iterator.Class
	hole  string // the hole (or the generic path) it stands for
	doc   string
	// trace is the mutant's Trace, given the reference model.
	trace func(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error)
	// equivalent, when set, says why no property can tell the mutant from
	// the reference: it is then required to survive, which keeps the claim
	// honest.
	equivalent string
	// notBy names a property that must not kill the mutant: one whose
	// report would name the wrong bug (P-index's wrap for a plain
	// address mismatch).
	notBy string
}

type mutantModel struct {
	m   mutant
	ref iterator.Model
}

func (mm mutantModel) Name() string { return mm.m.id }

func (mm mutantModel) Trace(cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
	return mm.m.trace(mm.ref, cfg, prog, thread)
}

func reference(t testing.TB) iterator.Model {
	m, err := iterator.ModelByName("reference")
	require.NoError(t, err)
	return m
}

// allMutants is the catalogue, regular class first.
func allMutants() []mutant { return append(regularMutants(), familyMutants()...) }

// --- building blocks -------------------------------------------------------

// rewrite is the mutant that runs the reference on the program with each op
// replaced one for one (op indices, and so records, stay where they were).
func rewrite(f func(cfg iterator.Config, o iterator.Op) iterator.Op) func(iterator.Model, iterator.Config, iterator.Program, int) (iterator.ThreadTrace, error) {
	return func(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
		p := make(iterator.Program, len(prog))
		for i, o := range prog {
			p[i] = f(cfg, o)
		}
		return ref.Trace(cfg, p, thread)
	}
}

// noop is an op that changes nothing in every class that has pointer
// offsets: what a mutant puts where its defect drops a call.
var noop = iterator.Op{Kind: iterator.AddPointerOffset}

// edit is the mutant that post-processes the reference's trace.
func edit(f func(cfg iterator.Config, prog iterator.Program, thread int, tr *iterator.ThreadTrace)) func(iterator.Model, iterator.Config, iterator.Program, int) (iterator.ThreadTrace, error) {
	return func(ref iterator.Model, cfg iterator.Config, prog iterator.Program, thread int) (iterator.ThreadTrace, error) {
		tr, err := ref.Trace(cfg, prog, thread)
		if err != nil {
			return tr, err
		}
		f(cfg, prog, thread, &tr)
		return tr, nil
	}
}

// shiftBits moves every access of the records selected by from (record
// index, op) by bits, where bits is a whole number of bytes; a shift that
// is not leaves the records as they are (the defect cannot show there).
func shiftBits(tr *iterator.ThreadTrace, bits int64, from func(op int) bool) {
	if bits == 0 || bits%8 != 0 {
		return
	}
	for i := range tr.Records {
		r := &tr.Records[i]
		if from != nil && !from(r.Op) {
			continue
		}
		addrs := make([]int64, len(r.Addrs))
		for k, a := range r.Addrs {
			addrs[k] = a + bits/8
		}
		r.Addrs = addrs
		for k := range r.AtomicWords {
			r.AtomicWords[k] += bits / 8
		}
	}
}

// --- the test --------------------------------------------------------------

// mutantSeeds are the seeds every mutant must die on (the random phase and
// nothing else depends on the seed): ten, or the first three under -short
// (make test; make test-long runs all ten).
func mutantSeeds() []int64 {
	seeds := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	if testing.Short() {
		return seeds[:3]
	}
	return seeds
}

// killers sweeps one mutant with the quick preset and one seed and returns
// the verdict and the properties that failed.
func killers(t testing.TB, m mutant, seed int64) (string, []string) {
	return killersWith(t, m, "quick", seed)
}

func killersWith(t testing.TB, m mutant, preset gen.Preset, seed int64) (string, []string) {
	src := props.ModelSource(mutantModel{m: m, ref: reference(t)})
	rep, err := sweep.Run(context.Background(), sweep.Options{Iterator: m.id, Source: src, Class: m.class, Preset: preset, Seed: seed, Workers: 1, KillOnly: true})
	require.NoError(t, err, "%s seed %d", m.id, seed)
	var ks []string
	for _, p := range rep.Properties {
		if p.Status == report.Violated {
			ks = append(ks, p.ID)
		}
	}
	return rep.Verdict.String(), ks
}

// TestMutantsKilledByQuick: every non-equivalent mutant of the catalogue
// gets verdict fail from the quick preset on each of its seeds, and the
// catalogue covers every class and every hole. With TILECHECK_MUTANT_TABLE=FILE it writes the
// per-mutant kill table (docs/mutants.md is that table).
func TestMutantsKilledByQuick(t *testing.T) {
	ms := allMutants()
	require.GreaterOrEqual(t, len(ms), 60, "the catalogue's mutants")
	checkCatalogueCoverage(t, ms)
	type row struct {
		m       mutant
		killers map[string]int // property → seeds it killed on
		kills   int
	}
	rows := make([]row, len(ms))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, m := range ms {
		rows[i] = row{m: m, killers: map[string]int{}}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			for _, seed := range mutantSeeds() {
				verdict, ks := killers(t, m, seed)
				if verdict == "fail" {
					rows[i].kills++
				}
				for _, k := range ks {
					rows[i].killers[k]++
				}
				if m.notBy != "" {
					assert.NotContains(t, ks, m.notBy, "%s (%s, %s) was killed on seed %d by a property that names another bug", m.id, m.class, m.hole, seed)
				}
				if m.equivalent == "" {
					assert.Equal(t, "fail", verdict, "%s (%s, %s) survived quick with seed %d", m.id, m.class, m.hole, seed)
				} else {
					assert.NotEqual(t, "fail", verdict, "%s is marked equivalent (%s) but seed %d killed it by %v", m.id, m.equivalent, seed, ks)
				}
			}
		}()
	}
	wg.Wait()
	if path := os.Getenv("TILECHECK_MUTANT_TABLE"); path != "" {
		var b strings.Builder
		fmt.Fprintf(&b, "| mutant | class | hole | defect | killed (of %d seeds) | killed by (seeds) |\n|---|---|---|---|---|---|\n", len(mutantSeeds()))
		for _, r := range rows {
			ids := make([]string, 0, len(r.killers))
			for k, n := range r.killers {
				ids = append(ids, fmt.Sprintf("%s (%d)", k, n))
			}
			sort.Strings(ids)
			killed := fmt.Sprintf("%d", r.kills)
			if r.m.equivalent != "" {
				killed = "equivalent: " + r.m.equivalent
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", r.m.id, r.m.class, r.m.hole, r.m.doc, killed, strings.Join(ids, ", "))
		}
		require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	}
}

// TestMutantsKilledByRelease: the release preset, a superset of quick's
// generator (the same pairwise floors and wide cases, a longer diagonal,
// more random cases), kills the holes too: the first mutant of each class
// and hole (release sweeps are some ten times quick's, so not all the
// catalogue runs here).
func TestMutantsKilledByRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("release sweeps of the catalogue: make test-long runs them")
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	seen := map[string]bool{}
	for _, m := range allMutants() {
		key := m.class.String() + "/" + m.hole
		if m.hole == holePath || m.equivalent != "" || seen[key] {
			continue
		}
		seen[key] = true
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			verdict, _ := killersWith(t, m, "release", 1)
			assert.Equal(t, "fail", verdict, "%s (%s, %s) survived release", m.id, m.class, m.hole)
		}()
	}
	wg.Wait()
}

// checkCatalogueCoverage requires a mutant for every class and for every
// hole that a mutant can stand for (a model's errors, hole 5, have their own
// tests in errors_test.go).
func checkCatalogueCoverage(t *testing.T, ms []mutant) {
	classes := map[iterator.Class]int{}
	holes := map[string]int{}
	ids := map[string]bool{}
	for _, m := range ms {
		assert.False(t, ids[m.id], "mutant id %s twice", m.id)
		ids[m.id] = true
		classes[m.class]++
		holes[m.hole]++
	}
	for _, c := range []iterator.Class{iterator.RegularTile, iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		assert.NotZero(t, classes[c], "no mutant of class %s", c)
	}
	for _, h := range []string{holeElem, holeWarpRow, holeWrap, holeGuards, holeSilent, holeWidth, holeCut, holeThreads, holeDerived, holeLabel} {
		assert.NotZero(t, holes[h], "no mutant for hole %q", h)
	}
}

// The holes, numbered as docs/mutants.md's table names them.
const (
	holeElem    = "1 element × map"
	holeWarpRow = "2 warp start row"
	holeWrap    = "3 int32 wrap (family)"
	holeGuards  = "4 guards"
	holeSilent  = "6 silent wrap/trunc"
	holeWidth   = "7 access width"
	holePath    = "path"
	// The holes the catalogue's second round stands for.
	holeCut     = "8 extent cuts a vector"
	holeThreads = "9 thread sampling"
	holeDerived = "10 derived program"
	holeLabel   = "11 wrap label"
)
