package props

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tilecheck/tilecheck/iterator"
)

// The equivalences' descriptions, kept as data until a violation formats
// them, read as each equivalence's own format says.
func TestDescribeText(t *testing.T) {
	o := op(iterator.LoadTile, 3, -2)
	inc, ptr := op(iterator.Inc, 0, 0), op(iterator.LoadPtr, 12, 0)
	pass := op(iterator.Accesses, 0, 0)
	cases := []struct {
		d    describe
		want string
	}{
		{describe{f: describeSym, i: 1, o: o}, fmt.Sprintf("op %d: store(%d,%d) differs from load(%d,%d)", 1, o.A, o.B, o.A, o.B)},
		{describe{f: describeTile, i: 2, o: o, x: storeOp}, fmt.Sprintf("op %d: %s differs from add_tile_offset(%d,%d); %s", 2, o, o.A, o.B, storeOp)},
		{describe{f: describeIncTile, i: 0, o: inc, x: op(iterator.AddTileOffset, 0, -1)}, fmt.Sprintf("op %d: %s; load() differs from add_tile_offset(%d,%d); load()", 0, inc, 0, -1)},
		{describe{f: describeIncInverse, i: 4, o: inc, x: op(iterator.Dec, 0, 0)}, fmt.Sprintf("op %d: %s; %s is not an identity", 4, inc, op(iterator.Dec, 0, 0))},
		{describe{f: describeTileInverse, i: 5, o: o}, fmt.Sprintf("op %d: %s; add_tile_offset(%d,%d) is not an identity", 5, o, -o.A, -o.B)},
		{describe{f: describePtr, i: 6, o: ptr, x: op(iterator.AddPointerOffset, 3, 0), y: loadOp}, fmt.Sprintf("op %d: %s differs from add_pointer_offset(%d); %s", 6, ptr, 3, loadOp)},
		{describe{f: describeFamilyTile, i: 7, o: o, x: op(iterator.AddPointerOffset, -40, 0), y: pass}, fmt.Sprintf("op %d: %s; %s differs from add_pointer_offset(%d); %s", 7, o, pass, -40, pass)},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.d.String())
	}
}
