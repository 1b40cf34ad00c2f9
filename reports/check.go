package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/tilecheck/tilecheck/props"
	"github.com/tilecheck/tilecheck/report"
)

// maxViolationsShown bounds the address tables printed per property: the
// first few failing threads say what is wrong; the count says how often.
const maxViolationsShown = 3

// CheckCase is the case a check judged, as the user wrote it: the JSON
// output echoes the flags' text, not a canonical form.
type CheckCase struct {
	Iterator, Config, Ops string
}

// tileWide names the thread of a violation of the tile as a whole (thread
// -1: P-cover's element that no thread covers), which no one thread makes.
const tileWide = "none: the tile as a whole"

// threadLabel is a violation's thread as reports print it.
func threadLabel(th int) string {
	if th < 0 {
		return tileWide
	}
	return strconv.Itoa(th)
}

// WriteCheckText prints check's results: a status table, then for each
// failing property its first violations with expected and actual addresses
// side by side.
func WriteCheckText(w io.Writer, results []props.Result) error {
	rows := make([][]string, len(results))
	for i, r := range results {
		rows[i] = []string{r.ID, statusCell(r.Status), strconv.Itoa(len(r.Violations)), r.Doc}
	}
	if err := WriteTable(w, []string{"property", "status", "violations", "statement"}, rows); err != nil {
		return err
	}
	for _, r := range results {
		if r.Status != report.Violated {
			continue
		}
		for i, v := range r.Violations {
			if i == maxViolationsShown {
				fmt.Fprintf(w, "\n%s: %d more violations not shown (use --thread N to see one thread)\n", r.ID, len(r.Violations)-i)
				break
			}
			fmt.Fprintf(w, "\n%s violated: thread %s\nconfig: %v\nops: %v\n", r.ID, threadLabel(v.Thread), v.ConfigText(), v.OpsText())
			if v.Detail != "" {
				fmt.Fprintf(w, "detail: %s\n", v.Detail)
			}
			if err := WriteAddresses(w, v.Expected, v.Actual); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkJSON is check's --format json output: the case and one entry per
// property judged, failures with their violations (expected and actual
// addresses per access, in fragment order).
type checkJSON struct {
	Tool       string            `json:"tool"`
	Version    string            `json:"version"`
	Iterator   string            `json:"iterator"`
	Config     string            `json:"config"`
	Ops        string            `json:"ops"`
	Verdict    report.Verdict    `json:"verdict"` // pass or fail; "" when the one --property asked for judged nothing
	Properties []checkJSONResult `json:"properties"`
}

type checkJSONResult struct {
	ID         string               `json:"id"`
	Status     report.Status        `json:"status"`
	Violations []checkJSONViolation `json:"violations"`
}

type checkJSONViolation struct {
	Thread   int     `json:"thread"`
	Expected []int64 `json:"expected"`
	Actual   []int64 `json:"actual"`
	Detail   string  `json:"detail,omitempty"`
}

// WriteCheckJSON prints check's results for a script, with the verdict the
// engine reached (sweep.CheckVerdict).
func WriteCheckJSON(w io.Writer, c CheckCase, verdict report.Verdict, results []props.Result) error {
	out := checkJSON{Tool: "tilecheck", Version: report.Version(), Iterator: c.Iterator, Config: c.Config, Ops: c.Ops, Verdict: verdict}
	for _, r := range results {
		jr := checkJSONResult{ID: r.ID, Status: r.Status, Violations: []checkJSONViolation{}}
		for _, v := range r.Violations {
			jr.Violations = append(jr.Violations, checkJSONViolation{Thread: v.Thread, Expected: v.Expected, Actual: v.Actual, Detail: v.Detail})
		}
		out.Properties = append(out.Properties, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
