package cases

import (
	"testing"

	"github.com/tilecheck/tilecheck/cute"
)

// Every drawn case prints in the form ParseCase reads back to the same case.
func TestDrawnCasesRoundTrip(t *testing.T) {
	for _, c := range Draw(1, 2000, nil) {
		back, err := cute.ParseCase(c.String())
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		if back.String() != c.String() {
			t.Fatalf("%v read back as %v", c, back)
		}
	}
}

func TestDrawIsDeterministic(t *testing.T) {
	a, b := Draw(5, 300, nil), Draw(5, 300, nil)
	for i := range a {
		if a[i].String() != b[i].String() {
			t.Fatalf("case %d: %v then %v", i, a[i], b[i])
		}
	}
}
