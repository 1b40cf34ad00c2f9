package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// Shard picks one of Count parts of a sweep (tilecheck sweep --shard i/n),
// so that a CI matrix can run a large preset in parallel. The parts are
// contiguous runs of the engine's batches: a batch's cases do not depend on
// the shard, and merging the parts' aggregates in order is exactly what
// the unsharded run does, so Merge gives the unsharded report.
type Shard struct {
	Index int // 1-based
	Count int // 0 or 1: unsharded
}

// ParseShard reads "i/n" with 1 <= i <= n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("--shard %q: want i/n with 1 <= i <= n, e.g. 2/4", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// span is the shard's half-open range of n batches.
func (s Shard) span(n int) (lo, hi int) {
	if s.Count <= 1 {
		return 0, n
	}
	return (s.Index - 1) * n / s.Count, s.Index * n / s.Count
}

// shardState is a shard's aggregate as JSON: everything the report is
// computed from, before shrinking, so that Merge can finish the job.
type shardState struct {
	Index       int               `json:"index"`
	Count       int               `json:"count"`
	Iterator    string            `json:"iterator"`
	Class       iterator.Class    `json:"class"`
	Preset      gen.Preset        `json:"preset"`
	Seed        int64             `json:"seed"`
	PtrContract props.Contract    `json:"ptr_contract"`
	Properties  []string          `json:"properties"`
	Cases       []int64           `json:"cases"`
	Viol        []int64           `json:"violations"`
	Best        []*shardCandidate `json:"best"`
	Kills       [][]bool          `json:"kills"`
	Checks      int64             `json:"checks"`
	CovHits     []int             `json:"coverage_hits"`
	CovTotal    int               `json:"coverage_total"`
	// CovSeen are the keys each pairwise coverage class reached (nil for
	// the fractional classes), and FirstErr the first case the model
	// errored on: what Merge needs of the coverage floors and model errors.
	CovSeen     [][]string            `json:"coverage_seen,omitempty"`
	FirstErr    *report.AuditEntry    `json:"first_error,omitempty"`
	Units       map[string]shardUnit  `json:"units"`
	Audit       map[string]shardAudit `json:"audit"`
	Unavail     []string              `json:"unavailable"`
	Errs        int                   `json:"errors"`
	ElapsedS    float64               `json:"elapsed_s"`
	Interrupted string                `json:"interrupted,omitempty"`
	// Batches is the shard's part, [First, End) of Total batches: an
	// empty part (more shards than batches) is a valid shard that merge
	// needs, and the command says it is empty.
	Batches *ShardBatches `json:"batches,omitempty"`
}

// ShardBatches is the part of a sweep's batches one shard judged.
type ShardBatches struct {
	First int `json:"first"` // 0-based
	End   int `json:"end"`   // exclusive
	Total int `json:"total"` // the unsharded sweep's batches
}

// Empty reports whether the shard judged no batch.
func (b ShardBatches) Empty() bool { return b.End <= b.First }

// ShardPart reads a shard report's part of the batches; ok is false for a
// report that is not a shard's (or made before shards recorded it).
func ShardPart(r *report.Report) (b ShardBatches, ok bool) {
	if !r.IsShard() {
		return ShardBatches{}, false
	}
	var st shardState
	if err := json.Unmarshal(r.Shard, &st); err != nil || st.Batches == nil {
		return ShardBatches{}, false
	}
	return *st.Batches, true
}

type shardCandidate struct {
	Key       sizeKey         `json:"key"`
	Violation props.Violation `json:"violation"`
}

type shardUnit struct {
	Documented string        `json:"documented"`
	Matches    props.UnitSet `json:"matches"`
}

type shardAudit struct {
	Entries []report.AuditEntry `json:"entries"`
	Count   int                 `json:"count"`
}

