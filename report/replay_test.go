package report

import (
	"encoding/json"
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
		if got := c.r.String(); got != c.want {
			t.Errorf("String() = %q\nwant       %q", got, c.want)
		}
		b, err := json.Marshal(Counterexample{Replay: c.r})
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		var back Counterexample
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", b, err)
		}
		want := c.r
		if want.Contract == "elements" {
			want.Contract = ""
		}
		if back.Replay != want {
			t.Errorf("round trip of %q gives %+v, want %+v", c.want, back.Replay, want)
		}
	}
	var cx Counterexample
	if err := json.Unmarshal([]byte(`{"replay": "rm -rf /"}`), &cx); err == nil {
		t.Error(`decoding replay "rm -rf /" succeeded`)
	}
}
