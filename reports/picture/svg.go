package picture

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/tilecheck/tilecheck/report"
)

// Bounds of a drawing, so that a picture stays small enough to attach to an
// issue: rows and cells past them are left out, and the picture says how
// many accesses that hid.
const (
	maxRows  = 64
	maxCells = 1024
	gridPx   = 960 // the grid's width the cells share, at most 48 px a cell
)

// Palette is each path's colour, in path order (Okabe and Ito's, safe for
// colour-blind readers); paths past its end reuse it, each in its own band.
var Palette = []string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442"}

// Class names the SVG gives what it draws, which the tests count.
const (
	ClassAccess    = "tc-acc" // one access (a segment of it per memory row), with ClassPath(i)
	ClassReference = "tc-ref" // the reference's access where its path differs
	ClassOff       = "tc-off" // an access guarded off (with ClassAccess)
	ClassTile      = "tc-tile"
	ClassGap       = "tc-gap" // the pitch gap: the tile's rows past its contiguous extent
)

// ClassPath is the class of path i's marks (its colour).
func ClassPath(i int) string { return fmt.Sprintf("tc-p%d", i%len(Palette)) }

const style = `.tc-bg{fill:#f4f4f4}.tc-tile{fill:#fff;stroke:#333;stroke-width:1.5}.tc-gap{fill:#d6d6d6}` +
	`.tc-grid{stroke:#ccc;stroke-width:.5;fill:none}.tc-elem{stroke:#999;stroke-width:.8;fill:none}` +
	`.tc-off,.tc-ref{fill:none!important;stroke-width:1}.tc-ref{stroke-dasharray:3 2}` +
	`text{font:12px sans-serif;fill:#222}.tc-t{font-weight:bold;font-size:14px}.tc-s{font-size:11px;fill:#555}`

// paletteStyle colours each path's class.
func paletteStyle() string {
	var b strings.Builder
	for i, c := range Palette {
		fmt.Fprintf(&b, ".tc-p%d{fill:%s;stroke:%s}", i, c, c)
	}
	return b.String()
}

// geometry is where a drawing's memory lies: cells of unitBits bits (an
// element, or a bit for sub-byte types), rows of one pitch each.
type geometry struct {
	unitBits, rowBits int64
	elemBits          int64
	cells, drawn      int64 // cells a row holds, and those drawn
	regionC, regionS  int64 // the tile's (the tensor's, predicated) extent in cells and rows
	r0, rows          int64 // first row drawn and how many
	cw, ch, bh        int64 // cell width and height, path band height
	bands             int64
}

