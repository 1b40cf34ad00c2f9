package props

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// familyPass is the op that makes one pass over a family class's accesses:
// load() for PredicatedTileIterator, accesses() for the access iterators.
func familyPass(class iterator.Class) iterator.Op {
	return op(class.Pass(), 0, 0)
}

func describeFamilyTile(i int, o, ptr, pass iterator.Op) string {
	return fmt.Sprintf("op %d: %s; %s differs from add_pointer_offset(%d); %s", i, o, pass, ptr.A, pass)
}

// familyTileEquivalences appends to out P-tile's equivalences for the
// family classes, which have no load/store(frag, tile): a tile offset
// moves whole tiles in both dimensions, so once the residue is consumed
// (InResidue false) add_tile_offset(tc, ts); pass ≡
// add_pointer_offset(tc·Sc + ts·Ss·L); pass, add_pointer_offset counting
// elements. Both sides are paths of the code
// under test, so this needs no reference: CUTLASS's predicated iterators
// fail it through their cross-rank terms (#3487, and rank 0 without L), its
// RegularTileAccessIterator through V·(L/V) where L % V != 0. Offsets whose
// element count is not a whole number of bytes are skipped (the pointer
// offset itself would truncate). For the RegularTileIterator class it adds
// nothing: P-tile's own equivalences cover it.
func familyTileEquivalences(c *Case, out []equivalence) []equivalence {
	cfg := c.Config
	if !cfg.Class.Family() {
		return out
	}
	sh, l, b := cfg.PitchShape(), cfg.Pitch(), int64(cfg.Elem.Bits)
	pass := familyPass(cfg.Class)
	for i, o := range c.Program {
		pre := c.Program[:i]
		if o.Kind != iterator.AddTileOffset || InResidue(cfg, pre) {
			continue
		}
		t := cfg.Layout.ToPitch(o.A, o.B)
		n := t.C*sh.C + t.S*sh.S*l
		if n*b%8 != 0 {
			continue
		}
		out = append(out, equivalence{
			exp: c.with(pre, op(iterator.AddPointerOffset, n, 0), pass), expOp: -1,
			act: c.with(pre, o, pass), actOp: -1, maskOp: -1,
			what: describe{f: describeFamilyTile, i: i, o: o, x: op(iterator.AddPointerOffset, n, 0), y: pass},
		})
	}
	return out
}
