package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/iterator"
)

func TestTraceWriterMatchesSchemaLine(t *testing.T) {
	var buf bytes.Buffer
	w := NewTraceWriter(&buf, false)
	recs := []iterator.Record{
		// A load of thread 5 at the worked example's addresses.
		{Thread: 5, Op: 1, Kind: "load", AccessBytes: 16, Addrs: []int64{336, 848, 1360, 1872}},
		// Negative addresses are legal (offsets are signed); atomic words and Valid are not printed here.
		{Thread: 31, Op: 0, Kind: "store", AccessBytes: 2, Addrs: []int64{-4, 0}, Valid: []bool{true, false}, AtomicWords: []int64{-4}},
		{Thread: 0, Op: 2, Kind: "accesses", AccessBytes: 1, Addrs: nil},
	}
	for _, r := range recs {
		require.NoError(t, w.Write(r))
	}
	require.NoError(t, w.Flush())
	want := `{"thread":5,"op":1,"kind":"load","access_bytes":16,"addrs":[336,848,1360,1872]}
{"thread":31,"op":0,"kind":"store","access_bytes":2,"addrs":[-4,0]}
{"thread":0,"op":2,"kind":"accesses","access_bytes":1,"addrs":[]}
`
	assert.Equal(t, want, buf.String())
}

func TestTraceWriterValidIsZeroOne(t *testing.T) {
	var buf bytes.Buffer
	w := NewTraceWriter(&buf, true)
	require.NoError(t, w.Write(iterator.Record{Thread: 2, Op: 0, Kind: "accesses", AccessBytes: 8, Addrs: []int64{0, 8, 16}, Valid: []bool{true, false, true}}))
	require.NoError(t, w.Write(iterator.Record{Thread: 3, Op: 1, Kind: `odd"kind`, AccessBytes: 8}))
	w.Flush()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	assert.Equal(t, `{"thread":2,"op":0,"kind":"accesses","access_bytes":8,"addrs":[0,8,16],"valid":[1,0,1]}`, lines[0], "line 1")
	// Every line must be valid JSON, whatever the kind string holds.
	for _, l := range lines {
		var m map[string]any
		assert.NoError(t, json.Unmarshal([]byte(l), &m), "not JSON: %s", l)
	}
	assert.Equal(t, `{"thread":3,"op":1,"kind":"odd\"kind","access_bytes":8,"addrs":[],"valid":[]}`, lines[1], "line 2")
}
