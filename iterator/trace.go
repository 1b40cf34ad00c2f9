package iterator

import (
	"errors"
	"fmt"
)

// Record is one memory operation a thread makes: a load, a store or one
// accesses() pass. It is the unit every property judges, whether it came from
// a Go model or from compiled C++.
type Record struct {
	Thread      int     `json:"thread"`
	Op          int     `json:"op"`   // 0-based index in the program
	Kind        string  `json:"kind"` // load, store or accesses
	AccessBytes int64   `json:"access_bytes"`
	Addrs       []int64 `json:"addrs"`           // byte address of each access, fragment order
	Valid       []bool  `json:"valid,omitempty"` // predicated classes: guard of each access
	// Inexact marks accesses whose address is not a whole byte (the reference
	// model's bit offset is not a multiple of 8); Addrs then holds the
	// truncated byte. Nil when every address is exact.
	Inexact []bool `json:"-"`
	// AtomicWords lists, for stores done as 16-bit read-modify-writes through
	// the enclosing aligned 32-bit word (atomic=cas32), the start address of
	// every 4-byte word the store touches. P-bounds judges these ranges.
	AtomicWords []int64 `json:"atomic_words,omitempty"`
	// Evidence is, for compiled code, what recovering each access from
	// memory lacked (zero where nothing), beside Addrs; nil for a Go model.
	Evidence []AccessEvidence `json:"-"`
}

// Seen says whether the bytes showed access k's address: false where the
// evidence says it was not seen (EvidenceNotSeen), and Addrs[k] holds
// NoAddress. A Go model's records (no evidence) see every access. A
// property that reads a compiled trace's addresses skips the accesses not
// seen; whether the companion model explains them is P-companion's call.
func (r *Record) Seen(k int) bool {
	return r.Evidence == nil || k >= len(r.Evidence) || r.Evidence[k]&EvidenceNotSeen == 0
}

// GuardSeen says whether Valid[k] is a guard the bytes showed. A store
// shows its guard only through the bytes it leaves: one that left none
// was guarded off or overwritten whole, and Valid[k] (false) does not say
// which. A load's guard is seen either way (EvidenceGuardedOff).
func (r *Record) GuardSeen(k int) bool {
	return r.Evidence == nil || k >= len(r.Evidence) || r.Kind != "store" || r.Evidence[k]&EvidenceUnrecovered == 0
}

// Overflow is an int32 narrowing the C++ would perform on a value that does
// not fit: the model wraps exactly as the C++ does, and records it here.
type Overflow struct {
	Where string // the C++ expression, e.g. "incS" or "po*B"
	Value int64  // the exact (unnarrowed) value
}

func (o Overflow) String() string { return fmt.Sprintf("%s = %d overflows int32", o.Where, o.Value) }

// ThreadTrace is everything one thread does in one op program.
type ThreadTrace struct {
	Thread    int
	Records   []Record
	Overflows []Overflow
	// Inexact lists bit->byte conversions that truncated (P-exact).
	Inexact []string
	// Image is the memory a compiled store round trip left (nil for a Go
	// model, and for every other program).
	Image *MemoryImage
}

// Model turns (configuration, op program, thread) into the memory operations
// the iterator performs. Implementations are pure functions of their input.
type Model interface {
	Name() string
	Trace(cfg Config, prog Program, thread int) (ThreadTrace, error)
}

// ConstraintError is a violated static constraint (CUTLASS's static_assert):
// the configuration is invalid input.
type ConstraintError struct {
	Constraint string // the constraint, e.g. "Sc % V == 0"
	Detail     string // the values that violate it
}

func (e *ConstraintError) Error() string {
	if e.Detail == "" {
		return "invalid configuration: violates " + e.Constraint
	}
	return fmt.Sprintf("invalid configuration: violates %s (%s)", e.Constraint, e.Detail)
}

// OpError is an error a model met while running one op of the program,
// such as an int64 overflow of tilecheck's own arithmetic (layout.ErrOverflow)
// that the op's argument caused: it names the op as the program parser
// does (1-based, quoted) and wraps the error.
type OpError struct {
	Index int // 0-based, in the program
	Op    Op
	Err   error
}

func (e *OpError) Error() string {
	return fmt.Sprintf("ops: op %d %q: %v", e.Index+1, e.Op.String(), e.Err)
}

func (e *OpError) Unwrap() error { return e.Err }

// opError wraps the arithmetic error a model met at op i of prog.
func opError(i int, op Op, err error) error { return &OpError{Index: i, Op: op, Err: err} }

// ErrUnavailable marks a path that does not exist in the modelled code, such
// as load(frag, tile) on CUTLASS's RowMajor wrapper, which does not compile.
var ErrUnavailable = errors.New("path unavailable")

// UnavailableError names the unavailable path and why.
type UnavailableError struct {
	Path   string
	Reason string
	// LeftOut says that the back end cannot have the configuration at all
	// (a compiled probe: a thread map that is not a template of the
	// user's namespace, inline PTX on the host): none of its cases is
	// judged, so they are outside the sweep's coverage floors too.
	LeftOut bool
}

func (e *UnavailableError) Error() string { return e.Path + ": " + e.Reason }
func (e *UnavailableError) Unwrap() error { return ErrUnavailable }

// IsInvalid reports whether err is a configuration constraint violation.
func IsInvalid(err error) bool {
	var ce *ConstraintError
	return errors.As(err, &ce)
}
