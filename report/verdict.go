package report

// Verdict is a report's conclusion. It is a closed set: the
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

var verdicts = closedSet[Verdict]{typ: "Verdict", kind: "verdict",
	names: []string{Unjudged: "", Pass: "pass", Fail: "fail", Weak: "weak", Interrupted: "interrupted"}}

// String is the verdict's name as reports print it: pass, fail, weak or
// interrupted ("" when unjudged).
func (v Verdict) String() string { return verdicts.text(v) }

// ParseVerdict is the verdict named s ("" is Unjudged).
func ParseVerdict(s string) (Verdict, error) { return verdicts.parse(s) }

// MarshalText encodes the verdict as its name, so JSON holds the same
// string it always has.
func (v Verdict) MarshalText() ([]byte, error) { return verdicts.marshal(v) }

// UnmarshalText decodes a verdict's name, rejecting any other.
func (v *Verdict) UnmarshalText(b []byte) error {
	p, err := ParseVerdict(string(b))
	if err != nil {
		return err
	}
	*v = p
	return nil
}
