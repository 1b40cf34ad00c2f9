package report

import (
	"fmt"
	"strings"
)

// closedSet is a small enumeration carried in JSON by name (Verdict,
// Status): the names are indexed by value, and decoding rejects any
// other name, so no layer downstream re-validates one.
type closedSet[T ~uint8] struct {
	typ   string   // the Go type, for an out-of-range value's String: "Verdict"
	kind  string   // what the values are, for errors: "verdict"
	names []string // by value
}

func (s closedSet[T]) text(v T) string {
	if int(v) < len(s.names) {
		return s.names[v]
	}
	return fmt.Sprintf("%s(%d)", s.typ, uint8(v))
}

func (s closedSet[T]) parse(name string) (T, error) {
	for v, n := range s.names {
		if n == name {
			return T(v), nil
		}
	}
	var want []string
	for _, n := range s.names {
		if n != "" {
			want = append(want, n)
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want %s or %s)", s.kind, name,
		strings.Join(want[:len(want)-1], ", "), want[len(want)-1])
}

func (s closedSet[T]) marshal(v T) ([]byte, error) {
	if int(v) >= len(s.names) {
		return nil, fmt.Errorf("unknown %s %d", s.kind, uint8(v))
	}
	return []byte(s.names[v]), nil
}
