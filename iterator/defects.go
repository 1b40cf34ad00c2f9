package iterator

// Defect names a known-bad variant of the reference model: a control
// that a sweep must kill. The empty Defect is the plain reference model.
//
// A defect is injected by Control(d): the reference model checks for it at
// the one place the bug lives. The family classes' defects live with the
// family models (family.go): they add their constants there, their checks
// in the family's reference model (traceFamily receives the defect), and a
// doc line with registerDefectDoc from an init function.
type Defect string

// The controls for RegularTileIterator.
const (
	CLoadDiv      Defect = "C-load-div"
	CBothDiv      Defect = "C-both-div"
	CPtrBytes     Defect = "C-ptr-bytes"
	CPtrInverted  Defect = "C-ptr-inverted"
	CDeltaNoDiv   Defect = "C-delta-nodiv"
	CRankSwap     Defect = "C-rank-swap"
	CPitchPlusOne Defect = "C-pitch-plus-one"
	CTruncFirst   Defect = "C-trunc-first"
	CInt32        Defect = "C-int32"
	CStripedHead  Defect = "C-striped-head"
	CCas16Tail    Defect = "C-cas16-tail"
)

// regularDefects lists the RegularTileIterator controls in their documented order,
// each with what it injects into the reference model.
var regularDefects = []struct {
	id  Defect
	doc string
}{
	{CLoadDiv, "load(frag, tile) divides the contiguous tile term by V, store(frag, tile) does not (CUTLASS v2.3–v4.4, #3017)"},
	{CBothDiv, "load and store(frag, tile) both use tc·Sc/V (CUTLASS ≥ v4.5.0): symmetric, so P-sym cannot see it"},
	{CPtrBytes, "add_pointer_offset adds bytes, not elements (#3017)"},
	{CPtrInverted, "every pointer offset converted to bytes as po·8/B instead of po·B/8 (#3504)"},
	{CDeltaNoDiv, "access c at element offset c·Dc·V instead of c·Dc (CUTLASS ≤ 2.2, #125)"},
	{CRankSwap, "++/-- advance one tile along the other rank"},
	{CPitchPlusOne, "the strided step between a thread's rows uses pitch L+1"},
	{CTruncFirst, "++/-- move Ss·(L·B/8) bytes: the row truncated to bytes before ·Ss (sub-byte rows)"},
	{CInt32, "row offsets and the ++ increment held in int32 bytes: they wrap at large L"},
	{CStripedHead, "the warp-striped map of CUTLASS HEAD used where warp-striped-3131 is configured"},
	{CCas16Tail, "atomic=cas32 stores always go through the enclosing 4-byte word, even past the allocation's end"},
}

// familyDefectDocs holds the doc lines the family models register.
var familyDefectDocs = map[Defect]string{}

// registerDefectDoc records the doc line of a family defect (call it from an
// init function next to the defect's constant).
func registerDefectDoc(d Defect, doc string) { familyDefectDocs[d] = doc }

// Defects lists every control: the RegularTileIterator ones, then
// the family's own.
func Defects() []Defect {
	out := make([]Defect, 0, len(regularDefects)+4)
	for _, d := range regularDefects {
		out = append(out, d.id)
	}
	return append(out, FamilyDefects()...)
}

// KnownDefect reports whether d is one of Defects().
func KnownDefect(d Defect) bool {
	for _, k := range Defects() {
		if k == d {
			return true
		}
	}
	return false
}

// DefectDoc is a one-line description of what the control injects.
func DefectDoc(d Defect) string {
	for _, r := range regularDefects {
		if r.id == d {
			return r.doc
		}
	}
	return familyDefectDocs[d]
}

// Control is the reference model with exactly defect d injected; its Name is
// the control id.
func Control(d Defect) Model { return referenceModel{defect: d} }
