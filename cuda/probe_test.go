package cuda

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestCompiledWorkedExamples: the compiled renditions, asked through
// props.Source, give the addresses of the worked examples (f32 64x8 and u4 128x8,
// stripmined, 32 threads), computed by hand.
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
		require.NoError(t, err)
		reqs = append(reqs, props.Request{Config: c.cfg, Program: p, Threads: []int{c.thread}})
	}
	for _, v := range []Variant{
		{Model: "cutlass", Namespace: "tilecheck_cutlass", Role: RoleIterator},
		{Model: "cutlass-pre3049", Namespace: "tilecheck_pre3049", Role: RoleIterator},
	} {
		src := NewSource(context.Background(), v, Options{Toolchain: tc})
		assert.Equal(t, "host", src.Backend(), "backend")
		resp, err := src.Traces(reqs)
		require.NoError(t, err)
		for i, c := range cases {
			want := c.post
			if v.Model == "cutlass-pre3049" {
				want = c.pre
			}
			if !assert.NoError(t, resp[i].Err, "%s %s", v.Model, c.ops) {
				continue
			}
			recs := resp[i].Traces[0].Records
			got := recs[len(recs)-1].Addrs
			assert.Equal(t, want, got, "%s %s thread %d: worked example, then compiled", v.Model, c.ops, c.thread)
		}
	}
}
