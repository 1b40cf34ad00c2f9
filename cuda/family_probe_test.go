package cuda

import (
	"context"
	"testing"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
)

// TestHostProbeFamily: the C++ renditions of the SPEC §10 classes agree with
// the Go models of the same name on every access and every valid flag; the
// cutlass renditions differ from the reference (the cross terms, sizeof
// offsets); PredicatedTileIterator's store round trips (tags through the
// iterator, checked through the layout, sentinels outside the extent) fail
// exactly where the Go model predicts and never for the reference. (gen's
// TestFamilyProbeCasesReach checks what the cases reach.)
func TestHostProbeFamily(t *testing.T) {
	tc := hostToolchain(t)
	var cases []Case
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cs := gen.FamilyProbeCases(class, gen.Quick)
		if len(cs) < 8 {
			t.Fatalf("%s: only %d cases", class, len(cs))
		}
		cases = append(cases, cs...)
	}
	res, err := Run(context.Background(), cases, Options{Toolchain: tc})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) > 0 {
		t.Errorf("skipped configurations: %v", res.Skipped)
	}
	if res.Dropped != 0 {
		t.Errorf("dropped %d records", res.Dropped)
	}
	byLabel := map[string]VariantResult{}
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

// TestHostProbeFamilyCrossTerms: the compiled renditions move by the SPEC
// §10 confirmed amounts, derived by hand from the formulas there: rank 0
// (f16, Ss=8, L=200): the first add_tile_offset(0,1) moves the residue
// r.c·B/8 = 128, then incA·(tc−1) = −128, then Ss·ts·B/8 = 16 bytes, the
// next one Ss·ts = 8 bytes, where the contract moves 8 rows of 200 f16 =
// 3200 bytes each time; #3487 (rank 1, steady state, add_tile_offset(1,0)):
// Sc·tc bytes = 64 for f16 (contract 128) and 128 for u4 (contract 64).
func TestHostProbeFamilyCrossTerms(t *testing.T) {
	tc := hostToolchain(t)
	type want struct{ cutlass, reference []int64 }
	cases := []struct {
		cfg, prog string
		want      want
	}{
		{"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8",
			"accesses();add_tile_offset(0,1);accesses();add_tile_offset(0,1);accesses()", want{[]int64{16, 8}, []int64{3200, 3200}}},
		{"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=128 extent=128x32",
			"add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", want{[]int64{64}, []int64{128}}},
		{"class=PredicatedTileAccessIterator elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=256 extent=256x32",
			"add_tile_offset(0,1);accesses();add_tile_offset(1,0);accesses()", want{[]int64{128}, []int64{64}}},
	}
	var in []Case
	for _, c := range cases {
		progs, err := gen.ParsePrograms([]string{c.prog})
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, Case{Config: mustConfig(t, c.cfg), Programs: progs})
	}
	variants := Renditions()[:2] // reference, cutlass
	res, err := Run(context.Background(), in, Options{Toolchain: tc, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range cases {
		for v, expect := range [][]int64{c.want.reference, c.want.cutlass} {
			threads := res.compiled[traceKey{k, v, 0}]
			if len(threads) == 0 {
				t.Fatalf("%s: no compiled trace for %s", c.cfg, variants[v].Model)
			}
			recs := threads[0].Records
			for i, d := range expect {
				if got := recs[i+1].Addrs[0] - recs[i].Addrs[0]; got != d {
					t.Errorf("%s | %s: %s moved %d bytes between passes %d and %d, want %d", c.cfg, c.prog, variants[v].Model, got, i, i+1, d)
				}
			}
		}
	}
}
