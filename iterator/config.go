package iterator

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/layout"
)

// Class selects the iterator template (`class=`). Each class's constant
// and descriptor (ClassInfo), which every layer reads, are in the class's
// own file (class_*.go); the zero Class is the default, RegularTile.
type Class int

// MapKind selects the thread map.
type MapKind int

const (
	Stripmined MapKind = iota
	WarpRaked
	WarpStriped     // CUTLASS HEAD's arrangement
	WarpStriped3131 // the arrangement proposed by CUTLASS PR #3131
)

var mapNames = []string{"stripmined", "warp-raked", "warp-striped", "warp-striped-3131"}

func (m MapKind) String() string {
	if int(m) < len(mapNames) {
		return mapNames[m]
	}
	return fmt.Sprintf("map(%d)", int(m))
}

// Warp reports whether the map takes a warp shape.
func (m MapKind) Warp() bool { return m != Stripmined }

// MapKinds lists every thread map.
func MapKinds() []MapKind { return []MapKind{Stripmined, WarpRaked, WarpStriped, WarpStriped3131} }

// MapKindByName parses a map name; hyphens are optional.
func MapKindByName(s string) (MapKind, error) {
	norm := strings.ReplaceAll(strings.ToLower(s), "-", "")
	for i, n := range mapNames {
		if norm == strings.ReplaceAll(n, "-", "") {
			return MapKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown map %q (want one of %s)", s, strings.Join(mapNames, ", "))
}

// Config is one iterator instantiation plus the tensor it walks.
// Shape, Warp, Extent and TB are stored in the layout's own order, exactly as
// written in the configuration; Pitch* methods give the pitch-linear view.
type Config struct {
	Class   Class
	Layout  layout.Kind
	Elem    layout.Elem
	Shape   [2]int64 // CxS for pitch-linear, RxC for matrix layouts
	Map     MapKind
	Threads int
	Access  int      // V, kElementsPerAccess
	Adv     int      // advance rank, in the layout's own terms
	Stride  int64    // L in elements; 0 means the contiguous extent
	Warp    [2]int64 // warp shape (wc, ws) of warp maps, in pitch-linear order
	Align   int64    // Alignment in bytes; 0 means the default
	Rows    int64    // allocation's strided extent in rows; 0 means what the program reaches
	Atomic  string   // "" or "cas32"

	// Predicated classes.
	Extent      [2]int64 // tensor extent CxS (pitch-linear order); zero means the tile shape
	TB          [2]int64 // threadblock offset CxS (pitch-linear order)
	AccessElems int      // elements per AccessType; 0 means V
}

// PitchShape is the tile shape (Sc, Ss) in pitch-linear order.
func (c Config) PitchShape() layout.Coord {
	return c.Layout.ToPitch(c.Shape[0], c.Shape[1])
}

// PitchAdv is the advance rank of the underlying pitch-linear iterator.
func (c Config) PitchAdv() int { return c.Layout.PitchRank(c.Adv) }

// Pitch is L, the pitch in elements, defaulting to the contiguous extent:
// the tensor's (extent=) for the predicated classes, else the tile's.
func (c Config) Pitch() int64 {
	if c.Stride != 0 {
		return c.Stride
	}
	if c.Class.Predicated() && c.Extent != [2]int64{} {
		return c.Extent[0]
	}
	return c.PitchShape().C
}

// ElemsPerAccessType is access_elems, defaulting to V.
func (c Config) ElemsPerAccessType() int {
	if c.AccessElems != 0 {
		return c.AccessElems
	}
	return c.Access
}

// PitchExtent is the predicated tensor extent, defaulting to one tile.
func (c Config) PitchExtent() layout.Coord {
	if c.Extent == [2]int64{} {
		return c.PitchShape()
	}
	return layout.Coord{C: c.Extent[0], S: c.Extent[1]}
}

// AccessBytes is A = sizeof(AccessType) for RegularTileIterator: the packed
// size of V elements rounded up to a multiple of the alignment, where the
// default alignment is floor(V·B/8), or none when V·B < 8.
func (c Config) AccessBytes() layout.Bytes {
	size := layout.ArrayBytes(layout.Elements(c.Access), c.Elem.Bits)
	align := layout.Bytes(c.Align)
	if c.Align == 0 {
		align = layout.Bytes(int64(c.Access) * int64(c.Elem.Bits) / 8)
	}
	if align <= 0 {
		return size
	}
	return (size + align - 1) / align * align
}

// String renders the configuration in its canonical grammar, so
// that ParseConfig(c.String()) == c. Defaults are omitted.
func (c Config) String() string {
	// Appended without fmt: the exhaustive preset's enumeration keys every
	// candidate configuration by its text (gen.Enumerate), serially, and
	// Fprintf was most of that. configStringFmt in the tests is the fmt
	// rendition it must equal.
	b := make([]byte, 0, 128)
	if c.Class != RegularTile {
		b = append(append(append(b, "class="...), c.Class.String()...), ' ')
	}
	if c.Layout != layout.PitchLinear {
		b = append(append(append(b, "layout="...), c.Layout.String()...), ' ')
	}
	if strings.HasPrefix(c.Elem.Name, "bits") {
		b = append(strconv.AppendInt(append(b, "bits="...), int64(c.Elem.Bits), 10), ' ')
	} else {
		b = append(append(append(b, "elem="...), c.Elem.Name...), ' ')
	}
	b = appendPair(append(b, "shape="...), c.Shape)
	b = append(append(b, " map="...), c.Map.String()...)
	b = strconv.AppendInt(append(b, " threads="...), int64(c.Threads), 10)
	b = strconv.AppendInt(append(b, " access="...), int64(c.Access), 10)
	b = strconv.AppendInt(append(b, " adv="...), int64(c.Adv), 10)
	if c.Map.Warp() {
		b = appendPair(append(b, " warp="...), c.Warp)
	}
	if c.Stride != 0 {
		b = strconv.AppendInt(append(b, " stride="...), c.Stride, 10)
	}
	if c.Align != 0 {
		b = strconv.AppendInt(append(b, " align="...), c.Align, 10)
	}
	if c.Rows != 0 {
		b = strconv.AppendInt(append(b, " rows="...), c.Rows, 10)
	}
	if c.Atomic != "" {
		b = append(append(b, " atomic="...), c.Atomic...)
	}
	if c.Extent != [2]int64{} {
		b = appendPair(append(b, " extent="...), c.Extent)
	}
	if c.TB != [2]int64{} {
		b = appendPair(append(b, " tb="...), c.TB)
	}
	if c.AccessElems != 0 {
		b = strconv.AppendInt(append(b, " access_elems="...), int64(c.AccessElems), 10)
	}
	return string(b)
}

// appendPair appends "AxB".
func appendPair(b []byte, p [2]int64) []byte {
	return strconv.AppendInt(append(strconv.AppendInt(b, p[0], 10), 'x'), p[1], 10)
}
