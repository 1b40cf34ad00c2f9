package cute

import (
	"errors"
	"fmt"
	"strings"
)

// PreconditionError says the model refuses a case: the operation's inputs
// lie outside what CuTe's documentation defines it for. Law is a short,
// stable name for the broken condition:
//
//	"stride-divisibility" composition: the running stride and a mode's shape do not divide one another
//	"shape-divisibility"  composition: the remaining shape is not divisible by the part kept
//	"injective"           complement: A's modes overlap, so no disjoint complement exists;
//	                      composition: a B of several modes that is not injective does not distribute
//	"divisibility"        left_inverse: a sorted stride is not a multiple of the one before it
//	"negative-stride"     an operation defined for non-negative strides only
//	"rank"                a tiler or profile with more modes than A, or ranks that cannot be zipped
//	"profile"             a profile not congruent with A's shape
//	"extent"              a shape integer <= 0, or shape and stride not congruent
//	"cotarget"            complement's cotarget < 1
//	"swizzle"             the swizzle's own static conditions
//	"static"              right_inverse, left_inverse: a dynamic stride (CuTe sorts strides at compile time)
//	"int32"               a value outside CuTe's 32-bit int; Err then wraps ErrOverflow
//
// Every overflow is reported this way (never as a bare ErrOverflow), so a
// caller tests errors.As for *PreconditionError and, for the cause,
// errors.Is(err, ErrOverflow).
type PreconditionError struct {
	Op     Op
	Law    string
	Detail string // the values that broke the law
	Err    error  // the underlying cause, if any (ErrOverflow for "int32")
}

func (e *PreconditionError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Op, strings.ReplaceAll(e.Law, "-", " "), e.Detail)
}

func (e *PreconditionError) Unwrap() error { return e.Err }

func refuse(op Op, law, format string, args ...any) error {
	return &PreconditionError{Op: op, Law: law, Detail: fmt.Sprintf(format, args...)}
}

// within relabels an error of an inner operation as op's: a refusal keeps
// its law and names the inner operation in its detail; any other error
// (an overflow from the arithmetic helpers) becomes law "int32".
func within(op Op, err error) error {
	if err == nil {
		return nil
	}
	var pe *PreconditionError
	if errors.As(err, &pe) {
		if pe.Op == op {
			return pe
		}
		return &PreconditionError{Op: op, Law: pe.Law, Detail: fmt.Sprintf("%s: %s", pe.Op, pe.Detail), Err: pe.Err}
	}
	if errors.Is(err, ErrOverflow) {
		return &PreconditionError{Op: op, Law: "int32", Detail: err.Error(), Err: err}
	}
	return &PreconditionError{Op: op, Law: "extent", Detail: err.Error(), Err: err}
}

// check states what every operation needs of a layout operand: shape and
// stride congruent, every extent positive, every integer and the size
// within CuTe's int.
func check(op Op, name string, l Layout) error {
	if !Congruent(l.Shape, l.Stride) {
		return refuse(op, "extent", "%s: shape %v and stride %v are not congruent", name, l.Shape, l.Stride)
	}
	for _, e := range l.Shape.Flatten() {
		if e.Val <= 0 {
			return refuse(op, "extent", "%s %v: extent %d (shapes hold positive integers)", name, l, e.Val)
		}
		if !fits(e.Val) {
			return within(op, fmt.Errorf("%s %v: extent %d: %w", name, l, e.Val, ErrOverflow))
		}
	}
	for _, e := range l.Stride.Flatten() {
		if !fits(e.Val) {
			return within(op, fmt.Errorf("%s %v: stride %d: %w", name, l, e.Val, ErrOverflow))
		}
	}
	if _, err := l.Size(); err != nil {
		return within(op, fmt.Errorf("%s %v: size: %w", name, l, err))
	}
	return nil
}

// nonNegative refuses a layout with a negative stride, for the operations
// the documentation defines on non-negative strides only.
func nonNegative(op Op, name string, l Layout) error {
	for _, d := range l.Stride.Flatten() {
		if d.Val < 0 {
			return refuse(op, "negative-stride", "%s %v: stride %d (defined for non-negative strides only)", name, l, d.Val)
		}
	}
	return nil
}
