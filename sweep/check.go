package sweep

import (
	"fmt"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/layout"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// CheckOptions names one case to judge (tilecheck check, the replay command
// of every counterexample).
type CheckOptions struct {
	Iterator    string
	Config      iterator.Config
	Program     iterator.Program
	Property    string         // "" judges every property
	Thread      int            // -1 judges every thread
	PtrContract props.Contract // zero: elements
	Source      props.Source
	// Companion, when set, names the Go model Source is held to by
	// P-companion (a compiled source: the model of the same name), which is
	// then judged with the class's properties.
	Companion string
}

// Check judges one case and returns one result per property judged.
func Check(opts CheckOptions) ([]props.Result, error) {
	src := opts.Source
	if src == nil {
		m, err := iterator.ModelByName(opts.Iterator)
		if err != nil {
			return nil, err
		}
		src = props.ModelSource(m)
	}
	ps := props.ForClass(opts.Config.Class)
	if opts.Companion != "" {
		cp, err := companionProperty(opts.Companion)
		if err != nil {
			return nil, err
		}
		ps = append(ps, cp)
	}
	if opts.Property != "" {
		p, err := props.ByID(opts.Property)
		switch {
		case opts.Property == props.CompanionID && opts.Companion != "":
			p, err = ps[len(ps)-1], nil
		case opts.Property == props.CompanionID:
			// Known, but it compares compiled code with its Go model: a Go
			// model has no companion to differ from.
			err = fmt.Errorf("property %s judges compiled code against its Go model: use --backend host or gpu", props.CompanionID)
		}
		if err != nil {
			return nil, err
		}
		ps = []props.Property{p}
	}
	var threads []int
	if opts.Thread >= 0 {
		if opts.Thread >= opts.Config.Threads {
			return nil, fmt.Errorf("thread %d out of range: the thread map has threads 0..%d", opts.Thread, opts.Config.Threads-1)
		}
		threads = []int{opts.Thread}
	}
	m, err := iterator.Validate(opts.Config)
	if err != nil {
		return nil, err
	}
	judged := opts.Config.Threads
	if threads != nil {
		judged = 1
	}
	if err := CheckSize(opts.Config, m, opts.Program, judged); err != nil {
		return nil, err
	}
	c, err := props.NewCase(opts.Config, opts.Program, threads)
	if err != nil {
		return nil, err
	}
	c.PtrContract = opts.PtrContract
	res, _, err := engine.Check(ps, src, referenceSource(), c)
	return res, err
}

// CheckVerdict is a check's verdict: it fails when any property judged
// failed; n/a and audit results do not fail it. A check in which no
// property judged anything (every one n/a) is unjudged, never a pass.
func CheckVerdict(results []props.Result) report.Verdict {
	judged := false
	for _, r := range results {
		if r.Status == report.Violated {
			return report.Fail
		}
		judged = judged || r.Status != report.NotApplicable
	}
	if !judged {
		return report.Unjudged
	}
	return report.Pass
}

// CheckUnjudged says why a check is not a pass even though nothing failed:
// the one property asked for, or every property, had preconditions that
// never held, so it judged nothing. It returns nil otherwise.
func CheckUnjudged(opts CheckOptions, results []props.Result) error {
	if opts.Property != "" && len(results) == 1 && results[0].Status == report.NotApplicable {
		return fmt.Errorf("%s does not apply to this case: its preconditions never held, so it judged nothing (check without --property shows which properties apply)", opts.Property)
	}
	if CheckVerdict(results) == report.Unjudged {
		return fmt.Errorf("no property judged this case: the preconditions of all %d never held, so nothing was checked", len(results))
	}
	return nil
}

// Limits of one check. A configuration the grammar accepts can ask for far
// more than a machine holds (shape=1000000000x1000000000), or for hours of
// work; it is rejected up front, naming the sizes, instead of exhausting
// memory or running on.
const (
	// maxCheckElements bounds the tile (P-cover marks every element) and
	// the accesses of one pass of every thread.
	maxCheckElements = 1 << 24
	// maxCheckWork bounds threads × accesses × ops²: each op of the program
	// derives a program of its prefix for the equivalences, so the work
	// grows with the square of the program's length (about 20 s at the
	// limit on one core).
	maxCheckWork = 1 << 25
)

// CheckSize rejects a case too large to judge: its tile, one pass of every
// thread's accesses, or the work of its program on the threads judged.
func CheckSize(cfg iterator.Config, m iterator.ThreadMap, prog iterator.Program, threads int) error {
	sh := cfg.PitchShape()
	if tile, err := layout.Mul(sh.C, sh.S); err != nil || tile > maxCheckElements {
		return fmt.Errorf("config: tile %dx%d is too large to check (more than %d elements)", sh.C, sh.S, maxCheckElements)
	}
	perThread := m.Count()
	if cfg.Class.Predicated() {
		perThread *= int64(cfg.Access / cfg.ElemsPerAccessType())
	}
	pass, err := layout.Mul(perThread, int64(cfg.Threads))
	if err != nil || pass > maxCheckElements {
		return fmt.Errorf("config: threads=%d × %d accesses each is too large to check (more than %d accesses per pass)", cfg.Threads, perThread, maxCheckElements)
	}
	n := int64(len(prog)) + 1
	work, err := layout.Mul(perThread*int64(threads), n*n)
	if err != nil || work > maxCheckWork {
		return fmt.Errorf("ops: %d ops on %d threads of %d accesses is too much work for check (threads × accesses × ops² over %d); judge one thread (--thread N) or a shorter program", len(prog), threads, perThread, maxCheckWork)
	}
	return nil
}

// ReplayCheck is the check that judges a counterexample again, from the
// replay its report holds: the built-in model r.Iterator names, or src when
// given (a library user's own model, a compiled source), which the replay
// command cannot name. A compiled source is held to the Go model r.Iterator
// names by P-companion, as the compiled sweep did.
func ReplayCheck(r report.Replay, src props.Source) (CheckOptions, error) {
	cfg, err := iterator.ParseConfig(r.Config)
	if err != nil {
		return CheckOptions{}, err
	}
	prog, err := iterator.ParseProgram(r.Ops)
	if err != nil {
		return CheckOptions{}, err
	}
	contract := props.PtrElements
	if r.Contract != "" {
		if contract, err = props.ParseContract(r.Contract); err != nil {
			return CheckOptions{}, err
		}
	}
	o := CheckOptions{Iterator: r.Iterator, Config: cfg, Program: prog, Property: r.Property, Thread: r.Thread,
		PtrContract: contract, Source: src}
	if _, compiled := src.(props.CompiledSource); compiled {
		o.Companion = r.Iterator
	}
	return o, nil
}
