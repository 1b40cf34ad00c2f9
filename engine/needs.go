package engine

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// need is one (configuration, program) request being assembled.
type need struct {
	group   int
	prog    iterator.Program
	threads int32  // index of its thread list in needs.lists
	hash    uint64 // needHash(group, prog)
}

// threadList is one list of threads requested, shared by every need of
// its configuration that asks for the same threads (a case's sampled
// threads, or all of them), with each thread's index in it.
type threadList struct {
	group   int
	threads []int
	pos     []int32 // by thread: its index in threads, or -1 (set by finish)
}

// needs collects requests per configuration group, merging thread lists of
// the same program so that each (configuration, program) is traced once.
// Once finished, the requests are fixed: every source's answers are filed
// by need index (fetched), and a trace is found through the index and the
// thread list's positions. Keys are integers: a hash of the group and the
// program, checked op by op, so that adding or finding a need formats and
// allocates nothing.
type needs struct {
	list  []need
	lists []threadList
	// slots index the needs by hash, open addressing with linear
	// probing: need index + 1, or 0 for an empty slot; the length is a
	// power of two, at least twice the needs. (A Go map would be a large
	// share of planning's cost.)
	slots []int32
	// reqs is the request list a source that takes Requests is handed,
	// built from the needs at its first use (requests): the Go models
	// are asked need by need (compactNeeds), and a props.Request holds its
	// configuration by value, which cost a fiftieth of a sweep to copy
	// for every need.
	reqs  []props.Request
	built bool
	cfgs  []iterator.Config // by group, the plan's
	// records marks the needs whose records a judge reads (set by the
	// plan; nil: every need's): the others a compact source may answer
	// in compact form.
	records []bool
	// recent remembers the last programs found: a judge asks for the same
	// two or three programs thread after thread, and comparing a program
	// is cheaper than hashing it. A plan is used by one goroutine at a
	// time.
	recent [4]recentNeed
	next   int
}

type recentNeed struct {
	group int
	first *iterator.Op // the program's first op, for a quick mismatch
	i     int
}

// reset empties n for a new plan, keeping its memory.
func (n *needs) reset() {
	n.list, n.lists, n.records = n.list[:0], n.lists[:0], n.records[:0]
	clear(n.slots)
	if n.built {
		clear(n.reqs) // no stale configuration or program kept alive
	}
	n.reqs, n.built, n.cfgs = n.reqs[:0], false, nil
	n.recent, n.next = [4]recentNeed{}, 0
}

// needHash mixes the group and every op of p (FNV-1a over 64-bit words).
func needHash(group int, p iterator.Program) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(x uint64) { h = (h ^ x) * prime }
	mix(uint64(group))
	for _, o := range p {
		mix(uint64(o.Kind))
		mix(uint64(o.A))
		mix(uint64(o.B))
	}
	return h
}

// lookupHash returns the need index of (group, p) given its hash.
func (n *needs) lookupHash(h uint64, group int, p iterator.Program) (int, bool) {
	if len(n.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(n.slots) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		v := n.slots[s]
		if v == 0 {
			return 0, false
		}
		if nd := &n.list[v-1]; nd.hash == h && nd.group == group && slices.Equal(nd.prog, p) {
			return int(v - 1), true
		}
	}
}

// insert files need i, whose hash is h, in the slots, growing them to
// keep them at most half full.
func (n *needs) insert(h uint64, i int) {
	if 2*(i+1) > len(n.slots) {
		size := max(64, len(n.slots))
		for 2*(i+1) > size {
			size *= 2
		}
		n.slots = make([]int32, size)
		for j := range i {
			n.place(n.list[j].hash, j)
		}
	}
	n.place(h, i)
}

// place puts need i in the first empty slot from its hash.
func (n *needs) place(h uint64, i int) {
	mask := uint64(len(n.slots) - 1)
	s := h & mask
	for n.slots[s] != 0 {
		s = (s + 1) & mask
	}
	n.slots[s] = int32(i + 1)
}

// find returns the need index of (group, program).
func (n *needs) find(group int, p iterator.Program) (int, bool) {
	if len(p) > 0 {
		for _, r := range n.recent {
			// The same first op and length are the same program: a
			// program is never written once built.
			if r.first == &p[0] && r.group == group && len(n.list[r.i].prog) == len(p) {
				return r.i, true
			}
		}
	}
	i, ok := n.lookupHash(needHash(group, p), group, p)
	if ok && len(p) > 0 {
		n.recent[n.next] = recentNeed{group: group, first: &p[0], i: i}
		n.next = (n.next + 1) % len(n.recent)
	}
	return i, ok
}

