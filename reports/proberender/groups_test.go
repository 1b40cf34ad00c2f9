package proberender

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/report"
)

// The text report says where a variant's mismatches are: per class, then
// the largest groups, the rest counted.
func TestTextShowsMismatchGroups(t *testing.T) {
	v := report.ProbeVariant{Label: "cutlass", Mismatches: 66}
	for i := range 12 {
		class := "PredicatedTileAccessIterator"
		if i == 11 {
			class = "RegularTileIterator"
		}
		v.MismatchGroups = append(v.MismatchGroups, report.MismatchGroup{Class: class, Ops: "load()", Config: fmt.Sprintf("elem=f16 shape=%dx8", 8*(i+1)), Count: int64(12 - i)})
	}
	var b bytes.Buffer
	Text(&b, report.ProbeReport{Verdict: report.Fail, ProbeResult: &report.ProbeResult{Backend: "host", Variants: []report.ProbeVariant{v}}})
	out := b.String()
	require.Contains(t, out, "Mismatches of cutlass by class (PredicatedTileAccessIterator 77, RegularTileIterator 1)")
	require.Contains(t, out, "    12  PredicatedTileAccessIterator | load() | elem=f16 shape=8x8")
	require.Contains(t, out, "... 2 more groups")
	require.NotContains(t, out, "shape=88x8", "the 11th group is counted, not listed")
	for _, l := range strings.Split(out, "\n") {
		require.LessOrEqual(t, len([]rune(l)), 100, l)
	}
}
