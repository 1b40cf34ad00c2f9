package props

import (
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

func mustCase(t *testing.T, cfg, ops string) Case {
	t.Helper()
	c, err := iterator.ParseConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p, err := iterator.ParseProgram(ops)
	if err != nil {
		t.Fatal(err)
	}
	k, err := NewCase(c, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func model(t *testing.T, name string) Source {
	t.Helper()
	m, err := iterator.ModelByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return ModelSource(m)
}

func statuses(t *testing.T, src string, c Case) map[string]Result {
	t.Helper()
	res, _, err := Check(All(), model(t, src), model(t, "reference"), c)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Result{}
	for _, r := range res {
		out[r.ID] = r
	}
	return out
}

// The SPEC §3 worked example: f32 64x8, stripmined T=32, V=4, rank 1, L=64.
const f32Example = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"

func TestWorkedExampleSymTile(t *testing.T) {
	c := mustCase(t, f32Example, "load(1,0);store(1,0)")
	want := map[string]map[string]string{
		// pre3049: load(1,0) at thread 5 is 144… (tc·Sc/V = 16 elements),
		// store(1,0) 336… (tc·Sc = 64 elements): asymmetric; add_tile_offset
		// moves 64 elements, so load disagrees with it.
		"cutlass-pre3049": {"P-sym": "fail", "P-tile": "fail", "P-oracle": "fail"},
		// cutlass: both 144…, symmetric, both off the tile move.
		"cutlass":   {"P-sym": "pass", "P-tile": "fail", "P-oracle": "fail"},
		"reference": {"P-sym": "pass", "P-tile": "pass", "P-oracle": "pass"},
	}
	for model, props := range want {
		got := statuses(t, model, c)
		for id, st := range props {
			if got[id].Status.String() != st {
				t.Errorf("%s %s = %s, want %s (%v)", model, id, got[id].Status, st, got[id].Violations)
			}
		}
	}
	// The pre3049 P-sym violation of thread 5 shows the SPEC's addresses.
	got := statuses(t, "cutlass-pre3049", c)
	for _, v := range got["P-sym"].Violations {
		if v.Thread != 5 {
			continue
		}
		wantExp, wantAct := []int64{144, 656, 1168, 1680}, []int64{336, 848, 1360, 1872}
		if !equal(v.Expected, wantExp) || !equal(v.Actual, wantAct) {
			t.Errorf("thread 5: expected %v actual %v, want %v and %v", v.Expected, v.Actual, wantExp, wantAct)
		}
		return
	}
	t.Errorf("no P-sym violation for thread 5")
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestPointerOffsetUnits(t *testing.T) {
	// f32: add_pointer_offset(8) moves 8 bytes in CUTLASS (SPEC §3: 80 → 88),
	// 32 bytes by the documented contract.
	c := mustCase(t, f32Example, "load_with_pointer_offset(8);add_pointer_offset(8);load()")
	got := statuses(t, "cutlass", c)
	for _, id := range []string{"P-ptr", "P-unit", "P-oracle"} {
		if got[id].Status != report.Violated {
			t.Errorf("cutlass %s = %s, want fail", id, got[id].Status)
		}
	}
	ref := statuses(t, "reference", c)
	for id, r := range ref {
		if r.Status == report.Violated {
			t.Errorf("reference %s fails: %v", id, r.Violations[0])
		}
	}
	// Under the bytes contract CUTLASS's add_pointer_offset is right.
	c.PtrContract = PtrBytes
	got = statuses(t, "cutlass", c)
	if got["P-ptr"].Status != report.Held {
		t.Errorf("cutlass P-ptr under the bytes contract = %s, want pass (%v)", got["P-ptr"].Status, got["P-ptr"].Violations)
	}
}

func TestUnitSetName(t *testing.T) {
	s := UnitSet(1<<UnitElements | 1<<UnitBytes)
	if s.Name("elements") != "elements" {
		t.Errorf("ambiguous set with the documented unit names %q", s.Name("elements"))
	}
	if UnitSet(1<<UnitBytes).Name("elements") != "bytes" {
		t.Errorf("bytes-only set names %q", UnitSet(1<<UnitBytes).Name("elements"))
	}
	if UnitSet(0).Name("tiles") != "inconsistent" {
		t.Error("empty set is not inconsistent")
	}
}
