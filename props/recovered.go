package props

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// RecoveredID is the id of PRecovered.
const RecoveredID = "P-recovered"

// PRecovered is the compiled probe's property "every access was recovered
// from the bytes it moved": each access a compiled trace records has a
// record, its bytes came from consecutive addresses, and it moved exactly
// its width (iterator.Record.Evidence). An access that was not recovered
// whole has no address to compare, so it fails here whatever its address.
// A Go model's traces carry no evidence: it judges nothing there.
//
// The evidence a compiled source records is already net of what its
// companion model explains (a later access of the same store that the model
// says overwrites part of an earlier one leaves fewer bytes of it).
var PRecovered = Property{
	ID:      RecoveredID,
	Doc:     "every compiled access was recovered from the bytes it moved: recorded, from consecutive addresses, exactly its width",
	Catches: "compiled code that drops, tears or widens an access, or a harness that loses one",
	Judge: func(c Case, t *Traces) []Violation {
		var out []Violation
		for _, th := range c.Threads {
			mt, err := t.Get(c.Program, th)
			if err != nil {
				continue
			}
			for i := range mt.Records {
				r := &mt.Records[i]
				if r.Evidence == nil {
					continue
				}
				t.Judged()
				t.Checks += int64(len(r.Evidence))
				bad := Unrecovered(r)
				if len(bad) == 0 {
					continue
				}
				v := Violation{Property: RecoveredID, Thread: th, Op: r.Op, Actual: r.Addrs}
				if !t.quiet {
					v.Config, v.Program = c.Config, c.Program
					var parts []string
					for _, a := range bad {
						parts = append(parts, fmt.Sprintf("access %d: %s", a, EvidenceText(r.Evidence[a])))
					}
					v.Detail = fmt.Sprintf("op %d: %s: %s", r.Op, opText(c, r.Op), strings.Join(parts, "; "))
				}
				out = append(out, v)
			}
		}
		return out
	},
}

// Unrecovered lists the accesses of a record whose evidence says they were
// not recovered whole.
func Unrecovered(r *iterator.Record) []int {
	var out []int
	for a, e := range r.Evidence {
		if e != 0 {
			out = append(out, a)
		}
	}
	return out
}

// EvidenceText says in words what an access's recovery lacked.
func EvidenceText(e iterator.AccessEvidence) string {
	if e&iterator.EvidenceMissing != 0 {
		return "no record for this access"
	}
	var parts []string
	for _, x := range []struct {
		bit  iterator.AccessEvidence
		text string
	}{{iterator.EvidenceIncoherent, "bytes not from consecutive addresses"}, {iterator.EvidenceUnrecovered, "no byte of the access found in memory"},
		{iterator.EvidenceTouchOverflow, "more bytes touched than the fragment holds"}, {iterator.EvidenceByteCount, "byte count differs from A"}} {
		if e&x.bit != 0 {
			parts = append(parts, x.text)
		}
	}
	return strings.Join(parts, "; ")
}
