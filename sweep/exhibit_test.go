package sweep

import (
	"testing"

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
		if err != nil {
			t.Fatal(err)
		}
		got, ok := exhibitProgram(prog, c.op)
		if c.want == "" {
			if ok {
				t.Errorf("exhibitProgram(%q, %d) = %q, want unchanged", c.prog, c.op, got)
			}
			continue
		}
		if !ok || got.String() != c.want {
			t.Errorf("exhibitProgram(%q, %d) = %q, %v; want %q", c.prog, c.op, got, ok, c.want)
		}
	}
}
