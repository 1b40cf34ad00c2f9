// Package probe renders what compiled runs found: the text, Markdown and
// JSON reports of tilecheck probe (a report.ProbeReport) and the GPU
// evidence files of tilecheck gpu (a report.GPUEvidence). The verdict comes
// from the one rule (sweep.Verdict) and the controls' outcomes from cuda's
// kill matrix in the probe's words, both handed in with the report; this
// package only renders, as package reports does for a sweep, and does not
// import cuda.
package proberender

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/tilecheck/tilecheck/report"
	"github.com/tilecheck/tilecheck/reports"
)

// JSON writes the JSON form of a probe run (r, its verdict sweep.Verdict's),
// indented.
func JSON(w io.Writer, r report.ProbeReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// VerdictLine is the last line of a probe's report, which states its
// verdict: a run whose accesses all agree but whose controls were not
// caught is weak, not a pass; the line names each control whose outcome is
// not ok, as "<control> did not <what it must>". A run that compared
// nothing (unproven) is weak too, and the line says what compared nothing
// rather than that every access agrees.
func VerdictLine(verdict report.Verdict, controls []report.ProbeControl, unproven []string) string {
	switch verdict {
	case report.Fail:
		return "Verdict: FAIL: the compiled code and the Go models disagree (see above)."
	case report.Weak:
		var weak []string
		for _, c := range controls {
			if !c.OK {
				weak = append(weak, c.Variant+" did not "+c.Must)
			}
		}
		if len(unproven) > 0 {
			return "Verdict: WEAK evidence: " + strings.Join(append(slices.Clone(unproven), weak...), "; ") + "."
		}
		return "Verdict: WEAK evidence: every compiled access agrees with its Go model, but " + strings.Join(weak, "; ") + "."
	}
	return "Verdict: pass: every compiled access agrees with its Go model and every control did what it must."
}

// Markdown renders a probe run as Markdown (a GitHub issue's body).
func Markdown(w io.Writer, r report.ProbeReport) {
	res, preset := r.ProbeResult, r.Preset
	fmt.Fprintf(w, "## tilecheck probe — backend %s, preset %s\n\n%d configurations, %d programs; records %d reserved, %d dropped; C++ headers sha256 `%s`.\n\n",
		res.Backend, preset, res.Configs, res.Programs, res.Reserved, res.Dropped, res.HeaderSHA256)
	markdownTables(w, res, r.Controls)
	for i, l := range r.MatchLines {
		if i == 0 {
			fmt.Fprintf(w, "\n**Which model your code matches:**\n\n")
		}
		fmt.Fprintf(w, "- %s\n", l)
	}
	fmt.Fprintf(w, "\n%s\n", VerdictLine(r.Verdict, r.Controls, r.Unproven))
	if r.Baseline != nil {
		fmt.Fprintln(w)
		_ = reports.BaselineMarkdown(w, r.Baseline) // as every write here: the caller's buffer
	}
}

// Text renders a probe run as text: the per-variant table, the mismatches
// and unexpected round trips, the controls, the accounting, and the verdict
// last (r.Verdict, sweep.Verdict's).
// Every line is kept within reports.TextWidth columns: the variant table
// drops to one block per variant where it would be wider, and longer lines
// are wrapped at spaces (a word longer than the width stays whole).
func Text(w io.Writer, r report.ProbeReport) {
	var b strings.Builder
	text(&b, r)
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		body := strings.TrimSuffix(line, "\n")
		if utf8.RuneCountInString(body) <= reports.TextWidth {
			io.WriteString(w, line)
			continue
		}
		// The line's own indentation is held in no-break spaces while it
		// is wrapped (Wrap splits at spaces and would drop it), one column
		// each.
		lead := len(body) - len(strings.TrimLeft(body, " "))
		indent := strings.Repeat(" ", lead+4)
		for _, l := range reports.Wrap(strings.Repeat(nbsp, lead)+body[lead:], indent) {
			fmt.Fprintln(w, strings.Replace(l, nbsp, " ", lead))
		}
	}
	if r.Baseline != nil {
		// Known findings, then the gate the exit status follows, last.
		fmt.Fprintln(w)
		_ = reports.BaselineText(w, r.Baseline)
	}
}

