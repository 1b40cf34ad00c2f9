package sweep

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// quickReports caches one quick sweep per model: several tests read them.
var (
	quickMu      sync.Mutex
	quickReports = map[string]*report.Report{}
)

func quick(t *testing.T, name string) *report.Report {
	return quickClass(t, name, iterator.RegularTile)
}

// quickClass is the quick sweep (seed 1) of one model in one class, run once
// per test binary and shared by the tests that read it.
func quickClass(t *testing.T, name string, class iterator.Class) *report.Report {
	t.Helper()
	quickMu.Lock()
	defer quickMu.Unlock()
	key := name + " " + class.String()
	if r := quickReports[key]; r != nil {
		return r
	}
	r, err := Run(Options{Iterator: name, Preset: "quick", Seed: 1, Class: class})
	if err != nil {
		t.Fatal(err)
	}
	quickReports[key] = r
	return r
}

func status(r *report.Report, id string) *report.Property {
	for i := range r.Properties {
		if r.Properties[i].ID == id {
			return &r.Properties[i]
		}
	}
	return nil
}

func control(r *report.Report, id string) *report.Control {
	for i := range r.Controls {
		if r.Controls[i].ID == id {
			return &r.Controls[i]
		}
	}
	return nil
}

func TestReferencePassesQuick(t *testing.T) {
	r := quick(t, "reference")
	if r.Verdict != report.Pass {
		t.Fatalf("reference quick verdict %s; properties %+v controls %+v coverage %+v", r.Verdict, r.Properties, r.Controls, r.Coverage)
	}
	if r.Configs.Valid == 0 || r.Configs.Invalid == 0 || r.Checks == 0 {
		t.Errorf("configs %+v checks %d: want valid and invalid configurations and some checks", r.Configs, r.Checks)
	}
}

