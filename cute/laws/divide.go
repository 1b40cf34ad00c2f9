package laws

import (
	"github.com/tilecheck/tilecheck/cute"
)

// Divide is logical_divide's definition and what it promises of A.
var Divide = &Property{
	ID: "L-divide",
	Doc: "logical_divide(A, B) = composition(A, (B, complement(B, size(A)))), " +
		"and where (B, complement) permutes A's domain, a re-indexing of A: the same size and offsets",
	Ops: []cute.Op{cute.OpLogicalDivide},
	Needs: func(c cute.Case) []cute.Case {
		n, _ := c.A.Size()
		return []cute.Case{{Op: cute.OpComplement, A: c.B, Cotarget: n}}
	},
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		if needs[0].Rejected != "" {
			return nil
		}
		tiler := cute.Concat(c.B, needs[0].Layout)
		if v := composedAgree("logical_divide(A, B)(i) against A((B, complement(B, size(A)))(i))", c.A, tiler, values(a)); v != nil {
			return v
		}
		// A re-indexing where the tiler is a permutation of A's domain.
		img, err := eval(c.A)
		if err != nil || int64(len(img)) == MaxEval || a.Truncated {
			return nil
		}
		ts, err := eval(tiler)
		if err != nil || len(ts) != len(img) || sameSet("", rangeOf(int64(len(img))), ts) != nil {
			return nil
		}
		if len(values(a)) != len(img) {
			return violation("size %d, want size(A) = %d", len(values(a)), len(img))
		}
		return sameSet("logical_divide(A, B) against A", img, values(a))
	},
}

// DivideByMode is by-mode logical_divide's definition.
var DivideByMode = &Property{
	ID:    "L-divide-bymode",
	Doc:   "by-mode logical_divide: mode i of logical_divide(A, <B0,B1,...>) is logical_divide(A_i, B_i); A's other modes are kept",
	Ops:   []cute.Op{cute.OpLogicalDivideTile},
	Needs: byModeNeeds(cute.OpLogicalDivide),
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		return modesAgree("result", a.Layout, c.A, needs)
	},
}

// Zipped is zipped_divide's definition: logical_divide by mode, its tiles
// gathered into mode 0 and the rest into mode 1.
var Zipped = &Property{
	ID:  "L-zipped",
	Doc: "zipped_divide(A, <B0,...>) = ((tile_0, tile_1, ...), (rest_0, rest_1, ..., A's other modes)) of logical_divide(A, <B0,...>)",
	Ops: []cute.Op{cute.OpZippedDivide},
	Needs: func(c cute.Case) []cute.Case {
		return []cute.Case{{Op: cute.OpLogicalDivideTile, A: c.A, Tiler: c.Tiler}}
	},
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		if needs[0].Rejected != "" {
			return nil
		}
		want, ok := unzip(needs[0].Layout, len(c.Tiler))
		if !ok {
			return violation("logical_divide's answer %v has no (tile, rest) modes", needs[0].Layout)
		}
		return sameFunction("zipped_divide against logical_divide gathered", want, a)
	},
}

// unzip gathers the (tile, rest) modes of a by-mode divide's first n modes.
func unzip(ld cute.Layout, n int) (cute.Layout, bool) {
	var tiles, rests []cute.Layout
	for i := 0; i < ld.Rank(); i++ {
		m := ld.Mode(i)
		if i >= n {
			rests = append(rests, m)
			continue
		}
		if m.Rank() != 2 || !m.Shape.IsTuple() {
			return cute.Layout{}, false
		}
		tiles = append(tiles, m.Mode(0))
		rests = append(rests, m.Mode(1))
	}
	return cute.Concat(cute.Concat(tiles...), cute.Concat(rests...)), true
}

// Tiled is tiled_divide's definition.
var Tiled = &Property{
	ID:  "L-tiled",
	Doc: "tiled_divide(A, <B0,...>) = (tiles, rest_0, rest_1, ...): zipped_divide with its rest mode unpacked",
	Ops: []cute.Op{cute.OpTiledDivide},
	Needs: func(c cute.Case) []cute.Case {
		return []cute.Case{{Op: cute.OpZippedDivide, A: c.A, Tiler: c.Tiler}}
	},
	Check: func(c cute.Case, a cute.Answer, needs []cute.Answer) *Violation {
		z := needs[0]
		if z.Rejected != "" {
			return nil
		}
		if z.Layout.Rank() != 2 {
			return violation("zipped_divide's answer %v is not rank 2", z.Layout)
		}
		if v := sameFunction("tiled_divide against zipped_divide", z.Layout, a); v != nil {
			return v
		}
		if want := 1 + z.Layout.Mode(1).Rank(); a.Layout.Rank() != want {
			return violation("rank %d, want 1 + rank of zipped_divide's rest = %d", a.Layout.Rank(), want)
		}
		return nil
	},
}
