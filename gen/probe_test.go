package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// The representative list is valid and runs every probe program and every
// round trip; a sweep preset's RegularTileIterator cases are ProbeConfigs'.
func TestProbeCases(t *testing.T) {
	rep, err := ProbeCases(Representative)
	require.NoError(t, err)
	assert.Len(t, rep, len(representativeConfigs), "representative cases")
	for _, c := range rep {
		_, err := iterator.Validate(c.Config)
		assert.NoError(t, err, "representative %s", c.Config)
		assert.Len(t, c.Programs, len(probePrograms)+len(roundTripPrograms), "%s: programs", c.Config)
	}
	quick, err := ProbeCases(Quick)
	require.NoError(t, err)
	cfgs, err := ProbeConfigs(Quick)
	require.NoError(t, err)
	require.Len(t, quick, len(cfgs), "quick: a case for each configuration")
	for i := range cfgs {
		assert.Equal(t, cfgs[i].String(), quick[i].Config.String(), "quick case %d", i)
	}
	_, err = ProbeCases("nightly")
	assert.Error(t, err, "ProbeCases(nightly) succeeded")
}

// A family probe instantiates the preset's count of valid, pitch-linear
// configurations of the class (the matrix wrappers have no family
// rendition), more for a larger preset.
func TestFamilyProbeCases(t *testing.T) {
	for _, class := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		last := 0
		for _, p := range []Preset{Representative, Quick, Release} {
			cs := FamilyProbeCases(class, p)
			assert.Greater(t, len(cs), last, "%s %s: cases, more than the smaller preset's", class, p)
			assert.LessOrEqual(t, len(cs), p.Size().ProbeFamily, "%s %s: cases, at most the preset's count", class, p)
			last = len(cs)
			for _, c := range cs {
				_, err := iterator.Validate(c.Config)
				assert.NoError(t, err, "%s %s: case %s", class, p, c.Config)
				assert.Equal(t, class, c.Config.Class, "%s %s: case %s", class, p, c.Config)
				assert.Equal(t, layout.PitchLinear, c.Config.Layout, "%s %s: case %s", class, p, c.Config)
			}
		}
		assert.Len(t, FamilyProbeCases(class, "nightly"), len(FamilyProbeCases(class, Quick)),
			"%s: an unknown preset probes quick's cases", class)
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
// family's defects: residues, tb != 0, access_elems < V, both
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
		assert.True(t, reached[k], "the family cases never reach %s", k)
	}
}

// The representative probe holds wide pitches, both advance ranks: rows
// 2^31 bytes or more apart, where a 32-bit truncation of the layout's or
// the iterator's offsets shows (the quick preset would be needed else).
func TestRepresentativeHasWidePitches(t *testing.T) {
	rep, err := ProbeCases(Representative)
	require.NoError(t, err)
	ranks := map[int]bool{}
	for _, c := range rep {
		rowBytes := c.Config.Pitch() * int64(c.Config.Elem.Bits) / 8
		if rowBytes >= 1<<31-1024 {
			ranks[c.Config.Adv] = true
		}
	}
	assert.True(t, ranks[0] && ranks[1], "wide pitches for advance ranks %v, want 0 and 1", ranks)
}
