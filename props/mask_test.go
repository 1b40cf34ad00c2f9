package props_test

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// The exact masks a plan memoises per configuration and thread are the
// ones computed in full, for every recording op and thread: sub-byte
// elements, odd pitches, both pointer contracts, and offsets near the
// int64 edge, where the memo's bound gives way to the full computation.
func TestExactMaskMemoIsExact(t *testing.T) {
	cfgs, progs, err := gen.Enumerate(gen.Quick)
	require.NoError(t, err)
	huge := int64(math.MaxInt64 / 64)
	progs = append(slices.Clip(progs),
		iterator.Program{{Kind: iterator.AddPointerOffset, A: huge}, {Kind: iterator.Load}, {Kind: iterator.AddPointerOffset, A: huge}, {Kind: iterator.LoadPtr, A: 3}},
		iterator.Program{{Kind: iterator.AddTileOffset, A: 1 << 40, B: -(1 << 40)}, {Kind: iterator.LoadTile, A: 1 << 20, B: 1}, {Kind: iterator.Store}},
		iterator.Program{{Kind: iterator.LoadPtr, A: -huge}, {Kind: iterator.AddPointerOffset, A: 5}, {Kind: iterator.Inc}, {Kind: iterator.StorePtr, A: 7}},
	)
	compared, partial := 0, 0
	check := func(c props.Case, progs []iterator.Program) {
		props.ExactMasks(c, progs, func(prog iterator.Program, i, th int, memo, full []bool, mok, fok bool) {
			compared++
			if memo != nil {
				partial++
			}
			require.Equal(t, fok, mok, "%s %s op %d thread %d: the memo's and the full computation's ok", c.Config, prog, i, th)
			require.Equal(t, full, memo, "%s %s op %d thread %d: the memo's and the full computation's mask", c.Config, prog, i, th)
		})
	}
	for _, cfg := range cfgs {
		for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
			c, err := props.NewCase(cfg, nil, gen.SampleThreads(cfg.Threads))
			if err != nil {
				continue
			}
			c.PtrContract = contract
			check(c, progs)
		}
	}
	for _, c := range gen.RandomCases(iterator.RegularTile, 7, 300, props.PtrElements) {
		check(c, append([]iterator.Program{c.Program}, progs...))
	}
	t.Logf("%d masks compared, %d partial", compared, partial)
	require.NotZero(t, partial, "no mask partial: the test exercises only one kind")
	require.NotEqual(t, compared, partial, "every mask partial: the test exercises only one kind")
}

// The case program's origins a planned case memoises by op index are
// docOriginBits', on the preset's programs and random cases, near the
// int64 edge included.
func TestMainOriginMemoIsExact(t *testing.T) {
	_, progs, err := gen.Enumerate(gen.Quick)
	require.NoError(t, err)
	huge := int64(math.MaxInt64 / 4)
	progs = append(slices.Clip(progs), iterator.Program{{Kind: iterator.AddPointerOffset, A: huge}, {Kind: iterator.AddPointerOffset, A: huge}, {Kind: iterator.Load}})
	cases := gen.RandomCases(iterator.RegularTile, 11, 200, props.PtrBytes)
	for _, c := range cases[:20] {
		for _, p := range progs {
			c.Program = p
			cases = append(cases, c)
		}
	}
	compared, failed := 0, 0
	for _, c := range cases {
		props.MainOrigins(c, func(i int, memo, full int64, mok, fok bool) {
			compared++
			if !fok {
				failed++
			}
			require.Equal(t, full, memo, "%s %s op %d: the memo's and the full computation's origin", c.Config, c.Program, i)
			require.Equal(t, fok, mok, "%s %s op %d: the memo's and the full computation's ok", c.Config, c.Program, i)
		})
	}
	require.NotZero(t, failed, "no origin overflowed: the test exercises only one kind")
	require.NotEqual(t, compared, failed, "every origin overflowed: the test exercises only one kind")
}
