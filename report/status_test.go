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
		assert.NoError(t, json.Unmarshal(b, &back), "Unmarshal(%s)", b)
		assert.Equal(t, s, back, "Unmarshal(%s)", b)
	}
	var s Status
	assert.Error(t, json.Unmarshal([]byte(`"passed"`), &s), `Unmarshal("passed") succeeded; want an error naming the status`)
	_, err := json.Marshal(Status(7))
	assert.Error(t, err, "Marshal(Status(7)) succeeded; want an error")
	got := Status(7).String()
	assert.Equal(t, "Status(7)", got, "Status(7).String()")
}
