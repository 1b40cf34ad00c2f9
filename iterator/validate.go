package iterator

import (
	"fmt"

	"github.com/tilecheck/tilecheck/layout"
)

// Validate checks every static constraint of the instantiation cfg describes
// (CUTLASS's static_asserts, plus what tilecheck's input grammar requires) and
// returns the thread map it instantiates. A violation is a *ConstraintError
// naming the constraint.
func Validate(cfg Config) (ThreadMap, error) {
	return validateWithMap(cfg, cfg.Map)
}

// validateWithMap is Validate with the thread map kind overridden: the
// C-striped-head control instantiates HEAD's warp-striped map where the
// configuration asks for the PR #3131 arrangement.
func validateWithMap(cfg Config, kind MapKind) (ThreadMap, error) {
	if !cfg.Class.Known() {
		return ThreadMap{}, constraint("known class", "class=%d", int(cfg.Class))
	}
	if cfg.Layout < layout.PitchLinear || cfg.Layout > layout.ColumnMajor {
		return ThreadMap{}, constraint("known layout", "layout=%d", int(cfg.Layout))
	}
	if kind < Stripmined || kind > WarpStriped3131 {
		return ThreadMap{}, constraint("known thread map", "map=%d", int(kind))
	}
	if !validBits(cfg.Elem.Bits) {
		return ThreadMap{}, constraint("sizeof_bits<Element> in {1,2,4,6,8,16,32,64}", "bits=%d", cfg.Elem.Bits)
	}
	if cfg.Shape[0] <= 0 || cfg.Shape[1] <= 0 {
		return ThreadMap{}, constraint("Shape > 0", "shape=%dx%d", cfg.Shape[0], cfg.Shape[1])
	}
	if cfg.Threads <= 0 {
		return ThreadMap{}, constraint("Threads > 0", "threads=%d", cfg.Threads)
	}
	if cfg.Access <= 0 {
		return ThreadMap{}, constraint("ElementsPerAccess > 0", "access=%d", cfg.Access)
	}
	if int64(cfg.Access)*int64(cfg.Elem.Bits)%8 != 0 {
		return ThreadMap{}, constraint("V·B % 8 == 0 (an access is whole bytes)", "access=%d bits=%d", cfg.Access, cfg.Elem.Bits)
	}
	if cfg.Adv != 0 && cfg.Adv != 1 {
		return ThreadMap{}, constraint("AdvanceRank in {0,1}", "adv=%d", cfg.Adv)
	}
	if cfg.Stride < 0 {
		return ThreadMap{}, constraint("stride >= 1", "stride=%d", cfg.Stride)
	}
	if cfg.Align < 0 || cfg.Align&(cfg.Align-1) != 0 {
		return ThreadMap{}, constraint("Alignment is a power of two", "align=%d", cfg.Align)
	}
	if a := effectiveAlignment(cfg); cfg.Class.info().AlignedAccess && a&(a-1) != 0 {
		// AccessType is AlignedArray<Element, V, Alignment>, i.e. alignas(Alignment):
		// the default V·B/8 of a 6-bit type (or of V=3) is no power of two and
		// does not compile.
		return ThreadMap{}, constraint("alignas(Alignment): Alignment is a power of two", "default Alignment V·B/8 = %d; give align=", a)
	}
	if cfg.Rows < 0 {
		return ThreadMap{}, constraint("rows >= 0", "rows=%d", cfg.Rows)
	}
	if cfg.Atomic != "" && cfg.Atomic != "cas32" {
		return ThreadMap{}, constraint("atomic in {cas32}", "atomic=%q", cfg.Atomic)
	}
	if kind.Warp() && (cfg.Warp[0] <= 0 || cfg.Warp[1] <= 0) {
		return ThreadMap{}, constraint("warp shape given for a warp map", "map=%s warp=%dx%d", kind, cfg.Warp[0], cfg.Warp[1])
	}
	if err := validateFamily(cfg); err != nil {
		return ThreadMap{}, err
	}
	if err := validateSpan(cfg); err != nil {
		return ThreadMap{}, err
	}
	warp := layout.Coord{}
	if kind.Warp() {
		warp = layout.Coord{C: cfg.Warp[0], S: cfg.Warp[1]}
	}
	return NewThreadMap(kind, cfg.PitchShape(), cfg.Threads, cfg.Access, warp)
}

