package copycxx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/cute/tiledcopy"
)

// parse reads one reply of the harness (include/tilecheck_copy.h states
// the lines) into a Result. extent says whether the case has one, so that
// every thread must print its P line. A reply that breaks the protocol is an
// error: the harness and this reader disagree, which no case explains.
func parse(lines []string, extent bool) (Result, error) {
	var res Result
	var threads, size, srcSpan, dstSpan int64 = -1, -1, -1, -1
	var cur *tiledcopy.Thread
	for _, line := range lines {
		key, rest, _ := strings.Cut(line, " ")
		if key == "refused" {
			return Result{Trace: tiledcopy.Trace{Rejected: "harness: " + rest}}, nil
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
		case "threads", "size":
			err = want(1)
			if err == nil && key == "threads" {
				threads = nums[0]
			} else if err == nil {
				size = nums[0]
			}
		case "bits":
			err = want(2)
			if err == nil {
				res.SrcBits, res.DstBits = int(nums[0]), int(nums[1])
				res.VectorBits = res.SrcBits
			}
		case "span":
			err = want(2)
			if err == nil {
				srcSpan, dstSpan = nums[0], nums[1]
			}
		case "t":
			err = want(1)
			if err == nil && nums[0] != int64(len(res.Threads)) {
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
			cur.Pred = make([]bool, len(nums))
			for i, x := range nums {
				cur.Pred[i] = x == 1
			}
		case "landed":
			res.Landed = nums
			if res.Landed == nil {
				res.Landed = []int64{}
			}
		case "stray":
			if len(nums)%2 != 0 {
				return Result{}, fmt.Errorf("line %q: want pairs", line)
			}
			for i := 0; i < len(nums); i += 2 {
				res.Stray = append(res.Stray, Stray{Offset: nums[i], Landed: nums[i+1]})
			}
		default:
			err = fmt.Errorf("unexpected line %q", line)
		}
		if err != nil {
			return Result{}, err
		}
	}
	switch {
	case threads < 0 || size < 0 || srcSpan < 0 || res.SrcBits == 0:
		return Result{}, fmt.Errorf("reply without its threads, bits or span line")
	case int64(len(res.Threads)) != threads:
		return Result{}, fmt.Errorf("%d threads printed of %d", len(res.Threads), threads)
	case res.Landed != nil && int64(len(res.Landed)) != dstSpan:
		return Result{}, fmt.Errorf("%d landed elements for a destination span of %d", len(res.Landed), dstSpan)
	}
	for t, th := range res.Threads {
		if len(th.Src) == 0 || len(th.Dst) == 0 || (extent && len(th.Pred) != len(th.Src)) {
			return Result{}, fmt.Errorf("thread %d: %d source, %d destination slots, %d predicates", t, len(th.Src), len(th.Dst), len(th.Pred))
		}
	}
	return res, nil
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
