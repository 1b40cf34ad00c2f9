package props

// Internals for the external tests (package props_test, which may import
// gen: gen imports props, so a test inside props cannot).

// FamilyPTile is P-tile judged with the family's equivalences only.
var FamilyPTile = familyPTile

// TraverseJudged says whether a case is inside P-traverse's preconditions.
func TraverseJudged(c Case) bool {
	_, why := traverseRegion(c)
	return why == ""
}
