package cute

import "strconv"

// IntTuple is CuTe's hierarchical integer: an integer, or a tuple of
// IntTuples (possibly empty). Static records that CuTe holds the integer in
// its type (Int<N>, printed "_N") rather than at run time; the value is the
// same either way, and the algebra's results must not depend on it.
type IntTuple struct {
	Val    int64
	Static bool
	Elems  []IntTuple // the modes of a tuple; nil for an integer
	tuple  bool
}

// Int is a dynamic integer.
func Int(v int64) IntTuple { return IntTuple{Val: v} }

// SInt is a static integer (CuTe's Int<v>).
func SInt(v int64) IntTuple { return IntTuple{Val: v, Static: true} }

// Tuple is a tuple of the given modes.
func Tuple(elems ...IntTuple) IntTuple {
	return IntTuple{Elems: append([]IntTuple{}, elems...), tuple: true}
}

// IsTuple says whether t is a tuple rather than an integer.
func (t IntTuple) IsTuple() bool { return t.tuple }

// Rank is the number of top-level modes; an integer has rank 1.
func (t IntTuple) Rank() int {
	if t.tuple {
		return len(t.Elems)
	}
	return 1
}

// Depth is the nesting depth: 0 for an integer, 1 for a flat tuple.
func (t IntTuple) Depth() int {
	if !t.tuple {
		return 0
	}
	d := 0
	for _, e := range t.Elems {
		d = max(d, e.Depth())
	}
	return d + 1
}

// Mode is the i-th top-level mode; mode 0 of an integer is itself.
func (t IntTuple) Mode(i int) IntTuple {
	if !t.tuple {
		return t
	}
	return t.Elems[i]
}

// Flatten lists the integers of t, left to right.
func (t IntTuple) Flatten() []IntTuple {
	if !t.tuple {
		return []IntTuple{t}
	}
	var out []IntTuple
	for _, e := range t.Elems {
		out = append(out, e.Flatten()...)
	}
	return out
}

// Product is the product of every integer in t (1 for an empty tuple).
func (t IntTuple) Product() (int64, error) {
	if !t.tuple {
		return t.Val, nil
	}
	p := int64(1)
	for _, e := range t.Elems {
		v, err := e.Product()
		if err != nil {
			return 0, err
		}
		if p, err = mul(p, v); err != nil {
			return 0, err
		}
	}
	return p, nil
}

// AllStatic says whether every integer in t is static.
func (t IntTuple) AllStatic() bool {
	for _, e := range t.Flatten() {
		if !e.Static {
			return false
		}
	}
	return true
}

// Congruent says whether a and b have the same tree structure.
func Congruent(a, b IntTuple) bool {
	if a.tuple != b.tuple {
		return false
	}
	if !a.tuple {
		return true
	}
	if len(a.Elems) != len(b.Elems) {
		return false
	}
	for i := range a.Elems {
		if !Congruent(a.Elems[i], b.Elems[i]) {
			return false
		}
	}
	return true
}

// Equal says whether a and b have the same structure and values; static
// and dynamic integers of one value are equal.
func Equal(a, b IntTuple) bool {
	if a.tuple != b.tuple {
		return false
	}
	if !a.tuple {
		return a.Val == b.Val
	}
	if len(a.Elems) != len(b.Elems) {
		return false
	}
	for i := range a.Elems {
		if !Equal(a.Elems[i], b.Elems[i]) {
			return false
		}
	}
	return true
}

// WithStatic is t with every integer marked static (s true) or dynamic.
func (t IntTuple) WithStatic(s bool) IntTuple {
	if !t.tuple {
		return IntTuple{Val: t.Val, Static: s}
	}
	out := make([]IntTuple, len(t.Elems))
	for i, e := range t.Elems {
		out[i] = e.WithStatic(s)
	}
	return Tuple(out...)
}

// String writes t as cute::print does: "(2,_3,(4,5))".
func (t IntTuple) String() string {
	return string(t.appendTo(nil))
}

func (t IntTuple) appendTo(b []byte) []byte {
	if !t.tuple {
		if t.Static {
			b = append(b, '_')
		}
		return strconv.AppendInt(b, t.Val, 10)
	}
	b = append(b, '(')
	for i, e := range t.Elems {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.appendTo(b)
	}
	return append(b, ')')
}
