// Package cute models CuTe's layouts exactly to the integer: hierarchical
// integer tuples, layouts as functions from coordinates to offsets, and the
// layout algebra (coalesce, composition, complement, divides, products,
// inverses, max_common_vector, swizzles) as CuTe's documentation defines it.
//
// Every operation states its documented preconditions and refuses inputs
// outside them with a *PreconditionError, rather than returning a layout the
// documentation gives no meaning to. Arithmetic is done in int64 and checked
// against CuTe's dynamic integer type, a 32-bit int: a value that would not
// fit is refused (ErrOverflow), never wrapped.
//
// A layout prints and parses in CuTe's own notation, as cute::print writes
// it: "((2,3),4):((1,2),6)", static integers with a leading underscore
// ("(_4,_8):(_1,_4)").
package cute
