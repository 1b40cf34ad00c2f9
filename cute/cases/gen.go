// Package cases generates CuTe layout-algebra cases with rapid: nested
// shapes and strides (compact, permuted, broadcast, padded, wide), and for
// each operation operands that meet its precondition and operands that just
// miss it. It also declares the coverage targets a sample must reach.
package cases

import (
	"context"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/rapidrun"
)

// extents: small, powers of two, and not powers of two, so that no sample
// hides an off-by-one behind a power of two.
var extentGen = rapid.OneOf(
	rapid.SampledFrom([]int64{1, 2, 2, 4, 4, 8, 16}),
	rapid.SampledFrom([]int64{3, 5, 6, 7, 12}),
)

// maxLeaves and maxSize bound a drawn shape, so that layouts stay readable
// and their strides inside CuTe's int; wideGen draws the large ones.
const (
	maxLeaves = 6
	maxSize   = 1 << 12
)

// shapeGen draws a shape of depth at most depth: an integer or a tuple of
// one to three modes, with at most maxLeaves integers whose product is at
// most maxSize (an extent past the budget is drawn as 1 or 2).
func shapeGen(depth int) *rapid.Generator[cute.IntTuple] {
	return rapid.Custom(func(t *rapid.T) cute.IntTuple {
		b := budget{leaves: maxLeaves, size: maxSize}
		return b.draw(t, depth)
	})
}

type budget struct {
	leaves int
	size   int64
}

func (b *budget) draw(t *rapid.T, depth int) cute.IntTuple {
	if depth == 0 || b.leaves < 2 || !rapid.Bool().Draw(t, "tuple") {
		e := extentGen.Draw(t, "extent")
		if e > b.size {
			e = min(b.size, 2)
		}
		b.leaves--
		b.size /= e
		return cute.Int(e)
	}
	n := rapid.IntRange(1, min(3, b.leaves)).Draw(t, "rank")
	modes := make([]cute.IntTuple, n)
	for i := range modes {
		modes[i] = b.draw(t, depth-1)
	}
	return cute.Tuple(modes...)
}

// StrideKind names how a layout's strides are drawn.
type StrideKind int

const (
	Compact   StrideKind = iota // column-major: the shape's prefix products
	Permuted                    // an injective permutation of the compact strides
	Padded                      // permuted, with gaps between modes
	Broadcast                   // compact with some strides 0
	Free                        // small strides drawn freely, 0 included
)

// layoutGen draws a layout of the given depth with strides of any kind.
func layoutGen(depth int) *rapid.Generator[cute.Layout] {
	return rapid.Custom(func(t *rapid.T) cute.Layout {
		shape := shapeGen(depth).Draw(t, "shape")
		// Broadcast is drawn twice as often as the others: a stride 0 is
		// where division by a stride goes wrong.
		kind := rapid.SampledFrom([]StrideKind{Compact, Permuted, Padded, Broadcast, Broadcast, Free}).Draw(t, "stride kind")
		return withStrides(t, shape, kind)
	})
}

// injectiveGen draws a layout whose strides are an injective arrangement
// (compact, permuted or padded).
func injectiveGen(depth int) *rapid.Generator[cute.Layout] {
	return rapid.Custom(func(t *rapid.T) cute.Layout {
		shape := shapeGen(depth).Draw(t, "shape")
		kind := StrideKind(rapid.IntRange(0, 2).Draw(t, "stride kind"))
		return withStrides(t, shape, kind)
	})
}

// withStrides gives shape strides of kind; a stride that would leave
// CuTe's int is not drawn (the shapes are small), and the wide cases come
// from wideGen.
func withStrides(t *rapid.T, shape cute.IntTuple, kind StrideKind) cute.Layout {
	flat := shape.Flatten()
	strides := make([]int64, len(flat))
	order := make([]int, len(flat))
	for i := range order {
		order[i] = i
	}
	if kind == Permuted || kind == Padded {
		order = rapid.Permutation(order).Draw(t, "order")
	}
	switch kind {
	case Free:
		for i := range strides {
			strides[i] = rapid.SampledFrom([]int64{0, 1, 2, 3, 4, 6, 8, 16}).Draw(t, "stride")
		}
	default:
		next := int64(1)
		for _, i := range order {
			if kind == Padded {
				next *= rapid.SampledFrom([]int64{1, 1, 2, 3}).Draw(t, "gap")
			}
			strides[i] = next
			next *= flat[i].Val
		}
		if kind == Broadcast {
			for i := range strides {
				if rapid.IntRange(0, 2).Draw(t, "broadcast") == 0 {
					strides[i] = 0
				}
			}
		}
	}
	k := 0
	return cute.Layout{Shape: shape, Stride: restride(shape, strides, &k)}
}

// restride is shape with its integers replaced, left to right, by strides.
func restride(shape cute.IntTuple, strides []int64, k *int) cute.IntTuple {
	if !shape.IsTuple() {
		v := strides[*k]
		*k++
		return cute.Int(v)
	}
	modes := make([]cute.IntTuple, len(shape.Elems))
	for i, e := range shape.Elems {
		modes[i] = restride(e, strides, k)
	}
	return cute.Tuple(modes...)
}

// Draw draws n cases deterministically from seed, spread over the
// operations ops (every operation when empty).
func Draw(seed int64, n int, ops []cute.Op) []cute.Case {
	cs, _ := DrawContext(context.Background(), seed, n, ops)
	return cs
}

// DrawContext is Draw, stopping with ctx's error between parts of 256
// cases, so that an interrupt is answered while a large sample is drawn.
func DrawContext(ctx context.Context, seed int64, n int, ops []cute.Op) ([]cute.Case, error) {
	g := Gen(ops)
	out := make([]cute.Case, 0, n)
	for from := 0; from < n; from += 256 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = append(out, rapidrun.ExamplesFrom(g, seed, from, min(256, n-from))...)
	}
	return out, nil
}

// Gen draws a case of one of ops (every operation when empty): its
// operation first, then operands from that operation's generator.
func Gen(ops []cute.Op) *rapid.Generator[cute.Case] {
	if len(ops) == 0 {
		ops = cute.Ops
	}
	return rapid.Custom(func(t *rapid.T) cute.Case {
		op := rapid.SampledFrom(ops).Draw(t, "op")
		c := opGen(op).Draw(t, string(op))
		// One case in six takes CuTe's compile-time path; the inverses,
		// which CuTe offers for static strides only, two in three.
		static := rapid.IntRange(0, 5).Draw(t, "static") == 0
		if op == cute.OpRightInverse || op == cute.OpLeftInverse {
			static = rapid.IntRange(0, 2).Draw(t, "static") != 0
		}
		if static {
			c = c.WithStatic(true)
		}
		return c
	})
}
