package props

import "github.com/tilecheck/tilecheck/iterator"

// InResidue reports whether a predicated iterator is still in its residue
// tile after the ops of pre: no add_tile_offset (nor PredicatedTileIterator's
// ++, which is one) has consumed the residue yet. The first tile move of a
// predicated iterator moves by the residue, not a whole tile, so
// the properties about whole-tile moves — P-inc's ++ ≡ add_tile_offset and
// round trips, P-unit's tile units — hold for them only on moves made after
// it, and should judge only those: a move made while InResidue is true is
// outside their precondition. It is false for the non-predicated classes.
func InResidue(cfg iterator.Config, pre iterator.Program) bool {
	if !cfg.Class.Predicated() {
		return false
	}
	for _, o := range pre {
		if o.Kind == iterator.AddTileOffset || (o.Kind == iterator.Inc && cfg.Class.IncMovesTile()) {
			return false
		}
	}
	return true
}
