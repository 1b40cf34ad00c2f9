package copycxx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// The harness's codes for a destination element besides a coordinate, on
// the wire (include/tilecheck_copy.h).
const (
	untouched = -1 // Trace.Landed's "nothing was written"

	wireUntouched = -1
	wireSentinel  = -2
	wireGarbage   = -3
)

// parse reads one reply of the harness (include/tilecheck_copy.h states
// the lines) for case c into a Result. A reply that breaks the protocol is
// an error: the harness and this reader disagree, which no case explains.
func parse(lines []string, c tiledcopy.Case) (Result, error) {
	var res Result
	var threads, size, dstSpan int64 = -1, -1, -1
	var landed, stray []int64
	// The controls' landed and stray lines, after a "control NAME" line
	// each (the device's round trip alone prints them).
	var controls []string
	var clanded, cstray [][]int64
	raw := map[int][]bool{} // thread -> the predicate tensor given
	var cur *tiledcopy.Thread
	for _, line := range lines {
		key, rest, _ := strings.Cut(line, " ")
		if key == "refused" {
			return Result{Trace: tiledcopy.Trace{Rejected: "harness: " + rest}}, nil
		}
		if key == "control" {
			controls, clanded, cstray = append(controls, rest), append(clanded, nil), append(cstray, nil)
			continue
		}
		nums, err := ints(rest)
		if err != nil {
			return Result{}, fmt.Errorf("line %q: %w", line, err)
		}
		want := func(n int) error {
			if len(nums) != n {
				return fmt.Errorf("line %q: want %d integers", line, n)
			}
			return nil
		}
		switch key {
		case "threads":
			if err = want(1); err == nil {
				threads = nums[0]
			}
		case "size":
			if err = want(1); err == nil {
				size = nums[0]
			}
		case "atom":
			if err = want(3); err == nil {
				res.AtomThreads = int(nums[0])
				res.SrcAtomVals, res.DstAtomVals = tiledcopy.Elements(nums[1]), tiledcopy.Elements(nums[2])
				res.VectorBits = tiledcopy.Bits(nums[1]) * c.Element.Bits
				res.DstVectorBits = tiledcopy.Bits(nums[2]) * c.Element.Bits
			}
		case "span":
			if err = want(2); err == nil {
				dstSpan = nums[1]
			}
		case "t":
			if err = want(1); err == nil && nums[0] != int64(len(res.Threads)) {
				err = fmt.Errorf("thread %d out of order", nums[0])
			}
			res.Threads = append(res.Threads, tiledcopy.Thread{})
			cur = &res.Threads[len(res.Threads)-1]
		case "S", "D":
			if cur == nil || len(nums)%2 != 0 {
				return Result{}, fmt.Errorf("line %q: want pairs after a t line", line)
			}
			slots := make([]tiledcopy.Slot, len(nums)/2)
			for i := range slots {
				slots[i] = tiledcopy.Slot{Coord: nums[2*i], Offset: nums[2*i+1]}
			}
			if key == "S" {
				cur.Src = slots
			} else {
				cur.Dst = slots
			}
		case "P":
			if cur == nil {
				return Result{}, fmt.Errorf("line %q: a P line before any t line", line)
			}
			given := make([]bool, len(nums))
			for i, x := range nums {
				given[i] = x == 1
			}
			raw[len(res.Threads)-1] = given
		case "landed":
			if k := len(controls) - 1; k >= 0 {
				clanded[k] = nums
			} else {
				landed = nums
			}
		case "stray":
			if len(nums)%2 != 0 {
				err = fmt.Errorf("line %q: want pairs", line)
			}
			if k := len(controls) - 1; k >= 0 {
				cstray[k] = nums
			} else {
				stray = nums
			}
		default:
			err = fmt.Errorf("unexpected line %q", line)
		}
		if err != nil {
			return Result{}, err
		}
	}
	switch {
	case threads < 0 || size < 0 || dstSpan < 0 || res.AtomThreads == 0:
		return Result{}, fmt.Errorf("reply without its threads, size, atom or span line")
	case int64(len(res.Threads)) != threads:
		return Result{}, fmt.Errorf("%d threads printed of %d", len(res.Threads), threads)
	case landed != nil && int64(len(landed)) != dstSpan:
		return Result{}, fmt.Errorf("%d landed elements for a destination span of %d", len(landed), dstSpan)
	}
	for t := range res.Threads {
		th := &res.Threads[t]
		if len(th.Src) == 0 || len(th.Dst) == 0 {
			return Result{}, fmt.Errorf("thread %d: %d source and %d destination slots", t, len(th.Src), len(th.Dst))
		}
		if c.Extent != nil {
			if len(raw[t]) != len(th.Src) {
				return Result{}, fmt.Errorf("thread %d: %d predicates for %d source slots", t, len(raw[t]), len(th.Src))
			}
			th.Pred = gate(raw[t], int(res.SrcAtomVals), int(res.SrcAtomVals), len(th.Src))
			th.DstPred = gate(raw[t], int(res.SrcAtomVals), int(res.DstAtomVals), len(th.Dst))
		}
	}
	if landed != nil {
		res.read(landed, stray)
	}
	for k, name := range controls {
		if int64(len(clanded[k])) != dstSpan {
			return Result{}, fmt.Errorf("control %s: %d landed elements for a destination span of %d", name, len(clanded[k]), dstSpan)
		}
		var cr Result
		cr.read(clanded[k], cstray[k])
		res.Controls = append(res.Controls, Control{Name: name, Landed: cr.Landed, Sentinels: cr.Sentinels, Below: cr.Below})
	}
	return res, nil
}

// gate is CuTe's copy_if rule (copy_atom.hpp, Copy_Atom::call with a
// predicate) applied to the predicate tensor the harness gave: atom call k
// (source slots [k*sv, (k+1)*sv), destination slots [k*dv, (k+1)*dv))
// runs when the predicate of its first source value is true, and every
// slot of the call, n of them at dv a call, follows it. Landed shows
// whether the copy did so.
func gate(given []bool, sv, dv, n int) []bool {
	out := make([]bool, n)
	for i := range out {
		k := i / max(1, dv)
		out[i] = k*sv < len(given) && given[k*sv]
	}
	return out
}

// read fills Landed from the harness's landed and stray lines: a sentinel
// (a source element outside the tile) reads -1, as the model's source
// memory outside the tile holds -1, and is listed in Sentinels; a garbage
// element reads tiledcopy.Torn; Landed grows to cover writes past the span,
// and writes before offset 0 are listed in Below.
func (res *Result) read(landed, stray []int64) {
	hi := int64(len(landed))
	for i := 0; i+1 < len(stray); i += 2 {
		if stray[i] >= hi {
			hi = stray[i] + 1
		}
	}
	res.Landed = make([]int64, hi)
	for i := range res.Landed {
		res.Landed[i] = untouched
	}
	put := func(o, x int64) {
		switch x {
		case wireUntouched:
			x = untouched
		case wireSentinel:
			res.Sentinels = append(res.Sentinels, o)
			x = untouched
		case wireGarbage:
			x = tiledcopy.Torn
		}
		if o < 0 {
			res.Below = append(res.Below, Stray{Offset: o, Landed: x})
			return
		}
		res.Landed[o] = x
	}
	for o, x := range landed {
		put(int64(o), x)
	}
	for i := 0; i+1 < len(stray); i += 2 {
		put(stray[i], stray[i+1])
	}
}

func ints(s string) ([]int64, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil, nil
	}
	out := make([]int64, len(f))
	for i, x := range f {
		v, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
