package reports

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports/picture"
)

// pictureRef is a counterexample's picture as a section carries it: drawn
// from the counterexample only when a renderer shows it (HTML, or the SVG
// files Pictures lists), or given already drawn (svg, a check's).
type pictureRef struct {
	name, title string
	cx          *report.Counterexample
	svg         []byte
}

// render draws the picture.
func (p *pictureRef) render() ([]byte, error) {
	if p.svg != nil {
		return p.svg, nil
	}
	d, err := picture.FromCounterexample(p.title, p.cx)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := picture.SVG(&b, d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// counterexamplePicture is the picture of r's counterexample of property
// id, or nil where there is nothing to draw: a CuTe report (a layout is not
// a tile), or a counterexample with no addresses (one about arithmetic).
func counterexamplePicture(r *report.Report, id string, cx *report.Counterexample) *pictureRef {
	if r.Class != "" {
		if _, err := iterator.ClassByName(r.Class); err != nil {
			return nil
		}
	}
	if len(cx.Expected)+len(cx.Actual) == 0 {
		return nil
	}
	title := r.Iterator
	if r.Class != "" {
		title += " (" + r.Class + ")"
	}
	title += " " + id + ": thread " + threadLabel(cx.Thread)
	return &pictureRef{name: PictureName(r, id), title: title, cx: cx}
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// PictureName is the file name of the picture of r's counterexample of
// property id: the iterator, its class and the property, each reduced to
// letters, digits, '.', '_' and '-', so that it is one path component.
func PictureName(r *report.Report, id string) string {
	parts := []string{r.Iterator}
	if r.Class != "" {
		parts = append(parts, r.Class)
	}
	parts = append(parts, id)
	for i, p := range parts {
		parts[i] = strings.Trim(unsafeName.ReplaceAllString(p, "_"), "._-")
	}
	return strings.Join(parts, "-") + ".svg"
}

// Picture is one counterexample's picture: its file name (PictureName)
// and the SVG.
type Picture struct {
	Name string
	SVG  []byte
}

// Pictures draws every counterexample of m that has one, in report order,
// for sweep --svg-dir; MarkdownWith links them by name.
func Pictures(m *report.Matrix) ([]Picture, error) {
	var out []Picture
	for _, r := range m.Reports {
		for _, s := range counterexampleSections(r) {
			if s.picture == nil {
				continue
			}
			svg, err := s.picture.render()
			if err != nil {
				return nil, err
			}
			out = append(out, Picture{Name: s.picture.name, SVG: svg})
		}
	}
	return out, nil
}