func (a *aggregate) state() shardState {
	s := shardState{Index: a.opts.Shard.Index, Count: a.opts.Shard.Count, Iterator: a.name, Class: a.opts.Class,
		Preset: a.opts.Preset, Seed: a.opts.Seed, PtrContract: a.opts.PtrContract,
		Cases: a.cases, Viol: a.viol, Kills: a.kills, Checks: a.checks, CovHits: a.covHits, CovTotal: a.covTotal,
		Units: map[string]shardUnit{}, Audit: map[string]shardAudit{}, Unavail: slices.Sorted(maps.Keys(a.unavail)), Errs: a.errs}
	for _, p := range a.opts.Properties {
		s.Properties = append(s.Properties, p.ID)
	}
	s.FirstErr = a.firstErr
	for _, seen := range a.covSeen {
		var keys []string
		if seen != nil {
			keys = slices.Sorted(maps.Keys(seen))
		}
		s.CovSeen = append(s.CovSeen, keys)
	}
	for _, b := range a.best {
		var c *shardCandidate
		if b != nil {
			c = &shardCandidate{Key: b.key, Violation: b.v}
		}
		s.Best = append(s.Best, c)
	}
	for k, u := range a.units {
		s.Units[k] = shardUnit{Documented: u.documented, Matches: u.matches}
	}
	for k, au := range a.audit {
		s.Audit[k] = shardAudit{Entries: au.entries, Count: au.count}
	}
	return s
}

// load fills a fresh aggregate of the same sweep from s.
func (s shardState) load(a *aggregate) error {
	n := len(a.opts.Properties)
	if len(s.Cases) != n || len(s.Viol) != n || len(s.Best) != n || len(s.Kills) != len(a.kills) || len(s.CovHits) != len(a.covHits) {
		return fmt.Errorf("shard %d/%d: its state does not match this tilecheck's properties, controls or coverage classes (made by another version?)", s.Index, s.Count)
	}
	for j, p := range a.opts.Properties {
		if s.Properties[j] != p.ID {
			return fmt.Errorf("shard %d/%d: property %d is %s, want %s (made by another version?)", s.Index, s.Count, j, s.Properties[j], p.ID)
		}
	}
	copy(a.cases, s.Cases)
	copy(a.viol, s.Viol)
	for j, c := range s.Best {
		if c != nil {
			a.best[j] = &candidate{key: c.Key, v: c.Violation}
		}
	}
	for i := range a.kills {
		if len(s.Kills[i]) != n {
			return fmt.Errorf("shard %d/%d: kill matrix of the wrong size", s.Index, s.Count)
		}
		copy(a.kills[i], s.Kills[i])
	}
	a.checks, a.covTotal, a.errs, a.firstErr = s.Checks, s.CovTotal, s.Errs, s.FirstErr
	copy(a.covHits, s.CovHits)
	if len(s.CovSeen) != len(a.covSeen) {
		return fmt.Errorf("shard %d/%d: its pairwise coverage does not match this tilecheck's coverage classes (made by another version?)", s.Index, s.Count)
	}
	for k, keys := range s.CovSeen {
		for _, key := range keys {
			if a.covSeen[k] != nil {
				a.covSeen[k][key] = true
			}
		}
	}
	for k, u := range s.Units {
		a.units[k] = &unitAgg{documented: u.Documented, matches: u.Matches}
	}
	for k, au := range s.Audit {
		a.audit[k] = &auditAgg{entries: au.Entries, count: au.Count}
	}
	for _, u := range s.Unavail {
		a.unavail[u] = true
	}
	return nil
}

// shardReport is a shard's own report (its part of the preset, not shrunk)
// with its state attached for Merge.
func shardReport(total *aggregate, gen generated, elapsed float64, interrupted string) (*report.Report, error) {
	st := total.state()
	st.ElapsedS, st.Interrupted = elapsed, interrupted
	n := len(gen.batches())
	lo, hi := total.opts.Shard.span(n)
	st.Batches = &ShardBatches{First: lo, End: hi, Total: n}
	raw, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	rep := total.report(gen)
	rep.Version = report.Version()
	rep.Shard = raw
	markInterrupted(rep, interrupted)
	return rep, nil
}

