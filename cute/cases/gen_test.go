package cases

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/cute"
)

// Every drawn case prints in the form ParseCase reads back to the same case.
func TestDrawnCasesRoundTrip(t *testing.T) {
	for _, c := range Draw(1, 2000, nil) {
		back, err := cute.ParseCase(c.String())
		require.NoError(t, err, "%v", c)
		require.Equal(t, c.String(), back.String(), "%v read back as %v", c, back)
	}
}

func TestDrawIsDeterministic(t *testing.T) {
	a, b := Draw(5, 300, nil), Draw(5, 300, nil)
	for i := range a {
		require.Equal(t, b[i].String(), a[i].String(), "case %d: %v then %v", i, a[i], b[i])
	}
}
