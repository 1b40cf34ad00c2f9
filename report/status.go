package report

// Status is one property's outcome on one iterator: a closed set like
// Verdict, set by the engine as a constant, carried by name in JSON and
// decoded strictly, so renderers switch on constants rather than strings.
type Status uint8

const (
	// NotApplicable is the zero value: the property's preconditions never
	// held, so it judged nothing ("n/a"). A property not yet judged is
	// not a pass.
	NotApplicable Status = iota
	// Held: the property held on every case it judged ("pass").
	Held
	// Violated: the property failed on at least one case ("fail").
	Violated
	// Audited: an audit-only property found something it reports without
	// failing ("audit").
	Audited
)

var statuses = closedSet[Status]{typ: "Status", kind: "property status",
	names: []string{NotApplicable: "n/a", Held: "pass", Violated: "fail", Audited: "audit"}}

// String is the status's name as reports print it: pass, fail, n/a or audit.
func (s Status) String() string { return statuses.text(s) }

// ParseStatus is the status named s.
func ParseStatus(s string) (Status, error) { return statuses.parse(s) }

// MarshalText encodes the status as its name.
func (s Status) MarshalText() ([]byte, error) { return statuses.marshal(s) }

// UnmarshalText decodes a status's name, rejecting any other.
func (s *Status) UnmarshalText(b []byte) error {
	p, err := ParseStatus(string(b))
	if err != nil {
		return err
	}
	*s = p
	return nil
}
