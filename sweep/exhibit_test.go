package sweep

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

func TestExhibitProgram(t *testing.T) {
	cases := []struct {
		prog string
		op   int
		want string // "" when the program already shows both ops
	}{
		{"load(1,0)", 0, "load(1,0);store(1,0)"},
		{"store(-1,2)", 0, "store(-1,2);load(-1,2)"},
		{"inc;load(1,0);dec", 1, "inc;load(1,0);store(1,0);dec"},
		{"load(1,0);store(1,0)", 0, ""},
		{"load(1,0);store(1,0)", 1, ""},
		{"load(1,0);store(2,0)", 0, "load(1,0);store(1,0);store(2,0)"},
		{"inc;load()", 1, ""},
		{"load(1,0)", -1, ""},
	}
	for _, c := range cases {
		prog, err := iterator.ParseProgram(c.prog)
		require.NoError(t, err)
		got, ok := exhibitProgram(prog, c.op)
		if c.want == "" {
			assert.False(t, ok, "exhibitProgram(%q, %d) = %q, want unchanged", c.prog, c.op, got)
			continue
		}
		assert.True(t, ok, "exhibitProgram(%q, %d)", c.prog, c.op)
		assert.Equal(t, c.want, got.String(), "exhibitProgram(%q, %d)", c.prog, c.op)
	}
}
