package reports

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"

	"github.com/tilecheck/tilecheck/iterator"
)

// TraceWriter streams trace records as JSON lines in the exact shape the README
// documents for `tilecheck trace`:
//
//	{"thread":5,"op":1,"kind":"load","access_bytes":16,"addrs":[336,848,1360,1872]}
//
// Fields come in that order, with no spaces; predicated classes add
// "valid":[1,0,…], one 0/1 per access, after addrs. It writes each record as
// it comes, so a long trace never sits in memory as text.
type TraceWriter struct {
	w         *bufio.Writer
	withValid bool
	line      []byte
}

// NewTraceWriter writes to w; withValid adds the "valid" field (for the
// predicated classes, whose accesses may be guarded off).
func NewTraceWriter(w io.Writer, withValid bool) *TraceWriter {
	return &TraceWriter{w: bufio.NewWriter(w), withValid: withValid}
}

// Write appends one record as one line.
func (t *TraceWriter) Write(r iterator.Record) error {
	b := t.line[:0]
	b = append(b, `{"thread":`...)
	b = strconv.AppendInt(b, int64(r.Thread), 10)
	b = append(b, `,"op":`...)
	b = strconv.AppendInt(b, int64(r.Op), 10)
	b = append(b, `,"kind":`...)
	kind, err := json.Marshal(r.Kind) // escapes whatever a model put there
	if err != nil {
		return err
	}
	b = append(b, kind...)
	b = append(b, `,"access_bytes":`...)
	b = strconv.AppendInt(b, r.AccessBytes, 10)
	b = append(b, `,"addrs":[`...)
	for i, a := range r.Addrs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, a, 10)
	}
	b = append(b, ']')
	if t.withValid {
		b = append(b, `,"valid":[`...)
		for i, v := range r.Valid {
			if i > 0 {
				b = append(b, ',')
			}
			if v {
				b = append(b, '1')
			} else {
				b = append(b, '0')
			}
		}
		b = append(b, ']')
	}
	b = append(b, "}\n"...)
	t.line = b
	_, err = t.w.Write(b)
	return err
}

// Flush writes out whatever is buffered; call it once the trace is done.
func (t *TraceWriter) Flush() error { return t.w.Flush() }
