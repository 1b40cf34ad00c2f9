package diff

import (
	"cmp"
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// Report is what a comparison found: the sides, what was compared, and every
// group of differing accesses. Its JSON form is the command's --format json.
type Report struct {
	Command string     `json:"command,omitempty"` // the command line that made it
	Preset  string     `json:"preset,omitempty"`
	Classes []string   `json:"classes,omitempty"`
	A       SideReport `json:"a"`
	B       SideReport `json:"b"`
	// Pairs is how many (configuration, program) pairs both sides ran;
	// Accesses how many accesses of them were compared (an address one
	// side's bytes did not show is compared only with another compiled
	// side), Differing how many differ.
	Pairs     int        `json:"pairs"`
	Accesses  int64      `json:"accesses"`
	Differing int64      `json:"differing"`
	Groups    []Group    `json:"groups"`
	Unpaired  []Unpaired `json:"unpaired,omitempty"`
}

// SideReport is one side as reported: its label, whether it was compiled,
// which model it matches in each class, and what it could not run.
type SideReport struct {
	Label    string  `json:"label"`
	Compiled bool    `json:"compiled"`
	Matches  []Match `json:"matches"`
	Left     []Left  `json:"left_out,omitempty"`
}

// Match is the model a side's accesses agree with best in one class:
// Differ of Compared accesses differ from it (0: it matches).
type Match struct {
	Class    string `json:"class"`
	Model    string `json:"model"`
	Compared int64  `json:"compared"`
	Differ   int64  `json:"differ"`
	// Also are the other models that match as well (Differ 0 only).
	Also []string `json:"also_matches,omitempty"`
}

// Group is every differing access sharing an iterator class, a call path
// (CallPath) and a configuration class (ConfigClass): how many
// configurations, pairs and accesses, what differed, and the smallest
// cases as examples.
type Group struct {
	Class       string    `json:"class"`
	Path        string    `json:"path"`
	ConfigClass string    `json:"config_class"`
	Configs     int       `json:"configs"`
	Pairs       int       `json:"pairs"`
	Accesses    int64     `json:"accesses"`
	What        []string  `json:"what"` // address, width, guard, seen, present
	Examples    []Example `json:"examples"`

	order [3]int // the configuration class's layout, width and V>1, to sort by
}

// Example is the first differing access of one pair: where it is and what
// each side did.
type Example struct {
	Config  string   `json:"config"`
	Program string   `json:"program"`
	Thread  int      `json:"thread"`
	Op      int      `json:"op"`   // index in the program
	Call    string   `json:"call"` // the op as written
	Access  int      `json:"access"`
	A       Access   `json:"a"`
	B       Access   `json:"b"`
	What    []string `json:"what"`
	Replay  string   `json:"replay,omitempty"`

	config  iterator.Config
	program iterator.Program
}

// Access is one access as a side made it: absent, or its width, its
// address where seen and its guard where the class has one and it was
// seen.
type Access struct {
	Present bool   `json:"present"`
	Width   int64  `json:"width,omitempty"`
	Seen    bool   `json:"seen"`
	Addr    *int64 `json:"addr,omitempty"`
	Guard   *bool  `json:"guard,omitempty"`
}

// Unpaired counts the pairs of one class that ran on one side only (Side
// "A" or "B"): those of one program, or (Program "") those of
// configurations the other side ran nothing of; Configs configurations,
// Programs pairs, the smallest configuration as an example.
type Unpaired struct {
	Side          string          `json:"side"`
	Class         string          `json:"class"`
	Program       string          `json:"program,omitempty"`
	Configs       int             `json:"configs"`
	Programs      int             `json:"programs"`
	ExampleConfig string          `json:"example_config"`
	Example       iterator.Config `json:"-"`

	configs []string
}

// Matches says, class by class, which of models the runs' accesses agree
// with: a model agreeing on every access compared in every class is named
// for each; otherwise each class names the model that differs least (the
// first of models on a tie). Accesses the bytes did not show are not
// compared.
func Matches(runs []Run, models []iterator.Model) []Match {
	type tally struct{ compared, differ int64 }
	byClass := map[iterator.Class][]tally{}
	for _, run := range runs {
		if len(run.Traces) == 0 {
			continue
		}
		ts := byClass[run.Config.Class]
		if ts == nil {
			ts = make([]tally, len(models))
			byClass[run.Config.Class] = ts
		}
		threads := iterator.AllThreads(run.Config)[:min(len(run.Traces), max(run.Config.Threads, 0))]
		for mi, m := range models {
			want, err := iterator.TraceThreads(m, run.Config, run.Program, threads)
			if err != nil {
				continue
			}
			c, d := compareAddrs(run.Traces, want)
			ts[mi].compared += c
			ts[mi].differ += d
		}
	}
	classes := make([]iterator.Class, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	everywhere := -1
	for mi := range models {
		ok := true
		for _, c := range classes {
			t := byClass[c][mi]
			ok = ok && t.compared > 0 && t.differ == 0
		}
		if ok && len(classes) > 0 {
			everywhere = mi
			break
		}
	}
	var out []Match
	for _, c := range classes {
		best := everywhere
		for mi := range models {
			if everywhere >= 0 {
				break
			}
			t := byClass[c][mi]
			if t.compared > 0 && (best < 0 || t.differ < byClass[c][best].differ) {
				best = mi
			}
		}
		if best < 0 {
			continue
		}
		t := byClass[c][best]
		m := Match{Class: c.String(), Model: models[best].Name(), Compared: t.compared, Differ: t.differ}
		for mi, other := range models {
			if o := byClass[c][mi]; mi != best && t.differ == 0 && o.compared > 0 && o.differ == 0 {
				m.Also = append(m.Also, other.Name())
			}
		}
		out = append(out, m)
	}
	return out
}

// compareAddrs counts the accesses whose address the trace shows and how
// many of them differ from want's.
func compareAddrs(got, want []iterator.ThreadTrace) (compared, differ int64) {
	for t := range min(len(got), len(want)) {
		for ri, rec := range got[t].Records {
			if ri >= len(want[t].Records) {
				break
			}
			w := want[t].Records[ri]
			for i, a := range rec.Addrs {
				if !rec.Seen(i) || i >= len(w.Addrs) {
					continue
				}
				compared++
				if a != w.Addrs[i] {
					differ++
				}
			}
		}
	}
	return compared, differ
}

// classRank orders class names as iterator.Class does.
func classRank(name string) int {
	for _, c := range iterator.Classes() {
		if c.String() == name {
			return int(c)
		}
	}
	return 1 << 30
}

// compareClass orders two class names as iterator.Class does.
func compareClass(x, y string) int {
	return cmp.Or(cmp.Compare(classRank(x), classRank(y)), cmp.Compare(x, y))
}

// Pair is one (configuration, program) to trace.
type Pair struct {
	Config  iterator.Config
	Program iterator.Program
}

// TraceModel is model m's runs of pairs, every thread, in their order: the
// Go side of a comparison. A pair m cannot trace (a path it lacks, an
// invalid configuration) is left out, with the reason.
func TraceModel(m iterator.Model, pairs []Pair) ([]Run, []Left) {
	var runs []Run
	var left []Left
	for _, p := range pairs {
		traces, err := iterator.TraceThreads(m, p.Config, p.Program, iterator.AllThreads(p.Config))
		if err != nil {
			left = append(left, Left{Config: p.Config.String(), Reason: p.Program.String() + ": " + err.Error()})
			continue
		}
		runs = append(runs, Run{Config: p.Config, Program: p.Program, Traces: traces})
	}
	return runs, left
}
