package iterator

import (
	"fmt"
	"slices"
	"strings"
)

// ClassInfo is what tilecheck knows of an iterator class: every layer asks
// these questions of a class instead of comparing it with a constant, so a
// class is added by registering its ClassInfo in its own file
// (class_*.go). A yes/no field is an answer either way; the others are
// never empty.
type ClassInfo struct {
	// Name is the C++ template's name, which `class=` and reports write.
	Name string
	// Family is a class of the family (--class family): traced by the
	// family driver, swept with the family's generated configurations,
	// programs, targets and wide cases, probed with its probe cases.
	Family bool
	// Predicated is a class with a guard per access, an extent, a
	// threadblock offset and a residue (extent=, tb=, access_elems=).
	Predicated bool
	// Fragments is a class that loads and stores fragments (load(),
	// store(), ...); without them it is an access iterator, whose passes
	// are accesses() and which declares no Fragment.
	Fragments bool
	// IncMovesTile is a class whose ++ moves one tile along the advance
	// rank; otherwise ++ moves to the next access.
	IncMovesTile bool
	// LoadWalks is a class whose load pass moves the iterator itself (the
	// ++ of every access), so a load a probe does not record still runs.
	LoadWalks bool
	// AlignedAccess is a class whose accesses are the configuration's
	// Alignment-wide AccessType: align= must be a power of two and the
	// accesses can overrun the fragment (P-frag).
	AlignedAccess bool
	// CxxWrappers is a class whose C++ rendition reaches the RowMajor and
	// ColumnMajor wrappers; otherwise a probe renders pitch-linear only.
	CxxWrappers bool
	// InlinePTX is a class whose CUTLASS loads and stores go through
	// inline PTX, which only nvcc builds: a user's own namespace is probed
	// on the GPU back end only.
	InlinePTX bool
	// AccessArg is what the C++ template takes after its ThreadMap.
	AccessArg AccessArg
	// Ops are the ops random programs of the class draw, simplest first
	// (rapid shrinks toward the first); each is one the class has.
	Ops []OpKind
	// RecordOps are the class's ops that record accesses, simplest
	// first: a random family program ends with one, and the first alone
	// is the class's smallest program.
	RecordOps []OpKind
}

// AccessArg is the C++ template parameter a class takes after its
// ThreadMap: the access's alignment, size or type, or none.
type AccessArg int

const (
	// AlignmentArg is `int Alignment` (RegularTileIterator's).
	AlignmentArg AccessArg = iota + 1
	// NoAccessArg is none: the access is ThreadMap::kElementsPerAccess wide.
	NoAccessArg
	// AccessTypeArg is `typename AccessType`, an AlignedArray of
	// access_elems elements.
	AccessTypeArg
	// AccessSizeArg is `int AccessSize`, access_elems.
	AccessSizeArg
)

// classInfos is indexed by Class; a slot no class registered has no Name.
var classInfos []ClassInfo

// registerClass records c's descriptor; each class's file calls it from
// init. It panics on a class registered twice, a name taken or a
// descriptor with an empty answer, so a mistake fails every test.
func registerClass(c Class, info ClassInfo) {
	switch {
	case c < 0:
		panic(fmt.Sprintf("class %d: negative", int(c)))
	case info.Name == "" || info.AccessArg == 0 || len(info.Ops) == 0 || len(info.RecordOps) == 0:
		panic(fmt.Sprintf("class %d (%q): every descriptor field needs an answer", int(c), info.Name))
	case int(c) < len(classInfos) && classInfos[c].Name != "":
		panic(fmt.Sprintf("class %d registered twice (%s, %s)", int(c), classInfos[c].Name, info.Name))
	}
	for _, o := range classInfos {
		if strings.EqualFold(o.Name, info.Name) {
			panic("class name " + info.Name + " registered twice")
		}
	}
	for _, k := range info.RecordOps {
		if !slices.Contains(info.Ops, k) || !(Op{Kind: k}).Records() {
			panic(fmt.Sprintf("class %s: record op %s is not one of its ops that records", info.Name, k.Name()))
		}
	}
	for int(c) >= len(classInfos) {
		classInfos = append(classInfos, ClassInfo{})
	}
	classInfos[c] = info
}

