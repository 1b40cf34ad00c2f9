package sweep

import (
	"encoding/binary"

	"github.com/tilecheck/tilecheck/props"
)

// memoSource answers a repeated request list from memory, so that the
// reference traces of one batch are computed once for the iterator and
// every control: a plan asks for its oracle programs with the same request
// list every time (it never changes a list it has finished). It is used by
// one goroutine at a time.
type memoSource struct {
	inner props.Source
	// reqs and resps are the last request list and its answers.
	reqs  []props.Request
	resps []props.Response
}

func newMemoSource(inner props.Source) *memoSource { return &memoSource{inner: inner} }

func (m *memoSource) Name() string { return m.inner.Name() }

func (m *memoSource) Traces(reqs []props.Request) ([]props.Response, error) {
	if len(reqs) > 0 && len(reqs) == len(m.reqs) && &reqs[0] == &m.reqs[0] {
		return m.resps, nil
	}
	resps, err := m.inner.Traces(reqs)
	if err != nil {
		return nil, err
	}
	m.reqs, m.resps = reqs, resps
	return resps, nil
}

// requestKey is a unique string for a request, for the compiled sources'
// answer maps.
func requestKey(r props.Request) string {
	b := make([]byte, 0, 128)
	b = append(b, r.Config.String()...)
	b = append(b, '|')
	return string(appendRequestKey(b, r))
}

// appendRequestKey appends the program and threads of r to b, in binary.
func appendRequestKey(b []byte, r props.Request) []byte {
	for _, o := range r.Program {
		b = append(b, byte(o.Kind))
		b = binary.LittleEndian.AppendUint64(b, uint64(o.A))
		b = binary.LittleEndian.AppendUint64(b, uint64(o.B))
	}
	b = append(b, 0xff) // no op kind: the end of the program
	for _, t := range r.Threads {
		b = binary.LittleEndian.AppendUint32(b, uint32(t))
	}
	return b
}
