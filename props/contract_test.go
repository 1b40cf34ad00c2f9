package props

import (
	"encoding/json"
	"testing"
)

// TestContractText pins the names --ptr-contract and a shard's JSON use,
// and that anything else is refused where it is parsed.
func TestContractText(t *testing.T) {
	for c, want := range map[Contract]string{PtrElements: "elements", PtrBytes: "bytes"} {
		if c.String() != want {
			t.Errorf("%d.String() = %q, want %q", uint8(c), c.String(), want)
		}
		got, err := ParseContract(want)
		if err != nil || got != c {
			t.Errorf("ParseContract(%q) = %v, %v", want, got, err)
		}
		b, err := json.Marshal(c)
		if err != nil || string(b) != `"`+want+`"` {
			t.Errorf("Marshal(%s) = %s, %v", want, b, err)
		}
	}
	var zero Contract
	if zero != PtrElements {
		t.Error("the zero Contract is not the documented elements contract")
	}
	for _, bad := range []string{"", "words", "Bytes"} {
		if _, err := ParseContract(bad); err == nil {
			t.Errorf("ParseContract(%q) succeeded", bad)
		}
	}
	var c Contract
	if err := json.Unmarshal([]byte(`"words"`), &c); err == nil {
		t.Error(`Unmarshal("words") succeeded`)
	}
}
