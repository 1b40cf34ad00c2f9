package copycases

import (
	"fmt"
	"strings"

	"pgregory.net/rapid"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// mode writes one mode of a layout from its sub-modes, leaving out those
// of extent 1: "(4,8):(64,8)", or "8:8" for one.
func mode(shape, stride []int64) (string, string) {
	var sh, st []string
	for i := range shape {
		if shape[i] != 1 {
			sh, st = append(sh, fmt.Sprint(shape[i])), append(st, fmt.Sprint(stride[i]))
		}
	}
	switch len(sh) {
	case 0:
		return "1", "0"
	case 1:
		return sh[0], st[0]
	}
	return "(" + strings.Join(sh, ",") + ")", "(" + strings.Join(st, ",") + ")"
}

// two is the rank-2 layout of modes m and n, each (shape, stride).
func two(ms, md, ns, nd []int64) cute.Layout {
	a, b := mode(ms, md)
	c, d := mode(ns, nd)
	return layout("(%s,%s):(%s,%s)", a, c, b, d)
}

var oneThreadElems = []string{"uint4b_t", "uint8_t", "half_t", "bfloat16_t", "float", "double"}

// oneThread draws a one-thread atom's case: threads and values in either
// order, row- or column-major tensors with padded pitches and swizzles,
// and a partial tile one case in three.
func oneThread(t *rapid.T, a tiledcopy.Atom) tiledcopy.Case {
	n := atomBits[a]
	var names []string
	for _, e := range oneThreadElems {
		if int64(elem(e).Bits) <= n {
			names = append(names, e)
		}
	}
	e := elem(rapid.SampledFrom(names).Draw(t, "elem"))
	v := n / int64(e.Bits)
	rowMajor := rapid.Bool().Draw(t, "row-major")
	extra := rapid.SampledFrom([]int64{1, 1, 2}).Draw(t, "values across")
	lg := rapid.IntRange(0, min(8, log2(1024/(v*extra)))).Draw(t, "log2 threads")
	lm := rapid.IntRange(0, lg).Draw(t, "log2 thread rows")
	tm, tn := int64(1)<<lm, int64(1)<<(lg-lm)
	thr := layout("(%d,%d)", tm, tn)
	if rapid.Bool().Draw(t, "threads n-major") {
		thr = layout("(%d,%d):(%d,1)", tm, tn, tn)
	}
	vm, vn := extra, v
	val := layout("(%d,%d):(%d,1)", vm, vn, vn)
	if !rowMajor {
		vm, vn = v, extra
		val = layout("(%d,%d)", vm, vn)
	}
	rm := rapid.SampledFrom([]int64{1, 1, 2, 3}).Draw(t, "tile repeats m")
	rn := rapid.SampledFrom([]int64{1, 1, 2, 3}).Draw(t, "tile repeats n")
	for tm*vm*rm*tn*vn*rn > maxTile {
		rm, rn = 1, 1
	}
	m, nn := tm*vm*rm, tn*vn*rn
	tensor := func(name string, row bool) tiledcopy.Tensor {
		pad := v * rapid.SampledFrom([]int64{0, 0, 1, 2, 8}).Draw(t, name+" pad")
		x := tiledcopy.Tensor{Layout: layout("(%d,%d):(1,%d)", m, nn, m+pad)}
		if row {
			x.Layout = layout("(%d,%d):(%d,1)", m, nn, nn+pad)
		}
		if rapid.IntRange(0, 2).Draw(t, name+" swizzled") == 0 {
			x.Swizzle = swizzle(t, log2(v), x.Layout)
		}
		return x
	}
	c := tiledcopy.Case{Atom: a, Element: e, Thr: thr, Val: val, Src: tensor("src", rowMajor)}
	// One case in eight pairs the other order on the destination: a
	// vector CuTe refuses to recast.
	c.Dst = tensor("dst", rowMajor != (rapid.IntRange(0, 7).Draw(t, "dst order") == 0))
	if rapid.Bool().Draw(t, "predicated") {
		c.Extent = []int64{
			vm * rapid.Int64Range(0, m/vm).Draw(t, "extent m"),
			vn * rapid.Int64Range(0, nn/vn).Draw(t, "extent n"),
		}
	}
	return c
}

var matrixElems = map[Family][]string{
	LDSMN: {"uint4b_t", "uint8_t", "half_t", "bfloat16_t", "float"},
	STSM:  {"uint8_t", "half_t", "bfloat16_t", "float"},
	LDSMT: {"half_t", "bfloat16_t", "uint16_t"},
}

// matrix draws an ldmatrix (without .trans) or stmatrix case. Lane j of
// the reference holds row j/4 of each of the x matrices, W = 32/bits
// elements from column W*(j%4): threads (8,4):(4,1), values (x,W):(W,1),
// so matrix i's row r is tile row i + x*r. The shared-memory side stores
// matrix i's row r at row 8i+r of pitch P; the register side is each
// thread's fragment, consecutive.
func matrix(t *rapid.T, a tiledcopy.Atom) tiledcopy.Case {
	fam := FamilyOf(a)
	x := matrices[a]
	e := elem(rapid.SampledFrom(matrixElems[fam]).Draw(t, "elem"))
	w := 32 / int64(e.Bits)
	r := 4 * w
	rm := rapid.SampledFrom([]int64{1, 1, 2}).Draw(t, "tile repeats m")
	rn := rapid.SampledFrom([]int64{1, 2, 4, 8}).Draw(t, "tile repeats n")
	for 8*x*rm*r*rn > maxTile {
		rn /= 2
	}
	p := r*rn + r*rapid.SampledFrom([]int64{0, 0, 1, 2}).Draw(t, "pad rows")
	sm := tiledcopy.Tensor{Layout: two([]int64{x, 8, rm}, []int64{8 * p, p, 8 * x * p}, []int64{r * rn}, []int64{1})}
	if rapid.IntRange(0, 9).Draw(t, "split rows") == 0 {
		// A row spread over every other element: CuTe refuses to recast it.
		sm.Layout = two([]int64{x, 8, rm}, []int64{16 * p, 2 * p, 16 * x * p}, []int64{r * rn}, []int64{2})
	} else if rapid.IntRange(0, 2).Draw(t, "swizzled") != 0 {
		sm.Swizzle = swizzle(t, log2(r), sm.Layout)
	}
	reg := tiledcopy.Tensor{Layout: two([]int64{x, 8, rm}, []int64{w, 4 * x * w, 32 * x * w},
		[]int64{w, 4, rn}, []int64{1, x * w, 32 * x * w * rm})}
	c := tiledcopy.Case{Atom: a, Element: e, Thr: layout("(8,4):(4,1)"), Val: layout("(%d,%d):(%d,1)", x, w, w), Src: sm, Dst: reg}
	if fam == STSM {
		c.Src, c.Dst = reg, sm
	}
	return c
}

// transposed draws an ldmatrix .trans case (16-bit elements): lane
// j0+4*j1 of the reference holds column j1 of rows 2*j0 and 2*j0+1 of each
// matrix; threads (8,4):(4,1), values (x,2):(2,1), so tile (m, n) is
// matrix i's column c at m = i + x*c, its row r at n = r (plus 8 per
// repeat).
func transposed(t *rapid.T, a tiledcopy.Atom) tiledcopy.Case {
	x := matrices[a]
	e := elem(rapid.SampledFrom(matrixElems[LDSMT]).Draw(t, "elem"))
	rn := rapid.SampledFrom([]int64{1, 2, 4, 8}).Draw(t, "tile repeats n")
	p := rapid.SampledFrom([]int64{8, 8, 16, 64}).Draw(t, "pitch")
	sm := tiledcopy.Tensor{Layout: two([]int64{x, 8}, []int64{8 * p, 1}, []int64{8, rn}, []int64{p, 8 * x * p})}
	if rapid.IntRange(0, 2).Draw(t, "swizzled") != 0 {
		sm.Swizzle = swizzle(t, 3, sm.Layout)
	}
	reg := tiledcopy.Tensor{Layout: two([]int64{x, 8}, []int64{2, 8 * x}, []int64{2, 4, rn}, []int64{1, 2 * x, 64 * x})}
	return tiledcopy.Case{Atom: a, Element: e, Thr: layout("(8,4):(4,1)"), Val: layout("(%d,2):(2,1)", x), Src: sm, Dst: reg}
}
