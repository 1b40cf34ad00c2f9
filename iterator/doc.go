// Package iterator models CUTLASS's tile iterators in Go, to the byte:
// configurations and their parser, the thread maps with their
// static constraints, op programs, and the models themselves —
// the documented contract (reference), CUTLASS before and after PR #3049,
// the rest of the family and the known-bad controls.
// A model traces what one thread's iterator does for an op program: the
// byte address of every access, with the int32 overflows and truncating
// bit-to-byte conversions the C++ would perform.
package iterator
