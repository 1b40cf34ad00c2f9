package report

import (
	"encoding/json"
	"testing"
)

// TestStatusJSON pins the names a report's JSON has always carried for a
// property's status, and that decoding rejects any other name.
func TestStatusJSON(t *testing.T) {
	for s, want := range map[Status]string{NotApplicable: `"n/a"`, Held: `"pass"`, Violated: `"fail"`, Audited: `"audit"`} {
		b, err := json.Marshal(s)
		if err != nil || string(b) != want {
			t.Errorf("Marshal(%d) = %s, %v; want %s", s, b, err, want)
		}
		var back Status
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("Unmarshal(%s) = %v, %v; want %v", b, back, err, s)
		}
	}
	var s Status
	if err := json.Unmarshal([]byte(`"passed"`), &s); err == nil {
		t.Error(`Unmarshal("passed") succeeded; want an error naming the status`)
	}
	if _, err := json.Marshal(Status(7)); err == nil {
		t.Error("Marshal(Status(7)) succeeded; want an error")
	}
	if got := Status(7).String(); got != "Status(7)" {
		t.Errorf("Status(7).String() = %q", got)
	}
}
