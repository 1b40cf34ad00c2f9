package iterator

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSameAsReference: wherever SameAsReference says a control answers as
// the reference does, its traces and error are the reference's, on random
// configurations of every class (valid or not, up to and past the int32
// and int64 limits) and programs; and each claim is made often enough to
// be tested.
func TestSameAsReference(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	ref := referenceModel{}
	claimed := map[Defect]int{}
	for i := 0; i < 40000; i++ { // 30000 before Validate refused tiles past int64 bits
		cfg := randomRegular(r)
		if i%8 == 0 {
			cfg.Map = WarpStriped3131
		}
		prog := randomProgram(r)
		if i%2 == 1 {
			cfg, prog = randomFamily(r), randomFamilyProgram(r)
		}
		d := Defects()[r.Intn(len(Defects()))]
		same := SameAsReference(d, &cfg, prog)
		s := NewScope(&cfg)
		require.False(t, same && !s.Same(d, prog), "%s %s; %s: the scope withdraws a claim made without it", d, cfg, prog)
		same = s.Same(d, prog)
		if !same {
			continue
		}
		claimed[d]++
		threads := AllThreads(cfg)
		want, wantErr := TraceThreads(ref, cfg, prog, threads)
		got, gotErr := TraceThreads(Control(d), cfg, prog, threads)
		name := fmt.Sprintf("%s %s; %s", d, cfg, prog)
		require.Equal(t, fmt.Sprint(gotErr), fmt.Sprint(wantErr), "%s: error %v, reference %v", name, gotErr, wantErr)
		require.Equal(t, want, got, "%s: traces differ from the reference's", name)
	}
	// The predicated classes' add_tile_offset defects, on programs of
	// several tile offsets, some across the advance rank and some not.
	traced := 0
	for i := 0; i < 10000; i++ {
		cfg := randomFamily(r)
		for !cfg.Class.Predicated() {
			cfg = randomFamily(r)
		}
		arg := func() int64 { return []int64{0, 0, 1, 2, -1}[r.Intn(5)] }
		prog := Program{{Kind: AddTileOffset, A: arg(), B: arg()}, {Kind: Accesses},
			{Kind: AddTileOffset, A: arg(), B: arg()}, {Kind: Accesses}, {Kind: AddTileOffset, A: arg(), B: arg()}, {Kind: Accesses}}
		d := []Defect{C3487Cross, CRank0NoPitch}[r.Intn(2)]
		if !SameAsReference(d, &cfg, prog) {
			continue
		}
		claimed[d]++
		want, wantErr := TraceThreads(ref, cfg, prog, AllThreads(cfg))
		got, gotErr := TraceThreads(Control(d), cfg, prog, AllThreads(cfg))
		require.Equal(t, fmt.Sprint(gotErr), fmt.Sprint(wantErr), "%s %s; %s: traces or error differ from the reference's", d, cfg, prog)
		require.Equal(t, want, got, "%s %s; %s: traces or error differ from the reference's", d, cfg, prog)
		if wantErr == nil {
			traced++
		}
	}
	assert.GreaterOrEqual(t, traced, 300, "only %d add_tile_offset programs traced without error", traced)
	for _, d := range []Defect{CLoadDiv, CBothDiv, CPtrBytes, CPtrInverted, CRankSwap, CTruncFirst, CStripedHead, CCas16Tail,
		CDeltaNoDiv, CPitchPlusOne, CInt32, C3487Cross, CRank0NoPitch, CResidueNoTB, CSizeofSubbyte} {
		assert.GreaterOrEqual(t, claimed[d], 100, "%s: only %d requests claimed the reference's", d, claimed[d])
	}
	// Without the thread map, the defects whose scope it bounds are not
	// claimed.
	for _, d := range []Defect{CPitchPlusOne, CInt32} {
		assert.False(t, SameAsReference(d, &Config{}, Program{{Kind: Load}}), "%s claimed without a thread map", d)
	}
}
