package report

import (
	"encoding/json"
	"github.com/stretchr/testify/assert"
	"strings"
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
		if err := json.Unmarshal(b, &back); err != nil || back != v {
			t.Errorf("Unmarshal(%s) = %d, %v; want %d", b, uint8(back), err, uint8(v))
		}
	}
	var r Report
	err := json.Unmarshal([]byte(`{"verdict": "passed"}`), &r)
	if err == nil || !strings.Contains(err.Error(), `unknown verdict "passed"`) {
		t.Errorf("decoding verdict \"passed\": %v, want an unknown-verdict error", err)
	}
	if _, err := json.Marshal(Verdict(9)); err == nil {
		t.Error("Marshal(Verdict(9)) succeeded; want an error")
	}
	s := Verdict(9).String()
	assert.Equal(t, "Verdict(9)", s, "Verdict(9).String()")
}
