package cute_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/cute"
	"github.com/tilecheck/tilecheck/cute/cases"
	"pgregory.net/rapid"
)

// fmtCase is Case.String written with fmt, the form reports and replays
// depend on.
func fmtCase(c cute.Case) string {
	var b strings.Builder
	fmt.Fprintf(&b, "op=%s A=%v", string(c.Op), c.A)
	hasB, tiler, profile, cotarget, sw := c.Op.Operands()
	switch {
	case hasB:
		fmt.Fprintf(&b, " B=%v", c.B)
	case tiler:
		parts := make([]string, len(c.Tiler))
		for i, l := range c.Tiler {
			parts[i] = l.String()
		}
		fmt.Fprintf(&b, " T=[%s]", strings.Join(parts, ";"))
	case profile:
		fmt.Fprintf(&b, " P=%v", c.Profile)
	case cotarget:
		fmt.Fprintf(&b, " M=%d", c.Cotarget)
	case sw:
		fmt.Fprintf(&b, " S=Sw<%d,%d,%d>", c.Sw.B, c.Sw.M, c.Sw.S)
	}
	return b.String()
}

// Case.String writes every drawn case, under every operation's name,
// exactly as fmt would.
func TestCaseStringMatchesFmt(t *testing.T) {
	ops := append([]cute.Op{cute.OpSwizzle, cute.OpMaxCommonVector, "no_such_op"}, cute.Ops...)
	rapid.Check(t, func(t *rapid.T) {
		c := cases.Gen(nil).Draw(t, "case")
		c.Op = rapid.SampledFrom(ops).Draw(t, "op")
		c.Cotarget = rapid.Int64().Draw(t, "cotarget")
		c.Sw = cute.Swizzle{B: rapid.Int().Draw(t, "B"), M: rapid.IntRange(-9, 9).Draw(t, "M"), S: rapid.IntRange(-9, 9).Draw(t, "S")}
		if got, want := c.String(), fmtCase(c); got != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	})
}
