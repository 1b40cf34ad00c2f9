package iterator

import (
	"fmt"

	"github.com/tilecheck/tilecheck/layout"
)

// The family controls: known-bad variants of the family's reference
// model, each injecting one defect CUTLASS has (or could have) in the
// predicated and access iterators.
const (
	// C3487Cross leaves the steady-state cross-rank term of add_tile_offset
	// unscaled: it moves Sc·tc (rank 1) or Ss·ts·L (rank 0) bytes where the
	// contract moves that many elements (CUTLASS issue #3487).
	C3487Cross Defect = "C-3487-cross"
	// CRank0NoPitch drops L from the rank-0 strided cross term of
	// add_tile_offset, in the residue step and in steady state.
	CRank0NoPitch Defect = "C-rank0-nopitch"
	// CSizeofSubbyte converts element positions (thread offsets, pointer and
	// tile offsets) to bytes with sizeof(Element), 1 byte for sub-byte
	// types, instead of B/8.
	CSizeofSubbyte Defect = "C-sizeof-subbyte"
	// CResidueNoTB computes the residue as extent mod tile, ignoring the
	// threadblock offset.
	CResidueNoTB Defect = "C-residue-no-tb"
)

func init() {
	registerDefectDoc(C3487Cross, "steady-state add_tile_offset adds the cross-rank term unscaled: Sc·tc (rank 1) or Ss·ts·L (rank 0) bytes, not elements (#3487)")
	registerDefectDoc(CRank0NoPitch, "rank 0: the strided cross term of add_tile_offset moves Ss·ts elements, without L")
	registerDefectDoc(CSizeofSubbyte, "sub-byte element positions and offsets converted to bytes by sizeof(Element) = 1, not B/8")
	registerDefectDoc(CResidueNoTB, "the residue is extent mod tile, ignoring the threadblock offset tb")
}

// FamilyDefects lists the family's own controls.
func FamilyDefects() []Defect {
	return []Defect{C3487Cross, CRank0NoPitch, CSizeofSubbyte, CResidueNoTB}
}

// DefectApplies reports whether a sweep of class c runs control d. The
// family controls apply to the family classes whose code has the place they
// break: C-3487-cross, C-rank0-nopitch and C-residue-no-tb live in the
// predicated add_tile_offset and residue, C-sizeof-subbyte in every family
// class's element-to-byte conversion. The RegularTileIterator controls apply
// to RegularTileIterator only: the family reference model does inject the
// ones that have a place there (C-ptr-bytes, C-ptr-inverted, C-delta-nodiv,
// C-pitch-plus-one, C-striped-head, and C-rank-swap for
// PredicatedTileIterator's ++), but their required killers
// (P-cover, P-sym, ...) are not judged on the family. Only the
// configurations noted can show a family defect (sub-byte elements for
// C-sizeof-subbyte, rank 0 for C-rank0-nopitch, tb off the tile grid for
// C-residue-no-tb); reaching them is the generator's business.
func DefectApplies(d Defect, c Class) bool {
	switch d {
	case "":
		return true
	case C3487Cross, CRank0NoPitch, CResidueNoTB:
		return c.Predicated()
	case CSizeofSubbyte:
		return c.Family()
	}
	return c.Known() && !c.Family()
}

// validateFamily checks what the family classes require beyond Validate's
// common constraints. It returns a *ConstraintError naming the
// violated constraint.
func validateFamily(cfg Config) error {
	if !cfg.Class.Family() {
		return nil
	}
	if !cfg.Class.Predicated() {
		if cfg.Extent != [2]int64{} || cfg.TB != [2]int64{} || cfg.AccessElems != 0 {
			return constraint("extent, tb and access_elems only with the predicated classes", "class=%s", cfg.Class)
		}
		return nil
	}
	ae := int64(cfg.ElemsPerAccessType())
	if ae <= 0 || int64(cfg.Access)%ae != 0 {
		return constraint("access_elems divides V", "access_elems=%d access=%d", ae, cfg.Access)
	}
	if ae*int64(cfg.Elem.Bits)%8 != 0 {
		return constraint("access_elems·B % 8 == 0 (an AccessType is whole bytes)", "access_elems=%d bits=%d", ae, cfg.Elem.Bits)
	}
	if cfg.Extent[0] < 0 || cfg.Extent[1] < 0 || (cfg.Extent != [2]int64{} && (cfg.Extent[0] == 0 || cfg.Extent[1] == 0)) {
		return constraint("extent > 0", "extent=%dx%d", cfg.Extent[0], cfg.Extent[1])
	}
	ext := cfg.PitchExtent()
	if cfg.TB[0] < 0 || cfg.TB[1] < 0 || cfg.TB[0] >= ext.C || cfg.TB[1] >= ext.S {
		return constraint("0 <= tb < extent", "tb=%dx%d extent=%dx%d", cfg.TB[0], cfg.TB[1], ext.C, ext.S)
	}
	return nil
}

