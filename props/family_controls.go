package props

import "github.com/tilecheck/tilecheck/iterator"

// The family controls and the properties that must kill them.
// P-oracle sees every one of them where its defect can show; P-traverse
// also sees the residue that ignores tb. C-sizeof-subbyte moves a traversal
// off its region too, but the properties listed must kill a control on every
// class it runs on, and RegularTileAccessIterator has no traversal.
func init() {
	RegisterControl(iterator.C3487Cross, ControlSpec{MustKill: []string{"P-oracle"}})
	RegisterControl(iterator.CRank0NoPitch, ControlSpec{MustKill: []string{"P-oracle"}})
	RegisterControl(iterator.CSizeofSubbyte, ControlSpec{MustKill: []string{"P-oracle"}})
	RegisterControl(iterator.CResidueNoTB, ControlSpec{MustKill: []string{"P-traverse", "P-oracle"}})
}
