package sweep

import (
	"encoding/binary"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// memoSource answers repeated requests from a cache, so that the reference
// traces of one batch are computed once for the iterator and every control.
// It is used by one goroutine at a time. The cache is keyed by the
// configuration, then by the program and threads in binary, so that a
// lookup formats nothing and allocates nothing.
type memoSource struct {
	inner props.Source
	cache map[iterator.Config]map[string]props.Response
	// lastReqs and lastResps are the last request list and its answers.
	lastReqs  []props.Request
	lastResps []props.Response
}

func newMemoSource(inner props.Source) *memoSource {
	return &memoSource{inner: inner, cache: map[iterator.Config]map[string]props.Response{}}
}

func (m *memoSource) Name() string { return m.inner.Name() }

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

func (m *memoSource) lookup(r props.Request) (props.Response, bool) {
	var buf [512]byte
	resp, ok := m.cache[r.Config][string(appendRequestKey(buf[:0], r))]
	return resp, ok
}

func (m *memoSource) store(r props.Request, resp props.Response) {
	byProg := m.cache[r.Config]
	if byProg == nil {
		byProg = map[string]props.Response{}
		m.cache[r.Config] = byProg
	}
	byProg[string(appendRequestKey(nil, r))] = resp
}

func (m *memoSource) Traces(reqs []props.Request) ([]props.Response, error) {
	// A plan asks for its oracle programs with the same request list for
	// the iterator and every control (it never changes a list it has
	// finished): the answers to the last list are returned again as they
	// are, without a lookup per request.
	if len(reqs) > 0 && len(reqs) == len(m.lastReqs) && &reqs[0] == &m.lastReqs[0] {
		return m.lastResps, nil
	}
	out := make([]props.Response, len(reqs))
	var missing []props.Request
	var where []int
	for i, r := range reqs {
		if resp, ok := m.lookup(r); ok {
			out[i] = resp
			continue
		}
		missing = append(missing, r)
		where = append(where, i)
	}
	if len(missing) == 0 {
		m.lastReqs, m.lastResps = reqs, out
		return out, nil
	}
	resps, err := m.inner.Traces(missing)
	if err != nil {
		return nil, err
	}
	for k, i := range where {
		out[i] = resps[k]
		m.store(missing[k], resps[k])
	}
	m.lastReqs, m.lastResps = reqs, out
	return out, nil
}
