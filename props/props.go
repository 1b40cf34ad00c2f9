package props

import (
	"fmt"
	"sync"

	"github.com/tilecheck/tilecheck/iterator"
)

// All lists every property in report order. The slice is a copy:
// callers may replace a property's Judge (tests do, to show that a control
// then survives).
func All() []Property {
	return []Property{PSym, PTile, PInc, PPtr, PUnit, POracle, PCover, PFrag, PAlign, PBounds, PExact, PIndex}
}

// ForClass lists the properties a sweep of one iterator class judges. The
// RegularTileIterator has every property. The family classes
// (RegularTileAccessIterator and the predicated iterators) have no load/store(frag, tile), and their ++ and tile offsets
// consume a residue first, so the properties written for the regular
// iterator's paths and memory layout do not apply there; they are judged by
// P-tile's family equivalences (whole-tile moves after the residue),
// P-oracle, P-traverse, P-exact and P-index.
func ForClass(class iterator.Class) []Property {
	if !class.Family() {
		return All()
	}
	if !class.Predicated() {
		// No guards and no traversal: P-traverse would judge nothing, and a
		// property that judges nothing makes a sweep weak.
		return []Property{PTile, POracle, PExact, PIndex}
	}
	return []Property{PTile, POracle, PTraverse, PExact, PIndex}
}

// ByID finds a property by id, among All and the family's P-traverse.
func ByID(id string) (Property, error) {
	every := append(All(), PTraverse)
	ids := make([]string, 0, len(every))
	for _, p := range every {
		if p.ID == id {
			return p, nil
		}
		ids = append(ids, p.ID)
	}
	return Property{}, fmt.Errorf("unknown property %q (want one of %v)", id, ids)
}

// EffectiveSpec restricts a control's spec to the properties a sweep runs:
// a killer the sweep does not run cannot be required; when none of the
// required killers runs, P-oracle, which sees every address a defect
// changes, must kill it instead.
func EffectiveSpec(spec ControlSpec, run []Property) ControlSpec {
	has := map[string]bool{}
	for _, p := range run {
		has[p.ID] = true
	}
	var out ControlSpec
	for _, k := range spec.MustKill {
		if has[k] {
			out.MustKill = append(out.MustKill, k)
		}
	}
	for _, k := range spec.MustSurvive {
		if has[k] {
			out.MustSurvive = append(out.MustSurvive, k)
		}
	}
	if len(out.MustKill) == 0 && has["P-oracle"] {
		out.MustKill = []string{"P-oracle"}
	}
	return out
}

// ControlSpec is what is required of one control: the properties that
// must kill it and those that must not.
type ControlSpec struct {
	MustKill    []string
	MustSurvive []string
}

var (
	controlMu    sync.RWMutex
	controlSpecs = map[iterator.Defect]ControlSpec{
		iterator.CLoadDiv:      {MustKill: []string{"P-sym", "P-tile", "P-oracle"}},
		iterator.CBothDiv:      {MustKill: []string{"P-tile", "P-oracle"}, MustSurvive: []string{"P-sym"}},
		iterator.CPtrBytes:     {MustKill: []string{"P-ptr", "P-unit"}},
		iterator.CPtrInverted:  {MustKill: []string{"P-unit", "P-oracle"}},
		iterator.CDeltaNoDiv:   {MustKill: []string{"P-cover", "P-oracle"}},
		iterator.CRankSwap:     {MustKill: []string{"P-inc", "P-oracle"}},
		iterator.CPitchPlusOne: {MustKill: []string{"P-oracle", "P-cover"}},
		iterator.CTruncFirst:   {MustKill: []string{"P-exact", "P-inc"}},
		iterator.CInt32:        {MustKill: []string{"P-index"}},
		iterator.CStripedHead:  {MustKill: []string{"P-cover"}},
		iterator.CCas16Tail:    {MustKill: []string{"P-bounds"}},
	}
)

