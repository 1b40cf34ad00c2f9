package gen

import (
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// The representative list is valid and runs every probe program and every
// round trip; a sweep preset's RegularTileIterator cases are ProbeConfigs'.
func TestProbeCases(t *testing.T) {
	rep, err := ProbeCases(Representative)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep) != len(representativeConfigs) {
		t.Errorf("%d representative cases, want %d", len(rep), len(representativeConfigs))
	}
	for _, c := range rep {
		if _, err := iterator.Validate(c.Config); err != nil {
			t.Errorf("representative %s: %v", c.Config, err)
		}
		if len(c.Programs) != len(probePrograms)+len(roundTripPrograms) {
			t.Errorf("%s: %d programs, want %d", c.Config, len(c.Programs), len(probePrograms)+len(roundTripPrograms))
		}
	}
	quick, err := ProbeCases(Quick)
	if err != nil {
		t.Fatal(err)
	}
	cfgs, err := ProbeConfigs(Quick)
	if err != nil {
		t.Fatal(err)
	}
	if len(quick) != len(cfgs) {
		t.Fatalf("quick: %d cases for %d configurations", len(quick), len(cfgs))
	}
	for i := range cfgs {
		if quick[i].Config.String() != cfgs[i].String() {
			t.Errorf("quick case %d is %s, want %s", i, quick[i].Config, cfgs[i])
		}
	}
	if _, err := ProbeCases("nightly"); err == nil {
		t.Error("ProbeCases(nightly) succeeded")
	}
}

// A family probe instantiates the preset's count of valid, pitch-linear
// configurations of the class (the matrix wrappers have no family
// rendition), more for a larger preset.
func TestFamilyProbeCases(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		last := 0
		for _, p := range []Preset{Representative, Quick, Release} {
			cs := FamilyProbeCases(class, p)
			if len(cs) <= last || len(cs) > p.Size().ProbeFamily {
				t.Errorf("%s %s: %d cases, want more than %d and at most %d", class, p, len(cs), last, p.Size().ProbeFamily)
			}
			last = len(cs)
			for _, c := range cs {
				if _, err := iterator.Validate(c.Config); err != nil || c.Config.Class != class || c.Config.Layout != layout.PitchLinear {
					t.Errorf("%s %s: case %s (%v)", class, p, c.Config, err)
				}
			}
		}
		if n, want := len(FamilyProbeCases(class, "nightly")), len(FamilyProbeCases(class, Quick)); n != want {
			t.Errorf("%s: an unknown preset probes %d cases, want quick's %d", class, n, want)
		}
	}
}

// TestFamilyProbeCasesReach: quick's family probe cases, all classes
// together, reach what hides the family's defects.
func TestFamilyProbeCasesReach(t *testing.T) {
	var cases []ProbeCase
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		cases = append(cases, FamilyProbeCases(class, Quick)...)
	}
	checkFamilyCoverage(t, cases)
}

// checkFamilyCoverage: the probe's family cases reach what hides the
// family's defects (issue 5): residues, tb != 0, access_elems < V, both
// advance ranks, sub-byte types, L % V != 0.
func checkFamilyCoverage(t *testing.T, cases []ProbeCase) {
	t.Helper()
	reached := map[string]bool{}
	for _, c := range cases {
		cfg := c.Config
		sh, ext := cfg.PitchShape(), cfg.PitchExtent()
		reached["rank 0"] = reached["rank 0"] || cfg.PitchAdv() == 0
		reached["rank 1"] = reached["rank 1"] || cfg.PitchAdv() == 1
		reached["sub-byte"] = reached["sub-byte"] || cfg.Elem.Bits < 8
		if cfg.Class == iterator.RegularTileAccess {
			reached["L % V != 0"] = reached["L % V != 0"] || cfg.Pitch()%int64(cfg.Access) != 0
			continue
		}
		reached["tb != 0"] = reached["tb != 0"] || cfg.TB != [2]int64{}
		reached["access_elems < V"] = reached["access_elems < V"] || cfg.ElemsPerAccessType() < cfg.Access
		res := (ext.S - cfg.TB[1]) % sh.S
		if cfg.PitchAdv() == 0 {
			res = (ext.C - cfg.TB[0]) % sh.C
		}
		reached["residue"] = reached["residue"] || res != 0
	}
	for _, k := range []string{"rank 0", "rank 1", "sub-byte", "L % V != 0", "tb != 0", "access_elems < V", "residue"} {
		if !reached[k] {
			t.Errorf("the family cases never reach %s", k)
		}
	}
}

// The representative probe holds wide pitches, both advance ranks: rows
// 2^31 bytes or more apart, where a 32-bit truncation of the layout's or
// the iterator's offsets shows (the quick preset would be needed else).
func TestRepresentativeHasWidePitches(t *testing.T) {
	rep, err := ProbeCases(Representative)
	if err != nil {
		t.Fatal(err)
	}
	ranks := map[int]bool{}
	for _, c := range rep {
		rowBytes := c.Config.Pitch() * int64(c.Config.Elem.Bits) / 8
		if rowBytes >= 1<<31-1024 {
			ranks[c.Config.Adv] = true
		}
	}
	if !ranks[0] || !ranks[1] {
		t.Errorf("wide pitches for advance ranks %v, want 0 and 1", ranks)
	}
}