const nbsp = "\u00a0"

// text is Text before its long lines are wrapped.
func text(w io.Writer, r report.ProbeReport) {
	res, preset := r.ProbeResult, r.Preset
	fmt.Fprintf(w, "tilecheck probe — backend %s, preset %s: %d configurations, %d programs (%d skipped configurations, %d variant-program pairs not run)\n\n",
		res.Backend, preset, res.Configs, res.Programs, len(res.Skipped), res.Unavailable)
	variantTable(w, res.Variants)
	for _, v := range res.Variants {
		groups(w, v, "")
	}
	for _, v := range res.Variants {
		for _, m := range v.Examples {
			fmt.Fprintf(w, "\nMISMATCH %s: config %q ops %q thread %d op %d access %d: Go model %s, compiled %s %s",
				v.Label, m.Config, m.Ops, m.Thread, m.Op, m.Access, address(m.Expected), address(m.Actual), m.Detail)
		}
		for _, e := range append(v.StoreRoundTrip.Examples, v.LoadRoundTrip.Examples...) {
			if strings.HasPrefix(e, "UNEXPECTED") {
				fmt.Fprintf(w, "\nROUND TRIP %s: %s", v.Label, e)
			}
		}
	}
	fmt.Fprintln(w, "\n\nControls (same binary, same launch):")
	for _, c := range r.Controls {
		status := "ok"
		if !c.OK {
			status = "WEAK"
		}
		fmt.Fprintf(w, "  %-18s must %s: %s (%s)\n", c.Variant, c.Must, status, c.Detail)
	}
	fmt.Fprintf(w, "Records: %d reserved, capacity %d, dropped %d.\n", res.Reserved, res.Capacity, res.Dropped)
	// Builds outnumber the units where a unit with a path that did not
	// compile was built again without it.
	fmt.Fprintf(w, "C++ sources: headers sha256 %s; %d translation units, %d builds (%d cached), build %.1fs, run %.1fs.\n",
		res.HeaderSHA256, len(res.SourceSHA256), res.Builds, res.CachedBuilds, res.BuildSeconds, res.RunSeconds)
	if len(res.Skipped) > 0 {
		reasons := map[string]int{}
		for _, s := range res.Skipped {
			r := s.Reason
			if i := strings.Index(r, " ("); i > 0 {
				r = r[:i]
			}
			reasons[r]++
		}
		keys := slices.Sorted(maps.Keys(reasons))
		fmt.Fprintln(w, "Skipped configurations:")
		for _, k := range keys {
			fmt.Fprintf(w, "  %3d  %s\n", reasons[k], k)
		}
	}
	if len(res.Uncompilable) > 0 {
		fmt.Fprintln(w, "Paths that do not compile when instantiated (listed, not run):")
		for _, g := range byDiagnostic(res.Uncompilable) {
			if len(g.paths) == 1 {
				fmt.Fprintf(w, "  %s\n", g.paths[0])
				continue
			}
			fmt.Fprintf(w, "  %d paths, one diagnostic: %s\n    first: %s\n", len(g.paths), g.diag, strings.TrimSuffix(g.paths[0], uncompilable+g.diag))
		}
	}
	for _, e := range res.Errors {
		fmt.Fprintf(w, "ERROR: %s\n", e)
	}
	for i, l := range r.MatchLines {
		if i == 0 {
			fmt.Fprintln(w, "Which model your code matches:")
		}
		fmt.Fprintf(w, "  %s\n", l)
	}
	fmt.Fprintln(w, VerdictLine(r.Verdict, r.Controls, r.Unproven))
}

