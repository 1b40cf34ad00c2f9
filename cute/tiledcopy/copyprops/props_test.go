package copyprops

import (
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

func judge(t *testing.T, s string) map[string]*Violation {
	t.Helper()
	c, err := tiledcopy.ParseCase(s)
	if err != nil {
		t.Fatal(err)
	}
	tr := c.Eval()
	if tr.Rejected != "" {
		t.Fatalf("%s: refused: %s", s, tr.Rejected)
	}
	out := map[string]*Violation{}
	for _, p := range All() {
		if v := p.Check(c, tr); v != nil {
			out[p.ID] = v
		}
	}
	return out
}

// A padded pitch of 68 halves puts rows 136 bytes apart: the
// second row's 128-bit vector starts at byte 136, not 16-byte aligned.
// CuTe cannot see a dynamic pitch; P-vector does.
func TestMisalignedPitch(t *testing.T) {
	v := judge(t, "atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(68,1) dst=(4,64):(64,1)")
	if len(v) != 1 || v["P-vector"] == nil || !strings.Contains(v["P-vector"].Detail, "not aligned") {
		t.Errorf("want P-vector alone, on alignment; got %v", v)
	}
}

// The same copy with a pitch of 72 halves (144 bytes) keeps every vector
// aligned, and a Sw<3,3,3> destination keeps it whole.
func TestAlignedSwizzled(t *testing.T) {
	if v := judge(t, "atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(72,1) dst=Sw<3,3,3>o(4,64):(64,1)"); len(v) != 0 {
		for id, x := range v {
			t.Errorf("%s: %s", id, x.Detail)
		}
	}
}

// A vector copy predicated on an extent that cuts a vector: copy_if gates
// the call on its first value, so the whole vector is copied.
func TestPredicateCutsVector(t *testing.T) {
	v := judge(t, "atom=UniversalCopy<uint64_t> elem=half_t thr=(8,4):(4,1) val=(1,4):(4,1) src=(8,16):(16,1) dst=(8,16):(16,1) extent=8x14")
	if v["P-predicate"] == nil {
		t.Errorf("an extent of 14 inside a 4-wide vector passed P-predicate")
	}
}
