package cute

// MaxValues caps the offsets an Answer lists: a result larger than this
// lists its first MaxValues offsets and sets Truncated.
const MaxValues = 4096

// Eval is the reference model's answer to c: the operation applied by the
// functions of this package. A refusal (a precondition, or a value outside
// CuTe's int while listing offsets) is Rejected with the error's text.
// Values are the result's offsets at 0, 1, ..., up to MaxValues; for
// OpMaxCommonVector only Vector is set.
func (c Case) Eval() Answer {
	if c.Op == OpMaxCommonVector {
		n, err := MaxCommonVector(c.A, c.B)
		if err != nil {
			return Answer{Rejected: err.Error()}
		}
		return Answer{Vector: n}
	}
	if c.Op == OpSwizzle {
		return c.evalSwizzle()
	}
	l, err := c.layout()
	if err != nil {
		return Answer{Rejected: err.Error()}
	}
	ans := Answer{Layout: l}
	if ans.Values, ans.Truncated, err = values(c.Op, l.Size, prepare(l).at); err != nil {
		return Answer{Rejected: err.Error()}
	}
	return ans
}

// layout dispatches every operation with a layout result.
func (c Case) layout() (Layout, error) {
	switch c.Op {
	case OpCoalesce:
		return Coalesce(c.A)
	case OpCoalesceProfile:
		return CoalesceProfile(c.A, c.Profile)
	case OpFilter:
		return Filter(c.A)
	case OpComposition:
		return Composition(c.A, c.B)
	case OpCompositionTiler:
		return CompositionTiler(c.A, c.Tiler)
	case OpComplement:
		return Complement(c.A, c.Cotarget)
	case OpLogicalDivide:
		return LogicalDivide(c.A, c.B)
	case OpLogicalDivideTile:
		return LogicalDivideTiler(c.A, c.Tiler)
	case OpZippedDivide:
		return ZippedDivide(c.A, c.Tiler)
	case OpTiledDivide:
		return TiledDivide(c.A, c.Tiler)
	case OpLogicalProduct:
		return LogicalProduct(c.A, c.B)
	case OpBlockedProduct:
		return BlockedProduct(c.A, c.B)
	case OpRakedProduct:
		return RakedProduct(c.A, c.B)
	case OpRightInverse:
		if err := staticStrides(c.Op, c.A); err != nil {
			return Layout{}, err
		}
		return RightInverse(c.A)
	case OpLeftInverse:
		if err := staticStrides(c.Op, c.A); err != nil {
			return Layout{}, err
		}
		return LeftInverse(c.A)
	}
	return Layout{}, refuse(c.Op, "op", "unknown operation %q", string(c.Op))
}

func (c Case) evalSwizzle() Answer {
	if err := c.Sw.Check(); err != nil {
		return Answer{Rejected: (&PreconditionError{Op: OpSwizzle, Law: "swizzle", Detail: err.Error(), Err: err}).Error()}
	}
	if err := check(OpSwizzle, "A", c.A); err != nil {
		return Answer{Rejected: err.Error()}
	}
	s := Swizzled{Sw: c.Sw, Offset: 0, L: c.A}
	e := prepare(c.A)
	at := func(i int64) (int64, error) { return s.after(e.at(i)) }
	vals, trunc, err := values(OpSwizzle, c.A.Size, at)
	if err != nil {
		return Answer{Rejected: err.Error()}
	}
	return Answer{Swizzled: s, Values: vals, Truncated: trunc}
}

// values lists at(0), at(1), ... below the size, capped at MaxValues.
func values(op Op, size func() (int64, error), at func(int64) (int64, error)) ([]int64, bool, error) {
	n, err := size()
	if err != nil {
		return nil, false, within(op, err)
	}
	m := min(n, MaxValues)
	out := make([]int64, m)
	for i := range out {
		if out[i], err = at(int64(i)); err != nil {
			return nil, false, within(op, err)
		}
	}
	return out, n > MaxValues, nil
}
