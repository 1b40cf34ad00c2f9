package baseline_test

import (
	"fmt"

	"github.com/tilecheck/tilecheck/baseline"
	"github.com/tilecheck/tilecheck/report"
)

// A release gate: the baseline knows one finding of cutlass-pre3049, a
// run fails that property again and a second one, and only the second
// fails the gate, until the baseline records it.
func ExampleApply() {
	known, err := baseline.Parse([]byte(`{
  "tilecheck_baseline": 1,
  "findings": [
    {
      "class": "RegularTileIterator",
      "iterator": "cutlass-pre3049",
      "source": "model",
      "property": "P-sym",
      "law": "store(·,·) ≡ add_tile_offset(·,·); store()",
      "note": "fixed by the next release"
    }
  ]
}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	run := &report.Report{Iterator: "cutlass-pre3049", Verdict: report.Fail, Checks: 1000,
		Properties: []report.Property{
			{ID: "P-sym", Status: report.Violated, Counterexample: &report.Counterexample{
				Detail: "op 0: store(2,-1) differs from add_tile_offset(2,-1); store() (expected 96, got 80)"}},
			{ID: "P-tile", Status: report.Violated},
			{ID: "P-oracle", Status: report.Held},
		}}
	baseline.Apply(&report.Matrix{Reports: []*report.Report{run}}, known, "baseline.json")
	for _, f := range run.Baseline.Known {
		fmt.Println("known:", f.Property, f.Law)
	}
	for _, f := range run.Baseline.New {
		fmt.Println("new:", f.Property)
	}
	fmt.Println("run:", run.Verdict, "gate:", baseline.Verdict(run))
	// Recording P-tile's finding too, as tilecheck baseline does to an
	// existing file:
	accepted, _ := baseline.Update(known, []*report.Report{run}, nil)
	baseline.Apply(&report.Matrix{Reports: []*report.Report{run}}, accepted, "baseline.json")
	fmt.Println(len(accepted.Findings), "findings, gate:", baseline.Verdict(run))
	// Output:
	// known: P-sym store(·,·) ≡ add_tile_offset(·,·); store()
	// new: P-tile
	// run: fail gate: fail
	// 2 findings, gate: pass
}

// A finding's law names the call paths a counterexample broke, not its
// numbers, so that another seed's counterexample is the same finding.
func ExampleLaw() {
	fmt.Println(baseline.Law("op 0: store(1,-2) differs from add_tile_offset(1,-2); store() (expected 64, got 48)"))
	// Output:
	// store(·,·) ≡ add_tile_offset(·,·); store()
}
