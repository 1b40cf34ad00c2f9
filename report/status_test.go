package report

import (
	"encoding/json"
	"github.com/stretchr/testify/assert"
	"testing"
)

// TestStatusJSON pins the names a report's JSON has always carried for a
// property's status, and that decoding rejects any other name.
func TestStatusJSON(t *testing.T) {
	for s, want := range map[Status]string{NotApplicable: `"n/a"`, Held: `"pass"`, Violated: `"fail"`, Audited: `"audit"`} {
		b, err := json.Marshal(s)
		assert.NoError(t, err, "Marshal(%d) = %s; want %s", s, b, want)
		assert.Equal(t, want, string(b), "Marshal(%d) = %s, %v", s, b, err)
		var back Status
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("Unmarshal(%s) = %v, %v; want %v", b, back, err, s)
		}
	}
	var s Status
	assert.Error(t, json.Unmarshal([]byte(`"passed"`), &s), `Unmarshal("passed") succeeded; want an error naming the status`)
	if _, err := json.Marshal(Status(7)); err == nil {
		t.Error("Marshal(Status(7)) succeeded; want an error")
	}
	got := Status(7).String()
	assert.Equal(t, "Status(7)", got, "Status(7).String()")
}
