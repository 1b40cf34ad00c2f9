package probejudge

import (
	"context"
	"testing"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestHostProbeFamily: the C++ renditions of the iterator classes
// (docs/contract.md#iterator-classes) agree with
// the Go models of the same name on every access and every valid flag; the
// cutlass renditions differ from the reference (the cross terms, sizeof
// offsets); PredicatedTileIterator's store round trips (tags through the
// iterator, checked through the layout, sentinels outside the extent) fail
// exactly where the Go model predicts and never for the reference. (gen's
// TestFamilyProbeCasesReach checks what the cases reach.)
func TestHostProbeFamily(t *testing.T) {
	tc := hostToolchain(t)
	var cases []cuda.Case
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cs := gen.FamilyProbeCases(class, gen.Quick)
		if len(cs) < 8 {
			t.Fatalf("%s: only %d cases", class, len(cs))
		}
		cases = append(cases, cs...)
	}
	res, err := probe(context.Background(), cases, cuda.Options{Toolchain: tc})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) > 0 {
		t.Errorf("skipped configurations: %v", res.Skipped)
	}
	if res.Dropped != 0 {
		t.Errorf("dropped %d records", res.Dropped)
	}
	byLabel := map[string]report.ProbeVariant{}
	for _, v := range res.Variants {
		byLabel[v.Label] = v
		if v.Mismatches != 0 {
			t.Errorf("%s: %d accesses disagree with the Go model, e.g. %+v", v.Label, v.Mismatches, v.Examples[0])
		}
		if v.StoreRoundTrip.Unexpected != 0 || v.LoadRoundTrip.Unexpected != 0 {
			t.Errorf("%s: round trips failed where not predicted: %v %v", v.Label, v.StoreRoundTrip.Examples, v.LoadRoundTrip.Examples)
		}
		if v.Accesses < 5000 || v.Guards < 2000 || v.GuardedOff == 0 {
			t.Errorf("%s: only %d accesses, %d guards compared (%d guarded off)", v.Label, v.Accesses, v.Guards, v.GuardedOff)
		}
	}
	ref, cut := byLabel["reference"], byLabel["cutlass"]
	if ref.VsReference != 0 || ref.StoreRoundTrip.Failed != 0 || ref.StoreRoundTrip.Cases == 0 {
		t.Errorf("reference: %d accesses differ from the reference; store round trips %+v", ref.VsReference, ref.StoreRoundTrip)
	}
	if cut.VsReference == 0 || cut.StoreRoundTrip.Failed == 0 {
		t.Errorf("cutlass: expected differences from the reference (cross terms, sizeof), got %d; store round trips %+v", cut.VsReference, cut.StoreRoundTrip)
	}
	if c := byLabel["C-pitch-plus-one"]; c.VsReference == 0 {
		t.Errorf("C-pitch-plus-one shows no difference from the reference on the family")
	}
}
