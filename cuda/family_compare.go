package cuda

import (
	"github.com/tilecheck/tilecheck/iterator"
)

// flagGuardedOff: valid() was false (accesses()), or a predicated load left
// the fragment slot unchanged (probe_harness.h kGuardedOff).
const flagGuardedOff = 16

// compareGuard compares the guard of access i of a predicated record with
// the Go model's, appends the compiled guard to crec and says on o what it
// saw (Guarded: a guard compared; GuardDiffers: one that differs, a
// mismatch where P-companion, which compares guards, finds the record
// differing). seen says the compiled address can be compared next; skip
// that the access is already accounted for (a differing guard, or a store
// access a later one of the same store overwrote). A guarded-off store is
// one that left no byte.
func compareGuard(o *Observation, crec *iterator.Record, rec iterator.Record, i int, got []compiledAccess, overlaps bool) (seen, skip bool) {
	want := validAt(rec, i)
	if i >= len(got) || !got[i].Seen {
		crec.Valid = append(crec.Valid, want)
		return true, false // the address comparison reports the missing record
	}
	g := got[i]
	valid := g.Flags&flagGuardedOff == 0
	if rec.Kind == "store" {
		valid = g.Flags&flagUnrecovered == 0
		if !valid && want && overlaps {
			o.How = Hidden
			crec.Valid = append(crec.Valid, true)
			crec.Addrs = append(crec.Addrs, rec.Addrs[i])
			return false, true
		}
	}
	o.Guarded, o.Valid = true, valid
	crec.Valid = append(crec.Valid, valid)
	if valid != want {
		o.How, o.Actual = GuardDiffers, g.Addr
		crec.Addrs = append(crec.Addrs, g.Addr)
		return false, true
	}
	if !valid && rec.Kind != "accesses" {
		return false, false
	}
	return true, false
}
