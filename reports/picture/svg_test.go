package picture

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/report"
)

var update = flag.Bool("update", false, "rewrite reports/picture/testdata/*.golden from the current renderer")

func render(t *testing.T, d Drawing) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, SVG(&b, d))
	return b.Bytes()
}

// TestSVGGolden pins the rendered pictures. After an intended change, run
// `go test ./reports/picture -update` and look at the pictures.
func TestSVGGolden(t *testing.T) {
	for name, d := range map[string]func(*testing.T) Drawing{
		"sym-f32": symF32, "sub-byte": subByte, "predicated": predicated, "counterexample": counterexample,
	} {
		t.Run(name, func(t *testing.T) {
			got := render(t, d(t))
			path := filepath.Join("testdata", name+".svg.golden")
			if *update {
				require.NoError(t, os.WriteFile(path, got, 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run `go test ./reports/picture -update` to create it")
			assert.Equal(t, string(want), string(got))
			assert.Equal(t, string(got), string(render(t, d(t))), "the same drawing renders the same bytes")
		})
	}
}

// rect is one <rect> of a rendered SVG.
type rect struct {
	class      []string
	x, y, w, h int
}

func (r rect) has(classes ...string) bool {
	for _, c := range classes {
		found := false
		for _, rc := range r.class {
			found = found || rc == c
		}
		if !found {
			return false
		}
	}
	return true
}

// parse reads svg as XML, failing on anything not well formed, and
// returns its rects and its text.
func parse(t *testing.T, svg []byte) ([]rect, string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var rects []rect
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local != "rect" {
				continue
			}
			var r rect
			for _, a := range el.Attr {
				n, _ := strconv.Atoi(a.Value)
				switch a.Name.Local {
				case "class":
					r.class = strings.Fields(a.Value)
				case "x":
					r.x = n
				case "y":
					r.y = n
				case "width":
					r.w = n
				case "height":
					r.h = n
				}
			}
			rects = append(rects, r)
		case xml.CharData:
			text.Write(el)
			text.WriteByte(' ')
		}
	}
	return rects, text.String()
}

func count(rects []rect, classes ...string) (n int, out []rect) {
	for _, r := range rects {
		if r.has(classes...) {
			n++
			out = append(out, r)
		}
	}
	return n, out
}

// The f32 case's geometry by hand: 64 cells a row of 15 px from x=56, rows
// 2*8+2 = 18 px from y=78. Thread 5's load(1,0) on cutlass-pre3049 reads
// bytes 144, 656, 1168, 1680 (elements 36, 164, 292, 420: rows 0, 2, 4, 6
// at column 36); the reference and the store use bytes 336, ... (element
// 84: row 1, column 20).
func TestSVGDrawsEachPathWhereItAccesses(t *testing.T) {
	rects, text := parse(t, render(t, symF32(t)))
	n, loads := count(rects, ClassAccess, ClassPath(0))
	require.Equal(t, 4, n, "the load's four accesses")
	for i, r := range loads {
		assert.Equal(t, 56+36*15, r.x, "load access %d at column 36", i)
		assert.Equal(t, 78+2*i*18+1, r.y, "load access %d in row %d, band 0", i, 2*i)
		assert.Equal(t, 4*15, r.w, "four elements wide")
	}
	n, stores := count(rects, ClassAccess, ClassPath(1))
	require.Equal(t, 4, n, "the store's four accesses")
	for i, r := range stores {
		assert.Equal(t, 56+20*15, r.x)
		assert.Equal(t, 78+(2*i+1)*18+1+8, r.y, "store access %d in row %d, band 1", i, 2*i+1)
	}
	n, refs := count(rects, ClassReference, ClassPath(0))
	require.Equal(t, 4, n, "the reference's load differs: drawn")
	assert.Equal(t, 56+20*15, refs[0].x)
	n, _ = count(rects, ClassReference, ClassPath(1))
	assert.Zero(t, n, "the store agrees with the reference: no reference drawn")
	n, _ = count(rects, ClassTile)
	assert.Equal(t, 2, n, "the tile and its legend key")
	n, _ = count(rects, ClassGap)
	assert.Equal(t, 1, n, "the pitch equals the tile's extent: only the legend's gap key")
	assert.Contains(t, text, "op 0: load(1,0) (differs from the reference: dashed)")
	assert.Contains(t, text, "op 1: load(1,0); store(1,0)")
	assert.Contains(t, text, "cutlass-pre3049: thread 5")
}

// Sub-byte: cells are bits. u4 access=16 is 64 bits; a row is the pitch,
// 96 elements = 384 bits of 2 px each; the gap is 128 of them past the
// tile's 64 elements.
func TestSVGDrawsSubByteInBits(t *testing.T) {
	rects, text := parse(t, render(t, subByte(t)))
	n, acc := count(rects, ClassAccess)
	require.NotZero(t, n)
	for _, r := range acc {
		assert.Equal(t, 64*2, r.w, "an access is 64 bits")
	}
	_, gap := count(rects, ClassGap)
	require.Len(t, gap, 2, "the gap and its key")
	assert.Equal(t, 56+256*2, gap[0].x, "the gap starts past the tile's 256 bits")
	assert.Equal(t, (384-256)*2, gap[0].w)
	assert.Contains(t, text, "1 cell = 1 bit; an element (u4) is 4 cells")
}

// Thread 3's accesses start at column 24, the tensor's extent: guarded off,
// drawn hollow.
func TestSVGDrawsGuardedOffHollow(t *testing.T) {
	rects, text := parse(t, render(t, predicated(t)))
	all, _ := count(rects, ClassAccess)
	off, _ := count(rects, ClassAccess, ClassOff)
	assert.Equal(t, 4, all)
	assert.Equal(t, 4, off)
	assert.Contains(t, text, "hollow: guarded off")
	assert.Contains(t, text, "tensor extent")
}

func TestSVGLeavesOutWhatItCannotPlace(t *testing.T) {
	rects, text := parse(t, render(t, counterexample(t)))
	n, _ := count(rects, ClassAccess)
	assert.Equal(t, 3, n, "the access not seen is not drawn")
	n, _ = count(rects, ClassReference)
	assert.Equal(t, 4, n)
	assert.Contains(t, text, "0 accesses lie outside the drawing, 1 were not seen")

	d, err := FromCounterexample("far", &report.Counterexample{
		Config: "elem=f32 shape=64x8 threads=32 access=4 stride=100000", Ops: "load()",
		Expected: []int64{0, 400000 * 200}, Actual: []int64{4, 400000 * 200},
	})
	require.NoError(t, err)
	svg := render(t, d)
	assert.Less(t, len(svg), 64<<10, "a wide pitch and far rows stay small")
	rects, text = parse(t, svg)
	n, _ = count(rects, ClassAccess)
	assert.Equal(t, 1, n, "the far access is left out")
	assert.Contains(t, text, "2 accesses lie outside the drawing", "the far access and the reference's")
	assert.Contains(t, text, "the first 1024 cells of each row drawn")
}

func TestSVGEscapesText(t *testing.T) {
	d := symF32(t)
	d.Title = `cutlass::Iter<float, 4> & "x"`
	rects, text := parse(t, render(t, d))
	assert.NotEmpty(t, rects)
	assert.Contains(t, text, `cutlass::Iter<float, 4> & "x"`)
}

func TestFromCounterexampleRefusesABadConfig(t *testing.T) {
	_, err := FromCounterexample("P-sym", &report.Counterexample{Config: "elem=nope"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "picture of P-sym")
}

// Accesses far past the tile: the rows drawn start at the first access,
// not at the tile, which no access is near.
func TestSVGFollowsFarAccesses(t *testing.T) {
	d, err := FromCounterexample("far rows", &report.Counterexample{
		Config: "elem=f32 shape=64x8 threads=32 access=4 stride=64", Ops: "load()",
		Expected: []int64{10000 * 256, 10070 * 256}, Actual: []int64{10000 * 256, 10070 * 256},
	})
	require.NoError(t, err)
	rects, text := parse(t, render(t, d))
	n, _ := count(rects, ClassAccess)
	assert.Equal(t, 1, n, "row 10000 drawn, row 10070 past the 64 rows")
	assert.Contains(t, text, "s=10000")
	assert.Contains(t, text, "1 accesses lie outside the drawing")
	n, _ = count(rects, ClassTile)
	assert.Equal(t, 1, n, "the tile is not in the rows drawn: only its legend key")
}

func TestSVGRefusesAnEmptyGeometry(t *testing.T) {
	var b bytes.Buffer
	err := SVG(&b, Drawing{Title: "no config"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "picture of no config: no memory rows")
	assert.Zero(t, b.Len())
}
