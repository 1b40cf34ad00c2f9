package props

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// RoundTripID is the id of PRoundTrip.
const RoundTripID = "P-roundtrip"

// PRoundTrip is the compiled probe's property "data round-trips through the
// layout", judged against the reference (the oracle source), on the bytes a
// compiled run moved:
//
//   - load round trip: every loaded fragment slot holds the tag at its
//     reference address: each load access's guard is the reference's and,
//     where on and the reference address is exact, so is its address;
//   - store round trip (a program whose one recording op is a store, with
//     a byte-exact reference footprint that covers no byte twice,
//     StoreRoundTrip): the memory the store left (ThreadTrace.Image, or
//     for a trace without one the image its store records imply) holds every
//     fragment byte at its reference address, and every other byte its
//     sentinel.
//
// It judges the source against the reference model, not against its own Go
// model: a control (other code than the reference) must fail it, the
// identity copy must pass, and a Go model that differs from the reference
// predicts that its compiled rendition fails it. It asks for every thread,
// so it is no sweep property (a sweep's cases judge one thread at a time);
// the probe judges it once per (configuration, program).
var PRoundTrip = Property{
	ID:      RoundTripID,
	Doc:     "every loaded fragment slot holds the byte at its reference address, and a store leaves the reference footprint with every other byte untouched",
	Catches: "compiled code that moves data elsewhere than the layout says (the probe's controls)",
	Oracle:  func(c *Case) []iterator.Program { return append(c.programList(1), c.Program) },
	Judge:   judgeRoundTrip,
}

// judgeRoundTrip judges the load round trip on every load record, then the
// store round trip where the program is one.
func judgeRoundTrip(c *Case, t *Traces) []Violation {
	mains := make([]iterator.ThreadTrace, 0, len(c.Threads))
	refs := make([]iterator.ThreadTrace, 0, len(c.Threads))
	for _, th := range c.Threads {
		mt, err := t.Get(c.Program, th)
		if err != nil {
			return nil
		}
		rt, err := t.Reference(c.Program, th)
		if err != nil {
			return nil
		}
		mains, refs = append(mains, *mt), append(refs, *rt)
	}
	var out []Violation
	for k, mt := range mains {
		for i := range mt.Records {
			mr := &mt.Records[i]
			rr := recordAt(&refs[k], mr.Op)
			if mr.Kind != "load" || rr == nil {
				continue
			}
			t.Judged()
			t.Checks++
			if a, ok := loadSlotDiffers(mr, rr); ok {
				v := Violation{Property: RoundTripID, Thread: mt.Thread, Op: mr.Op, Expected: rr.Addrs, Actual: mr.Addrs}
				if !t.quiet {
					v.Config, v.Program = c.Config, c.Program
					v.Detail = fmt.Sprintf("op %d: %s: fragment slot %d does not hold the byte at its reference address", mr.Op, opText(*c, mr.Op), a)
				}
				out = append(out, v)
			}
		}
	}
	if len(mains) == 0 || !StoreRoundTrip(c.Program, refs) {
		return out
	}
	t.Judged()
	t.Checks++
	if addr, th, where, bad := storeImageDiffers(c.Config, mains, refs); bad {
		v := Violation{Property: RoundTripID, Thread: th, Op: firstRecordedStore(c.Program), Expected: []int64{addr}, Actual: []int64{addr}}
		if !t.quiet {
			v.Config, v.Program, v.Detail = c.Config, c.Program, where
		}
		out = append(out, v)
	}
	return out
}

// loadSlotDiffers returns the first access of a load whose slot would not
// hold the tag at its reference address: a guard other than the
// reference's, or (both on, the reference exact) another address or none
// (a compiled load with its guard on whose slot shows no byte).
func loadSlotDiffers(mr, rr *iterator.Record) (int, bool) {
	for i := range mr.Addrs {
		on, refOn := validAt(mr, i), validAt(rr, i)
		switch {
		case on != refOn:
			return i, true
		case !on, i >= len(rr.Addrs), rr.Inexact != nil && i < len(rr.Inexact) && rr.Inexact[i]:
		case !mr.Seen(i), mr.Addrs[i] != rr.Addrs[i]:
			return i, true
		}
	}
	return 0, false
}

