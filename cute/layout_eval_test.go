package cute

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// edgeInt draws integers that stress crd2idx: small ones (zero and
// negatives among them), powers of two, and values at the edges of CuTe's
// 32-bit int and of int64.
func edgeInt(t *rapid.T, label string) int64 {
	switch rapid.IntRange(0, 5).Draw(t, label+" kind") {
	case 0, 1:
		return rapid.Int64Range(-3, 9).Draw(t, label)
	case 2:
		return int64(1) << rapid.IntRange(0, 16).Draw(t, label+" log2")
	case 3:
		b := rapid.SampledFrom([]int64{MaxInt, MinInt, MaxInt / 2, MinInt / 2, 1 << 16, 46341}).Draw(t, label+" base")
		return b + rapid.Int64Range(-2, 2).Draw(t, label+" delta")
	case 4:
		b := rapid.SampledFrom([]int64{math.MaxInt64, math.MinInt64, math.MaxInt64 / 3, 1 << 32, 3037000500}).Draw(t, label+" base")
		d := rapid.Int64Range(-2, 2).Draw(t, label+" delta")
		if (d > 0 && b > math.MaxInt64-d) || (d < 0 && b < math.MinInt64-d) {
			d = 0
		}
		return b + d
	}
	return rapid.Int64().Draw(t, label)
}

// genPair draws a shape and a congruent stride of depth at most depth.
// A tame pair mostly has small positive extents, as real layouts do, so
// that its strides alone decide whether values and sums overflow.
func genPair(t *rapid.T, depth int, tame bool) (IntTuple, IntTuple) {
	if depth == 0 || rapid.IntRange(0, 2).Draw(t, "leaf") == 0 {
		var x int64
		if tame && rapid.IntRange(0, 9).Draw(t, "wild extent") > 0 {
			x = rapid.Int64Range(1, 6).Draw(t, "extent")
		} else {
			x = edgeInt(t, "extent")
		}
		if tame && rapid.Bool().Draw(t, "big stride") {
			// Values near half the range, of either sign, make sums that
			// overflow in one order of addition and not in another.
			b := rapid.SampledFrom([]int64{MaxInt / 2, MaxInt/2 + 1, MaxInt / 3, MaxInt, MinInt / 2, MinInt/2 - 1, MinInt / 3, MinInt}).Draw(t, "big")
			return Int(x), Int(b)
		}
		return Int(x), Int(edgeInt(t, "stride"))
	}
	n := rapid.IntRange(0, 4).Draw(t, "rank")
	sh := make([]IntTuple, n)
	st := make([]IntTuple, n)
	for i := range sh {
		sh[i], st[i] = genPair(t, depth-1, tame)
	}
	return Tuple(sh...), Tuple(st...)
}

// sameAt fails t unless the prepared evaluator and crd2idx agree on l(i):
// the same value, or errors with the same text.
func sameAt(t *rapid.T, e *evaluator, i int64) {
	want, werr := crd2idx(i, e.l.Shape, e.l.Stride)
	got, gerr := e.at(i)
	switch {
	case (werr == nil) != (gerr == nil):
		t.Fatalf("%v at %d: want %d, %v; got %d, %v", e.l, i, want, werr, got, gerr)
	case werr != nil && werr.Error() != gerr.Error():
		t.Fatalf("%v at %d: want error %q, got %q", e.l, i, werr, gerr)
	case werr == nil && want != got:
		t.Fatalf("%v at %d: want %d, got %d", e.l, i, want, got)
	}
}

// The prepared evaluator is exactly crd2idx, values and errors alike, on
// random nested layouts and indices in and past their domain.
func TestPreparedAtMatchesCrd2idx(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Several layouts a run, as overflow that only nesting shows is rare.
		for range 4 {
			sh, st := genPair(t, 3, rapid.Bool().Draw(t, "tame"))
			e := prepare(Layout{Shape: sh, Stride: st})
			n, err := e.l.Size()
			if err != nil || n <= 0 {
				n = 64
			}
			for i := int64(0); i < min(n, 64); i++ {
				sameAt(t, e, i)
			}
			for range 8 {
				sameAt(t, e, rapid.Int64Range(0, n).Draw(t, "index"))
			}
			sameAt(t, e, n)
			sameAt(t, e, edgeInt(t, "far index"))
			sameValues(t, e.l, min(n, 64))
		}
	})
}

// sameValues fails t unless l.Values(n) is crd2idx at 0, 1, ... up to n
// or its first error.
func sameValues(t *rapid.T, l Layout, n int64) {
	got, gerr := l.Values(n)
	for i := int64(0); i < n; i++ {
		want, werr := crd2idx(i, l.Shape, l.Stride)
		if werr != nil {
			if gerr == nil || gerr.Error() != werr.Error() || int64(len(got)) != i {
				t.Fatalf("%v.Values(%d): got %d values, %v; want %d, %v", l, n, len(got), gerr, i, werr)
			}
			return
		}
		if i >= int64(len(got)) || got[i] != want {
			t.Fatalf("%v.Values(%d) at %d: got %v, want %d", l, n, i, got, want)
		}
	}
	if gerr != nil || int64(len(got)) != n {
		t.Fatalf("%v.Values(%d): got %d values, %v", l, n, len(got), gerr)
	}
}

// The fast path takes the common layouts, and where a nested sum
// overflows though the flat one would not, it gives crd2idx's error.
func TestPreparedAtExamples(t *testing.T) {
	for _, s := range []string{"(2,(2,2)):(4,(2,1))", "((2,3),4):((1,2),6)", "8:1", "(3,(2,_5)):(-1,(0,7))", "((4,3),()):((1,4),())"} {
		l, err := ParseLayout(s)
		if err != nil {
			t.Fatal(err)
		}
		if !prepare(l).fast {
			t.Errorf("%s: not on the fast path", s)
		}
	}
	// At 7 the leaves give -2^30, 2^30, 2^30: the mode (2,2) sums to 2^31.
	l, err := ParseLayout("(2,(2,2)):(-1073741824,(1073741824,1073741824))")
	if err != nil {
		t.Fatal(err)
	}
	want := "1073741824+1073741824: " + ErrOverflow.Error()
	if _, err := prepare(l).at(7); err == nil || err.Error() != want {
		t.Errorf("%v at 7: got %v, want %s", l, err, want)
	}
}

func BenchmarkLayoutAt(b *testing.B) {
	l, err := ParseLayout("((4,8),(2,(3,16))):((64,1),(8,(512,32)))")
	if err != nil {
		b.Fatal(err)
	}
	n, _ := l.Size()
	b.Run("At", func(b *testing.B) {
		for b.Loop() {
			for i := int64(0); i < n; i++ {
				if _, err := l.At(i); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("prepared", func(b *testing.B) {
		for b.Loop() {
			e := prepare(l)
			for i := int64(0); i < n; i++ {
				if _, err := e.at(i); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
