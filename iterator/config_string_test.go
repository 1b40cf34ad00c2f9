package iterator

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/layout"
)

// configStringFmt is Config.String as it was written with fmt: the text
// every report, key and replay command holds, which the appending
// rendition must reproduce byte for byte.
func configStringFmt(c Config) string {
	var b strings.Builder
	if c.Class != RegularTile {
		fmt.Fprintf(&b, "class=%s ", c.Class)
	}
	if c.Layout != layout.PitchLinear {
		fmt.Fprintf(&b, "layout=%s ", c.Layout)
	}
	if strings.HasPrefix(c.Elem.Name, "bits") {
		fmt.Fprintf(&b, "bits=%d ", c.Elem.Bits)
	} else {
		fmt.Fprintf(&b, "elem=%s ", c.Elem.Name)
	}
	fmt.Fprintf(&b, "shape=%dx%d map=%s threads=%d access=%d adv=%d", c.Shape[0], c.Shape[1], c.Map, c.Threads, c.Access, c.Adv)
	if c.Map.Warp() {
		fmt.Fprintf(&b, " warp=%dx%d", c.Warp[0], c.Warp[1])
	}
	if c.Stride != 0 {
		fmt.Fprintf(&b, " stride=%d", c.Stride)
	}
	if c.Align != 0 {
		fmt.Fprintf(&b, " align=%d", c.Align)
	}
	if c.Rows != 0 {
		fmt.Fprintf(&b, " rows=%d", c.Rows)
	}
	if c.Atomic != "" {
		fmt.Fprintf(&b, " atomic=%s", c.Atomic)
	}
	if c.Extent != [2]int64{} {
		fmt.Fprintf(&b, " extent=%dx%d", c.Extent[0], c.Extent[1])
	}
	if c.TB != [2]int64{} {
		fmt.Fprintf(&b, " tb=%dx%d", c.TB[0], c.TB[1])
	}
	if c.AccessElems != 0 {
		fmt.Fprintf(&b, " access_elems=%d", c.AccessElems)
	}
	return b.String()
}

// TestConfigStringIsFmt: Config.String equals the fmt rendition on random
// configurations of every class, with every optional field set or not,
// negative and extreme values, and out-of-range enums.
func TestConfigStringIsFmt(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	pick := func(xs ...int64) int64 { return xs[r.Intn(len(xs))] }
	for i := 0; i < 20000; i++ {
		c := randomRegular(r)
		c.Class = Class(r.Intn(6))
		c.Layout = layout.Kind(r.Intn(4))
		c.Map = MapKind(r.Intn(7))
		if r.Intn(3) == 0 {
			c.Elem = layout.Elem{Name: fmt.Sprintf("bits%d", c.Elem.Bits), Bits: c.Elem.Bits}
		}
		c.Adv = int(pick(0, 1, -1, 7))
		c.Stride = pick(0, -5, 1<<62, -1<<63, 64)
		c.Rows = pick(0, 0, 3, -1)
		c.Extent = [2]int64{pick(0, 0, 5, -7), pick(0, 9)}
		c.TB = [2]int64{pick(0, 0, 1), pick(0, -3)}
		c.AccessElems = int(pick(0, 0, 2, -1))
		got, want := c.String(), configStringFmt(c)
		require.Equal(t, want, got, "String() = %q, fmt gives %q", got, want)
	}
}