// StoreRoundTrip says whether the store round trip judges a program: its
// one recording op is a store, and the reference's store bytes (ref, every
// thread's trace) are whole bytes with no byte covered twice, so every byte
// of the tensor has one expected tag.
func StoreRoundTrip(prog iterator.Program, ref []iterator.ThreadTrace) bool {
	if prog.Recorded() != 1 || firstRecordedStore(prog) < 0 {
		return false
	}
	var written []int64
	for _, tr := range ref {
		if len(tr.Inexact) > 0 {
			return false
		}
		for _, r := range tr.Records {
			for i, addr := range r.Addrs {
				if !validAt(&r, i) {
					continue
				}
				if r.Inexact != nil && r.Inexact[i] {
					return false
				}
				for k := int64(0); k < r.AccessBytes; k++ {
					written = append(written, addr+k)
				}
			}
		}
	}
	slices.Sort(written)
	for i := 1; i < len(written); i++ {
		if written[i] == written[i-1] {
			return false
		}
	}
	return true
}

// firstRecordedStore is the index of the program's first recording store, or -1.
func firstRecordedStore(prog iterator.Program) int {
	for i, op := range prog {
		if op.Records() && op.RecordKind() == "store" {
			return i
		}
	}
	return -1
}

// validAt is access i's guard (on where the record has none).
func validAt(r *iterator.Record, i int) bool {
	return r.Valid == nil || (i < len(r.Valid) && r.Valid[i])
}

type fragTag struct {
	thread int
	index  int64
}

// storeImageDiffers compares the memory image of mains with the reference
// footprint of refs and describes the discrepancy at the lowest address
// (the same text every run, not whichever a map iteration meets first),
// with the thread whose fragment byte it concerns.
func storeImageDiffers(cfg iterator.Config, mains, refs []iterator.ThreadTrace) (addr int64, thread int, where string, bad bool) {
	var want []taggedByte
	for _, tr := range refs {
		for _, rec := range tr.Records {
			for i, addr := range rec.Addrs {
				if !validAt(&rec, i) {
					continue // a guarded-off store writes nothing
				}
				for k := int64(0); k < rec.AccessBytes; k++ {
					want = append(want, taggedByte{addr + k, fragTag{tr.Thread, int64(i)*rec.AccessBytes + k}})
				}
			}
		}
	}
	img := imageOf(mains)
	var got []taggedByte
	for _, r := range img.Runs {
		for b := int64(0); b < r.Len; b++ {
			got = append(got, taggedByte{r.Addr + b, fragTag{r.Thread, r.Index + b}})
		}
	}
	want, got = byAddress(want), byAddress(got)
	for i, j := 0, 0; i < len(want) || j < len(got); {
		switch {
		case j == len(got) || (i < len(want) && want[i].addr < got[j].addr):
			w := want[i]
			return w.addr, w.tag.thread, fmt.Sprintf("byte %d (thread %d fragment byte %d) was never written", w.addr, w.tag.thread, w.tag.index), true
		case i == len(want) || got[j].addr < want[i].addr:
			g := got[j]
			return g.addr, g.tag.thread, fmt.Sprintf("sentinel %s changed by thread %d fragment byte %d", byteLocation(cfg, img.Size, g.addr), g.tag.thread, g.tag.index), true
		case got[j].tag != want[i].tag:
			g, w := got[j], want[i]
			return g.addr, g.tag.thread, fmt.Sprintf("byte %d holds thread %d fragment byte %d, expected thread %d byte %d", g.addr, g.tag.thread, g.tag.index, w.tag.thread, w.tag.index), true
		}
		i, j = i+1, j+1
	}
	return 0, 0, "", false
}

