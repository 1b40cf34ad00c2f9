package props

import (
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
)

// This file computes, from the case alone (configuration, thread map and
// op program, never a trace), where the documented contract puts things:
// the bit offset of a record's tile origin and whether each access is a
// whole byte. Properties use it for preconditions only (where a
// reference address is not a whole byte, compare only what is byte-exact).

// checked accumulates int64 arithmetic and remembers an overflow.
type checked struct{ bad bool }

// The fast paths are those of the models' arith (iterator/narrow.go):
// operands too small to overflow skip the checked call, same result.
func (k *checked) mul(a, b int64) int64 {
	if (uint64(a+1<<31) | uint64(b+1<<31)) < 1<<32 {
		return a * b
	}
	v, err := layout.Mul(a, b)
	if err != nil {
		k.bad = true
	}
	return v
}

func (k *checked) add(a, b int64) int64 {
	if (uint64(a+1<<62) | uint64(b+1<<62)) < 1<<63 {
		return a + b
	}
	v, err := layout.Add(a, b)
	if err != nil {
		k.bad = true
	}
	return v
}

// tileMoveBits is the documented move of a tile offset (a, b), given in the
// layout's own order: whole tiles in both dimensions.
func tileMoveBits(k *checked, cfg *iterator.Config, a, b int64) int64 {
	t := cfg.Layout.ToPitch(a, b)
	sh := cfg.PitchShape()
	el := k.add(k.mul(t.C, sh.C), k.mul(k.mul(t.S, sh.S), cfg.Pitch()))
	return k.mul(el, int64(cfg.Elem.Bits))
}

// advanceMoveBits is the documented move of ++: one tile along the advance rank.
func advanceMoveBits(k *checked, cfg *iterator.Config) int64 {
	u := unitTile(*cfg, 1)
	return tileMoveBits(k, cfg, u[0], u[1])
}

// unitTile is the tile offset, in the layout's own order, of n tiles along
// the advance rank. The advance rank is given in the layout's terms and so
// are its coordinates, so the moving coordinate is index Adv.
func unitTile(cfg iterator.Config, n int64) [2]int64 {
	var t [2]int64
	t[cfg.Adv&1] = n
	return t
}

// docMove is the documented position after op moves the iterator from
// pos (ops that record or do nothing leave it), in k's checked arithmetic.
func docMove(k *checked, c *Case, pos int64, op iterator.Op) int64 {
	switch op.Kind {
	case iterator.AddTileOffset:
		return k.add(pos, tileMoveBits(k, &c.Config, op.A, op.B))
	case iterator.AddPointerOffset:
		if c.bytesContract() {
			return k.add(pos, k.mul(op.A, 8))
		}
		return k.add(pos, k.mul(op.A, int64(c.Config.Elem.Bits)))
	case iterator.Inc:
		return k.add(pos, advanceMoveBits(k, &c.Config))
	case iterator.Dec:
		return k.add(pos, -advanceMoveBits(k, &c.Config))
	}
	return pos
}

// docOriginBits is the documented bit offset of the tile origin of the
// record op i of prog makes (i must be a recording op): the iterator's
// position after ops 0..i−1, plus the record's own tile or pointer offset.
// ok is false when tilecheck's own int64 arithmetic would overflow.
func docOriginBits(c *Case, prog iterator.Program, i int) (bits int64, ok bool) {
	var k checked
	b := int64(c.Config.Elem.Bits)
	var pos int64
	for j := 0; j < i && j < len(prog); j++ {
		pos = docMove(&k, c, pos, prog[j])
	}
	if i < len(prog) {
		switch op := prog[i]; op.Kind {
		case iterator.LoadTile, iterator.StoreTile:
			pos = k.add(pos, tileMoveBits(&k, &c.Config, op.A, op.B))
		case iterator.LoadPtr, iterator.StorePtr:
			pos = k.add(pos, k.mul(op.A, b)) // always elements
		}
	}
	return pos, !k.bad
}

// eachAccessBit calls f with the index and documented bit offset of each
// access of thread's fragment from a tile origin at origin bits, in
// fragment order, and reports whether no int64 arithmetic overflowed.
func eachAccessBit(c Case, thread int, origin int64, f func(k int, bits int64)) bool {
	var k checked
	m := c.Map
	b, l := int64(c.Config.Elem.Bits), c.Config.Pitch()
	init := m.Init(thread)
	i := 0
	for s := int64(0); s < m.Iter.S; s++ {
		for cc := int64(0); cc < m.Iter.C; cc++ {
			el := k.add(k.add(init.C, k.mul(cc, m.Delta.C)), k.mul(k.add(init.S, k.mul(s, m.Delta.S)), l))
			f(i, k.add(origin, k.mul(el, b)))
			i++
		}
	}
	return !k.bad
}

// exactMask says, for the record op i of prog makes for thread, which
// accesses the contract puts on a whole byte; nil means all of them. ok is
// false when the position cannot be computed (int64 overflow), in which
// case nothing is comparable. The answer depends on the case alone, so a
// planned case computes it once for every source (caseMemo); callers must
// not modify the mask.
func exactMask(c *Case, prog iterator.Program, i, thread int) (mask []bool, ok bool) {
	s := siteOf(c, prog, i)
	return s.mask(c, thread)
}

// computeExactMask is exactMask without the memo. It allocates only for a
// mask.
func computeExactMask(c Case, prog iterator.Program, i, thread int) (mask []bool, ok bool) {
	if c.Config.Class.Family() {
		return nil, c.Config.Elem.Bits%8 == 0
	}
	origin, ok := docOriginBits(&c, prog, i)
	if !ok {
		return nil, false
	}
	n := int(c.Map.Count())
	ok = eachAccessBit(c, thread, origin, func(j int, v int64) {
		if v%8 != 0 {
			if mask == nil {
				mask = make([]bool, n)
				for x := range mask {
					mask[x] = true
				}
			}
			mask[j] = false
		}
	})
	if !ok {
		return nil, false
	}
	return mask, true
}

// compare compares two records access by access, counting each comparison,
// and reports whether they differ. exact, when non-nil, limits the
// comparison to the accesses it marks; an access either record did not see
// (a compiled trace's, iterator.Record.Seen) has no address to compare.
func (t *Traces) compare(exp, act *iterator.Record, exact []bool) bool {
	t.Judged()
	if len(exp.Addrs) != len(act.Addrs) {
		t.Checks++
		return true
	}
	if len(exact) != len(exp.Addrs) {
		exact = nil // a source that does not use the configuration's thread map
	}
	differ := false
	for i := range exp.Addrs {
		if (exact != nil && !exact[i]) || !exp.Seen(i) || !act.Seen(i) {
			continue
		}
		t.Checks++
		if exp.Addrs[i] != act.Addrs[i] {
			differ = true
		}
	}
	return differ
}
