package iterator

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A 6-bit access of 16 elements is 12 bytes: alignas(12) does not compile, so
// the default instantiation is invalid, while align=16 is accepted.
func TestSixBitDefaultAlignmentIsInvalid(t *testing.T) {
	cfg, err := ParseConfig("elem=e3m2 shape=64x8 map=stripmined threads=32 access=16 adv=1")
	require.NoError(t, err)
	_, err = Validate(cfg)
	require.True(t, IsInvalid(err), "Validate(%s) = %v, want an alignment constraint", cfg, err)
	cfg.Align = 16
	_, err = Validate(cfg)
	require.NoError(t, err, "Validate(%s), want valid", cfg)
	// The ColumnMajor wrapper does not forward align=, so it stays invalid.
	cfg.Layout = 2
	_, err = Validate(cfg)
	require.True(t, IsInvalid(err), "Validate(%s) = %v, want invalid (align not forwarded)", cfg, err)
}
