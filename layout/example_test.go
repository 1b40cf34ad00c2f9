package layout_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/layout"
)

// Converting between units names the element width: 4 f16 elements are
// 64 bits, exactly 8 bytes; 12 bits are 1 whole byte and 4 bits left over.
func Example() {
	f16, _ := layout.ElemByName("f16")
	bits, _ := layout.Elements(4).ToBits(f16.Bits)
	bytes, exact := bits.ToBytes()
	fmt.Println(f16.Bits, bits, bytes, exact)
	bytes, exact = layout.Bits(12).ToBytes()
	fmt.Println(bytes, exact)
	// Output:
	// 16 64 8 true
	// 1 false
}

// sizeof(Array<e2m3, 16>): 6-bit elements are stored 5 to a 4-byte word,
// so 16 of them take 4 words, 16 bytes, not 16·6/8 = 12.
func ExampleArrayBytes() {
	e, _ := layout.ElemByName("e2m3")
	fmt.Println(e.Bits, layout.ArrayBytes(16, e.Bits))
	// Output:
	// 6 16
}

// A row-major (row, col) coordinate is the pitch-linear (c, s) = (col, row).
func ExampleKind_ToPitch() {
	fmt.Println(layout.RowMajor.ToPitch(2, 3), layout.ColumnMajor.ToPitch(2, 3))
	// Output:
	// (3,2) (2,3)
}
