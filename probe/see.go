package probe

import (
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// how is how the report counts one access of the Go model, from the
// compiled trace's evidence and what the model explains of it.
type how int

const (
	// compared: the compiled address (or its absence) is judged.
	compared how = iota
	// guardDiffers: the compiled guard differs from the Go model's.
	guardDiffers
	// guardedOff: guarded off as the Go model says; no address to see.
	guardedOff
	// hidden: a store access no byte of which is left, where the Go
	// model's own accesses overlap it (props.OverlapExplains).
	hidden
)

// seen is how one access counts; guarded says a guard was compared (and
// agreed, unless how is guardDiffers).
type seen struct {
	how     how
	guarded bool
}

// see says how access i of the Go model's record rec counts, given the
// compiled record crec of the same op (cuda.ProgramRun's traces pair them)
// and the width a of one access. On a predicated class the guard is
// compared first: a store that left no byte where the model's guard is on
// and its accesses overlap was overwritten whole (hidden, no guard to
// compare); a guard the model agrees is off leaves no address to judge.
// Every other access is compared by address or evidence.
func see(rec, crec *iterator.Record, i int, a int64) seen {
	ev := crec.Evidence[i]
	overlaps := props.OverlapExplains(rec, a) != 0
	if rec.Valid != nil && ev&iterator.EvidenceMissing == 0 {
		want, valid := validAt(rec, i), crec.Valid[i]
		if rec.Kind == "store" && !valid && want && overlaps {
			return seen{how: hidden}
		}
		switch {
		case valid != want:
			return seen{how: guardDiffers, guarded: true}
		case !valid && rec.Kind != "accesses":
			return seen{how: guardedOff, guarded: true}
		}
		if overlaps && ev&iterator.EvidenceUnrecovered != 0 {
			return seen{how: hidden, guarded: true}
		}
		return seen{how: compared, guarded: true}
	}
	if overlaps && ev&iterator.EvidenceUnrecovered != 0 {
		return seen{how: hidden}
	}
	return seen{how: compared}
}

// shown is the address the report shows for access i of a compiled
// record: what the compiled trace holds, report.NotSeen
// (iterator.NoAddress) for an access the bytes showed no address of (a
// guarded-off load, a store that left no byte) or with no record at all.
// The harness's placeholder 0 is never shown: it read as a real address 0,
// and agreed with a reference whose address there is 0.
func shown(crec *iterator.Record, i int) int64 {
	if !crec.Seen(i) {
		return report.NotSeen
	}
	return crec.Addrs[i]
}

// validAt is access i's guard (on where the record has none).
func validAt(r *iterator.Record, i int) bool {
	return r.Valid == nil || (i < len(r.Valid) && r.Valid[i])
}
