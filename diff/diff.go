// Package diff compares two sets of traces of the same cases (two CUTLASS
// trees compiled, or a tree and a Go model) access by access: address,
// width and guard. It groups what changed by iterator class, call path and
// configuration class, keeps the smallest cases of each group as examples,
// and says which built-in model each side matches. It builds nothing: the
// traces come from the caller (cuda.Run's compiled traces, or a Go model's).
package diff

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// Run is one (configuration, program) a side ran: every thread's trace,
// thread i at index i.
type Run struct {
	Config  iterator.Config
	Program iterator.Program
	Traces  []iterator.ThreadTrace
}

// Left is a configuration a side could not run, and why.
type Left struct {
	Config string `json:"config"`
	Reason string `json:"reason"`
}

// Side is one side of a comparison: its label (a tree's directory or a
// model's name), whether its traces are compiled (they then carry what the
// bytes showed, iterator.Record.Evidence), its runs and what it left out.
type Side struct {
	Label    string
	Compiled bool
	Runs     []Run
	Left     []Left
}

// Options tune a comparison.
type Options struct {
	// Examples is how many examples each group keeps, smallest first
	// (0: 3).
	Examples int
	// Models are the candidates a side's matches are chosen from (nil:
	// iterator.Builtins and iterator.Older).
	Models []iterator.Model
	// Replay is the command an example's replay extends with its case
	// (--config and --ops); "" leaves examples without one.
	Replay string
}

// pairKey names one (configuration, program) by their text.
type pairKey struct{ config, program string }

// Compare compares a with b on every (configuration, program) both ran and
// lists the pairs only one of them ran. The result is the same for the
// same sides, whatever the order of their runs.
func Compare(a, b Side, opts Options) *Report {
	if opts.Examples <= 0 {
		opts.Examples = 3
	}
	if opts.Models == nil {
		opts.Models = append(iterator.Builtins(), iterator.Older()...)
	}
	rep := &Report{
		A: SideReport{Label: a.Label, Compiled: a.Compiled, Left: a.Left, Matches: Matches(a.Runs, opts.Models)},
		B: SideReport{Label: b.Label, Compiled: b.Compiled, Left: b.Left, Matches: Matches(b.Runs, opts.Models)},
	}
	bRuns := map[pairKey]*Run{}
	configsA, configsB := map[string]bool{}, map[string]bool{}
	for i := range b.Runs {
		r := &b.Runs[i]
		bRuns[pairKey{r.Config.String(), r.Program.String()}] = r
		configsB[r.Config.String()] = true
	}
	for i := range a.Runs {
		configsA[a.Runs[i].Config.String()] = true
	}
	groups := map[groupKey]*groupState{}
	seenA := map[pairKey]bool{}
	for i := range a.Runs {
		ra := &a.Runs[i]
		k := pairKey{ra.Config.String(), ra.Program.String()}
		seenA[k] = true
		rb, ok := bRuns[k]
		if !ok {
			rep.addUnpaired("A", ra, !configsB[k.config])
			continue
		}
		rep.Pairs++
		comparePair(rep, groups, ra, rb)
	}
	for i := range b.Runs {
		rb := &b.Runs[i]
		if k := (pairKey{rb.Config.String(), rb.Program.String()}); !seenA[k] {
			rep.addUnpaired("B", rb, !configsA[k.config])
		}
	}
	for _, g := range groups {
		rep.Groups = append(rep.Groups, g.group(opts))
	}
	slices.SortFunc(rep.Groups, func(x, y Group) int {
		return cmp.Or(compareClass(x.Class, y.Class), cmp.Compare(x.Path, y.Path),
			slices.Compare(x.order[:], y.order[:]), cmp.Compare(x.ConfigClass, y.ConfigClass))
	})
	slices.SortFunc(rep.Unpaired, func(x, y Unpaired) int {
		return cmp.Or(cmp.Compare(x.Side, y.Side), compareClass(x.Class, y.Class), cmp.Compare(x.Program, y.Program))
	})
	return rep
}

// Differs says whether the two sides behaved differently anywhere: an
// access changed, or a pair ran on one side only.
func (r *Report) Differs() bool { return len(r.Groups) > 0 || len(r.Unpaired) > 0 }

