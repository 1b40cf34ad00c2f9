package sweep

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// The pointer-offset contract is a sweep dimension: held to "bytes",
// CUTLASS's add_pointer_offset (bytes, CUTLASS issue #3017) agrees with its
// load_with_pointer_offset, and the reference (elements) is the one that
// disagrees.
func TestBytesContract(t *testing.T) {
	run := func(name string) *report.Report {
		r, err := Run(context.Background(), Options{Iterator: name, Preset: "quick", Seed: 1, PtrContract: props.PtrBytes})
		require.NoError(t, err)
		return r
	}
	c := run("cutlass")
	p := status(c, "P-ptr")
	assert.Equal(t, report.Held, p.Status, "cutlass P-ptr under the bytes contract (%+v)", p.Counterexample)
	for _, u := range c.Units {
		if u.Path == "add_pointer_offset" {
			assert.Equal(t, "bytes", u.Documented, "cutlass add_pointer_offset unit %+v", u)
			assert.Equal(t, "bytes", u.Observed, "cutlass add_pointer_offset unit %+v", u)
		}
	}
	assert.Nil(t, control(c, "C-ptr-bytes"), "C-ptr-bytes is what the bytes contract asks for; it must not run as a control")
	assert.Equal(t, report.Violated, status(run("reference"), "P-ptr").Status, "reference P-ptr under the bytes contract")
}

// The family classes (docs/contract.md#iterator-classes) sweep with their own generator, coverage
// classes and properties: the reference passes (every applicable control
// killed, every floor met); CUTLASS fails P-tile (the #3487 cross term, the
// rank-0 term without L, V·(L/V) rows) and P-oracle.
func TestFamilySweeps(t *testing.T) {
	for _, cl := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		ref := quickClass(t, "reference", cl)
		assert.Equal(t, report.Pass, ref.Verdict, "%s reference", cl)
		assert.Equal(t, cl.String(), ref.Class, "%s reference", cl)
		assert.NotEmpty(t, ref.Controls, "%s reference: controls", cl)
		cut := quickClass(t, "cutlass", cl)
		for _, id := range []string{"P-tile", "P-oracle"} {
			if p := status(cut, id); assert.NotNil(t, p, "%s cutlass %s", cl, id) {
				assert.Equal(t, report.Violated, p.Status, "%s cutlass %s", cl, id)
			}
		}
	}
}

// The audit lists what the preconditions exclude and P-frag's finding
// (docs/contract.md#p-frag): the Alignment-32 example overruns its 128-byte fragment with
// 8 accesses of 32 bytes, HEAD's warp-striped map at 64x8, T=256, warp
// 16x2 is inexact, and sub-byte rows of u4 with L=17 are not whole bytes.
// P-frag never fails a verdict: the reference passes with it in the audit.
func TestAuditListsPreconditionFindings(t *testing.T) {
	r := quick(t, "reference")
	want := map[string]string{
		"fragment-overrun": "elem=f32 shape=128x4 map=stripmined threads=16 access=4 adv=1 align=32",
		"inexact-map":      "elem=f32 shape=64x8 map=warp-striped threads=256 access=1 adv=1 warp=16x2",
		"sub-byte-rows":    "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17",
	}
	for topic, cfg := range want {
		found := false
		for _, a := range r.Audit {
			found = found || (a.Topic == topic && a.Config == cfg)
		}
		assert.True(t, found, "audit has no %s entry for %q", topic, cfg)
	}
	if p := status(r, "P-frag"); assert.NotNil(t, p, "P-frag") {
		assert.Equal(t, report.Audited, p.Status, "P-frag")
	}
	assert.Equal(t, report.Pass, r.Verdict, "the verdict with P-frag in the audit")
}

// Every counterexample's replay reproduces its failure, in every iterator
// class, read back from the report's JSON (the command text) as a script
// would and judged through ReplayCheck. The family classes of
// cutlass-pre3049 are cutlass's (docs/contract.md#cutlass-pre3049), and the
// reference has no counterexamples.
func TestCounterexamplesReplay(t *testing.T) {
	rs := []*report.Report{quick(t, "cutlass"), quick(t, "cutlass-pre3049")}
	for _, cl := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		rs = append(rs, quickClass(t, "cutlass", cl))
	}
	replayed := 0
	for _, r := range rs {
		model := r.Iterator
		for _, p := range r.Properties {
			ce := p.Counterexample
			if p.Status != report.Violated || ce == nil {
				continue
			}
			replayed++
			enc, err := json.Marshal(ce)
			require.NoError(t, err)
			var back report.Counterexample
			require.NoError(t, json.Unmarshal(enc, &back), "%s %s %s: decoding %s", r.Class, model, p.ID, enc)
			assert.Equal(t, ce.Replay, back.Replay, "%s %s %s: the replay decoded", r.Class, model, p.ID)
			assert.Equal(t, model, back.Replay.Iterator, "%s %s %s: the replay's iterator", r.Class, model, p.ID)
			assert.Equal(t, p.ID, back.Replay.Property, "%s %s %s: the replay's property", r.Class, model, p.ID)
			opts, err := ReplayCheck(back.Replay, nil)
			require.NoError(t, err, "%s %s %s: ReplayCheck(%q)", r.Class, model, p.ID, back.Replay)
			res, err := Check(opts)
			if !assert.NoError(t, err, "%s %s %s: replay %q", r.Class, model, p.ID, ce.Replay) {
				continue
			}
			if assert.Len(t, res, 1, "%s %s %s: replay %q", r.Class, model, p.ID, ce.Replay) {
				assert.Equal(t, report.Violated, res[0].Status, "%s %s %s: replay %q", r.Class, model, p.ID, ce.Replay)
			}
		}
	}
	assert.GreaterOrEqual(t, replayed, len(rs), "counterexamples replayed from the failing reports")
}