// Merge joins the reports of every shard of one sweep (sweep --shard i/n
// for i = 1..n, in any order) into the report the unsharded sweep gives:
// the same counts, kill matrix, coverage and audit, and the same shrunk
// counterexamples (the shrinking runs here, as the unsharded run does after
// its last batch). Only the timings differ: elapsed is the shards' sum.
func Merge(shards []*report.Report) (*report.Report, error) {
	if len(shards) == 0 {
		return nil, errors.New("no shard reports to merge")
	}
	states := make([]shardState, len(shards))
	for i, r := range shards {
		if !r.IsShard() {
			return nil, fmt.Errorf("report %d (%s, %s) is not a shard report (made without --shard, or not in JSON)", i+1, r.Iterator, r.Class)
		}
		if err := json.Unmarshal(r.Shard, &states[i]); err != nil {
			return nil, fmt.Errorf("report %d: shard state: %v", i+1, err)
		}
	}
	slices.SortFunc(states, func(a, b shardState) int { return a.Index - b.Index })
	first := states[0]
	for i, s := range states {
		if s.Count != len(states) || s.Index != i+1 {
			return nil, fmt.Errorf("shards of %s (%s): have %s, want each of 1..%d exactly once", first.Iterator, first.Class, shardList(states), s.Count)
		}
		if s.Iterator != first.Iterator || s.Class != first.Class || s.Preset != first.Preset || s.Seed != first.Seed || s.PtrContract != first.PtrContract {
			return nil, fmt.Errorf("shard %d/%d is of another sweep (%s %s preset %s seed %d contract %s; shard 1: %s %s preset %s seed %d contract %s)",
				s.Index, s.Count, s.Iterator, s.Class, s.Preset, s.Seed, s.PtrContract, first.Iterator, first.Class, first.Preset, first.Seed, first.PtrContract)
		}
	}
	opts := Options{Iterator: first.Iterator, Preset: first.Preset, Seed: first.Seed, PtrContract: first.PtrContract, Class: first.Class}
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	m, err := iterator.ModelByName(first.Iterator)
	if err != nil {
		return nil, fmt.Errorf("merging needs the Go model the shards swept: %w", err)
	}
	src := props.ModelSource(m)
	gen, err := generate(context.Background(), opts)
	if err != nil {
		return nil, err
	}
	controls := props.ControlsFor(opts.Class, opts.PtrContract)
	total := newAggregate(first.Iterator, opts, controls)
	elapsed := 0.0
	var stopped []string
	for _, s := range states {
		part := newAggregate(first.Iterator, opts, controls)
		if err := s.load(part); err != nil {
			return nil, err
		}
		total.merge(part)
		elapsed += s.ElapsedS
		if s.Interrupted != "" {
			stopped = append(stopped, fmt.Sprintf("shard %d/%d %s", s.Index, s.Count, s.Interrupted))
		}
	}
	if len(stopped) == 0 {
		ref := referenceSource()
		if total.shrinkFailures(context.Background(), src, ref) {
			total.exhibit(src, ref)
		} else {
			stopped = append(stopped, "stopped while shrinking counterexamples")
		}
	}
	rep := total.report(gen)
	rep.Version = report.Version()
	markInterrupted(rep, strings.Join(stopped, "; "))
	rep.ElapsedS = elapsed
	if elapsed > 0 {
		rep.ChecksPerSecond = float64(rep.Checks) / elapsed
	}
	return rep, nil
}

func shardList(states []shardState) string {
	var parts []string
	for _, s := range states {
		parts = append(parts, fmt.Sprintf("%d/%d", s.Index, s.Count))
	}
	return strings.Join(parts, ", ")
}

// MergeMatrix merges shard matrices (an all-models sweep run with --shard):
// the k-th report of every shard belongs to the same model and class.
func MergeMatrix(shards []*report.Matrix) (*report.Matrix, error) {
	if len(shards) == 0 {
		return nil, errors.New("no shard reports to merge")
	}
	n := len(shards[0].Reports)
	out := &report.Matrix{Preset: string(shards[0].Preset), Seed: shards[0].Seed}
	for k := 0; k < n; k++ {
		var parts []*report.Report
		for i, m := range shards {
			if len(m.Reports) != n {
				return nil, fmt.Errorf("shard matrix %d has %d reports, the first has %d: not shards of one sweep", i+1, len(m.Reports), n)
			}
			parts = append(parts, m.Reports[k])
		}
		r, err := Merge(parts)
		if err != nil {
			return nil, err
		}
		out.Reports = append(out.Reports, r)
	}
	return out, nil
}
