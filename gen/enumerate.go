package gen

import (
	"context"
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// elemChoice is an element type and the V values a sweep pairs it with
// (each a whole number of bytes per access, smallest first).
type elemChoice struct {
	name string
	vs   []int
}

// The axes of generation. Their order puts the most telling values first,
// so that the small quick preset still meets every coverage floor.
var (
	elemAxis = []elemChoice{
		{"f32", []int{4, 1, 2}}, {"f16", []int{8, 2, 1}}, {"u4", []int{8, 32, 2}}, {"s8", []int{4, 16, 1}},
		{"e3m2", []int{4, 16}}, {"f64", []int{2, 1}}, {"b1", []int{8, 64}}, {"u2", []int{4, 16}},
		{"bf16", []int{4, 1}}, {"e4m3", []int{16, 8}}, {"tf32", []int{4}}, {"e2m3", []int{8}}, {"s4", []int{16}},
		{"e5m2", []int{4}}, {"s2", []int{8}}, {"u8", []int{1}},
	}
	contigAxis  = []int64{8, 4, 16, 2}   // Sc / V
	stridedAxis = []int64{8, 4, 2, 6, 1} // Ss
	mapAxis     = iterator.MapKinds()
	threadAxis  = []int{32, 8, 64, 4, 16, 128}
	warpAxis    = [][2]int64{{4, 2}, {8, 4}, {2, 2}, {16, 2}, {4, 8}, {1, 4}, {32, 1}}
	layoutAxis  = []layout.Kind{layout.PitchLinear, layout.RowMajor, layout.ColumnMajor}
	advAxis     = []int{1, 0}
	// padAxis is the pitch padding L − Sc: 0, a vector, one element (odd
	// pitch), a whole tile, three elements.
	padAxis   = []string{"0", "V", "1", "Sc", "3"}
	alignAxis = []int64{0, 0, 0, 0, 0, 0, 0, 2} // 2 means twice the natural alignment
	// rowsAxis is the allocation's rows in tiles: 0 is the default (what the
	// program reaches), 1 a single tile (tile offsets beyond it fall outside
	// P-bounds' precondition), 4 room beyond every offset the programs use.
	rowsAxis = []int64{0, 0, 1, 4}
)

// axisCounts are the lengths of the axes, in the order axisConfig reads
// them.
func axisCounts() []int {
	return []int{len(elemAxis), 3, len(contigAxis), len(stridedAxis), len(mapAxis), len(threadAxis),
		len(warpAxis), len(layoutAxis), len(advAxis), len(padAxis), len(alignAxis), len(rowsAxis)}
}

// axisConfig builds the configuration of one point of the axis product.
func axisConfig(ix []int) (iterator.Config, bool) {
	ec := elemAxis[ix[0]]
	if ix[1] >= len(ec.vs) {
		return iterator.Config{}, false
	}
	el, _ := layout.ElemByName(ec.name)
	v := ec.vs[ix[1]]
	sc := int64(v) * contigAxis[ix[2]]
	ss := stridedAxis[ix[3]]
	cfg := iterator.Config{Elem: el, Access: v, Map: mapAxis[ix[4]], Threads: threadAxis[ix[5]],
		Layout: layoutAxis[ix[7]], Adv: advAxis[ix[8]]}
	if cfg.Map.Warp() {
		w := warpAxis[ix[6]]
		cfg.Warp = w
		cfg.Threads = int(w[0]*w[1]) * []int{1, 2, 4, 8, 1, 2}[ix[5]]
	}
	pad := map[string]int64{"0": 0, "V": int64(v), "1": 1, "Sc": sc, "3": 3}[padAxis[ix[9]]]
	cfg.Shape = layoutShape(cfg.Layout, sc, ss)
	if pad != 0 {
		cfg.Stride = sc + pad
	}
	cfg.Rows = rowsAxis[ix[11]] * ss
	if alignAxis[ix[10]] != 0 {
		nat := int64(v) * int64(el.Bits) / 8
		cfg.Align = nat * alignAxis[ix[10]]
	}
	if el.Bits == 6 {
		// A 6-bit type's default Alignment V·B/8 is no power of two: give
		// the packed Array's size (or a multiple), as a user must.
		cfg.Align = int64(layout.ArrayBytes(layout.Elements(v), el.Bits)) * max(alignAxis[ix[10]], 1)
	}
	return cfg, true
}

// layoutShape writes a pitch-linear (Sc, Ss) in the layout's own order.
func layoutShape(k layout.Kind, sc, ss int64) [2]int64 {
	a, b := k.FromPitch(layout.Coord{C: sc, S: ss})
	return [2]int64{a, b}
}

// diagonal returns n points of the axis product, walking each axis with its
// own step so that every value of every axis appears, and pairs of values
// vary, with n far below the product. It stops with ctx's error once ctx
// is done.
func diagonal(ctx context.Context, n int) ([][]int, error) {
	counts := axisCounts()
	// Distinct slow-downs decorrelate the axes.
	// The element axis steps by one every 31 points: a step of one per
	// point (slow-down 1, i + i/1 = 2i) reached every other element only.
	div := []int{31, 7, 3, 5, 2, 11, 13, 4, 17, 19, 23, 29}
	out := make([][]int, 0, n)
	for i := 0; i < n; i++ {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ix := make([]int, len(counts))
		for a, c := range counts {
			ix[a] = (i + i/div[a]) % c
		}
		out = append(out, ix)
	}
	return out, nil
}

// spread returns n distinct points of the axis product: index i·P mod N
// for a prime P that does not divide N is a permutation of the product, so
// the points never repeat and every axis keeps varying. It stops with
// ctx's error once ctx is done.
func spread(ctx context.Context, n int) ([][]int, error) {
	counts := axisCounts()
	total := 1
	for _, c := range counts {
		total *= c
	}
	const prime = 1_000_003
	out := make([][]int, 0, min(n, total))
	for i := 0; i < n && i < total; i++ {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		j := int((int64(i)*prime + 12345) % int64(total))
		ix := make([]int, len(counts))
		for a, c := range counts {
			ix[a] = j % c
			j /= c
		}
		out = append(out, ix)
	}
	return out, nil
}

// specialConfigs are configurations every preset sweeps: the worked
// examples the documentation uses (the f32 64x8 stripmined tile first), and
// the corners the diagonal would reach only by luck — large strides (C-int32), 16-bit atomics at an allocation tail (C-cas16-tail),
// sub-byte rows that are not whole bytes (C-trunc-first), the warp-striped
// arrangement where HEAD and #3131 differ (C-striped-head), an Alignment
// override (P-frag).
var specialConfigs = []string{
	"elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
	"elem=f16 shape=64x8 map=warp-raked threads=32 warp=8x4 access=8 adv=1 stride=64",
	"elem=u4 shape=128x8 map=stripmined threads=32 access=32 adv=1 stride=128",
	"elem=f32 shape=128x4 map=stripmined threads=16 access=4 adv=1 align=32",
	"elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=536870976",
	"elem=s8 shape=64x4 map=stripmined threads=16 access=16 adv=0 stride=2147483000",
	"elem=f16 shape=5x3 map=stripmined threads=5 access=1 adv=1 atomic=cas32",
	"elem=bf16 shape=7x1 map=stripmined threads=7 access=1 adv=0 atomic=cas32",
	"elem=f16 shape=5x3 map=stripmined threads=5 access=1 adv=1 atomic=cas32 rows=9",
	"elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17",
	"elem=b1 shape=64x8 map=stripmined threads=8 access=8 adv=1 stride=65",
	"elem=f32 shape=64x8 map=warp-striped-3131 threads=256 warp=16x2 access=1 adv=1",
	"elem=f32 shape=64x8 map=warp-striped threads=256 warp=16x2 access=1 adv=1",
	"layout=rowmajor elem=f16 shape=8x64 map=stripmined threads=32 access=8 adv=0 stride=72",
	"layout=columnmajor elem=e3m2 shape=64x4 map=warp-raked threads=16 warp=4x4 access=16 adv=1",
	// The ColumnMajor wrapper does not forward Alignment: A stays 16 bytes.
	"layout=columnmajor elem=f32 shape=32x8 map=stripmined threads=16 access=4 adv=0 align=32",
}

// programTemplates are the op programs of a preset, in the layout's own
// coordinate order; n stands for a pointer offset of 8 elements and m for
// one of 3 (odd: sub-byte positions that are not whole bytes).
var programTemplates = []string{
	"load(1,0);store(1,0)",
	"inc;load();dec;dec;store()",
	"load_with_pointer_offset(8);store_with_pointer_offset(8);add_pointer_offset(8);load()",
	"store(-1,1);load(2,-1)",
	"add_tile_offset(1,0);load();add_tile_offset(-1,1);store()",
	"load(0,1);store(0,-1);add_pointer_offset(3);load_with_pointer_offset(-3)",
	"load();store()",
	"add_tile_offset(0,1);inc;load(1,1)",
	"add_pointer_offset(3);load(-1,0);store(1,-1)",
	"dec;add_tile_offset(2,0);store_with_pointer_offset(16);load(0,2)",
}

// Enumerate lists a preset's RegularTileIterator configurations (invalid
// ones included, so that a sweep counts them) and op programs: the
// enumerated phase of a sweep, without the random phase.
func Enumerate(preset Preset) ([]iterator.Config, []iterator.Program, error) {
	return EnumerateContext(context.Background(), preset)
}

// checkEvery is how many candidates generation builds between two looks
// at its context: a few milliseconds of work, so that an interrupted
// sweep stops generating well within a second even on a loaded machine.
const checkEvery = 1024

// EnumerateContext is Enumerate, stopping with ctx's error once ctx is
// done (the exhaustive preset builds hundreds of thousands of candidates).
func EnumerateContext(ctx context.Context, preset Preset) ([]iterator.Config, []iterator.Program, error) {
	if err := preset.Check(); err != nil {
		return nil, nil, err
	}
	size := preset.Size()
	indices, err := diagonal(ctx, size.Configs)
	if err != nil {
		return nil, nil, err
	}
	more, err := spread(ctx, size.Spread)
	if err != nil {
		return nil, nil, err
	}
	pairwise := pairwiseConfigs()
	// Room for every candidate up front: the exhaustive preset has
	// hundreds of thousands, and growing the list by doubling would cost
	// much of its enumeration time. The set grows as it fills instead:
	// made at full size at once, it would take up to a second in one
	// piece, during which an interrupt would go unanswered.
	n := len(specialConfigs) + len(indices) + len(more) + len(pairwise)
	cfgs := make([]iterator.Config, 0, n)
	seen := map[string]bool{}
	add := func(c iterator.Config) {
		if k := c.String(); !seen[k] {
			seen[k] = true
			cfgs = append(cfgs, c)
		}
	}
	for _, s := range specialConfigs {
		c, err := iterator.ParseConfig(s)
		if err != nil {
			return nil, nil, fmt.Errorf("special configuration %q: %v", s, err)
		}
		add(c)
	}
	for _, part := range [][][]int{indices, more} {
		for i, ix := range part {
			if i%checkEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, nil, err
				}
			}
			if c, ok := axisConfig(ix); ok {
				add(c)
			}
		}
	}
	// The pairwise set, less the configurations whose pairs the others
	// already meet (a cheaper quick preset, the same pairs); its warp-raked
	// configurations, with several warps along one axis, are always kept.
	met, err := pairsOfContext(ctx, cfgs)
	if err != nil {
		return nil, nil, err
	}
	for i, c := range pairwise {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		keys := pairKeysOf(c)
		if c.Map != iterator.WarpRaked && allMet(met, keys) {
			continue
		}
		for _, k := range keys {
			met[k] = true
		}
		add(c)
	}
	progs := make([]iterator.Program, 0, size.Programs)
	for _, s := range programTemplates[:size.Programs] {
		p, err := iterator.ParseProgram(s)
		if err != nil {
			return nil, nil, fmt.Errorf("program template %q: %v", s, err)
		}
		progs = append(progs, p)
	}
	return cfgs, progs, nil
}

// allMet says whether every key is in met.
func allMet(met map[string]bool, keys []string) bool {
	for _, k := range keys {
		if !met[k] {
			return false
		}
	}
	return true
}

// SampleThreads picks the threads judged per thread: the first two, one
// past the middle and the last — the threads that start rows, vectors and
// warps differently.
func SampleThreads(n int) []int {
	if n <= 4 {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	return []int{0, 1, n/2 + 1, n - 1}
}
