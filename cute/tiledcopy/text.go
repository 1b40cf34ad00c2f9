package tiledcopy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/cute"
)

// String writes c in its one-line text form, which ParseCase reads back:
//
//	atom=SM75_U32x4_LDSM_N elem=half_t thr=(32,1):(1,0) val=(1,8):(0,1)
//	  src=(32,64):(64,1) dst=Sw<3,3,3>o(32,64):(64,1) extent=30x64
//
// (on one line): layouts in CuTe's notation, a swizzled tensor as
// Sw<B,M,S>o followed by its layout, and extent=MxN only where copy_if
// predicates the copy.
func (c Case) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "atom=%s elem=%s thr=%v val=%v src=%s dst=%s", c.Atom, c.Element.Name, c.Thr, c.Val, c.Src, c.Dst)
	if len(c.Extent) == 2 {
		fmt.Fprintf(&b, " extent=%dx%d", c.Extent[0], c.Extent[1])
	}
	return b.String()
}

// String writes a tensor as the case's text form does.
func (x Tensor) String() string {
	if x.Swizzle != nil {
		return fmt.Sprintf("%vo%v", *x.Swizzle, x.Layout)
	}
	return x.Layout.String()
}

// ParseCase reads a case's text form (String's). Every field but extent
// is required; an error names the token it could not read.
func ParseCase(s string) (Case, error) {
	var c Case
	seen := map[string]bool{}
	for _, tok := range strings.Fields(s) {
		key, val, ok := strings.Cut(tok, "=")
		if !ok || val == "" {
			return Case{}, fmt.Errorf("case token %q: want key=value", tok)
		}
		if seen[key] {
			return Case{}, fmt.Errorf("case token %q: %s given twice", tok, key)
		}
		seen[key] = true
		var err error
		switch key {
		case "atom":
			c.Atom = Atom(val)
			if _, ok := atoms[c.Atom]; !ok {
				err = fmt.Errorf("unknown atom (want one of %v)", Atoms())
			}
		case "elem":
			c.Element, err = ParseElement(val)
		case "thr":
			c.Thr, err = cute.ParseLayout(val)
		case "val":
			c.Val, err = cute.ParseLayout(val)
		case "src":
			c.Src, err = parseTensor(val)
		case "dst":
			c.Dst, err = parseTensor(val)
		case "extent":
			c.Extent, err = parseExtent(val)
		default:
			err = fmt.Errorf("unknown key %q (want atom, elem, thr, val, src, dst, extent)", key)
		}
		if err != nil {
			return Case{}, fmt.Errorf("case token %q: %w", tok, err)
		}
	}
	for _, k := range []string{"atom", "elem", "thr", "val", "src", "dst"} {
		if !seen[k] {
			return Case{}, fmt.Errorf("case %q: %s= is missing", s, k)
		}
	}
	return c, nil
}

func parseTensor(s string) (Tensor, error) {
	if !strings.HasPrefix(s, "Sw<") {
		l, err := cute.ParseLayout(s)
		return Tensor{Layout: l}, err
	}
	swText, lText, ok := strings.Cut(s, ">o")
	if !ok {
		return Tensor{}, fmt.Errorf("swizzled tensor: want Sw<B,M,S>o LAYOUT")
	}
	sw, err := cute.ParseSwizzle(swText + ">")
	if err != nil {
		return Tensor{}, err
	}
	l, err := cute.ParseLayout(lText)
	if err != nil {
		return Tensor{}, err
	}
	return Tensor{Layout: l, Swizzle: &sw}, nil
}

func parseExtent(s string) ([]int64, error) {
	ms, ns, ok := strings.Cut(s, "x")
	if !ok {
		return nil, fmt.Errorf("extent: want MxN")
	}
	m, err1 := strconv.ParseInt(ms, 10, 32)
	n, err2 := strconv.ParseInt(ns, 10, 32)
	if err1 != nil || err2 != nil || m < 0 || n < 0 {
		return nil, fmt.Errorf("extent: want two non-negative integers MxN")
	}
	return []int64{m, n}, nil
}
