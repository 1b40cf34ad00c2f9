package cuda

import (
	"context"
	"os/exec"
	"slices"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestHostProbeRenditions: every access of every C++ rendition agrees with
// its Go model on the representative cases; the controls differ from the
// reference and the identity copy does not; round trips fail exactly where
// the models differ from the reference (SPEC §7) and never for reference.
func TestHostProbeRenditions(t *testing.T) {
	tc := hostToolchain(t)
	res, err := Run(context.Background(), representativeCases(t), Options{Toolchain: tc})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) > 0 {
		t.Errorf("skipped configurations: %v", res.Skipped)
	}
	if res.Dropped != 0 || res.Reserved == 0 {
		t.Errorf("records reserved %d capacity %d dropped %d", res.Reserved, res.Capacity, res.Dropped)
	}
	byLabel := map[string]VariantResult{}
	for _, v := range res.Variants {
		byLabel[v.Label] = v
		if v.Accesses < 10000 {
			t.Errorf("%s: only %d accesses compared", v.Label, v.Accesses)
		}
		if v.Mismatches != 0 {
			t.Errorf("%s: %d accesses disagree with the Go model, e.g. %+v", v.Label, v.Mismatches, v.Examples[0])
		}
		if v.StoreRoundTrip.Unexpected != 0 || v.LoadRoundTrip.Unexpected != 0 {
			t.Errorf("%s: round trips failed where not predicted (or passed where predicted): %v %v", v.Label, v.StoreRoundTrip.Examples, v.LoadRoundTrip.Examples)
		}
	}
	for _, name := range []string{"reference", "identity-copy"} {
		v := byLabel[name]
		if v.VsReference != 0 || v.StoreRoundTrip.Failed != 0 || v.LoadRoundTrip.Failed != 0 {
			t.Errorf("%s differs from the reference: %+v", name, v)
		}
	}
	// SPEC §7: both CUTLASS renditions fail P-oracle; their round trips fail.
	for _, name := range []string{"cutlass", "cutlass-pre3049", "C-load-div", "C-pitch-plus-one"} {
		v := byLabel[name]
		if v.VsReference == 0 || v.LoadRoundTrip.Failed == 0 {
			t.Errorf("%s: expected accesses that differ from the reference, got %d (load round trips failed %d)", name, v.VsReference, v.LoadRoundTrip.Failed)
		}
	}
	for _, name := range []string{"cutlass", "cutlass-pre3049", "C-pitch-plus-one"} {
		if byLabel[name].StoreRoundTrip.Failed == 0 {
			t.Errorf("%s: no store round trip failed", name)
		}
	}
	// C-load-div stores correctly (only its load divides by V).
	if byLabel["C-load-div"].StoreRoundTrip.Failed != 0 {
		t.Errorf("C-load-div: a store round trip failed: %v", byLabel["C-load-div"].StoreRoundTrip.Examples)
	}
	for _, c := range res.Controls() {
		if !c.OK {
			t.Errorf("control %s: %s", c.Variant, c.Detail)
		}
	}
	if !res.OK() {
		t.Errorf("result not OK")
	}
}

// TestCompiledWorkedExamples: the compiled renditions, asked through
// props.Source, give the addresses of SPEC §3's worked-example tables.
func TestCompiledWorkedExamples(t *testing.T) {
	tc := hostToolchain(t)
	cfg := mustConfig(t, "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	u4 := mustConfig(t, "elem=u4 shape=128x8 map=stripmined threads=32 access=32 adv=1 stride=128")
	type ex struct {
		cfg    iterator.Config
		ops    string
		thread int
		post   []int64 // >= v4.5.0
		pre    []int64 // v2.3–v4.4
	}
	same := func(a ...int64) []int64 { return a }
	cases := []ex{
		{cfg, "load()", 5, same(80, 592, 1104, 1616), same(80, 592, 1104, 1616)},
		{cfg, "load(1,0)", 5, same(144, 656, 1168, 1680), same(144, 656, 1168, 1680)},
		{cfg, "store(1,0)", 5, same(144, 656, 1168, 1680), same(336, 848, 1360, 1872)},
		{cfg, "add_tile_offset(1,0);load()", 5, same(336, 848, 1360, 1872), same(336, 848, 1360, 1872)},
		{cfg, "inc;load()", 5, same(2128, 2640, 3152, 3664), same(2128, 2640, 3152, 3664)},
		{cfg, "load_with_pointer_offset(8)", 5, same(112, 624, 1136, 1648), same(112, 624, 1136, 1648)},
		{u4, "load()", 6, same(96), same(96)},
		{u4, "load(1,0)", 6, same(98), same(98)},
		{u4, "add_tile_offset(1,0);load()", 6, same(160), same(160)},
		{u4, "inc;load()", 6, same(608), same(608)},
		{u4, "load_with_pointer_offset(8)", 6, same(100), same(100)},
	}
	var reqs []props.Request
	for _, c := range cases {
		p, err := iterator.ParseProgram(c.ops)
		if err != nil {
			t.Fatal(err)
		}
		reqs = append(reqs, props.Request{Config: c.cfg, Program: p, Threads: []int{c.thread}})
	}
	for _, v := range []Variant{
		{Model: "cutlass", Namespace: "tilecheck_cutlass", Role: RoleIterator},
		{Model: "cutlass-pre3049", Namespace: "tilecheck_pre3049", Role: RoleIterator},
	} {
		src := NewSource(context.Background(), v, Options{Toolchain: tc})
		if src.Backend() != "host" {
			t.Errorf("backend %q", src.Backend())
		}
		resp, err := src.Traces(reqs)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			want := c.post
			if v.Model == "cutlass-pre3049" {
				want = c.pre
			}
			if resp[i].Err != nil {
				t.Errorf("%s %s: %v", v.Model, c.ops, resp[i].Err)
				continue
			}
			recs := resp[i].Traces[0].Records
			got := recs[len(recs)-1].Addrs
			if !slices.Equal(got, want) {
				t.Errorf("%s %s thread %d: compiled %v, SPEC §3 says %v", v.Model, c.ops, c.thread, got, want)
			}
		}
	}
}

// TestGPUProbe runs the renditions on a GPU where nvcc exists.
func TestGPUProbe(t *testing.T) {
	if _, err := exec.LookPath("nvcc"); err != nil {
		t.Skip("SKIPPED, NOT PASSED: nvcc not found, the GPU back end was not tested here (see reports/evidence for the committed H200 run)")
	}
	res, err := Run(context.Background(), representativeCases(t), Options{Toolchain: Toolchain{Backend: "gpu"}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Errorf("GPU run disagrees with the Go models")
	}
}
