package sweep

import (
	"errors"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// The coverage section: each of gen.Targets' classes measured over the
// cases the sweep judged, leaving out what the back end cannot have.

// addCoverage counts case c, judged with outcome o, in the coverage
// classes. A case the back end left out (it cannot have the
// configuration) counts in none: its class members and keys are kept
// apart, so that the report leaves out of the floors what only such cases
// could have reached. A universe target that counts generated cases
// (Generated) counts every case, left out or not.
//
// sameConfig says that the case's configuration is the previous case's:
// a PerConfig target's key is then the one already worked out, and filed
// once.
func (a *aggregate) addCoverage(c *props.Case, o *engine.Outcome, sameConfig bool) {
	left := false
	if o.Err != nil { // else ue would escape to the heap case after case
		var ue *iterator.UnavailableError
		left = errors.As(o.Err, &ue) && ue.LeftOut
	}
	if !left {
		a.covTotal++
	}
	for k, cl := range a.classes {
		switch {
		case cl.Key != nil:
			ck := &a.keys[k]
			if !cl.PerConfig || !sameConfig {
				*ck = caseKey{key: cl.Key(c)}
			}
			switch {
			case left && !cl.Generated:
				if !ck.left {
					a.leftKeys[k][ck.key], ck.left = true, true
				}
			case (o.Err == nil || cl.Generated) && o.ModelErr == nil:
				if !ck.seen {
					a.covSeen[k][ck.key], ck.seen = true, true
				}
			}
		case cl.In(c):
			if left {
				a.leftHits[k]++
			} else {
				a.covHits[k]++
			}
		}
	}
}

// caseKey is a universe target's key of the last case, and whether it was
// filed as reached (seen) or left out (left).
type caseKey struct {
	key        string
	seen, left bool
}

// coverage is class k's fraction. A universe key that only cases the back
// end left out would have reached is outside the universe; a class whose
// every member was left out is not measured (measured false).
func (a *aggregate) coverage(k int, cl gen.Target) (f float64, measured bool) {
	if cl.Key != nil {
		met, size := 0, 0
		for _, key := range cl.Universe {
			switch {
			case a.covSeen[k][key]:
				met++
			case a.leftKeys[k][key]:
				continue
			}
			size++
		}
		if size == 0 {
			return 0, false
		}
		return float64(met) / float64(size), true
	}
	if a.covHits[k] == 0 && a.leftHits[k] > 0 {
		return 0, false
	}
	if a.covTotal == 0 {
		return 0, true
	}
	return float64(a.covHits[k]) / float64(a.covTotal), true
}
