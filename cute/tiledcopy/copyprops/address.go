package copyprops

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// side lists a thread's slots of one side.
func sides(th tiledcopy.Thread) [2][]tiledcopy.Slot { return [2][]tiledcopy.Slot{th.Src, th.Dst} }

var sideName = [2]string{"source", "destination"}

// SwizzleBijection: each side's offsets are a bijection of the tile.
var SwizzleBijection = &Property{
	ID:  "P-swizzle-bijection",
	Doc: "on each side, the offsets the partitions give, swizzled or not, are a bijection of the tile's elements: one offset per element, no two elements at one offset",
	Check: func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation {
		for k := 0; k < 2; k++ {
			offOf := map[int64]int64{}
			elemAt := map[int64]int64{}
			for t, th := range tr.Threads {
				for i, s := range sides(th)[k] {
					if o, ok := offOf[s.Coord]; ok && o != s.Offset {
						return violation(t, "%s element %d is at offset %d for thread %d's value %d and at %d elsewhere", sideName[k], s.Coord, s.Offset, t, i, o)
					}
					if e, ok := elemAt[s.Offset]; ok && e != s.Coord {
						return &Violation{Detail: fmt.Sprintf("%s elements %d and %d share offset %d (thread %d's value %d)", sideName[k], e, s.Coord, s.Offset, t, i),
							Thread: t, Expected: []int64{e}, Actual: []int64{s.Coord}}
					}
					offOf[s.Coord], elemAt[s.Offset] = s.Offset, s.Coord
				}
			}
		}
		return nil
	},
}

// Address: a partition points into its tensor at the element it names.
var Address = &Property{
	ID:  "P-address",
	Doc: "each partition_S and partition_D value's offset is its tensor's layout, then its swizzle, at the element the value names: a partition of a swizzled tensor is swizzled on that side",
	Check: func(c tiledcopy.Case, tr tiledcopy.Trace) *Violation {
		m, _, v := tile(c)
		if v != nil {
			return v
		}
		xs := [2]tiledcopy.Tensor{c.Src, c.Dst}
		for t, th := range tr.Threads {
			for k, slots := range sides(th) {
				for i, s := range slots {
					want, err := xs[k].Offset(s.Coord%m, s.Coord/m)
					if err != nil {
						return violation(t, "%s element %d: %v", sideName[k], s.Coord, err)
					}
					if s.Offset != want {
						return &Violation{Detail: fmt.Sprintf("thread %d's %s value %d names element (%d,%d), at offset %d in %v, but points at %d", t, sideName[k], i, s.Coord%m, s.Coord/m, want, xs[k], s.Offset),
							Thread: t, Expected: []int64{want}, Actual: []int64{s.Offset}}
					}
				}
			}
		}
		return nil
	},
}

// ModelCheck compares a source's trace with the Go model's: judged only
// for a source other than the model, by the engine, which hands it the
// model's trace.
func ModelCheck(c tiledcopy.Case, got, want tiledcopy.Trace) *Violation {
	if strings.HasPrefix(want.Rejected, tiledcopy.OutsideModel) {
		return nil // CuTe answers what the model does not cover
	}
	if (got.Rejected == "") != (want.Rejected == "") {
		return violation(-1, "the source %s; the model %s", refusal(got), refusal(want))
	}
	if got.Rejected != "" {
		return nil
	}
	if len(got.Threads) != len(want.Threads) {
		return violation(-1, "%d threads; the model %d", len(got.Threads), len(want.Threads))
	}
	for t := range got.Threads {
		g, w := got.Threads[t], want.Threads[t]
		for k, gs := range sides(g) {
			ws := sides(w)[k]
			if len(gs) != len(ws) {
				return violation(t, "thread %d: %d %s values; the model %d", t, len(gs), sideName[k], len(ws))
			}
			for i := range gs {
				if gs[i] != ws[i] {
					return &Violation{Detail: fmt.Sprintf("thread %d's %s value %d: element %d at %d; the model: element %d at %d", t, sideName[k], i, gs[i].Coord, gs[i].Offset, ws[i].Coord, ws[i].Offset),
						Thread: t, Expected: []int64{ws[i].Coord, ws[i].Offset}, Actual: []int64{gs[i].Coord, gs[i].Offset}}
				}
			}
		}
	}
	return nil
}

func refusal(tr tiledcopy.Trace) string {
	if tr.Rejected != "" {
		return "refuses it (" + tr.Rejected + ")"
	}
	return "answers it"
}

// Model is the property a non-model source is also judged by: its
// partitions equal the Go model's, and it refuses what the model refuses
// (but for the model's own refusals, tiledcopy.OutsideModel, which CuTe
// answers).
// Its Check is nil: the engine calls ModelCheck with the model's trace.
var Model = &Property{
	ID:  "P-model",
	Doc: "the source's partitions, thread by thread and value by value, equal the Go model's, and it refuses exactly what the model refuses",
}
