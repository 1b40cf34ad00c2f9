package probe

import (
	"context"
	"fmt"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/sweep"
)

// The probe's judgement is a sweep's: each variant's program runs are the
// given cases (sweep.Options.Cases) of a sweep.Run whose source is the
// traces the run left (cuda.Result.VariantSource: no second build), judged
// with the probe's properties: P-companion and P-recovered given the
// variant's Go model as companion, and P-roundtrip against the reference.
// A second sweep of the Go model itself, with P-roundtrip alone, predicts
// the round trips. Both are KillOnly: the probe's controls are compiled
// variants judged like any other, not the Go controls a sweep adds, and
// the source answers only the cases the probe ran, so nothing is shrunk.
// count reads every case's outcome (sweep.Options.Observe): the counts the
// reports show, and the kill matrix read off them, are what the engine's
// evaluation found.

// runJudgement is what the properties found on one program run: P-companion
// and P-recovered on its compiled traces (found), P-roundtrip on them
// (failed) and on the Go model's (predicted).
type runJudgement struct {
	found             judgement
	failed, predicted roundTrip
}

// The probe's properties, in the order their outcomes are read.
const (
	companionAt = iota
	recoveredAt
	roundTripAt
)

// judgeRuns judges every variant's program runs of c through the sweep
// engine, variant v's compiled traces served by source(v), and returns the
// judgement of each, indexed like c.runs. A variant that cannot be judged
// (its Go model unknown, the engine failing) adds an error to c and leaves
// its runs unjudged: every candidate a mismatch, every round trip failed.
func judgeRuns(c *counted, source func(v int) props.Source) []runJudgement {
	out := make([]runJudgement, len(c.runs))
	for v, vr := range c.Variants {
		// A variant's runs are judged in groups, one per Go model its
		// classes are compared with (chooseModels), in the order met.
		var models []string
		byModel := map[string][]int{}
		for i := range c.runs {
			if c.runs[i].Variant == v {
				name := modelOf(vr.Model, vr.ClassModels, c.runs[i].Config.Class.String())
				if byModel[name] == nil {
					models = append(models, name)
				}
				byModel[name] = append(byModel[name], i)
			}
		}
		for _, name := range models {
			idx := byModel[name]
			m, err := iterator.ModelByName(name)
			if err == nil {
				_, err = sweepVariant(source(v), props.ModelSource(m), c.runs, idx, out)
			}
			if err != nil {
				c.Errors = append(c.Errors, fmt.Sprintf("judging %s: %v", vr.Label, err))
				for _, i := range idx {
					out[i] = unjudged(&c.runs[i])
				}
			}
		}
	}
	return out
}

// sweepVariant judges the runs runs[idx[k]] of one variant: compiled
// answers them (the variant's traces), model is its Go model. It fills
// out[idx[k]] for each, and returns the compiled sweep's report (its
// properties' statuses are the variant's row of a kill matrix); a run
// whose configuration is no valid case (cuda runs only valid ones) is
// unjudged.
func sweepVariant(compiled, model props.Source, runs []cuda.ProgramRun, idx []int, out []runJudgement) (*report.Report, error) {
	var cases []props.Case
	var at []int // at[k]: the run of case k
	for _, i := range idx {
		run := &runs[i]
		c, err := props.NewCase(run.Config, run.Program, nil)
		if err != nil {
			out[i] = unjudged(run)
			continue
		}
		cases, at = append(cases, c), append(at, i)
	}
	if len(cases) == 0 {
		return nil, nil
	}
	rep, err := sweep.Run(context.Background(), sweep.Options{Source: compiled, Cases: cases, KillOnly: true,
		Properties: []props.Property{companionAt: props.Companion(model), recoveredAt: props.Recovered(model), roundTripAt: props.PRoundTrip},
		Observe: func(k int, o engine.Outcome) {
			// Each case is observed once, on one worker: out[at[k]] is
			// written by that worker alone. What is kept is computed here,
			// before the worker reuses the outcome's traces.
			run := &runs[at[k]]
			out[at[k]].found = judgementOf(o.Violations[companionAt], o.Violations[recoveredAt], run.Expected, run.Compiled)
			out[at[k]].failed = roundTripOf(o, roundTripAt, run)
		}})
	if err != nil {
		return nil, err
	}
	_, err = sweep.Run(context.Background(), sweep.Options{Source: model, Cases: cases, KillOnly: true, Properties: []props.Property{props.PRoundTrip},
		Observe: func(k int, o engine.Outcome) {
			out[at[k]].predicted = roundTripOf(o, 0, &runs[at[k]])
		}})
	return rep, err
}

// unjudged is the judgement of a run no property could judge.
func unjudged(run *cuda.ProgramRun) runJudgement {
	return runJudgement{found: judgement{unjudged: true}, failed: unjudgedRoundTrip(run), predicted: roundTrip{where: "ok"}}
}