// Release takes about 12 s on the 2-core CI machine, under the 20 s above
// which it would be guarded by -short.
func TestReferencePassesRelease(t *testing.T) {
	r, err := Run(Options{Iterator: "reference", Preset: "release", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != report.Pass {
		t.Fatalf("reference release verdict %s; properties %+v controls %+v coverage %+v", r.Verdict, r.Properties, r.Controls, r.Coverage)
	}
}

// parseCE parses a counterexample back into configuration and program.
func parseCE(t *testing.T, ce *report.Counterexample) (iterator.Config, iterator.Program) {
	t.Helper()
	cfg, err := iterator.ParseConfig(ce.Config)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := iterator.ParseProgram(ce.Ops)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, prog
}

func TestPre3049FailsSymWithShrunkCounterexample(t *testing.T) {
	r := quick(t, "cutlass-pre3049")
	p := status(r, "P-sym")
	if p == nil || p.Status != report.Violated || p.Counterexample == nil {
		t.Fatalf("pre3049 P-sym = %+v, want fail with a counterexample", p)
	}
	cfg, prog := parseCE(t, p.Counterexample)
	if cfg.Access <= 1 {
		t.Errorf("counterexample %q has V=%d; the #3017 asymmetry needs V>1", p.Counterexample.Config, cfg.Access)
	}
	tcNonZero := false
	for _, o := range prog {
		if (o.Kind == iterator.LoadTile || o.Kind == iterator.StoreTile) && cfg.Layout.ToPitch(o.A, o.B).C != 0 {
			tcNonZero = true
		}
	}
	if !tcNonZero {
		t.Errorf("counterexample ops %q have no non-zero contiguous tile offset", p.Counterexample.Ops)
	}
	// Shrunk: one tile op is enough to show the asymmetry (load(t) against
	// the store(t) P-sym derives from it); the report writes the derived
	// partner out, so the program is that op and its partner, nothing else.
	if len(prog) != 2 || prog[0].A != prog[1].A || prog[0].B != prog[1].B ||
		!(prog[0].Kind == iterator.LoadTile && prog[1].Kind == iterator.StoreTile ||
			prog[0].Kind == iterator.StoreTile && prog[1].Kind == iterator.LoadTile) {
		t.Errorf("counterexample ops %q: want a shrunk tile load and store of one tile offset", p.Counterexample.Ops)
	}
	// The fewest threads (SPEC §5): the asymmetry shows on any one thread,
	// so a single-thread map is enough.
	if cfg.Threads != 1 {
		t.Errorf("counterexample %q has %d threads, want 1", p.Counterexample.Config, cfg.Threads)
	}
	if !strings.Contains(p.Counterexample.Replay.String(), "tilecheck check --iterator cutlass-pre3049") ||
		!strings.Contains(p.Counterexample.Replay.String(), "--property P-sym") {
		t.Errorf("replay %q", p.Counterexample.Replay)
	}
	// The replay reproduces the failure.
	res, err := Check(CheckOptions{Iterator: "cutlass-pre3049", Config: cfg, Program: prog, Property: "P-sym", Thread: p.Counterexample.Thread})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Status != report.Violated {
		t.Errorf("replaying the counterexample gives %+v, want P-sym fail", res)
	}
}

// SPEC §7: cutlass passes P-sym but fails P-tile, P-ptr and P-oracle;
// pre3049 fails all four. Only those are asserted. Both CUTLASS models also
// fail, truthfully, properties SPEC §7 does not list (quick preset, seed 1):
//   - P-unit: add_pointer_offset moves bytes (#3017) and load/store(frag,
//     tile) move Sc/V elements per contiguous tile;
//   - P-inc and P-exact: incA = Ss·(L·B/8) truncates sub-byte rows that are
//     not whole bytes (u4, L=3: ++ moves 2 bytes, add_tile_offset 3), and
//     i32(po·B)/8 truncates the half-byte po the /V makes (u4, load(1,0));
//   - P-cover: 6-bit types pad Array<e3m2, 4> to A=6 bytes, and an
//     Alignment override raises A (bf16 V=1 align=4: A=4), so access c at
//     (c·Dc/V)·A leaves the tile (e3m2 8x1, V=4: addresses 0 and 6);
//   - P-align and P-bounds: the /V tile move lands between vectors (f32 V=2
//     load(-1,0) at −4 with A=8) and outside the allocation; with
//     atomic=cas32 the models always go through the enclosing 32-bit word;
//   - P-index: incS and the row offsets overflow int32 at large strides.
func TestBuiltinStatuses(t *testing.T) {
	want := map[string]map[string]string{
		"cutlass":         {"P-sym": "pass", "P-tile": "fail", "P-ptr": "fail", "P-oracle": "fail"},
		"cutlass-pre3049": {"P-sym": "fail", "P-tile": "fail", "P-ptr": "fail", "P-oracle": "fail"},
	}
	for model, ps := range want {
		r := quick(t, model)
		if r.Verdict != report.Fail {
			t.Errorf("%s verdict %s, want fail", model, r.Verdict)
		}
		for id, st := range ps {
			if p := status(r, id); p == nil || p.Status.String() != st {
				t.Errorf("%s %s = %+v, want %s", model, id, p, st)
			}
		}
	}
}

// specKillers is SPEC §6's table, written out here rather than read from
// props so that the test checks the table, not itself.
var specKillers = map[string][]string{
	"C-load-div":       {"P-sym", "P-tile", "P-oracle"},
	"C-both-div":       {"P-tile", "P-oracle"},
	"C-ptr-bytes":      {"P-ptr", "P-unit"},
	"C-ptr-inverted":   {"P-unit", "P-oracle"},
	"C-delta-nodiv":    {"P-cover", "P-oracle"},
	"C-rank-swap":      {"P-inc", "P-oracle"},
	"C-pitch-plus-one": {"P-oracle", "P-cover"},
	"C-trunc-first":    {"P-exact", "P-inc"},
	"C-int32":          {"P-index"},
	"C-striped-head":   {"P-cover"},
	"C-cas16-tail":     {"P-bounds"},
}

func TestEachControlKilledByItsKillers(t *testing.T) {
	r := quick(t, "reference")
	for id, killers := range specKillers {
		c := control(r, id)
		if c == nil {
			t.Errorf("control %s not run", id)
			continue
		}
		for _, k := range killers {
			if !contains(c.KilledBy, k) {
				t.Errorf("%s not killed by %s (killed by %v)", id, k, c.KilledBy)
			}
		}
		if !c.OK {
			t.Errorf("%s not OK: %+v", id, c)
		}
	}
	if c := control(r, "C-both-div"); c == nil || contains(c.KilledBy, "P-sym") {
		t.Errorf("C-both-div must survive P-sym: %+v", c)
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// Deleting a property's check (its Judge replaced by one that finds
// nothing) lets the controls it must kill survive, and the verdict drops
// to weak: every killer of SPEC §6 earns its place.
func TestDeletingACheckWeakensTheVerdict(t *testing.T) {
	killers := map[string]bool{}
	for _, ks := range specKillers {
		for _, k := range ks {
			killers[k] = true
		}
	}
	for id := range killers {
		ps := props.All()
		for i := range ps {
			if ps[i].ID == id {
				ps[i].Judge = func(*props.Case, *props.Traces) []props.Violation { return nil }
			}
		}
		r, err := Run(Options{Iterator: "reference", Preset: "quick", Seed: 1, Properties: ps})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != report.Weak {
			t.Errorf("with %s's check deleted the verdict is %s, want weak", id, r.Verdict)
		}
		// A property that judges nothing is weak on its own (issue 10):
		// the controls that needed it must also be reported as survivors.
		for ctl, ks := range specKillers {
			if contains(ks, id) {
				if c := control(r, ctl); c == nil || c.OK {
					t.Errorf("with %s's check deleted, %s is still OK: %+v", id, ctl, c)
				}
			}
		}
	}
}

// The result for a seed does not depend on the worker count.
func TestDeterministicAcrossWorkers(t *testing.T) {
	run := func(workers int) *report.Report {
		r, err := Run(Options{Iterator: "cutlass", Preset: "quick", Seed: 3, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		r.ElapsedS, r.ChecksPerSecond = 0, 0
		return r
	}
	a, b := run(1), run(3)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("reports differ between 1 and 3 workers:\n%+v\n%+v", a, b)
	}
}

// A sweep whose cases never have V>1 with a contiguous tile offset misses
// that floor and is weak, even though every property holds.
func TestMissedCoverageFloorIsWeak(t *testing.T) {
	opts := Options{Iterator: "reference", Preset: "quick", Seed: 1}
	if err := opts.defaults(); err != nil {
		t.Fatal(err)
	}
	gen, err := generate(opts)
	if err != nil {
		t.Fatal(err)
	}
	keep := func(cs []props.Case) []props.Case {
		var kept []props.Case
		for _, c := range cs {
			if c.Config.Access == 1 {
				kept = append(kept, c)
			}
		}
		return kept
	}
	var v1 []iterator.Config
	for _, c := range gen.configs {
		if c.Access == 1 {
			v1 = append(v1, c)
		}
	}
	gen.configs, gen.random = v1, keep(gen.random)
	if len(gen.configs) == 0 {
		t.Fatal("quick has no V=1 configuration")
	}
	m, _ := iterator.ModelByName("reference")
	r, err := runGenerated(opts, "reference", props.ModelSource(m), gen)
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != report.Weak {
		t.Errorf("verdict %s, want weak", r.Verdict)
	}
	found := false
	for _, c := range r.Coverage {
		if c.Class == "V>1 ∧ tc≠0" {
			found = true
			if c.OK || c.Fraction != 0 {
				t.Errorf("coverage %+v, want fraction 0 and not ok", c)
			}
		}
	}
	if !found {
		t.Error("no coverage entry V>1 ∧ tc≠0")
	}
}

func TestBadOptions(t *testing.T) {
	for _, o := range []Options{
		{Iterator: "reference", Preset: "nightly"},
		{Iterator: "no-such-model"},
		{},
	} {
		if _, err := Run(o); err == nil {
			t.Errorf("Run(%+v) succeeded", o)
		}
	}
}

func BenchmarkQuick(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r, err := Run(Options{Iterator: "reference", Preset: "quick", Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.ChecksPerSecond, "checks/s")
	}
}

func BenchmarkRelease(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r, err := Run(Options{Iterator: "reference", Preset: "release", Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.ChecksPerSecond, "checks/s")
	}
}