// variantTable writes the per-variant table, or where it would be wider
// than reports.TextWidth (long labels or namespaces) one block per variant.
// A round trip's cell is "cases: failed/predicted/unexpected".
func variantTable(w io.Writer, variants []report.ProbeVariant) {
	trips := func(rt report.RoundTrip) string {
		return fmt.Sprintf("%d: %d/%d/%d", rt.Cases, rt.Failed, rt.Predicted, rt.Unexpected)
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "variant\tnamespace\trole\taccesses\tmismatches\tvs ref\tstore trips\tload trips")
	for _, v := range variants {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", v.Label, v.Namespace, v.Role, v.Accesses, v.Mismatches, v.VsReference,
			trips(v.StoreRoundTrip), trips(v.LoadRoundTrip))
	}
	tw.Flush()
	const legend = "(store and load round trips: cases: failed/predicted/unexpected)\n"
	if widest(b.String()) <= reports.TextWidth {
		io.WriteString(w, b.String())
		io.WriteString(w, legend)
		return
	}
	for _, v := range variants {
		fmt.Fprintf(w, "%s (%s)", v.Label, v.Role)
		if v.Namespace != "" {
			fmt.Fprintf(w, ", namespace %s", v.Namespace)
		}
		fmt.Fprintf(w, "\n  accesses %d, mismatches %d, vs reference %d; store round trips %s, load round trips %s\n",
			v.Accesses, v.Mismatches, v.VsReference, trips(v.StoreRoundTrip), trips(v.LoadRoundTrip))
	}
	io.WriteString(w, legend)
}

// widest is the width of s's longest line.
func widest(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		n = max(n, utf8.RuneCountInString(l))
	}
	return n
}

// uncompilable separates a path from its first diagnostic in a probe's
// list of paths that do not compile (cuda's "LABEL on CONFIG | OPS: does
// not compile: DIAGNOSTIC").
const uncompilable = ": does not compile: "

// diagGroup is the paths of a probe's list that share one first diagnostic.
type diagGroup struct {
	diag  string
	paths []string
}

// byDiagnostic groups the paths that do not compile by their first
// diagnostic, in the order each first appears: one cause (a header's
// static_assert for a 6-bit type, say) fails every program of every
// configuration that reaches it, and was listed once per path.
func byDiagnostic(paths []string) []diagGroup {
	var out []diagGroup
	at := map[string]int{}
	for _, p := range paths {
		d := p
		if i := strings.Index(p, uncompilable); i >= 0 {
			d = p[i+len(uncompilable):]
		}
		k, ok := at[d]
		if !ok {
			k = len(out)
			at[d] = k
			out = append(out, diagGroup{diag: d})
		}
		out[k].paths = append(out[k].paths, p)
	}
	return out
}

// address is one address of a mismatch as text and Markdown print it: an
// access whose bytes showed no address (report.NotSeen) as
// report.NotSeenText, not as the sentinel's digits. JSON keeps the number.
func address(a int64) string {
	if a == report.NotSeen {
		return report.NotSeenText
	}
	return strconv.FormatInt(a, 10)
}

// groupsShown is how many mismatch groups a report lists per variant; the
// JSON form lists them all.
const groupsShown = 10

// groups writes where a variant's mismatches are, one line per (class,
// program, configuration), largest first; bullet is "- " in Markdown.
func groups(w io.Writer, v report.ProbeVariant, bullet string) {
	if len(v.MismatchGroups) == 0 {
		return
	}
	var classes []string
	byClass := map[string]int64{}
	for _, g := range v.MismatchGroups {
		if byClass[g.Class] == 0 {
			classes = append(classes, g.Class)
		}
		byClass[g.Class] += g.Count
	}
	var tally []string
	for _, c := range classes {
		tally = append(tally, fmt.Sprintf("%s %d", c, byClass[c]))
	}
	fmt.Fprintf(w, "\nMismatches of %s by class (%s), by program and configuration (%d groups):\n",
		v.Label, strings.Join(tally, ", "), len(v.MismatchGroups))
	for i, g := range v.MismatchGroups {
		if i == groupsShown {
			fmt.Fprintf(w, "%s... %d more groups (the JSON report lists them all)\n", bullet, len(v.MismatchGroups)-groupsShown)
			break
		}
		fmt.Fprintf(w, "%s%6d  %s | %s | %s\n", bullet, g.Count, g.Class, g.Ops, g.Config)
	}
}
