package laws

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute"
)

func answerOf(t *testing.T, layout string, limit int) cute.Answer {
	t.Helper()
	l, err := cute.ParseLayout(layout)
	require.NoError(t, err)
	n, err := l.Size()
	require.NoError(t, err)
	vals, err := l.Image(n)
	require.NoError(t, err)
	a := cute.Answer{Layout: l, Values: vals}
	if len(vals) > limit {
		a.Values, a.Truncated = vals[:limit], true
	}
	return a
}

// A source may list only a prefix of a large result: the set laws judge
// what is listed, and still catch an offset outside A's image.
func TestFilterJudgesATruncatedAnswer(t *testing.T) {
	c, err := cute.ParseCase("op=filter A=(7,(12,2,16),(1,1)):(1,(7,84,168),(2688,2688))")
	require.NoError(t, err)
	require.Nil(t, Filter.Check(c, answerOf(t, "(7,12,2,16,1,1):(1,7,84,168,2688,2688)", 1024), nil))
	bad := answerOf(t, "(7,12,2,16,1,1):(1,7,84,168,2688,2688)", 1024)
	bad.Values[3] = 5000
	require.NotNil(t, Filter.Check(c, bad, nil))
}

// The model law judges refusals by where CuTe checks: a static case
// answered outside a precondition is a finding, a dynamic one is not; a
// crash is always one.
func TestModelLawOnRefusals(t *testing.T) {
	static, err := cute.ParseCase("op=composition A=(_4,_6,_8):(_2,_3,_5) B=_6:_3")
	require.NoError(t, err)
	dynamic := static.WithStatic(false)
	answered := answerOf(t, "(2,3):(6,3)", 64)
	require.NotNil(t, Model.Check(static, answered, []cute.Answer{static.Eval()}))
	require.Nil(t, Model.Check(dynamic, answered, []cute.Answer{dynamic.Eval()}))

	c, err := cute.ParseCase("op=logical_divide A=5:1 B=1:0")
	require.NoError(t, err)
	require.NotNil(t, Model.Check(c, cute.Answer{Rejected: "crashed: SIGFPE"}, []cute.Answer{c.Eval()}))
	unreadable := cute.Answer{Rejected: `result "(1,(0,-1)):(0,(1,0))" not read: extent 0`} // the GPU's answer
	require.NotNil(t, Model.Check(c, unreadable, []cute.Answer{c.Eval()}))
	require.Nil(t, Model.Check(c, cute.Answer{Rejected: "static_assert: Dynamic-stride complement only for rank-1 layouts"}, []cute.Answer{c.Eval()}))
}

// complement(3:3, 28) = (3,4):(1,9) keeps every postcondition L-complement
// judges (its cosize, 30, is over the documentation's bound, which no
// complement here can meet), and a complement one stride short does not.
func TestComplementPastTheDocumentedBound(t *testing.T) {
	c, err := cute.ParseCase("op=complement A=3:3 M=28")
	require.NoError(t, err)
	a := c.Eval()
	require.Equal(t, "(3,4):(1,9)", a.Layout.String())
	require.Nil(t, Complement.Check(c, a, nil))
	require.NotNil(t, Complement.Check(c, answerOf(t, "(3,4):(1,8)", 64), nil))
}
