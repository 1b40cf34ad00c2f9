package props

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

// TestViolationJSON: a shard's state carries a violation's case as text
// under the keys shard files use (the expected bytes are a shard file's),
// and reads it back into the same values.
func TestViolationJSON(t *testing.T) {
	const cfgText = "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17"
	cfg, err := iterator.ParseConfig(cfgText)
	require.NoError(t, err)
	prog, err := iterator.ParseProgram("load(1,0);store(1,0)")
	require.NoError(t, err)
	v := Violation{Property: "P-tile", Config: cfg, Program: prog, Thread: 0, Op: 0, Expected: []int64{8, 16}, Actual: []int64{4, 12}, Detail: "d"}
	const want = `{"Property":"P-tile","Config":"` + cfgText + `","Ops":"load(1,0);store(1,0)","Thread":0,"Op":0,"Expected":[8,16],"Actual":[4,12],"Detail":"d"}`
	b, err := json.Marshal(v)
	require.NoError(t, err)
	require.Equal(t, want, string(b), "Marshal")
	var back Violation
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, v, back, "round trip")

	// A quiet judgement's violation has no case; it stays without one.
	quiet := Violation{Property: "P-align", Thread: 3, Op: 1}
	assert.Empty(t, quiet.ConfigText(), "quiet violation's configuration text")
	assert.Empty(t, quiet.OpsText(), "quiet violation's ops text")
	b, err = json.Marshal(quiet)
	require.NoError(t, err)
	back = Violation{}
	if assert.NoError(t, json.Unmarshal(b, &back), "quiet round trip") {
		assert.Equal(t, quiet, back, "quiet round trip")
	}

	assert.Error(t, json.Unmarshal([]byte(`{"Property":"P-tile","Config":"elem=nope"}`), &back),
		"a violation with an unparsable configuration decoded")
}
