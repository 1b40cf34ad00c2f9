package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
				require.Equal(t, (op+int(bytes))%3 == 0, m.get(op, bytes, fact(op, bytes)), "round %d: fact of (%d, %d)", round, op, bytes)
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
			assert.Fail(t, "a fact computed neither once nor every round", "fact of %v computed %d times", k, n)
		}
	}
	assert.Equal(t, 8, kept, "keys remembered")
}
