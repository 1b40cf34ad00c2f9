package props

import "testing"

// TestRecordFactsComputesOncePerKey: recordFacts answers what f says,
// calling it once per (op, bytes) among its first eight keys and every
// time past them.
func TestRecordFactsComputesOncePerKey(t *testing.T) {
	var m recordFacts
	calls := map[[2]int64]int{}
	fact := func(op int, bytes int64) func() bool {
		return func() bool {
			calls[[2]int64{int64(op), bytes}]++
			return (op+int(bytes))%3 == 0
		}
	}
	for round := range 3 {
		for op := range 10 {
			for _, bytes := range []int64{4, 16} {
				if got, want := m.get(op, bytes, fact(op, bytes)), (op+int(bytes))%3 == 0; got != want {
					t.Fatalf("round %d: fact of (%d, %d) = %v, want %v", round, op, bytes, got, want)
				}
			}
		}
	}
	kept := 0
	for k, n := range calls {
		switch n {
		case 1:
			kept++
		case 3: // past the first eight keys: computed every round
		default:
			t.Errorf("fact of %v computed %d times", k, n)
		}
	}
	if kept != 8 {
		t.Errorf("%d keys remembered, want 8", kept)
	}
}
