package cute

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseIntTuple reads an IntTuple as cute::print writes it: "8", "_8",
// "(2,(3,_4))", "()". Spaces are ignored.
func ParseIntTuple(s string) (IntTuple, error) {
	p := parser{src: s, s: strings.Join(strings.Fields(s), "")}
	t, err := p.tuple()
	if err != nil {
		return IntTuple{}, err
	}
	if p.i != len(p.s) {
		return IntTuple{}, p.errorf("unexpected %q", p.s[p.i:])
	}
	return t, nil
}

// ParseLayout reads a layout in CuTe's notation: "shape:stride", e.g.
// "((2,3),4):((1,2),6)" or "(_4,_8):(_1,_4)". A shape alone stands for the
// compact column-major layout of that shape, as make_layout(shape) builds.
func ParseLayout(s string) (Layout, error) {
	shapeText, strideText, hasStride := strings.Cut(s, ":")
	shape, err := ParseIntTuple(shapeText)
	if err != nil {
		return Layout{}, fmt.Errorf("layout %q: shape: %w", s, err)
	}
	if err := checkShape(shape); err != nil {
		return Layout{}, fmt.Errorf("layout %q: %w", s, err)
	}
	if !hasStride {
		l, err := Compact(shape)
		if err != nil {
			return Layout{}, fmt.Errorf("layout %q: %w", s, err)
		}
		return l, nil
	}
	stride, err := ParseIntTuple(strideText)
	if err != nil {
		return Layout{}, fmt.Errorf("layout %q: stride: %w", s, err)
	}
	l, err := MakeLayout(shape, stride)
	if err != nil {
		return Layout{}, fmt.Errorf("layout %q: %w", s, err)
	}
	return l, nil
}

// checkShape refuses extents CuTe gives no meaning to: a shape's integers
// are positive.
func checkShape(shape IntTuple) error {
	for _, e := range shape.Flatten() {
		if e.Val <= 0 {
			return fmt.Errorf("extent %d: shapes hold positive integers", e.Val)
		}
	}
	return nil
}

// ParseSwizzle reads "Sw<B,M,S>".
func ParseSwizzle(s string) (Swizzle, error) {
	t := strings.Join(strings.Fields(s), "")
	if !strings.HasPrefix(t, "Sw<") || !strings.HasSuffix(t, ">") {
		return Swizzle{}, fmt.Errorf("swizzle %q: want Sw<B,M,S>", s)
	}
	parts := strings.Split(t[3:len(t)-1], ",")
	if len(parts) != 3 {
		return Swizzle{}, fmt.Errorf("swizzle %q: want three integers B,M,S", s)
	}
	var v [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil {
			return Swizzle{}, fmt.Errorf("swizzle %q: %q is not an integer", s, p)
		}
		v[i] = n
	}
	sw := Swizzle{B: v[0], M: v[1], S: v[2]}
	if err := sw.Check(); err != nil {
		return Swizzle{}, err
	}
	return sw, nil
}

// ParseSwizzled reads a swizzled layout as cute::print writes a
// ComposedLayout: "Sw<3,4,3> o 0 o (8,64):(64,1)"; the offset may be
// static ("_0").
func ParseSwizzled(s string) (Swizzled, error) {
	parts := strings.Split(s, " o ")
	if len(parts) != 3 {
		return Swizzled{}, fmt.Errorf("swizzled layout %q: want \"Sw<B,M,S> o offset o layout\"", s)
	}
	sw, err := ParseSwizzle(parts[0])
	if err != nil {
		return Swizzled{}, err
	}
	off, err := ParseIntTuple(parts[1])
	if err != nil || off.IsTuple() {
		return Swizzled{}, fmt.Errorf("swizzled layout %q: offset %q is not an integer", s, parts[1])
	}
	l, err := ParseLayout(parts[2])
	if err != nil {
		return Swizzled{}, err
	}
	return Swizzled{Sw: sw, Offset: off.Val, L: l}, nil
}

type parser struct {
	src string // as given, for messages
	s   string // without spaces
	i   int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%q at %d: %s", p.src, p.i, fmt.Sprintf(format, args...))
}

func (p *parser) tuple() (IntTuple, error) {
	if p.i >= len(p.s) {
		return IntTuple{}, p.errorf("want an integer or a tuple, found the end")
	}
	if p.s[p.i] != '(' {
		return p.integer()
	}
	p.i++
	var elems []IntTuple
	if p.i < len(p.s) && p.s[p.i] == ')' {
		p.i++
		return Tuple(), nil
	}
	for {
		e, err := p.tuple()
		if err != nil {
			return IntTuple{}, err
		}
		elems = append(elems, e)
		if p.i >= len(p.s) {
			return IntTuple{}, p.errorf("unclosed '('")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case ')':
			p.i++
			return Tuple(elems...), nil
		default:
			return IntTuple{}, p.errorf("want ',' or ')', found %q", p.s[p.i])
		}
	}
}

func (p *parser) integer() (IntTuple, error) {
	static := false
	if p.s[p.i] == '_' {
		static = true
		p.i++
	}
	start := p.i
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
	}
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	text := p.s[start:p.i]
	if text == "" || text == "-" {
		p.i = start
		return IntTuple{}, p.errorf("want an integer")
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil || !fits(v) {
		return IntTuple{}, fmt.Errorf("%q at %d: %s: %w", p.src, start, text, ErrOverflow)
	}
	return IntTuple{Val: v, Static: static}, nil
}
