package iterator

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkTraceFamily traces every thread of one configuration of each
// family class through an arena, as a sweep's worker does.
func BenchmarkTraceFamily(b *testing.B) {
	for _, c := range []struct{ name, cfg, prog string }{
		{"RegularTileAccessIterator", "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=0 stride=66",
			"add_pointer_offset(8);accesses();add_tile_offset(-1,2);accesses()"},
		{"PredicatedTileAccessIterator", "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8",
			"accesses();add_tile_offset(1,0);accesses();add_tile_offset(0,1);accesses()"},
		{"PredicatedTileIterator", "class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=136 extent=128x20 tb=0x3 access_elems=4",
			"load();inc;add_tile_offset(1,0);load();add_tile_offset(0,1);store()"},
	} {
		cfg, err := ParseConfig(c.cfg)
		require.NoError(b, err)
		prog, err := ParseProgram(c.prog)
		require.NoError(b, err)
		threads := AllThreads(cfg)
		for _, m := range Builtins() {
			b.Run(c.name+"/"+m.Name(), func(b *testing.B) {
				b.ReportAllocs()
				var arena Arena
				for b.Loop() {
					arena.Reset()
					_, err := TraceThreadsIn(&arena, m, cfg, prog, threads)
					require.NoError(b, err)
				}
			})
		}
	}
}

// BenchmarkShiftIn makes the compact form of one RegularTileIterator
// request per model, as a sweep's plan asks for it.
func BenchmarkShiftIn(b *testing.B) {
	cfg := f32Example(b)
	prog := Program{{Kind: Load}, {Kind: AddTileOffset, A: 1}, {Kind: Inc}, {Kind: LoadPtr, A: 8}, {Kind: Store}}
	threads := AllThreads(cfg)
	for _, m := range Builtins() {
		b.Run(m.Name(), func(b *testing.B) {
			b.ReportAllocs()
			var arena Arena
			for b.Loop() {
				arena.Reset()
				require.NotNil(b, ShiftIn(&arena, m, &cfg, prog, threads))
			}
		})
	}
}
