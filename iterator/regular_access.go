package iterator

import "github.com/tilecheck/tilecheck/layout"

// sizeofElem is sizeof(Element) in bytes: a packed sub-byte type still
// occupies a whole byte as a C++ object.
func sizeofElem(bits int64) int64 { return max(1, bits/8) }

// cutlassRegularAccess is RegularTileAccessIterator<PitchLinear> as CUTLASS
// implements it: Element* arithmetic (sizeof, not bits), the pitch
// held in access units (L/V, truncating) and an int32 byte offset.
type cutlassRegularAccess struct {
	g       *famGeom
	a       *arith
	p0      int64 // bytes: (c0 + s0·L)·sizeof(Element)
	strideA int64 // stride_ = L / V, an int32 Index
	byteOff int64 // byte_offset_, an int32 Index
	A       int64 // sizeof(AccessType) = sizeof(Array<Element, V>)
	idx     int64
}

// reset is the constructor for thread g.thread, whose initial offset is o.
func (it *cutlassRegularAccess) reset(g *famGeom, a *arith, o layout.Coord) {
	*it = cutlassRegularAccess{g: g, a: a,
		A: int64(layout.ArrayBytes(layout.Elements(g.cfg.Access), g.cfg.Elem.Bits))}
	it.p0 = a.mul(a.add(o.C, a.mul(o.S, g.L)), sizeofElem(g.B))
	it.strideA = a.i32("stride_ = L/V", g.L/int64(g.cfg.Access))
}

func (it *cutlassRegularAccess) count() int64       { return it.g.m.Count() }
func (it *cutlassRegularAccess) accessBytes() int64 { return it.A }
func (it *cutlassRegularAccess) setIndex(i int64)   { it.idx = i }
func (it *cutlassRegularAccess) valid() bool        { return true }
func (it *cutlassRegularAccess) setMask(bool)       {}

// step is operator++: it steps the access index, wrapping to 0 at the end of
// the tile, and never moves the pointer.
func (it *cutlassRegularAccess) step() { it.idx = (it.idx + 1) % it.count() }

// addr is get(): access_offset is an int, counted in AccessType units.
func (it *cutlassRegularAccess) beginPass(int64) {}

func (it *cutlassRegularAccess) addr() (int64, bool) {
	m, a := it.g.m, it.a
	ic, is := it.idx%m.Iter.C, it.idx/m.Iter.C
	accessOff := a.i32("access_offset", a.add(a.mul(a.mul(is, m.Delta.S), it.strideA), ic*m.Delta.C/int64(m.V)))
	return a.add(a.add(it.p0, a.mul(accessOff, it.A)), it.byteOff), true
}

// addPointerOffset: byte_offset_ += pointer_offset·sizeof(Element).
func (it *cutlassRegularAccess) addPointerOffset(n int64) {
	it.byteOff = it.a.i32("byte_offset_", it.a.add(it.byteOff, it.a.mul(n, sizeofElem(it.g.B))))
}

// addTileOffset: add_pointer_offset(tc·Sc + ts·Ss·stride_·V), an int.
func (it *cutlassRegularAccess) addTileOffset(t layout.Coord) {
	a, sh := it.a, it.g.shape
	n := a.add(a.mul(t.C, sh.C), a.mul(a.mul(a.mul(t.S, sh.S), it.strideA), int64(it.g.cfg.Access)))
	it.addPointerOffset(a.i32("add_tile_offset argument", n))
}

// refRegularAccess is the documented contract for RegularTileAccessIterator:
// the thread's accesses sit at logical element coordinates of the tile whose
// origin is the sum of all tile offsets, plus the element pointer offsets,
// converted to bytes bit-exactly.
type refRegularAccess struct {
	g       *famGeom
	a       *arith
	d       Defect
	init    layout.Coord // the thread's initial offset, ThreadMap.Init
	origin  layout.Coord // the tile origin, in elements
	ptrBits int64        // sum of pointer offsets, in bits
	idx     int64
}

// reset starts the iterator of thread g.thread, whose initial offset is
// init.
func (it *refRegularAccess) reset(g *famGeom, d Defect, a *arith, init layout.Coord) {
	*it = refRegularAccess{g: g, a: a, d: d, init: init}
}

func (it *refRegularAccess) count() int64 { return it.g.m.Count() }
func (it *refRegularAccess) accessBytes() int64 {
	return int64(layout.ArrayBytes(layout.Elements(it.g.cfg.Access), it.g.cfg.Elem.Bits))
}
func (it *refRegularAccess) setIndex(i int64) { it.idx = i }
func (it *refRegularAccess) valid() bool      { return true }
func (it *refRegularAccess) setMask(bool)     {}
func (it *refRegularAccess) step()            { it.idx = (it.idx + 1) % it.count() }

func (it *refRegularAccess) beginPass(int64) {}

func (it *refRegularAccess) addr() (int64, bool) {
	m := it.g.m
	ic, is := it.idx%m.Iter.C, it.idx/m.Iter.C
	pos := layout.Coord{C: it.origin.C + it.init.C, S: it.origin.S + it.init.S}
	within := layout.Coord{C: refDeltaC(it.g, it.a, it.d, ic), S: is * m.Delta.S}
	return refAddress(it.g, it.a, it.d, pos, within, it.ptrBits, 0)
}

func (it *refRegularAccess) addPointerOffset(n int64) {
	it.ptrBits = it.a.add(it.ptrBits, refPtrBits(it.g, it.a, it.d, n, true))
}

func (it *refRegularAccess) addTileOffset(t layout.Coord) {
	it.origin.C = it.a.add(it.origin.C, it.a.mul(t.C, it.g.shape.C))
	it.origin.S = it.a.add(it.origin.S, it.a.mul(t.S, it.g.shape.S))
}