// addUnpaired counts a pair that ran on side only: under its program, or
// where the other side ran nothing of its configuration (whole), under
// the configuration's class alone.
func (r *Report) addUnpaired(side string, run *Run, whole bool) {
	class, prog := run.Config.Class.String(), run.Program.String()
	if whole {
		prog = ""
	}
	cfg := run.Config.String()
	for i := range r.Unpaired {
		u := &r.Unpaired[i]
		if u.Side == side && u.Class == class && u.Program == prog {
			u.Programs++
			if !slices.Contains(u.configs, cfg) {
				u.configs = append(u.configs, cfg)
				u.Configs++
			}
			if smaller(run.Config, u.Example) {
				u.Example = run.Config
				u.ExampleConfig = cfg
			}
			return
		}
	}
	r.Unpaired = append(r.Unpaired, Unpaired{Side: side, Class: class, Program: prog, Configs: 1, Programs: 1,
		Example: run.Config, ExampleConfig: cfg, configs: []string{cfg}})
}

// groupKey is what a group of differences shares.
type groupKey struct{ class, path, configClass string }

// groupState accumulates one group while the pairs are compared.
type groupState struct {
	key      groupKey
	order    [3]int
	configs  map[string]bool
	pairs    int
	accesses int64
	whats    map[string]bool
	firsts   []Example // the first differing access of each pair
}

// comparePair compares one pair thread by thread, record by record and
// access by access, adding every differing access to its group.
func comparePair(rep *Report, groups map[groupKey]*groupState, ra, rb *Run) {
	touched := map[*groupState]bool{}
	n := max(len(ra.Traces), len(rb.Traces))
	for t := 0; t < n; t++ {
		var ar, br []iterator.Record
		if t < len(ra.Traces) {
			ar = ra.Traces[t].Records
		}
		if t < len(rb.Traces) {
			br = rb.Traces[t].Records
		}
		for ri := 0; ri < max(len(ar), len(br)); ri++ {
			var x, y *iterator.Record
			if ri < len(ar) {
				x = &ar[ri]
			}
			if ri < len(br) {
				y = &br[ri]
			}
			op := recordOp(x, y)
			for k := 0; k < accessCount(x, y); k++ {
				whats := accessDiff(x, y, k)
				if len(whats) == 0 {
					if comparedAddress(x, y, k) {
						rep.Accesses++
					}
					continue
				}
				rep.Accesses++
				rep.Differing++
				key := groupKey{ra.Config.Class.String(), CallPath(ra.Program, op), ConfigClass(ra.Config)}
				g := groups[key]
				if g == nil {
					g = &groupState{key: key, order: configOrder(ra.Config), configs: map[string]bool{}, whats: map[string]bool{}}
					groups[key] = g
				}
				g.accesses++
				for _, w := range whats {
					g.whats[w] = true
				}
				if !touched[g] {
					touched[g] = true
					g.pairs++
					g.configs[ra.Config.String()] = true
					g.firsts = append(g.firsts, Example{Config: ra.Config.String(), Program: ra.Program.String(),
						Thread: t, Op: op, Call: opText(ra.Program, op), Access: k,
						A: accessOf(x, k), B: accessOf(y, k), What: whats, config: ra.Config, program: ra.Program})
				}
			}
		}
	}
}

// recordOp is the program op index of a record present on either side.
func recordOp(x, y *iterator.Record) int {
	if x != nil {
		return x.Op
	}
	return y.Op
}

// accessCount is how many accesses two records are compared on: the
// longer's, or one where a side lacks the record (one difference).
func accessCount(x, y *iterator.Record) int {
	if x == nil || y == nil {
		return 1
	}
	return max(len(x.Addrs), len(y.Addrs))
}