// RegisterControl declares the killers of a control that controlSpecs does
// not list (the family controls register theirs from their own file).
func RegisterControl(d iterator.Defect, spec ControlSpec) {
	controlMu.Lock()
	defer controlMu.Unlock()
	controlSpecs[d] = spec
}

// ControlSpecOf returns the declared killers of a control; ok is false for a
// defect nobody declared, which a sweep does not run.
func ControlSpecOf(d iterator.Defect) (ControlSpec, bool) {
	controlMu.RLock()
	defer controlMu.RUnlock()
	s, ok := controlSpecs[d]
	return s, ok
}

// ControlsFor lists the controls a sweep of the given class runs under the
// pointer contract: declared, applicable to the class, in the registry's
// order. Under the bytes contract C-ptr-bytes is what the contract asks
// for, not a defect, so it is not run.
func ControlsFor(class iterator.Class, contract Contract) []iterator.Defect {
	var out []iterator.Defect
	for _, d := range iterator.Defects() {
		if _, ok := ControlSpecOf(d); !ok || !iterator.DefectApplies(d, class) {
			continue
		}
		if d == iterator.CPtrBytes && contract == PtrBytes {
			continue
		}
		out = append(out, d)
	}
	return out
}

// ControlOK says whether a control's kills meet its spec: killed by every
// MustKill, by no MustSurvive.
func ControlOK(spec ControlSpec, killedBy []string) bool {
	set := map[string]bool{}
	for _, k := range killedBy {
		set[k] = true
	}
	for _, k := range spec.MustKill {
		if !set[k] {
			return false
		}
	}
	for _, k := range spec.MustSurvive {
		if set[k] {
			return false
		}
	}
	return true
}

// AuditCase lists the precondition findings of a configuration (the
// thread-map and precondition audit): facts of the configuration and its
// thread map, the same whatever the model.
func AuditCase(c Case) []Finding {
	if !c.First || c.Config.Class.Family() {
		return nil
	}
	var out []Finding
	cfg := c.Config
	if dup, missing, outside := mapCoverage(c); dup+missing+outside != 0 {
		topic := "inexact-map"
		why := ""
		switch {
		case cfg.Map == iterator.Stripmined:
			why = " (the stripmined ceiling)"
		case cfg.Map == iterator.WarpStriped:
			why = " (the warp-striped arrangement of CUTLASS HEAD)"
		}
		out = append(out, Finding{topic, fmt.Sprintf("%s map%s: %d duplicated, %d missing, %d outside the tile; P-cover and P-bounds not judged", cfg.Map, why, dup, missing, outside)})
	}
	b := int64(cfg.Elem.Bits)
	l := cfg.Pitch()
	a := int64(iterator.InstanceAccessBytes(cfg))
	switch {
	case l*b%8 != 0:
		out = append(out, Finding{"sub-byte-rows", fmt.Sprintf("L·B = %d bits is not whole bytes: odd rows start mid-byte; only byte-exact accesses and whole-tile moves compared", l*b)})
	case a > 0 && (l*b/8)%a != 0:
		out = append(out, Finding{"misaligned-pitch", fmt.Sprintf("row pitch %d bytes is not a multiple of A=%d; P-align not judged", l*b/8, a)})
	}
	if nat := int64(cfg.Access) * b / 8; a > 0 && nat%a != 0 {
		// An Alignment override, or a 6-bit Array padded to whole storage words.
		topic := "padded-access"
		if cfg.Align != 0 {
			topic = "align-override"
		}
		out = append(out, Finding{topic, fmt.Sprintf("A=%d exceeds the natural access size %d bytes; P-align not judged", a, nat)})
	}
	if l < cfg.PitchShape().C {
		out = append(out, Finding{"overlapping-rows", fmt.Sprintf("L=%d < Sc=%d: rows overlap; P-cover not judged", l, cfg.PitchShape().C)})
	}
	return out
}
