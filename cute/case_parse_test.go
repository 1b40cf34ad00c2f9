package cute

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A bad case names the part that is wrong and what it should look like,
// never a parser's internal words.
func TestParseCaseNamesTheBadPart(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"op=complement A=_1:_6 M=_7", `cotarget M=_7: want a decimal integer, as in M=24`},
		{"op=complement A=1:6 M=seven", `cotarget M=seven: want a decimal integer, as in M=24`},
		{"op=complement A=1:6 M=0", "cotarget 0: want 1.."},
		{"op=composition A=8:1", "composition needs B"},
	} {
		_, err := ParseCase(tc.in)
		require.Error(t, err, tc.in)
		require.Contains(t, err.Error(), tc.want, tc.in)
		require.NotContains(t, err.Error(), "strconv", tc.in)
	}
}
