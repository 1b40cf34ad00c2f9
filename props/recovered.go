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
// PRecovered judges the evidence as recorded; Recovered judges it given
// the companion model, which explains some of it.
var PRecovered = Recovered(nil)

// Recovered is P-recovered given the companion model (nil: none): where the
// companion's record of an op makes accesses that overlap one another (a
// later access of the same store overwrites part of an earlier one, as an
// Alignment override does), fewer bytes of the earlier ones survive than
// their width, and the evidence the overlap explains is no violation
// (Unexplained). The compiled trace records the evidence whole; the
// judgement of what the model explains is this property's.
func Recovered(companion Source) Property {
	return Property{
		ID:      RecoveredID,
		Doc:     "every compiled access was recovered from the bytes it moved: recorded, from consecutive addresses, exactly its width",
		Catches: "compiled code that drops, tears or widens an access, or a harness that loses one",
		Judge: func(c *Case, t *Traces) []Violation {
			var want []iterator.ThreadTrace
			if companion != nil {
				resps, err := companion.Traces([]Request{{Config: c.Config, Program: c.Program, Threads: c.Threads}})
				if err == nil && len(resps) == 1 && resps[0].Err == nil && len(resps[0].Traces) == len(c.Threads) {
					want = resps[0].Traces
				}
			}
			var out []Violation
			for k, th := range c.Threads {
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
					var model *iterator.Record
					if want != nil {
						model = recordAt(&want[k], r.Op)
					}
					bad := Unexplained(r, model)
					if len(bad) == 0 {
						continue
					}
					v := Violation{Property: RecoveredID, Thread: th, Op: r.Op, Actual: r.Addrs}
					if !t.quiet {
						v.Config, v.Program = c.Config, c.Program
						var parts []string
						for _, a := range bad {
							parts = append(parts, fmt.Sprintf("access %d: %s", a, EvidenceText(r.Evidence[a]&^OverlapExplains(model, r.AccessBytes))))
						}
						v.Detail = fmt.Sprintf("op %d: %s: %s", r.Op, opText(*c, r.Op), strings.Join(parts, "; "))
					}
					out = append(out, v)
				}
			}
			return out
		},
	}
}

// OverlapExplains is the evidence the companion's record (nil: none)
// explains in a compiled record of the same op whose accesses are a bytes
// wide: where the companion's accesses whose guard is on overlap one
// another, a later one overwrites part or all of an earlier one, so a byte
// count that differs and an access of which no byte survived are what the
// model predicts.
func OverlapExplains(companion *iterator.Record, a int64) iterator.AccessEvidence {
	if companion == nil {
		return 0
	}
	var addrs []int64
	for i, x := range companion.Addrs {
		if companion.Valid == nil || (i < len(companion.Valid) && companion.Valid[i]) {
			addrs = append(addrs, x)
		}
	}
	for i := range addrs {
		for j := i + 1; j < len(addrs); j++ {
			if addrs[i] < addrs[j]+a && addrs[j] < addrs[i]+a {
				return iterator.EvidenceByteCount | iterator.EvidenceUnrecovered
			}
		}
	}
	return 0
}

// Unexplained lists the accesses of a compiled record that were not
// recovered whole, net of what the companion's record (nil: none) explains
// (OverlapExplains, and a store it guards off, which leaves no byte). A
// guard seen off is no failure to recover: P-companion judges guards.
func Unexplained(r, companion *iterator.Record) []int {
	explained := OverlapExplains(companion, r.AccessBytes)
	var out []int
	for a, e := range r.Evidence {
		e &^= explained | iterator.EvidenceGuardedOff
		if companion != nil && !validAt(companion, a) {
			e &^= iterator.EvidenceUnrecovered
		}
		if e != 0 {
			out = append(out, a)
		}
	}
	return out
}

// NotSeenExplained says whether the companion's record (nil: none)
// explains access k of a compiled record of the same op, one the bytes did
// not show (iterator.Record.Seen): the companion guards it off and so did
// the compiled code (a load seen guarded off, a store that left no byte),
// or the companion's guard is on, its accesses overlap (OverlapExplains)
// and no byte of this one was found: a later access overwrote it whole.
// Anything else (a store that left nothing where the companion neither
// guards it off nor overlaps it, a guard seen off where the companion's is
// on) is unexplained: the compiled code differs from the model.
func NotSeenExplained(companion, compiled *iterator.Record, k int) bool {
	if companion == nil || k >= len(companion.Addrs) {
		return false
	}
	if !validAt(companion, k) {
		return compiled.Valid != nil && k < len(compiled.Valid) && !compiled.Valid[k]
	}
	return k < len(compiled.Evidence) && compiled.Evidence[k]&iterator.EvidenceUnrecovered != 0 &&
		OverlapExplains(companion, compiled.AccessBytes)&iterator.EvidenceUnrecovered != 0
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
		{iterator.EvidenceTouchOverflow, "more bytes touched than the fragment holds"}, {iterator.EvidenceByteCount, "byte count differs from A"},
		{iterator.EvidenceGuardedOff, "guard seen off"}} {
		if e&x.bit != 0 {
			parts = append(parts, x.text)
		}
	}
	return strings.Join(parts, "; ")
}