// accessDiff names what differs in access k of two records: "present" (a
// record or access on one side only), "width", "address", "seen" (the bytes
// showed it on one side only: both compiled) and "guard". An address or
// guard the bytes did not show is compared with nothing.
func accessDiff(x, y *iterator.Record, k int) []string {
	if x == nil || y == nil || (k < len(x.Addrs)) != (k < len(y.Addrs)) {
		return []string{"present"}
	}
	if k >= len(x.Addrs) {
		return nil // two records of no access
	}
	var out []string
	if x.AccessBytes != y.AccessBytes {
		out = append(out, "width")
	}
	xs, ys := x.Seen(k), y.Seen(k)
	switch {
	case xs && ys && x.Addrs[k] != y.Addrs[k]:
		out = append(out, "address")
	case xs != ys && x.Evidence != nil && y.Evidence != nil:
		out = append(out, "seen")
	}
	if k < len(x.Valid) && k < len(y.Valid) && x.GuardSeen(k) && y.GuardSeen(k) && x.Valid[k] != y.Valid[k] {
		out = append(out, "guard")
	}
	return out
}

// comparedAddress says whether access k's address was compared: seen on
// both sides, or not seen on two compiled sides (both showed nothing).
func comparedAddress(x, y *iterator.Record, k int) bool {
	if x == nil || y == nil || k >= len(x.Addrs) || k >= len(y.Addrs) {
		return false
	}
	xs, ys := x.Seen(k), y.Seen(k)
	return xs && ys || x.Evidence != nil && y.Evidence != nil
}

// accessOf is access k of a record as an example shows it.
func accessOf(r *iterator.Record, k int) Access {
	if r == nil || k >= len(r.Addrs) {
		return Access{}
	}
	a := Access{Present: true, Width: r.AccessBytes, Seen: r.Seen(k)}
	if a.Seen {
		addr := r.Addrs[k]
		a.Addr = &addr
	}
	if k < len(r.Valid) && r.GuardSeen(k) {
		v := r.Valid[k]
		a.Guard = &v
	}
	return a
}

// opText is op i of prog as written, or "" out of range.
func opText(prog iterator.Program, i int) string {
	if i < 0 || i >= len(prog) {
		return ""
	}
	return prog[i].String()
}

// group turns the accumulated state into the reported group, its examples
// the smallest pairs first, one per configuration before any repeats one.
func (g *groupState) group(opts Options) Group {
	out := Group{Class: g.key.class, Path: g.key.path, ConfigClass: g.key.configClass, order: g.order,
		Configs: len(g.configs), Pairs: g.pairs, Accesses: g.accesses}
	for w := range g.whats {
		out.What = append(out.What, w)
	}
	slices.Sort(out.What)
	firsts := slices.Clone(g.firsts)
	slices.SortFunc(firsts, compareExamples)
	picked := make([]bool, len(firsts))
	usedConfig := map[string]bool{}
	for pass := 0; pass < 2; pass++ {
		for i, e := range firsts {
			if len(out.Examples) == opts.Examples {
				break
			}
			if picked[i] || (pass == 0 && usedConfig[e.Config]) {
				continue
			}
			picked[i], usedConfig[e.Config] = true, true
			if opts.Replay != "" {
				e.Replay = fmt.Sprintf("%s --config '%s' --ops '%s'", opts.Replay, e.Config, e.Program)
			}
			out.Examples = append(out.Examples, e)
		}
	}
	return out
}

// compareExamples orders examples smallest case first: fewer threads, a
// smaller tile, a shorter program, then by text, thread, op and access.
func compareExamples(x, y Example) int {
	return cmp.Or(compareSize(x.config, y.config), cmp.Compare(len(x.program), len(y.program)),
		cmp.Compare(x.Config, y.Config), cmp.Compare(x.Program, y.Program),
		cmp.Compare(x.Thread, y.Thread), cmp.Compare(x.Op, y.Op), cmp.Compare(x.Access, y.Access))
}

// compareSize orders configurations by threads, then tile elements.
func compareSize(x, y iterator.Config) int {
	return cmp.Or(cmp.Compare(x.Threads, y.Threads), cmp.Compare(x.Shape[0]*x.Shape[1], y.Shape[0]*y.Shape[1]))
}

// smaller says x is a smaller case than y (by size, then text).
func smaller(x, y iterator.Config) bool {
	return cmp.Or(compareSize(x, y), strings.Compare(x.String(), y.String())) < 0
}
