package report

import (
	"encoding/json"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"testing"
)

// TestReplayCommand pins the command a replay prints (the strings are
// written by hand from docs/contract.md#report-schema) and that JSON reads it back into
// the same value.
func TestReplayCommand(t *testing.T) {
	const cfg = "elem=f16 shape=64x8 map=stripmined threads=32 access=8 adv=1"
	cases := []struct {
		r    Replay
		want string
	}{
		{Replay{Iterator: "cutlass-pre3049", Config: cfg, Ops: "load(1,0);store(1,0)", Property: "P-sym", Thread: 5},
			"tilecheck check --iterator cutlass-pre3049 --config '" + cfg + "' --ops 'load(1,0);store(1,0)' --property P-sym --thread 5"},
		{Replay{Iterator: "cutlass", Config: cfg, Ops: "load()", Property: "P-cover", Thread: -1, Contract: "bytes"},
			"tilecheck check --iterator cutlass --config '" + cfg + "' --ops 'load()' --property P-cover --ptr-contract bytes"},
		{Replay{Iterator: "my-model", Config: cfg, Ops: "load()", Property: "P-tile", Thread: 0,
			Flags: "--backend host --include '/src/my dir' --namespace mine"},
			"tilecheck check --backend host --include '/src/my dir' --namespace mine --iterator my-model --config '" + cfg + "' --ops 'load()' --property P-tile --thread 0"},
		{Replay{}, ""},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.r.String(), "String()")
		b, err := json.Marshal(Counterexample{Replay: c.r})
		require.NoError(t, err, "Marshal")
		var back Counterexample
		require.NoError(t, json.Unmarshal(b, &back), "Unmarshal(%s)", b)
		want := c.r
		if want.Contract == "elements" {
			want.Contract = ""
		}
		assert.Equal(t, want, back.Replay, "round trip of %q", c.want)
	}
	var cx Counterexample
	assert.Error(t, json.Unmarshal([]byte(`{"replay": "rm -rf /"}`), &cx), `decoding replay "rm -rf /" succeeded`)
}
