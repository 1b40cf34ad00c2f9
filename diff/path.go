package diff

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// callNames are the C++ calls an op makes, as a path names them.
var callNames = map[iterator.OpKind]string{
	iterator.Load:             "load(frag)",
	iterator.Store:            "store(frag)",
	iterator.LoadTile:         "load(frag, tile)",
	iterator.StoreTile:        "store(frag, tile)",
	iterator.LoadPtr:          "load_with_pointer_offset(frag, n)",
	iterator.StorePtr:         "store_with_pointer_offset(frag, n)",
	iterator.AddTileOffset:    "add_tile_offset",
	iterator.AddPointerOffset: "add_pointer_offset",
	iterator.Inc:              "++",
	iterator.Dec:              "--",
	iterator.Accesses:         "accesses()",
	iterator.ClearMask:        "clear_mask",
	iterator.EnableMask:       "enable_mask",
}

// CallPath names the call path of op i of prog: the calls that moved the
// iterator or its mask before it, in order, then the call itself, e.g.
// "add_tile_offset, ++ → store(frag)" or "store(frag, tile)". Loads and
// stores before it move nothing and are not named.
func CallPath(prog iterator.Program, i int) string {
	if i < 0 || i >= len(prog) {
		return fmt.Sprintf("op %d", i)
	}
	var moves []string
	for _, op := range prog[:i] {
		if !op.Records() {
			moves = append(moves, callNames[op.Kind])
		}
	}
	call := callNames[prog[i].Kind]
	if len(moves) == 0 {
		return call
	}
	return strings.Join(moves, ", ") + " → " + call
}

// ConfigClass is the class of configuration a difference is grouped by:
// the layout, the element width, and whether an access moves one element
// (V=1) or several (V>1), e.g. "pitchlinear 16-bit V>1".
func ConfigClass(c iterator.Config) string {
	v := "V=1"
	if c.Access > 1 {
		v = "V>1"
	}
	return fmt.Sprintf("%s %d-bit %s", c.Layout, c.Elem.Bits, v)
}

// configOrder sorts configuration classes: by layout, element width, then
// V=1 before V>1.
func configOrder(c iterator.Config) [3]int {
	v := 0
	if c.Access > 1 {
		v = 1
	}
	return [3]int{int(c.Layout), c.Elem.Bits, v}
}
