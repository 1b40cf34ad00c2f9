package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports/picture"
)

// page is what a test reads of an HTML page: every element's name, the
// classes of the rects inside each inline SVG, and the text.
type page struct {
	elements map[string]int
	svgs     [][][]string // per svg, per rect, its classes
	text     string
	external []string // src or href attributes: the page must load nothing
}

// parsePage reads an HTML page as XML, strictly: it must be well formed.
func parsePage(t *testing.T, b []byte) page {
	t.Helper()
	p := page{elements: map[string]int{}}
	dec := xml.NewDecoder(bytes.NewReader(b))
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch el := tok.(type) {
		case xml.StartElement:
			p.elements[el.Name.Local]++
			if el.Name.Local == "svg" {
				p.svgs = append(p.svgs, nil)
			}
			for _, a := range el.Attr {
				switch a.Name.Local {
				case "class":
					if el.Name.Local == "rect" && len(p.svgs) > 0 {
						p.svgs[len(p.svgs)-1] = append(p.svgs[len(p.svgs)-1], strings.Fields(a.Value))
					}
				case "src", "href":
					p.external = append(p.external, a.Value)
				}
			}
		case xml.CharData:
			text.Write(el)
		}
	}
	p.text = text.String()
	return p
}

func countClass(rects [][]string, class string) int {
	n := 0
	for _, cs := range rects {
		for _, c := range cs {
			if c == class {
				n++
			}
		}
	}
	return n
}

// The failing report's one counterexample (P-sym, four accesses each side,
// every one moved) is drawn inline; the page loads nothing and runs no
// script.
func TestHTMLReportDrawsEachCounterexample(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, HTML(&b, failingReport()))
	p := parsePage(t, b.Bytes())
	require.Len(t, p.svgs, 1, "one picture per counterexample")
	assert.Equal(t, 4, countClass(p.svgs[0], picture.ClassAccess))
	assert.Equal(t, 4, countClass(p.svgs[0], picture.ClassReference))
	assert.Zero(t, p.elements["script"])
	assert.Empty(t, p.external, "a self-contained page links nothing")
	assert.Equal(t, 1+len(p.svgs), p.elements["style"], "the page's own style and each picture's")
	assert.Contains(t, p.text, "Counterexample: P-sym")
	assert.Contains(t, p.text, "Verdict: FAIL")
}

// A CuTe report's counterexample is a layout, not a tile: no picture, and
// the page still renders.
func TestHTMLReportDrawsNoLayout(t *testing.T) {
	r := failingReport()
	r.Class = "cute"
	var b bytes.Buffer
	require.NoError(t, HTML(&b, r))
	assert.Empty(t, parsePage(t, b.Bytes()).svgs)
}

func TestMarkdownLinksPicturesOnlyWhenWritten(t *testing.T) {
	var with, without bytes.Buffer
	require.NoError(t, MarkdownWith(&with, failingReport(), MarkdownOptions{PictureDir: "pics"}))
	require.NoError(t, Markdown(&without, failingReport()))
	assert.Contains(t, with.String(), "Picture: [cutlass-pre3049-RegularTileIterator-P-sym.svg](pics/cutlass-pre3049-RegularTileIterator-P-sym.svg)")
	assert.NotContains(t, without.String(), "Picture:")

	m := &report.Matrix{Reports: []*report.Report{failingReport()}}
	pics, err := Pictures(m, nil)
	require.NoError(t, err)
	require.Len(t, pics, 1)
	assert.Equal(t, "cutlass-pre3049-RegularTileIterator-P-sym.svg", pics[0].Name)
	assert.Equal(t, 4, strings.Count(string(pics[0].SVG), `class="`+picture.ClassAccess+" "))
}

func TestPictureNameIsOnePathComponent(t *testing.T) {
	r := &report.Report{Iterator: "../my/iter <x>", Class: "RegularTileIterator"}
	assert.Equal(t, "my_iter_x-RegularTileIterator-P-sym.svg", PictureName(r, "P-sym"))
}

func TestCheckHTMLShowsThePicture(t *testing.T) {
	results := []props.Result{{ID: "P-sym", Doc: "load and store agree", Status: report.Violated,
		Violations: []props.Violation{{Thread: 5, Expected: []int64{144}, Actual: []int64{336}, Detail: "op 0: `store(1,0)` differs"}}}}
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><rect class="tc-acc tc-p0"/></svg>` + "\n")
	var b bytes.Buffer
	require.NoError(t, WriteCheckHTML(&b, CheckCase{Iterator: "cutlass-pre3049", Config: specConfig, Ops: "load(1,0);store(1,0)"}, report.Fail, results, svg))
	p := parsePage(t, b.Bytes())
	require.Len(t, p.svgs, 1)
	assert.Contains(t, p.text, "P-sym violated: thread 5")
	assert.Contains(t, b.String(), "<code>store(1,0)</code> differs", "prose's code spans as code")
	assert.Contains(t, p.text, "verdict FAIL")
}

// With a tracer, a counterexample's picture draws each path of its
// program (here two, the second off the reference's); a tracer that errs
// leaves the addresses alone drawn.
func TestPicturesDrawTracedPaths(t *testing.T) {
	m := &report.Matrix{Reports: []*report.Report{failingReport()}}
	var asked report.Replay
	trace := func(r report.Replay) (got, ref iterator.ThreadTrace, err error) {
		asked = r
		got.Records = []iterator.Record{{Op: 0, Kind: "load", AccessBytes: 16, Addrs: []int64{144}}, {Op: 1, Kind: "store", AccessBytes: 16, Addrs: []int64{336}}}
		ref.Records = []iterator.Record{{Op: 0, Kind: "load", AccessBytes: 16, Addrs: []int64{144}}, {Op: 1, Kind: "store", AccessBytes: 16, Addrs: []int64{144}}}
		return got, ref, nil
	}
	pics, err := Pictures(m, trace)
	require.NoError(t, err)
	require.Len(t, pics, 1)
	assert.Equal(t, failingReport().Properties[0].Counterexample.Replay, asked)
	svg := string(pics[0].SVG)
	assert.Equal(t, 1, strings.Count(svg, `class="tc-acc tc-p0"`), "the load")
	assert.Equal(t, 1, strings.Count(svg, `class="tc-acc tc-p1"`), "the store")
	assert.Equal(t, 1, strings.Count(svg, `class="tc-ref tc-p1"`), "the reference's store")
	assert.Contains(t, svg, "op 1: load(1,0); store(1,0)")

	failing := func(report.Replay) (got, ref iterator.ThreadTrace, err error) {
		return got, ref, errors.New("compiled")
	}
	pics, err = Pictures(m, failing)
	require.NoError(t, err)
	assert.Equal(t, 4, strings.Count(string(pics[0].SVG), `class="tc-acc tc-p0"`), "the counterexample's four addresses")

	var page bytes.Buffer
	require.NoError(t, HTMLWith(&page, failingReport(), HTMLOptions{Trace: trace}))
	assert.Contains(t, page.String(), `class="tc-acc tc-p1"`)
}