// taggedByte is one byte of memory and the fragment byte it holds.
type taggedByte struct {
	addr int64
	tag  fragTag
}

// byAddress sorts bytes by address; where one address was written more
// than once, the last write (in the order given) is what memory holds.
func byAddress(bs []taggedByte) []taggedByte {
	slices.SortStableFunc(bs, func(a, b taggedByte) int { return cmp.Compare(a.addr, b.addr) })
	out := bs[:0]
	for _, b := range bs {
		if n := len(out); n > 0 && out[n-1].addr == b.addr {
			out[n-1] = b
			continue
		}
		out = append(out, b)
	}
	return out
}

// imageOf is the memory image the traces carry or, for traces without
// one (a Go model), the one their store records imply: every guarded-on
// access writes its fragment bytes, later ones over earlier ones.
func imageOf(traces []iterator.ThreadTrace) *iterator.MemoryImage {
	for _, tr := range traces {
		if tr.Image != nil {
			return tr.Image
		}
	}
	img := &iterator.MemoryImage{}
	for _, tr := range traces {
		for _, rec := range tr.Records {
			if rec.Kind != "store" {
				continue
			}
			for i, addr := range rec.Addrs {
				if validAt(&rec, i) {
					img.Runs = append(img.Runs, iterator.ByteRun{Thread: tr.Thread, Index: int64(i) * rec.AccessBytes, Addr: addr, Len: rec.AccessBytes})
				}
			}
		}
	}
	return img
}

// byteLocation names where a byte lies relative to the tensor of cfg, in a
// buffer of size bytes (0: unknown).
func byteLocation(cfg iterator.Config, size, addr int64) string {
	rowBytes := cfg.Pitch() * int64(cfg.Elem.Bits) / 8
	if cfg.Class.Predicated() && rowBytes > 0 && addr >= 0 && addr < size {
		ext := cfg.PitchExtent()
		row, col := addr/rowBytes, (addr%rowBytes)*8/int64(cfg.Elem.Bits)
		switch {
		case row >= ext.S:
			return fmt.Sprintf("outside the extent, row %d past its %d rows, at byte %d", row, ext.S, addr)
		case col >= ext.C:
			return fmt.Sprintf("outside the extent, row %d element %d (extent %d elements, pitch gap), at byte %d", row, col, ext.C, addr)
		}
		return fmt.Sprintf("inside the extent, row %d element %d, outside the reference footprint, at byte %d", row, col, addr)
	}
	switch {
	case addr < 0:
		return fmt.Sprintf("before the tensor at byte %d", addr)
	case size > 0 && addr >= size:
		return fmt.Sprintf("after the tensor at byte %d", addr)
	case rowBytes > 0:
		row, col := addr/rowBytes, (addr%rowBytes)*8/int64(cfg.Elem.Bits)
		if col >= cfg.PitchShape().C {
			return fmt.Sprintf("in the pitch gap of row %d (element %d) at byte %d", row, col, addr)
		}
		return fmt.Sprintf("inside the tensor, row %d element %d, outside the reference footprint, at byte %d", row, col, addr)
	}
	return fmt.Sprintf("at byte %d", addr)
}

// What a compiled probe requires of the variants compiled beside the
// iterators, as a sweep's kill matrix requires of its controls
// (ControlOK): a probe control (C-load-div, C-pitch-plus-one) is other code
// than the reference, so P-roundtrip must kill it; the identity copy is the
// reference under another name, so neither P-roundtrip nor P-companion (a
// mismatch with its own Go model) may.
var (
	ProbeControlSpec  = ControlSpec{MustKill: []string{RoundTripID}}
	ProbeIdentitySpec = ControlSpec{MustSurvive: []string{RoundTripID, CompanionID}}
)
