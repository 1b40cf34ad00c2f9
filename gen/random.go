package gen

import (
	"context"
	"sort"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/rapidrun"
)

// genCase is one randomly drawn case: a configuration, an op program and
// the one thread judged.
type genCase struct {
	cfg    iterator.Config
	prog   iterator.Program
	thread int
}

// opKinds are the ops the random phase draws for RegularTileIterator,
// simplest first (its ClassInfo.Ops): rapid shrinks a draw toward index 0.
var opKinds = iterator.RegularTile.Info().Ops

var opGen = rapid.Custom(func(t *rapid.T) iterator.Op {
	k := opKinds[intRange(0, len(opKinds)-1).Draw(t, "op")]
	o := iterator.Op{Kind: k}
	switch k {
	case iterator.LoadTile, iterator.StoreTile, iterator.AddTileOffset:
		o.A = int64(intRange(-2, 2).Draw(t, "tile.0"))
		o.B = int64(intRange(-2, 2).Draw(t, "tile.1"))
	case iterator.LoadPtr, iterator.StorePtr, iterator.AddPointerOffset:
		o.A = int64(intRange(-9, 9).Draw(t, "n"))
	}
	return o
})

// opsGen draws a random case's program: one to four ops.
var opsGen = rapid.SliceOfN(opGen, 1, 4)

// caseGen draws cases that are valid by construction where it can (V from
// the element's list, thread counts that fit the map) and filters the rest.
// Every draw shrinks toward the small end: f32, the smallest V, a 1-vector
// tile row, one row, the stripmined map, one thread, pitch-linear, no
// padding, one op, thread 0.
var caseGen = rapid.Custom(func(t *rapid.T) genCase {
	ec := elemAxis[intRange(0, len(elemAxis)-1).Draw(t, "elem")]
	vs := append([]int(nil), ec.vs...)
	sort.Ints(vs)
	v := vs[intRange(0, len(vs)-1).Draw(t, "V")]
	el, _ := layout.ElemByName(ec.name)
	lq := intRange(0, 4).Draw(t, "log2(Sc/V)")
	qc := int64(1) << lq
	ss := int64(intRange(1, 8).Draw(t, "Ss"))
	cfg := iterator.Config{Elem: el, Access: v, Map: mapAxis[intRange(0, len(mapAxis)-1).Draw(t, "map")]}
	if cfg.Map == iterator.Stripmined {
		// T = 1 … Qc·8, drawn smallest first, so that a shrunk
		// counterexample has the fewest threads that still fail
		// rather than threads that start outside the tile.
		cfg.Threads = 1 << intRange(0, lq+3).Draw(t, "log2 T")
	} else {
		wc := int64(1) << intRange(0, lq).Draw(t, "log2 warp.c")
		var divs []int64
		for d := int64(1); d <= ss; d++ {
			if ss%d == 0 {
				divs = append(divs, d)
			}
		}
		ws := divs[intRange(0, len(divs)-1).Draw(t, "warp.s")]
		nw := 1 << intRange(0, 3).Draw(t, "log2 warps")
		cfg.Warp = [2]int64{wc, ws}
		cfg.Threads = int(wc*ws) * nw
	}
	cfg.Layout = layoutAxis[intRange(0, len(layoutAxis)-1).Draw(t, "layout")]
	cfg.Adv = 1 - intRange(0, 1).Draw(t, "adv")
	if el.Bits == 6 {
		// A 6-bit type's default Alignment V·B/8 is no power of two: the
		// instantiation needs an explicit one (the ColumnMajor wrapper,
		// which does not forward it, stays invalid and is filtered out).
		cfg.Align = int64(layout.ArrayBytes(layout.Elements(v), el.Bits))
	}
	sc := qc * int64(v)
	cfg.Shape = layoutShape(cfg.Layout, sc, ss)
	switch padAxis[intRange(0, len(padAxis)-1).Draw(t, "pad")] {
	case "V":
		cfg.Stride = sc + int64(v)
	case "1":
		cfg.Stride = sc + 1
	case "Sc":
		cfg.Stride = 2 * sc
	case "3":
		cfg.Stride = sc + 3
	}
	prog := opsGen.Draw(t, "ops")
	return genCase{cfg: cfg, prog: prog, thread: intRange(0, cfg.Threads-1).Draw(t, "thread")}
}).Filter(func(g genCase) bool {
	_, err := iterator.Validate(g.cfg)
	return err == nil
})

func (g genCase) toCase(contract props.Contract) (props.Case, error) {
	c, err := props.NewCase(g.cfg, g.prog, []int{g.thread})
	c.PtrContract = contract
	return c, err
}

// caseGenFor is the random phase's generator of one iterator class.
func caseGenFor(class iterator.Class) *rapid.Generator[genCase] {
	if !class.Family() {
		return caseGen
	}
	return familyCaseGens[class]
}

// RandomCases draws n cases of one class deterministically from seed.
func RandomCases(class iterator.Class, seed int64, n int, contract props.Contract) []props.Case {
	out, _ := RandomCasesContext(context.Background(), class, seed, n, contract)
	return out
}

// drawsPerLock is how many cases RandomCasesContext draws between two
// looks at its context; it lets go of rapid's flag lock in between, so
// that a shrink waiting for it is not held up by a long draw either.
const drawsPerLock = 32

// RandomCasesContext is RandomCases, stopping with ctx's error once ctx
// is done: the same cases, drawn in parts.
func RandomCasesContext(ctx context.Context, class iterator.Class, seed int64, n int, contract props.Contract) ([]props.Case, error) {
	cg := caseGenFor(class)
	out := make([]props.Case, 0, n)
	for lo := 0; lo < n; lo += drawsPerLock {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = drawCases(out, cg, seed, lo, min(lo+drawsPerLock, n), contract)
	}
	return out, nil
}

// drawCases appends the cases drawn at indices lo … hi-1 to out.
func drawCases(out []props.Case, cg *rapid.Generator[genCase], seed int64, lo, hi int, contract props.Contract) []props.Case {
	// Example reads rapid's seed flag, which a concurrent shrink sets.
	defer rapidrun.Lock()()
	for i := lo; i < hi; i++ {
		g := cg.Example(int(rapidrun.Mix(seed, int64(i)) & (1<<62 - 1)))
		if c, err := g.toCase(contract); err == nil {
			out = append(out, c)
		}
	}
	return out
}
