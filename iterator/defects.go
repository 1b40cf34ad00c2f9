package iterator

// Defect names a known-bad variant of the reference model: a control (SPEC §6)
// that a sweep must kill. The empty Defect is the plain reference model.
type Defect string

// The controls of SPEC §6 for RegularTileIterator.
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
