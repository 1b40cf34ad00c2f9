package reports

import (
	"bytes"
	"errors"
	"regexp"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports/picture"
)

// Tracer traces a counterexample's thread again from its replay, on the
// iterator and on the reference (sweep.ReplayTraces is one), so that its
// picture draws each path of the program; where it errs (a replay of
// compiled code), the picture draws the counterexample's addresses alone.
type Tracer func(report.Replay) (got, ref iterator.ThreadTrace, err error)

// pictureRef is a counterexample's picture as a section carries it: drawn
// only when a renderer shows it (HTML, or the SVG files Pictures lists), or
// given already drawn (svg, a check's).
type pictureRef struct {
	name, title string
	cx          *report.Counterexample
	svg         []byte
}

// render draws the picture, from the traces trace gives (nil: none) or
// else from the counterexample's addresses.
func (p *pictureRef) render(trace Tracer) ([]byte, error) {
	if p.svg != nil {
		return p.svg, nil
	}
	d, err := p.traced(trace)
	if err != nil {
		d, err = picture.FromCounterexample(p.title, p.cx)
	}
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := picture.SVG(&b, d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// traced is the drawing of the counterexample's paths traced again.
func (p *pictureRef) traced(trace Tracer) (picture.Drawing, error) {
	if trace == nil || p.cx.Replay.IsZero() {
		return picture.Drawing{}, errors.New("not traced")
	}
	cfg, err := iterator.ParseConfig(p.cx.Replay.Config)
	if err != nil {
		return picture.Drawing{}, err
	}
	prog, err := iterator.ParseProgram(p.cx.Replay.Ops)
	if err != nil {
		return picture.Drawing{}, err
	}
	got, ref, err := trace(p.cx.Replay)
	if err != nil {
		return picture.Drawing{}, err
	}
	return picture.FromTraces(p.title, p.cx.Detail, cfg, prog, got, ref), nil
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
// each path traced again by trace (nil: the addresses alone), for sweep
// --svg-dir; MarkdownWith links them by name.
func Pictures(m *report.Matrix, trace Tracer) ([]Picture, error) {
	var out []Picture
	for _, r := range m.Reports {
		for _, s := range counterexampleSections(r) {
			if s.picture == nil {
				continue
			}
			svg, err := s.picture.render(trace)
			if err != nil {
				return nil, err
			}
			out = append(out, Picture{Name: s.picture.name, SVG: svg})
		}
	}
	return out, nil
}
