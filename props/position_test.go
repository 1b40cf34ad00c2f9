package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDocOriginBits(t *testing.T) {
	// f32 64x8, L=64, rank 1: a contiguous tile is 64 elements, ++ one
	// strided tile of 8·64 = 512, load_with_pointer_offset(8) 8 more:
	// 584 elements of 32 bits.
	c := mustCase(t, f32Example, "add_tile_offset(1,0);inc;load_with_pointer_offset(8);load(0,-1)")
	got, ok := docOriginBits(&c, c.Program, 2)
	assert.True(t, ok, "origin of op 2")
	assert.Equal(t, int64(584*32), got, "origin of op 2")
	// The pointer offset of op 2 moved only its own record: op 3 is at
	// 64 + 512 − 512 = 64 elements.
	got, _ = docOriginBits(&c, c.Program, 3)
	assert.Equal(t, int64(64*32), got, "origin of op 3")
	// Under the bytes contract add_pointer_offset(3) is 3 bytes = 24 bits.
	c = mustCase(t, f32Example, "add_pointer_offset(3);load()")
	c.PtrContract = PtrBytes
	got, _ = docOriginBits(&c, c.Program, 1)
	assert.Equal(t, int64(24), got, "bytes-contract origin")
}

func TestExactMask(t *testing.T) {
	// u4 16x2, V=2, T=8, L=17: thread 0 makes accesses at elements (0,0)
	// and (0,1), bits 0 and 17·4 = 68: the second is mid-byte.
	c := mustCase(t, "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1 stride=17", "load()")
	mask, ok := exactMask(&c, c.Program, 0, 0)
	assert.True(t, ok)
	assert.Equal(t, []bool{true, false}, mask)
	// With L=16 every row is 8 bytes: all exact (nil mask).
	c = mustCase(t, "elem=u4 shape=16x2 map=stripmined threads=8 access=2 adv=1", "load()")
	mask, ok = exactMask(&c, c.Program, 0, 0)
	assert.True(t, ok)
	assert.Nil(t, mask)
}
