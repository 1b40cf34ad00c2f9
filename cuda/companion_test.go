package cuda

import (
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
)

// TestCompanionDiffersFindsOneAddress: the probe's address comparison,
// P-companion, finds exactly the one access a compiled trace moved, and
// nothing on the Go model's own traces.
func TestCompanionDiffersFindsOneAddress(t *testing.T) {
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := iterator.ParseProgram("load(1,0);store(0,0)")
	if err != nil {
		t.Fatal(err)
	}
	m, err := iterator.ModelByName("reference")
	if err != nil {
		t.Fatal(err)
	}
	threads := make([]int, cfg.Threads)
	for i := range threads {
		threads[i] = i
	}
	expected, err := iterator.TraceThreads(m, cfg, prog, threads)
	if err != nil {
		t.Fatal(err)
	}
	compiled, err := iterator.TraceThreads(m, cfg, prog, threads)
	if err != nil {
		t.Fatal(err)
	}
	pc := &plannedCase{Config: cfg}
	if d := companionDiffers(pc, prog, expected, compiled); len(d) != 0 {
		t.Fatalf("identical traces: %v differ", d)
	}
	compiled[7].Records[1].Addrs[3] += 16
	d := companionDiffers(pc, prog, expected, compiled)
	if len(d) != 1 || !d[accessPos{thread: 7, op: compiled[7].Records[1].Op, access: 3}] {
		t.Errorf("one address moved on thread 7, access 3 of op %d: got %v", compiled[7].Records[1].Op, d)
	}
}
