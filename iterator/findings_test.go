package iterator

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestArithmeticFindings: each finding once, in first-met order, with its
// first thread and the number of other threads (a thread that hits the
// same finding twice counts once).
func TestArithmeticFindings(t *testing.T) {
	ov := Overflow{Where: "incS", Value: 1 << 31}
	traces := []ThreadTrace{
		{Thread: 2, Overflows: []Overflow{ov, ov}},
		{Thread: 5, Overflows: []Overflow{ov}, Inexact: []string{"pointer step"}},
		{Thread: 7},
		{Thread: 9, Overflows: []Overflow{ov}},
	}
	want := []string{
		"incS = 2147483648 overflows int32 (wrapped as the C++ does): thread 2 and 2 more",
		"bit-to-byte conversion truncates at pointer step: thread 5",
	}
	got := ArithmeticFindings(traces)
	assert.Equal(t, want, got, "ArithmeticFindings =\n%q\nwant\n%q", got, want)
	none := ArithmeticFindings([]ThreadTrace{{Thread: 0}})
	assert.Empty(t, none, "no findings expected, got %q", none)
}
