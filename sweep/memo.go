package sweep

import (
	"strconv"

	"github.com/tilecheck/tilecheck/props"
)

// memoSource answers repeated requests from a cache, so that the reference
// traces of one batch are computed once for the iterator and every control.
// It is used by one goroutine at a time.
type memoSource struct {
	inner props.Source
	cache map[string]props.Response
}

func newMemoSource(inner props.Source) *memoSource {
	return &memoSource{inner: inner, cache: map[string]props.Response{}}
}

func (m *memoSource) Name() string { return m.inner.Name() }

func requestKey(r props.Request) string {
	b := make([]byte, 0, 128)
	b = append(b, r.Config.String()...)
	for _, o := range r.Program {
		b = append(b, '|')
		b = strconv.AppendInt(b, int64(o.Kind), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, o.A, 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, o.B, 10)
	}
	b = append(b, '#')
	for _, t := range r.Threads {
		b = strconv.AppendInt(b, int64(t), 10)
		b = append(b, ',')
	}
	return string(b)
}

func (m *memoSource) Traces(reqs []props.Request) ([]props.Response, error) {
	out := make([]props.Response, len(reqs))
	var missing []props.Request
	var where []int
	for i, r := range reqs {
		if resp, ok := m.cache[requestKey(r)]; ok {
			out[i] = resp
			continue
		}
		missing = append(missing, r)
		where = append(where, i)
	}
	if len(missing) == 0 {
		return out, nil
	}
	resps, err := m.inner.Traces(missing)
	if err != nil {
		return nil, err
	}
	for k, i := range where {
		out[i] = resps[k]
		m.cache[requestKey(missing[k])] = resps[k]
	}
	return out, nil
}
