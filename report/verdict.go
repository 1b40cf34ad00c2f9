package report

import "fmt"

// Verdict is a report's conclusion (SPEC §8). It is a closed set: the
// engine sets one of the constants, JSON carries its name, and decoding a
// report (tilecheck merge) rejects any other name, so no layer downstream
// re-validates a verdict.
type Verdict uint8

const (
	// Unjudged is the zero value: a report not yet judged. It encodes as
	// "" so that a hand-made report without a verdict still renders.
	Unjudged Verdict = iota
	// Pass: every property held, every control was killed as required and
	// every coverage floor was met.
	Pass
	// Fail: a property was violated; the report holds a counterexample.
	Fail
	// Weak: nothing failed, but the evidence is short of a pass (a control
	// survived, a floor was missed, a property judged nothing).
	Weak
	// Interrupted: the run was stopped before it ended and nothing failed
	// by then.
	Interrupted
)

var verdictNames = [...]string{Unjudged: "", Pass: "pass", Fail: "fail", Weak: "weak", Interrupted: "interrupted"}

// String is the verdict's name as reports print it: pass, fail, weak or
// interrupted ("" when unjudged).
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// ParseVerdict is the verdict named s ("" is Unjudged).
func ParseVerdict(s string) (Verdict, error) {
	for v, name := range verdictNames {
		if name == s {
			return Verdict(v), nil
		}
	}
	return Unjudged, fmt.Errorf("unknown verdict %q (want pass, fail, weak or interrupted)", s)
}

// MarshalText encodes the verdict as its name, so JSON holds the same
// string it always has.
func (v Verdict) MarshalText() ([]byte, error) {
	if int(v) >= len(verdictNames) {
		return nil, fmt.Errorf("unknown verdict %d", uint8(v))
	}
	return []byte(verdictNames[v]), nil
}

// UnmarshalText decodes a verdict's name, rejecting any other.
func (v *Verdict) UnmarshalText(b []byte) error {
	p, err := ParseVerdict(string(b))
	if err != nil {
		return err
	}
	*v = p
	return nil
}
