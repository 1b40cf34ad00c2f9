package report

import (
	"encoding/json"
	"github.com/stretchr/testify/assert"
	"testing"
)

// TestVerdictJSON pins the names a report's JSON has always carried, and
// that decoding refuses a name outside them.
func TestVerdictJSON(t *testing.T) {
	for v, want := range map[Verdict]string{Unjudged: `""`, Pass: `"pass"`, Fail: `"fail"`, Weak: `"weak"`, Interrupted: `"interrupted"`} {
		b, err := json.Marshal(v)
		assert.NoError(t, err, "Marshal(%d) = %s; want %s", uint8(v), b, want)
		assert.Equal(t, want, string(b), "Marshal(%d) = %s, %v", uint8(v), b, err)
		var back Verdict
		assert.NoError(t, json.Unmarshal(b, &back), "Unmarshal(%s)", b)
		assert.Equal(t, v, back, "Unmarshal(%s)", b)
	}
	var r Report
	err := json.Unmarshal([]byte(`{"verdict": "passed"}`), &r)
	assert.ErrorContains(t, err, `unknown verdict "passed"`, "decoding verdict \"passed\": want an unknown-verdict error")
	_, err = json.Marshal(Verdict(9))
	assert.Error(t, err, "Marshal(Verdict(9)) succeeded; want an error")
	s := Verdict(9).String()
	assert.Equal(t, "Verdict(9)", s, "Verdict(9).String()")
}
