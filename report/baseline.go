package report

// Findings is a report's failures sorted against a baseline of known
// findings (tilecheck sweep --baseline FILE): the failures no entry
// records (New), those it records that are still there (Known) and the
// entries of this report's class and iterator whose failure is gone
// (Fixed). Gate is the verdict with the known failures discounted; the
// exit status follows it.
type Findings struct {
	File  string    `json:"file"`
	Gate  Verdict   `json:"gate"`
	New   []Finding `json:"new"`
	Known []Finding `json:"known"`
	Fixed []Finding `json:"fixed"`
}

// Finding is one failing property of one iterator and class, and the law
// its smallest counterexample broke ("" where the property is one law).
// Note is the baseline's human note; Seen, for a known finding, is the law
// this run broke where it is not the one the baseline records.
type Finding struct {
	Class    string `json:"class"`
	Iterator string `json:"iterator"`
	Source   string `json:"source"` // model (a Go model's sweep), compiled (compiled C++'s sweep) or probe
	Property string `json:"property"`
	Law      string `json:"law,omitempty"`
	Note     string `json:"note"`
	Seen     string `json:"seen,omitempty"`
}
