package props

// Workspace is the memory the properties derive a batch's cases into
// (their equivalences, unit probes, masks and audit findings, memoised per
// case and per configuration) and judge them with, kept from one batch to
// the next. The engine judging a batch attaches it to the batch's cases;
// a case judged without one derives everything afresh, with the same
// outcome. A workspace serves one goroutine at a time.
type Workspace struct {
	memos   []caseMemo
	shared  planShared
	groups  []groupMemo
	scratch judgeScratch
}

// Attach gives case i of cases, of configuration group groupOf[i] (0 ≤
// groupOf[i] < groups; the cases of one configuration share a group), its
// memo in w, emptying what the previous batch left there. What a property
// derives from the earlier batch's cases is no longer valid; outcomes
// judged earlier stay valid (they hold nothing of the workspace's).
func (w *Workspace) Attach(cases []Case, groupOf []int, groups int) {
	w.groups = w.groups[:0]
	for range groups {
		w.groups = appendGroup(w.groups)
	}
	w.shared.reset()
	if cap(w.memos) < len(cases) {
		w.memos = make([]caseMemo, len(cases))
	}
	w.memos = w.memos[:len(cases)]
	for i := range cases {
		w.memos[i].renew(&w.groups[groupOf[i]], &w.shared)
		cases[i].memo = &w.memos[i]
	}
}

// Audit is AuditCase(*c), computed once per attached case; the caller may
// append to the slice returned.
func (c *Case) Audit() []Finding { return c.memo.audit(c) }

// resize returns s with length n, reusing its memory when it can; the
// elements are not cleared.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
