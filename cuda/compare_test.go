package cuda

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilecheck/tilecheck/iterator"
)

// TestObserveRecordsOnlyWhatTheBytesShow: the compiled trace holds what the
// harness's records show and never the Go model's address. A predicated
// store access that left no byte (hidden under a later access, or guarded
// off: the bytes cannot tell) and a load the harness saw guarded off are
// marked not seen, with iterator.NoAddress and their guard off; a regular
// store access that left no byte likewise, even where the model's accesses
// overlap it (what the model explains is the judging layer's call); an
// access with no record is missing; the rest hold the harness's address.
func TestObserveRecordsOnlyWhatTheBytesShow(t *testing.T) {
	const modelAddr = 1000 // every model address: none may reach the trace
	rec := func(kind string, valid []bool) iterator.Record {
		return iterator.Record{Kind: kind, Op: 0, Addrs: []int64{modelAddr, modelAddr, modelAddr, modelAddr}, Valid: valid}
	}
	on := []bool{true, true, true, true}
	for _, e := range []struct {
		name  string
		rec   iterator.Record
		got   []compiledAccess
		addrs []int64
		ev    []iterator.AccessEvidence
		valid []bool
	}{
		{"predicated store", rec("store", on),
			[]compiledAccess{{Flags: flagUnrecovered, Seen: true}, {Addr: 16, Seen: true, Bytes: 16}, {Addr: 32, Flags: flagByteCount, Seen: true}},
			[]int64{iterator.NoAddress, 16, 32, iterator.NoAddress},
			[]iterator.AccessEvidence{iterator.EvidenceUnrecovered, 0, iterator.EvidenceByteCount, iterator.EvidenceMissing},
			[]bool{false, true, true, true}},
		{"predicated load", rec("load", on),
			[]compiledAccess{{Flags: flagGuardedOff, Seen: true}, {Addr: 16, Seen: true}, {Addr: 32, Seen: true}, {Addr: 48, Seen: true}},
			[]int64{iterator.NoAddress, 16, 32, 48},
			[]iterator.AccessEvidence{iterator.EvidenceGuardedOff, 0, 0, 0},
			[]bool{false, true, true, true}},
		{"accesses() guarded off keeps its address", rec("accesses", on),
			[]compiledAccess{{Addr: 8, Flags: flagGuardedOff, Seen: true}, {Addr: 16, Seen: true}, {Addr: 32, Seen: true}, {Addr: 48, Seen: true}},
			[]int64{8, 16, 32, 48}, []iterator.AccessEvidence{0, 0, 0, 0}, []bool{false, true, true, true}},
		{"regular store", iterator.Record{Kind: "store", Addrs: []int64{modelAddr, modelAddr}},
			[]compiledAccess{{Flags: flagUnrecovered, Seen: true}, {Addr: 16, Seen: true}},
			[]int64{iterator.NoAddress, 16}, []iterator.AccessEvidence{iterator.EvidenceUnrecovered, 0}, nil},
	} {
		model := []iterator.ThreadTrace{{Records: []iterator.Record{e.rec}}}
		pc := &plannedCase{Programs: []iterator.Program{nil}, Avail: [][]bool{{true}}, RoundTrip: []bool{false},
			Expected: [][][]iterator.ThreadTrace{{model}}, Reference: [][]iterator.ThreadTrace{model}, AccessBytes: 16}
		raw := newRawOutput()
		raw.Accesses[accessKey{}] = e.got
		res := &Result{compiled: map[traceKey][]compiledThread{}}
		observe(pc, []Variant{{}}, raw, res)
		got := res.compiled[traceKey{}][0].Records[0]
		for i := range e.addrs {
			assert.Equal(t, e.addrs[i], got.Addrs[i], "%s: access %d: address", e.name, i)
			assert.Equal(t, e.ev[i], got.Evidence[i], "%s: access %d: evidence", e.name, i)
			if e.valid != nil {
				assert.Equal(t, e.valid[i], got.Valid[i], "%s: access %d: guard", e.name, i)
			}
			assert.NotEqual(t, int64(modelAddr), got.Addrs[i], "%s: access %d holds the model's address", e.name, i)
			assert.Equal(t, e.ev[i]&iterator.EvidenceNotSeen == 0, got.Seen(i), "%s: access %d: Seen", e.name, i)
		}
		if e.valid == nil {
			assert.Nil(t, got.Valid, "%s: guards on an unguarded class", e.name)
		}
		if assert.Len(t, res.Runs, 1, "%s: runs", e.name) {
			assert.Len(t, res.Runs[0].Compiled, 1, "%s: the run's compiled traces", e.name)
		}
	}
}