// unregisterClass removes c, for a test that registered a class of its own.
func unregisterClass(c Class) {
	classInfos[c] = ClassInfo{}
	for len(classInfos) > 0 && classInfos[len(classInfos)-1].Name == "" {
		classInfos = classInfos[:len(classInfos)-1]
	}
}

// Classes are the registered iterator classes in the order of their
// values, RegularTileIterator first.
func Classes() []Class {
	var out []Class
	for i := range classInfos {
		if c := Class(i); c.Known() {
			out = append(out, c)
		}
	}
	return out
}

// ParseClasses reads a list of classes as a user spells it (tilecheck's
// --class): "all" is every class, "family" the family classes
// (ClassInfo.Family); otherwise class names separated by commas, in any
// case.
func ParseClasses(s string) ([]Class, error) {
	all := Classes()
	switch {
	case strings.EqualFold(s, "all"):
		return all, nil
	case strings.EqualFold(s, "family"):
		var out []Class
		for _, c := range all {
			if c.Family() {
				out = append(out, c)
			}
		}
		return out, nil
	}
	var out []Class
	for _, name := range strings.Split(s, ",") {
		c, err := ClassByName(strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("want all, family or class names (%s)", strings.Join(classNameList(), ", "))
		}
		out = append(out, c)
	}
	return out, nil
}

// Known reports whether c is a registered class.
func (c Class) Known() bool { return c >= 0 && int(c) < len(classInfos) && classInfos[c].Name != "" }

// Info is a copy of c's descriptor (its lists too, so the registered one
// cannot be changed through it); the zero ClassInfo for a class not
// registered.
func (c Class) Info() ClassInfo {
	if !c.Known() {
		return ClassInfo{}
	}
	info := classInfos[c]
	info.Ops, info.RecordOps = slices.Clone(info.Ops), slices.Clone(info.RecordOps)
	return info
}

// info is c's descriptor without a copy, for the tracer's per-request
// questions; nil for a class not registered.
func (c Class) info() *ClassInfo {
	if !c.Known() {
		return nil
	}
	return &classInfos[c]
}

func (c Class) String() string {
	if c.Known() {
		return classInfos[c].Name
	}
	return fmt.Sprintf("class(%d)", int(c))
}

// Family reports whether c is a family class (ClassInfo.Family).
func (c Class) Family() bool { i := c.info(); return i != nil && i.Family }

// Predicated reports whether the class carries predicates, extents and
// residues (ClassInfo.Predicated).
func (c Class) Predicated() bool { i := c.info(); return i != nil && i.Predicated }

// Fragments reports whether the class loads and stores fragments
// (ClassInfo.Fragments).
func (c Class) Fragments() bool { i := c.info(); return i != nil && i.Fragments }

// IncMovesTile reports whether the class's ++ moves one tile
// (ClassInfo.IncMovesTile).
func (c Class) IncMovesTile() bool { i := c.info(); return i != nil && i.IncMovesTile }

// Pass is the op that makes one pass over the class's accesses, the first
// of its RecordOps (load() for a class with fragments, accesses() for an
// access iterator); 0 for a class not registered.
func (c Class) Pass() OpKind {
	if i := c.info(); i != nil && len(i.RecordOps) > 0 {
		return i.RecordOps[0]
	}
	return 0
}

// MarshalText encodes the class by its name (a shard report's JSON), so
// that what a report carries is a class, never a free string.
func (c Class) MarshalText() ([]byte, error) {
	if !c.Known() {
		return nil, fmt.Errorf("unknown class %d", int(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText decodes a class's name, rejecting any other.
func (c *Class) UnmarshalText(b []byte) error {
	p, err := ClassByName(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// ClassByName parses a class name, in any case.
func ClassByName(s string) (Class, error) {
	for _, c := range Classes() {
		if strings.EqualFold(s, c.String()) {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown class %q (want one of %s)", s, strings.Join(classNameList(), ", "))
}

// classNameList is every class's name, in Classes' order.
func classNameList() []string {
	var out []string
	for _, c := range Classes() {
		out = append(out, c.String())
	}
	return out
}
