package cuda

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilecheck/tilecheck/props"
)

// TestEvidenceOfFlags: each harness flag that says an access was not
// recovered whole becomes its trace evidence, in the same words the probe
// reported before; guarded off is no lack of evidence.
func TestEvidenceOfFlags(t *testing.T) {
	for flags, want := range map[int]string{
		flagIncoherent:                  "bytes not from consecutive addresses",
		flagUnrecovered:                 "no byte of the access found in memory",
		flagTouchOverflow:               "more bytes touched than the fragment holds",
		flagByteCount | flagUnrecovered: "no byte of the access found in memory; byte count differs from A",
		flagGuardedOff:                  "",
	} {
		assert.Equal(t, want, props.EvidenceText(evidenceOf(flags)), "flags %b", flags)
	}
}
