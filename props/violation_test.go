package props

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
)

// TestViolationJSON: a shard's state carries a violation's case as text
// under the keys it always had (the expected bytes are a shard file's, made
// before the case became values), and reads it back into the same values.
func TestViolationJSON(t *testing.T) {
	const cfgText = "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17"
	cfg, err := iterator.ParseConfig(cfgText)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := iterator.ParseProgram("load(1,0);store(1,0)")
	if err != nil {
		t.Fatal(err)
	}
	v := Violation{Property: "P-tile", Config: cfg, Program: prog, Thread: 0, Op: 0, Expected: []int64{8, 16}, Actual: []int64{4, 12}, Detail: "d"}
	const want = `{"Property":"P-tile","Config":"` + cfgText + `","Ops":"load(1,0);store(1,0)","Thread":0,"Op":0,"Expected":[8,16],"Actual":[4,12],"Detail":"d"}`
	b, err := json.Marshal(v)
	if err != nil || string(b) != want {
		t.Fatalf("Marshal = %s, %v\nwant      %s", b, err, want)
	}
	var back Violation
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, v) {
		t.Errorf("round trip gives %+v, want %+v", back, v)
	}

	// A quiet judgement's violation has no case; it stays without one.
	quiet := Violation{Property: "P-align", Thread: 3, Op: 1}
	if quiet.ConfigText() != "" || quiet.OpsText() != "" {
		t.Errorf("quiet violation texts %q %q, want empty", quiet.ConfigText(), quiet.OpsText())
	}
	b, err = json.Marshal(quiet)
	if err != nil {
		t.Fatal(err)
	}
	back = Violation{}
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, quiet) {
		t.Errorf("quiet round trip gives %+v, %v; want %+v", back, err, quiet)
	}

	if err := json.Unmarshal([]byte(`{"Property":"P-tile","Config":"elem=nope"}`), &back); err == nil {
		t.Error("a violation with an unparsable configuration decoded")
	}
}