func newGeometry(d *Drawing) (geometry, error) {
	cfg := d.Config
	bits := int64(cfg.Elem.Bits)
	if bits <= 0 || cfg.Pitch() <= 0 {
		return geometry{}, fmt.Errorf("picture of %s: no memory rows to draw (element of %d bits, pitch %d)", d.Title, bits, cfg.Pitch())
	}
	g := geometry{unitBits: bits, elemBits: bits}
	if bits < 8 {
		g.unitBits = 1
	}
	g.rowBits = cfg.Pitch() * bits
	g.cells = g.rowBits / g.unitBits
	g.drawn = min(g.cells, maxCells)
	region := cfg.PitchShape()
	if cfg.Class.Predicated() {
		region = cfg.PitchExtent()
	}
	g.regionC, g.regionS = region.C*bits/g.unitBits, region.S
	// The rows drawn hold the tile and every access; where that is more
	// than maxRows, they start at the first access instead, as the
	// accesses are the finding.
	lo, hi := int64(0), region.S-1
	first, any := int64(0), false
	for _, p := range d.Paths {
		for _, list := range [][]Access{p.Accesses, p.Reference} {
			for _, a := range list {
				if a.Addr == report.NotSeen {
					continue
				}
				start := floorDiv(a.Addr*8, g.rowBits)
				if !any || start < first {
					first, any = start, true
				}
				lo = min(lo, start)
				hi = max(hi, floorDiv(a.Addr*8+max(a.Bytes*8, 1)-1, g.rowBits))
			}
		}
	}
	if hi-lo+1 > maxRows && any {
		lo = first
	}
	g.r0, g.rows = lo, min(hi-lo+1, maxRows)
	g.cw = max(1, min(48, gridPx/max(g.drawn, 1)))
	g.bands = int64(max(1, len(d.Paths)))
	switch {
	case g.bands <= 3:
		g.bh = 8
	case g.bands <= 6:
		g.bh = 6
	default:
		g.bh = 4
	}
	g.ch = max(14, g.bands*g.bh+2)
	return g, nil
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// segment is the part of an access in one memory row, in cells.
type segment struct{ row, col, n int64 }

// segments splits an access at row ends; hidden counts the parts outside
// the drawn rows and cells.
func (g *geometry) segments(a Access) (out []segment, hidden bool) {
	start, bits := a.Addr*8, max(a.Bytes*8, 1)
	for bits > 0 {
		row := floorDiv(start, g.rowBits)
		col := start - row*g.rowBits
		n := min(bits, g.rowBits-col)
		s := segment{row: row, col: col / g.unitBits, n: max(1, n/g.unitBits)}
		if row < g.r0 || row >= g.r0+g.rows || s.col >= g.drawn {
			hidden = true
		} else {
			s.n = min(s.n, g.drawn-s.col)
			out = append(out, s)
		}
		start, bits = start+n, bits-n
	}
	return out, hidden
}

// SVG writes d as a standalone SVG document. The output depends on d only.
func SVG(w io.Writer, d Drawing) error {
	g, err := newGeometry(&d)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	const left, headLines = 56, 3
	top := int64(headLines*18 + 24)
	gridW, gridH := g.drawn*g.cw, g.rows*g.ch
	legendY := top + gridH + 28
	legendLines := int64(len(d.Paths)) + 2
	width := max(left+gridW+24, 760)
	height := legendY + legendLines*18 + 12
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`+"\n", width, height, width, height)
	fmt.Fprintf(bw, "<title>%s</title>\n<style>%s%s</style>\n", esc(d.Title), style, paletteStyle())
	fmt.Fprintf(bw, `<text class="tc-t" x="8" y="18">%s</text>`+"\n", esc(d.Title))
	fmt.Fprintf(bw, `<text class="tc-s" x="8" y="36">%s</text>`+"\n", esc(d.Subtitle))
	if d.Note != "" {
		fmt.Fprintf(bw, `<text class="tc-s" x="8" y="54">%s</text>`+"\n", esc(d.Note))
	}
	g.writeGrid(bw, left, top)
	hidden, notSeen, off, differs := 0, 0, false, false
	for i, p := range d.Paths {
		band := int64(i) % g.bands
		for _, pass := range []struct {
			list  []Access
			class string
		}{{p.Reference, ClassReference}, {p.Accesses, ClassAccess}} {
			for k, a := range pass.list {
				if a.Addr == report.NotSeen {
					notSeen++
					continue
				}
				class := pass.class + " " + ClassPath(i)
				if a.Off && pass.class == ClassAccess {
					class += " " + ClassOff
					off = true
				}
				differs = differs || pass.class == ClassReference
				segs, hid := g.segments(a)
				if hid {
					hidden++
				}
				who := "access"
				if pass.class == ClassReference {
					who = "reference's access"
				}
				for _, s := range segs {
					x, y := left+s.col*g.cw, top+(s.row-g.r0)*g.ch+1+band*g.bh
					fmt.Fprintf(bw, `<rect class="%s" x="%d" y="%d" width="%d" height="%d"><title>%s %d of %s: byte %d, %d bytes</title></rect>`+"\n",
						class, x, y, s.n*g.cw, g.bh-1, who, k, esc(p.Label), a.Addr, a.Bytes)
				}
			}
		}
	}
	y := legendY
	if hidden+notSeen > 0 {
		fmt.Fprintf(bw, `<text class="tc-s" x="8" y="%d">%d accesses lie outside the drawing, %d were not seen in the compiled bytes</text>`+"\n", top+gridH+16, hidden, notSeen)
	}
	for i, p := range d.Paths {
		label := p.Label
		if p.Reference != nil {
			label += " (differs from the reference: dashed)"
		}
		fmt.Fprintf(bw, `<rect class="%s %s" x="8" y="%d" width="14" height="10"/><text x="28" y="%d">%s</text>`+"\n", "tc-key", ClassPath(i), y-9, y, esc(label))
		y += 18
	}
	keys := []string{`<rect class="tc-tile" x="8" y="%d" width="14" height="10"/><text x="28" y="%d">` + g.regionName(&d) + `</text>`,
		`<rect class="tc-gap" x="%d" y="%d" width="14" height="10"/><text x="%d" y="%d">pitch gap (past the extent, within the pitch)</text>`}
	fmt.Fprintf(bw, keys[0]+"\n", y-9, y)
	fmt.Fprintf(bw, keys[1]+"\n", 300, y-9, 320, y)
	y += 18
	fmt.Fprintf(bw, `<text class="tc-s" x="8" y="%d">%s</text>`+"\n", y, esc(g.scale(&d, off, differs)))
	fmt.Fprint(bw, "</svg>\n")
	return bw.Flush()
}

// writeGrid draws the memory rows: the background, the tile, the pitch gap,
// cell and element lines, and the row and column labels.
func (g *geometry) writeGrid(w io.Writer, left, top int64) {
	gridW, gridH := g.drawn*g.cw, g.rows*g.ch
	fmt.Fprintf(w, `<rect class="tc-bg" x="%d" y="%d" width="%d" height="%d"/>`+"\n", left, top, gridW, gridH)
	t0, t1 := max(0, -g.r0), min(g.rows, g.regionS-g.r0) // tile rows, as drawn
	if t1 > t0 {
		tw := min(g.regionC, g.drawn)
		fmt.Fprintf(w, `<rect class="%s" x="%d" y="%d" width="%d" height="%d"/>`+"\n", ClassTile, left, top+t0*g.ch, tw*g.cw, (t1-t0)*g.ch)
		if g.drawn > tw {
			fmt.Fprintf(w, `<rect class="%s" x="%d" y="%d" width="%d" height="%d"/>`+"\n", ClassGap, left+tw*g.cw, top+t0*g.ch, (g.drawn-tw)*g.cw, (t1-t0)*g.ch)
		}
	}
	var b strings.Builder
	if g.cw >= 4 {
		for c := int64(1); c < g.drawn; c++ {
			fmt.Fprintf(&b, "M%d %dv%d", left+c*g.cw, top, gridH)
		}
	}
	for r := int64(1); r < g.rows; r++ {
		fmt.Fprintf(&b, "M%d %dh%d", left, top+r*g.ch, gridW)
	}
	if b.Len() > 0 {
		fmt.Fprintf(w, `<path class="tc-grid" d="%s"/>`+"\n", b.String())
	}
	per := g.cellsPerElem()
	if per > 1 && g.cw*per >= 4 {
		b.Reset()
		for c := per; c < g.drawn; c += per {
			fmt.Fprintf(&b, "M%d %dv%d", left+c*g.cw, top, gridH)
		}
		if b.Len() > 0 {
			fmt.Fprintf(w, `<path class="tc-elem" d="%s"/>`+"\n", b.String())
		}
	}
	step := max(1, (g.rows+15)/16)
	for r := int64(0); r < g.rows; r += step {
		fmt.Fprintf(w, `<text class="tc-s" x="4" y="%d">s=%d</text>`+"\n", top+r*g.ch+g.ch-3, g.r0+r)
	}
	last := int64(-1)
	for _, c := range []int64{0, g.regionC, g.cells} {
		if c <= g.drawn && c != last && (c == 0 || (c-max(last, 0))*g.cw > 24) {
			last = c
			fmt.Fprintf(w, `<text class="tc-s" x="%d" y="%d">%d</text>`+"\n", left+c*g.cw-3, top-4, c/per)
		}
	}
}

// cellsPerElem is how many cells one element spans (its bits, sub-byte).
func (g *geometry) cellsPerElem() int64 { return g.elemBits / g.unitBits }

func (g *geometry) regionName(d *Drawing) string {
	if d.Config.Class.Predicated() {
		return "tensor extent"
	}
	return "tile"
}

// scale says what a cell and a row are, and what the marks mean.
func (g *geometry) scale(d *Drawing, off, differs bool) string {
	cell := "1 cell = 1 element (" + d.Config.Elem.Name + ")"
	if g.unitBits == 1 {
		cell = fmt.Sprintf("1 cell = 1 bit; an element (%s) is %d cells", d.Config.Elem.Name, d.Config.Elem.Bits)
	}
	s := fmt.Sprintf("%s; 1 row = the pitch, %d elements; column labels in elements", cell, d.Config.Pitch())
	if g.drawn < g.cells {
		s += fmt.Sprintf("; the first %d cells of each row drawn", g.drawn)
	}
	if differs {
		s += "; dashed: where the reference accesses"
	}
	if off {
		s += "; hollow: guarded off"
	}
	return s
}

func esc(s string) string { return html.EscapeString(s) }
