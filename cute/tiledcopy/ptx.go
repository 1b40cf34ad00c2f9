package tiledcopy

// Instruction is what a copy instruction does, independently of CuTe: per
// thread a source fragment of SrcBits bits is read (by the first SrcLanes
// lanes only; the others' addresses are ignored) and a destination
// fragment of DstBits bits written (by every lane up to DstLanes), and
// Move says where each Granule-bit piece of a source fragment lands.
type Instruction struct {
	Name               string
	SrcLanes, DstLanes int
	SrcBits, DstBits   Bits
	Granule            Bits
	// Move maps source lane l's piece p (bits p*Granule .. +Granule of its
	// fragment) to the destination lane and piece that receive it.
	Move func(l, p int) (lane, piece int)
}

// vectorMove is one thread moving n bits as one vector (UniversalCopy's
// assignment of a uintN_t, cp.async's cp-size n/8 bytes): bit b of the
// source lands in bit b of the destination.
func vectorMove(n Bits) Instruction {
	return Instruction{Name: "vector", SrcLanes: 1, DstLanes: 1, SrcBits: n, DstBits: n, Granule: n,
		Move: func(l, p int) (int, int) { return l, p }}
}

// ldmatrix is PTX's ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16.
// Each of the x matrices is 8 rows of 8 b16 elements; lane 8*i+r gives the
// address of row r of matrix i, so lane l's source fragment is one 128-bit
// row: matrix l/8, row l%8, element c in bits 16c .. 16c+15. Each lane
// receives one 32-bit register per matrix, register i holding matrix i.
// Without .trans lane 4r+c/2 receives row r's elements c, in half c%2 of
// its register (lane l holds row l/4, columns 2(l%4) and 2(l%4)+1); with
// .trans the matrix is transposed on the way: element (r, c) lands in
// lane 4c+r/2, half r%2.
func ldmatrix(x int, trans bool) Instruction {
	name := "ldmatrix.x" + string(rune('0'+x))
	if trans {
		name += ".trans"
	}
	return Instruction{Name: name, SrcLanes: 8 * x, DstLanes: 32, SrcBits: 128, DstBits: Bits(32 * x), Granule: 16,
		Move: func(l, p int) (int, int) {
			i, r, c := l/8, l%8, p
			if trans {
				return 4*c + r/2, 2*i + r%2
			}
			return 4*r + c/2, 2*i + c%2
		}}
}

// stmatrix is PTX's stmatrix.sync.aligned.m8n8.x{1,2,4}.shared.b16, the
// inverse of ldmatrix without .trans: lane l's register i holds matrix i's
// row l/4, columns 2(l%4) and 2(l%4)+1, and lane 8*i+r gives the address
// where matrix i's row r, 128 bits, is stored.
func stmatrix(x int) Instruction {
	return Instruction{Name: "stmatrix.x" + string(rune('0'+x)), SrcLanes: 32, DstLanes: 8 * x,
		SrcBits: Bits(32 * x), DstBits: 128, Granule: 16,
		Move: func(l, p int) (int, int) {
			i, h := p/2, p%2
			r, c := l/4, 2*(l%4)+h
			return 8*i + r, c
		}}
}
