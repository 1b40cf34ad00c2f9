package sweep

import (
	"fmt"

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
	return fmt.Sprint(r.Config.String(), "|", r.Program.String(), "|", r.Threads)
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