func validBits(b int) bool {
	for _, v := range layout.ValidBits {
		if v == b {
			return true
		}
	}
	return false
}

// InstanceAccessBytes is A, sizeof(AccessType) of the instantiation cfg
// names. The ColumnMajor wrapper does not forward its Alignment parameter to
// the pitch-linear iterator it wraps, so there A takes the default
// alignment whatever align= says; PitchLinear and RowMajor honour it.
func InstanceAccessBytes(cfg Config) layout.Bytes {
	if cfg.Layout == layout.ColumnMajor {
		cfg.Align = 0
	}
	return cfg.AccessBytes()
}

// effectiveAlignment is the Alignment template argument the pitch-linear
// iterator receives: align= where the layout forwards it, else V·B/8.
func effectiveAlignment(cfg Config) int64 {
	if cfg.Align != 0 && cfg.Layout != layout.ColumnMajor {
		return cfg.Align
	}
	return int64(cfg.Access) * int64(cfg.Elem.Bits) / 8
}

// FragmentBytes is sizeof(Fragment): a packed Array of Iter.count·V elements.
func FragmentBytes(cfg Config, m ThreadMap) layout.Bytes {
	return layout.ArrayBytes(layout.Elements(m.Count()*int64(m.V)), cfg.Elem.Bits)
}

// FragmentOverrun reports whether the load/store loop, which writes
// Iter.count accesses of A bytes each into the fragment, writes past its end
// (P-frag): an Alignment above the natural access size does this.
func FragmentOverrun(cfg Config, m ThreadMap) bool {
	return int64(InstanceAccessBytes(cfg))*m.Count() > int64(FragmentBytes(cfg, m))
}

// validateSpan refuses a configuration whose tile (or, for a predicated
// class, tensor extent) spans more bits than tilecheck's int64 arithmetic
// holds: (rows−1)·L + columns elements of B bits. Such a configuration made
// every load fail later with a bare "int64 overflow" that did not say
// which key was too large; this names it.
func validateSpan(cfg Config) error {
	sh := cfg.PitchShape()
	rows, cols := sh.S, sh.C
	if cfg.Class.Predicated() && cfg.Extent != [2]int64{} {
		ext := cfg.PitchExtent()
		rows, cols = max(rows, ext.S), max(cols, ext.C)
	}
	pitch := cfg.Pitch()
	el, err := layout.Mul(rows-1, pitch)
	if err == nil {
		el, err = layout.Add(el, cols)
	}
	if err == nil {
		_, err = layout.Elements(el).ToBits(cfg.Elem.Bits)
	}
	if err == nil {
		return nil
	}
	// Name the key that makes it large: the pitch (stride=) when it is
	// given and exceeds the rest, else the extent or the shape.
	var key string
	switch {
	case cfg.Stride != 0 && cfg.Stride >= cols && cfg.Stride >= rows:
		key = fmt.Sprintf("stride=%d", cfg.Stride)
	case cfg.Class.Predicated() && cfg.Extent != [2]int64{}:
		key = fmt.Sprintf("extent=%dx%d", cfg.Extent[0], cfg.Extent[1])
	default:
		key = fmt.Sprintf("shape=%dx%d", cfg.Shape[0], cfg.Shape[1])
	}
	return constraint("((rows−1)·L + columns)·B fits in int64",
		"%s: %d rows of pitch %d elements of %d bits overflow int64", key, rows, pitch, cfg.Elem.Bits)
}
