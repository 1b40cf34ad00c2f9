package sweep

import (
	"encoding/json"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// The pointer-offset contract is a sweep dimension: held to "bytes",
// CUTLASS's add_pointer_offset (bytes, issue #3017) agrees with its
// load_with_pointer_offset, and the reference (elements) is the one that
// disagrees.
func TestBytesContract(t *testing.T) {
	run := func(name string) *report.Report {
		r, err := Run(Options{Iterator: name, Preset: "quick", Seed: 1, PtrContract: props.PtrBytes})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	c := run("cutlass")
	if p := status(c, "P-ptr"); p.Status != report.Held {
		t.Errorf("cutlass P-ptr under the bytes contract = %s, want pass (%+v)", p.Status, p.Counterexample)
	}
	for _, u := range c.Units {
		if u.Path == "add_pointer_offset" && (u.Documented != "bytes" || u.Observed != "bytes") {
			t.Errorf("cutlass add_pointer_offset unit %+v, want documented and observed bytes", u)
		}
	}
	if control(c, "C-ptr-bytes") != nil {
		t.Errorf("C-ptr-bytes is what the bytes contract asks for; it must not run as a control")
	}
	if p := status(run("reference"), "P-ptr"); p.Status != report.Violated {
		t.Errorf("reference P-ptr under the bytes contract = %s, want fail", p.Status)
	}
}

// The family classes of SPEC §10 sweep with their own generator, coverage
// classes and properties: the reference passes (every applicable control
// killed, every floor met); CUTLASS fails P-tile (the #3487 cross term, the
// rank-0 term without L, V·(L/V) rows) and P-oracle.
func TestFamilySweeps(t *testing.T) {
	for _, cl := range []iterator.Class{iterator.RegularTileAccess, iterator.PredicatedTileAccess, iterator.PredicatedTile} {
		ref := quickClass(t, "reference", cl)
		if ref.Verdict != report.Pass || ref.Class != cl.String() || len(ref.Controls) == 0 {
			t.Errorf("%s reference: verdict %s, class %q, %d controls; want pass with controls", cl, ref.Verdict, ref.Class, len(ref.Controls))
		}
		cut := quickClass(t, "cutlass", cl)
		for _, id := range []string{"P-tile", "P-oracle"} {
			if p := status(cut, id); p == nil || p.Status != report.Violated {
				t.Errorf("%s cutlass %s = %+v, want fail", cl, id, p)
			}
		}
	}
}

// The audit lists what the preconditions exclude and P-frag's finding
// (SPEC §5): the Alignment-32 example overruns its 128-byte fragment with
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
		if !found {
			t.Errorf("audit has no %s entry for %q", topic, cfg)
		}
	}
	if p := status(r, "P-frag"); p == nil || p.Status != report.Audited || r.Verdict != report.Pass {
		t.Errorf("P-frag %+v with verdict %s, want audit and pass", p, r.Verdict)
	}
}

// Every counterexample's replay reproduces its failure, in every iterator
// class, read back from the report's JSON (the command text) as a script
// would and judged through ReplayCheck. The family classes of
// cutlass-pre3049 are cutlass's (SPEC §10), and the reference has no
// counterexamples.
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
			if err != nil {
				t.Fatal(err)
			}
			var back report.Counterexample
			if err := json.Unmarshal(enc, &back); err != nil {
				t.Fatalf("%s %s %s: decoding %s: %v", r.Class, model, p.ID, enc, err)
			}
			if back.Replay != ce.Replay || back.Replay.Iterator != model || back.Replay.Property != p.ID {
				t.Errorf("%s %s %s: replay %+v decodes as %+v", r.Class, model, p.ID, ce.Replay, back.Replay)
			}
			opts, err := ReplayCheck(back.Replay, nil)
			if err != nil {
				t.Fatalf("%s %s %s: ReplayCheck(%q): %v", r.Class, model, p.ID, back.Replay, err)
			}
			res, err := Check(opts)
			if err != nil {
				t.Errorf("%s %s %s: replay %q: %v", r.Class, model, p.ID, ce.Replay, err)
				continue
			}
			if len(res) != 1 || res[0].Status != report.Violated {
				t.Errorf("%s %s %s: replay %q gives %+v, want fail", r.Class, model, p.ID, ce.Replay, res)
			}
		}
	}
	if replayed < len(rs) {
		t.Errorf("%d counterexamples replayed from %d failing reports", replayed, len(rs))
	}
}