// famGeom is what every family model derives from a configuration, in
// pitch-linear terms.
type famGeom struct {
	cfg    Config
	m      ThreadMap
	B      int64        // bits per element
	L      int64        // pitch in elements
	shape  layout.Coord // (Sc, Ss)
	rank   int          // pitch-linear advance rank
	ae     int64        // access_elems (predicated classes)
	apv    int64        // accesses per vector, V / access_elems
	ext    layout.Coord // tensor extent
	tb     layout.Coord // threadblock offset
	thread int
}

func newFamGeom(cfg Config, m ThreadMap, thread int) famGeom {
	g := famGeom{cfg: cfg, m: m, B: int64(cfg.Elem.Bits), L: cfg.Pitch(), shape: cfg.PitchShape(),
		rank: cfg.PitchAdv(), ae: int64(cfg.Access), apv: 1, thread: thread}
	if cfg.Class.Predicated() {
		g.ae = int64(cfg.ElemsPerAccessType())
		g.apv = int64(cfg.Access) / g.ae
		g.ext = cfg.PitchExtent()
		g.tb = layout.Coord{C: cfg.TB[0], S: cfg.TB[1]}
	}
	return g
}

// tileArg converts an op's tile offset, written in the layout's own order,
// to pitch-linear (tc, ts), as the RowMajor and ColumnMajor wrappers do.
func (g *famGeom) tileArg(o Op) layout.Coord { return g.cfg.Layout.ToPitch(o.A, o.B) }

// unavailable reports an op the class does not have.
func unavailable(cfg Config, o Op, why string) error {
	return &UnavailableError{Path: fmt.Sprintf("%s %s", cfg.Class, o), Reason: why}
}

// famIter is the state of one family iterator for one thread: the calls an
// op program makes on it. Positions are per class and per model; runFamily
// drives them.
type famIter interface {
	// count is the accesses of one pass: Iter.count·kAPV.
	count() int64
	// accessBytes is the size of one access in bytes.
	accessBytes() int64
	// setIndex is set_iteration_index(idx).
	setIndex(idx int64)
	// beginPass starts a pass made with a pointer offset of n elements
	// (load_with_pointer_offset(n); 0 for load() and accesses()): the C++
	// converts n once per call.
	beginPass(n int64)
	// addr is the byte address of the current access in the pass, and
	// whether it is a whole byte.
	addr() (int64, bool)
	// valid is the guard of the current access; always true when unguarded.
	valid() bool
	// step is the access iterator's ++: the next access of the pass.
	step()
	addPointerOffset(n int64)
	addTileOffset(t layout.Coord)
	// setMask is clear_mask (false) or enable_mask (true).
	setMask(enable bool)
}

// refAddress is the contract's address of an access: the thread's logical
// position pos (elements), the access's place within the thread's pattern
// (within: contiguous elements and rows), a pointer offset in bits and a
// defect's skew in bits, summed as a bit offset and divided by 8. It reports
// whether the bit offset is a whole byte. C-pitch-plus-one steps the
// pattern's rows with L+1; C-sizeof-subbyte scales positions by sizeof.
func refAddress(g *famGeom, a *arith, d Defect, pos, within layout.Coord, ptrBits, skewBits int64) (int64, bool) {
	rowPitch := g.L
	if d == CPitchPlusOne {
		rowPitch = a.add(g.L, 1)
	}
	posScale := g.B
	if d == CSizeofSubbyte && g.B < 8 {
		posScale = 8
	}
	posBits := a.mul(a.add(pos.C, a.mul(pos.S, g.L)), posScale)
	withinBits := a.mul(a.add(within.C, a.mul(within.S, rowPitch)), g.B)
	bits := a.add(a.add(posBits, withinBits), a.add(ptrBits, skewBits))
	return bits / 8, bits%8 == 0
}

// refDeltaC is the contiguous place of access column ic in the thread's
// pattern, ic·Dc elements (C-delta-nodiv: ic·Dc·V, CUTLASS ≤ 2.2's #125).
func refDeltaC(g *famGeom, a *arith, d Defect, ic int64) int64 {
	dc := a.mul(ic, g.m.Delta.C)
	if d == CDeltaNoDiv {
		dc = a.mul(dc, int64(g.m.V))
	}
	return dc
}

// refPtrBits is the move of a pointer offset of n elements in bits; add says
// whether it is add_pointer_offset (C-ptr-bytes takes only that one as
// bytes). C-ptr-inverted converts as n·8/B bytes (#3504); C-sizeof-subbyte
// as n·sizeof(Element).
func refPtrBits(g *famGeom, a *arith, d Defect, n int64, add bool) int64 {
	switch {
	case d == CPtrBytes && add:
		return a.mul(n, 8)
	case d == CPtrInverted:
		return a.mul(a.mul(n, 8)/g.B, 8)
	case d == CSizeofSubbyte && g.B < 8:
		return a.mul(n, 8)
	}
	return a.mul(n, g.B)
}