// add records a need and returns its index.
func (n *needs) add(group int, p iterator.Program, threads []int) int {
	h := needHash(group, p)
	if i, ok := n.lookupHash(h, group, p); ok {
		nd := &n.list[i]
		if have := n.lists[nd.threads].threads; !sameThreads(have, threads) && !containsThreads(have, threads) {
			nd.threads = n.intern(group, sortedThreads(have, threads))
		}
		return i
	}
	if !isStrictlySorted(threads) {
		threads = sortedThreads(threads, nil)
	}
	i := len(n.list)
	n.list = append(n.list, need{group: group, prog: p, threads: n.intern(group, threads), hash: h})
	n.insert(h, i)
	return i
}

// sameThreads says whether two thread lists are equal, by identity first
// (the cases of a configuration share theirs).
func sameThreads(a, b []int) bool {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) {
		return true
	}
	return slices.Equal(a, b)
}

// containsThreads says whether every thread of threads is in have, both
// sorted and distinct (a case's sampled threads asked again of a program
// already asked for every thread): then the union is have, and merging
// would allocate a copy of it for nothing.
func containsThreads(have, threads []int) bool {
	if !isStrictlySorted(threads) || len(threads) > len(have) {
		return false
	}
	i := 0
	for _, th := range threads {
		for i < len(have) && have[i] < th {
			i++
		}
		if i == len(have) || have[i] != th {
			return false
		}
	}
	return true
}

// intern returns the index of the group's thread list equal to threads
// (sorted and distinct), adding it if new. A configuration has a handful.
func (n *needs) intern(group int, threads []int) int32 {
	for i := len(n.lists) - 1; i >= 0; i-- {
		if l := &n.lists[i]; l.group == group && sameThreads(l.threads, threads) {
			return int32(i)
		}
	}
	var pos []int32
	if len(n.lists) < cap(n.lists) {
		pos = n.lists[:len(n.lists)+1][len(n.lists)].pos // an earlier plan's, reused
	}
	n.lists = append(n.lists, threadList{group: group, threads: threads, pos: pos})
	return int32(len(n.lists) - 1)
}

// finish fixes the requests: each thread list's positions, and the
// configurations the requests are of (by group).
func (n *needs) finish(cfgs []iterator.Config) {
	n.cfgs = cfgs
	for i := range n.lists {
		l := &n.lists[i]
		top := 0
		for _, th := range l.threads {
			top = max(top, th+1)
		}
		l.pos = resize(l.pos, top)
		for th := range l.pos {
			l.pos[th] = -1
		}
		for k, th := range l.threads {
			if th >= 0 {
				l.pos[th] = int32(k)
			}
		}
	}
}

// requests is the request of every need, in order: built once per plan,
// so that every source of the plan is handed the same list.
func (n *needs) requests() []props.Request {
	if !n.built {
		n.reqs = resize(n.reqs, len(n.list))
		for i := range n.list {
			n.reqs[i] = n.request(i)
		}
		n.built = true
	}
	return n.reqs
}

// request is need i's request.
func (n *needs) request(i int) props.Request {
	nd := &n.list[i]
	return props.Request{Config: n.cfgs[nd.group], Program: nd.prog, Threads: n.lists[nd.threads].threads}
}

// threadsOf is need i's threads.
func (n *needs) threadsOf(i int) []int { return n.lists[n.list[i].threads].threads }

// positions is need i's thread positions: by thread, its index in the
// request's threads, or -1.
func (n *needs) positions(i int) []int32 { return n.lists[n.list[i].threads].pos }

// sortedThreads returns the union of two thread lists, sorted, in a new
// slice. Sampled and all-thread lists are already sorted and distinct, so
// the common case is a merge; anything else is sorted and deduplicated.
func sortedThreads(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	if isStrictlySorted(a) && isStrictlySorted(b) {
		i, j := 0, 0
		for i < len(a) || j < len(b) {
			switch {
			case j == len(b) || (i < len(a) && a[i] < b[j]):
				out = append(out, a[i])
				i++
			case i == len(a) || b[j] < a[i]:
				out = append(out, b[j])
				j++
			default:
				out = append(out, a[i])
				i, j = i+1, j+1
			}
		}
		return out
	}
	out = append(append(out, a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

func isStrictlySorted(l []int) bool {
	for i := 1; i < len(l); i++ {
		if l[i] <= l[i-1] {
			return false
		}
	}
	return true
}

// needList is the props.RequestList of a plan's needs idx (nil: every
// need, in order).
type needList struct {
	n   *needs
	idx []int
}

func (l *needList) Len() int {
	if l.idx != nil {
		return len(l.idx)
	}
	return len(l.n.list)
}

func (l *needList) At(k int) (*iterator.Config, iterator.Program, []int) {
	i := k
	if l.idx != nil {
		i = l.idx[k]
	}
	nd := &l.n.list[i]
	return &l.n.cfgs[nd.group], nd.prog, l.n.threadsOf(i)
}
