package props

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestContractText pins the names --ptr-contract and a shard's JSON use,
// and that anything else is refused where it is parsed.
func TestContractText(t *testing.T) {
	for c, want := range map[Contract]string{PtrElements: "elements", PtrBytes: "bytes"} {
		assert.Equal(t, want, c.String(), "%d.String()", uint8(c))
		got, err := ParseContract(want)
		require.NoError(t, err, "ParseContract(%q)", want)
		assert.Equal(t, c, got, "ParseContract(%q)", want)
		b, err := json.Marshal(c)
		require.NoError(t, err, "Marshal(%s)", want)
		assert.Equal(t, `"`+want+`"`, string(b), "Marshal(%s)", want)
	}
	var zero Contract
	assert.Equal(t, PtrElements, zero, "the zero Contract is not the documented elements contract")
	for _, bad := range []string{"", "words", "Bytes"} {
		_, err := ParseContract(bad)
		assert.Error(t, err, "ParseContract(%q) succeeded", bad)
	}
	var c Contract
	assert.Error(t, json.Unmarshal([]byte(`"words"`), &c), `Unmarshal("words") succeeded`)
}
