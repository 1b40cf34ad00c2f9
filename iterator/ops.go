package iterator

import (
	"fmt"
	"strings"
)

// OpKind is one call an op program makes on an iterator.
type OpKind int

const (
	Load             OpKind = iota // load()
	Store                          // store()
	LoadTile                       // load(c,s): load(frag, tile_offset)
	StoreTile                      // store(c,s)
	LoadPtr                        // load_with_pointer_offset(n)
	StorePtr                       // store_with_pointer_offset(n)
	AddTileOffset                  // add_tile_offset(c,s)
	AddPointerOffset               // add_pointer_offset(n)
	Inc                            // ++
	Dec                            // --
	Accesses                       // accesses(): one pass over the tile's accesses
	ClearMask                      // clear_mask
	EnableMask                     // enable_mask
	// accesses_inc(): the accesses() pass as mainloops drive it, with
	// set_iteration_index(0) once and ++ after every access.
	AccessesInc
)

// opSyntax gives each op's name and how many integer arguments it takes.
var opSyntax = []struct {
	name  string
	nargs int
	paren bool
}{
	Load: {"load", 0, true}, Store: {"store", 0, true},
	LoadTile: {"load", 2, true}, StoreTile: {"store", 2, true},
	LoadPtr: {"load_with_pointer_offset", 1, true}, StorePtr: {"store_with_pointer_offset", 1, true},
	AddTileOffset: {"add_tile_offset", 2, true}, AddPointerOffset: {"add_pointer_offset", 1, true},
	Inc: {"inc", 0, false}, Dec: {"dec", 0, false},
	Accesses:  {"accesses", 0, true},
	ClearMask: {"clear_mask", 0, false}, EnableMask: {"enable_mask", 0, false},
	AccessesInc: {"accesses_inc", 0, true},
}

// Op is one call. A and B are its arguments: (c, s) for tile offsets, in the
// layout's own order, and n in A for pointer offsets (elements, as documented).
type Op struct {
	Kind OpKind
	A, B int64
}

// Records reports whether the op produces a trace record (a load, a store or
// an accesses() pass).
func (o Op) Records() bool {
	switch o.Kind {
	case Load, Store, LoadTile, StoreTile, LoadPtr, StorePtr, Accesses, AccessesInc:
		return true
	}
	return false
}

// RecordKind is the trace kind the op records: "load", "store" or "accesses".
func (o Op) RecordKind() string {
	switch o.Kind {
	case Load, LoadTile, LoadPtr:
		return "load"
	case Store, StoreTile, StorePtr:
		return "store"
	case Accesses, AccessesInc:
		return "accesses"
	}
	return ""
}

// Name is the op's name without its arguments, as String spells it
// ("load_with_pointer_offset").
func (k OpKind) Name() string { return opSyntax[k].name }

func (o Op) String() string {
	s := opSyntax[o.Kind]
	switch {
	case !s.paren:
		return s.name
	case s.nargs == 0:
		return s.name + "()"
	case s.nargs == 1:
		return fmt.Sprintf("%s(%d)", s.name, o.A)
	default:
		return fmt.Sprintf("%s(%d,%d)", s.name, o.A, o.B)
	}
}

// Program is an op program: calls made in order on one iterator per thread.
type Program []Op

// Recorded is how many of the program's ops record accesses (Op.Records):
// the number of records one thread's trace holds.
func (p Program) Recorded() int {
	n := 0
	for _, op := range p {
		if op.Records() {
			n++
		}
	}
	return n
}

func (p Program) String() string {
	parts := make([]string, len(p))
	for i, o := range p {
		parts[i] = o.String()
	}
	return strings.Join(parts, ";")
}
