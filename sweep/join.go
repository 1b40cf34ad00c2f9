package sweep

import (
	"errors"
	"fmt"

	"github.com/tilecheck/tilecheck/report"
)

// Join puts the complete reports of one preset and seed (a CI matrix's
// jobs: one per class, or per iterator) into one matrix, in the order
// given. Unlike Merge it judges nothing again: each report keeps its
// verdict. It refuses a shard's report (Merge joins those), a report twice
// (the same iterator, class and back end), and reports of different
// presets or seeds, naming them.
func Join(rs []*report.Report) (*report.Matrix, error) {
	if len(rs) == 0 {
		return nil, errors.New("no reports to join")
	}
	type key struct{ iterator, class, backend string }
	seen := map[key]bool{}
	first := rs[0]
	for _, r := range rs {
		name := fmt.Sprintf("%s (%s, backend %s)", r.Iterator, r.Class, r.Backend)
		switch k := (key{r.Iterator, r.Class, r.Backend}); {
		case r.IsShard():
			return nil, fmt.Errorf("%s: a shard's report is joined with the other shards of its sweep, not with complete reports", name)
		case seen[k]:
			return nil, fmt.Errorf("%s: given twice", name)
		case r.Preset != first.Preset || r.Seed != first.Seed:
			return nil, fmt.Errorf("%s is of preset %s seed %d, %s %s of preset %s seed %d: not one run",
				name, r.Preset, r.Seed, first.Iterator, first.Class, first.Preset, first.Seed)
		default:
			seen[k] = true
		}
	}
	return &report.Matrix{Preset: first.Preset, Seed: first.Seed, Reports: rs}, nil
}
