package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/report"
)

// CI formats: JUnit XML for CI test reports and GitHub Actions workflow
// commands for annotations. Both carry what a CI reader needs to act on
// a failure without opening the full report: the counterexample and the
// command that replays it.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",chardata"`
}

// JUnit renders every report of m as JUnit XML: one test suite per model
// and class, one test case per property (a failure carries the shrunk
// counterexample and its replay command; n/a is skipped), one per control
// (a control not killed as required fails: the evidence is weak) and one
// per coverage floor.
func JUnit(w io.Writer, m *report.Matrix) error {
	root := junitSuites{Name: "tilecheck"}
	total := 0.0
	for _, r := range m.Reports {
		s := junitReportSuite(r)
		root.Tests += s.Tests
		root.Failures += s.Failures
		root.Errors += s.Errors
		root.Skipped += s.Skipped
		total += r.ElapsedS
		root.Suites = append(root.Suites, s)
	}
	root.Time = formatSeconds(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func className(r *report.Report) string { return "tilecheck." + classOf(r) + "." + r.Iterator }

// classOf is the report's class; a report without one is a
// RegularTileIterator's.
func classOf(r *report.Report) string {
	if r.Class == "" {
		return "RegularTileIterator"
	}
	return r.Class
}

func junitReportSuite(r *report.Report) junitSuite {
	cn := className(r)
	s := junitSuite{Name: cn, Time: formatSeconds(r.ElapsedS), Properties: []junitProperty{
		{"iterator", r.Iterator}, {"class", classOf(r)}, {"preset", r.Preset}, {"seed", strconv.FormatInt(r.Seed, 10)},
		{"verdict", r.Verdict.String()}, {"version", strings.TrimSpace(r.Tool + " " + r.Version)}}}
	add := func(c junitCase) {
		c.Classname, c.Time = cn, "0"
		s.Tests++
		switch {
		case c.Failure != nil:
			s.Failures++
		case c.Error != nil:
			s.Errors++
		case c.Skipped != nil:
			s.Skipped++
		}
		s.Cases = append(s.Cases, c)
	}
	if r.Interrupted != "" {
		add(junitCase{Name: "run", Error: &junitMessage{Message: "sweep interrupted: " + r.Interrupted, Type: "interrupted"}})
	}
	for _, p := range r.Properties {
		c := junitCase{Name: p.ID}
		switch p.Status {
		case report.Violated:
			msg := fmt.Sprintf("%s violated (%s): %s", p.ID, violationCount(p), p.Doc)
			if known, judged := findingOf(r, p.ID); known {
				c.Skipped = &junitMessage{Message: "known finding (baseline " + r.Baseline.File + "): " + msg, Body: counterexampleText(p.Counterexample)}
				break
			} else if judged {
				msg = "NEW finding (not in baseline " + r.Baseline.File + "): " + msg
			}
			c.Failure = &junitMessage{Type: "property", Message: msg, Body: counterexampleText(p.Counterexample)}
		case report.NotApplicable:
			c.Skipped = &junitMessage{Message: "no generated case met the property's preconditions"}
		case report.Audited:
			c.SystemOut = fmt.Sprintf("%s is a fact about the instantiation, reported in the audit (%d cases)", p.ID, p.Violations)
		default:
			c.SystemOut = fmt.Sprintf("%d cases, no violation", p.Cases)
		}
		add(c)
	}
	if r.Baseline != nil {
		s.Properties = append(s.Properties, junitProperty{"gate", r.Baseline.Gate.String()}, junitProperty{"baseline", r.Baseline.File})
		for _, f := range r.Baseline.Fixed {
			add(junitCase{Name: "FIXED " + f.Property, SystemOut: "FIXED: the baseline records " + fixedText(f) +
				", and this run judged it and it held: drop it from the baseline"})
		}
	}
	for _, k := range r.Controls {
		c := junitCase{Name: "control " + k.ID}
		if !k.OK {
			c.Failure = &junitMessage{Type: "weak-evidence", Message: fmt.Sprintf("control %s (%s) was not killed as required: killed by %v, must be killed by %v and survive %v",
				k.ID, k.Defect, k.KilledBy, k.MustKill, k.MustSurvive)}
		}
		add(c)
	}
	for _, f := range r.Coverage {
		c := junitCase{Name: "coverage " + f.Class}
		if !f.OK {
			c.Failure = &junitMessage{Type: "weak-evidence", Message: fmt.Sprintf("coverage floor missed: %s is %s of the cases, floor %s",
				f.Class, formatFraction(f.Fraction), formatFraction(f.Floor))}
		}
		add(c)
	}
	return s
}

// violationCount says how many violations a property had and over how
// many cases it was judged. The two are different counts (a case can
// violate a property on several threads and accesses), and the number of
// failing cases is not in the report: "37 of 400 cases" would misread
// violations as cases, and gave "398 of 116" where a case failed often.
func violationCount(p report.Property) string {
	v := "violations"
	if p.Violations == 1 {
		v = "violation"
	}
	c := "cases"
	if p.Cases == 1 {
		c = "case"
	}
	return fmt.Sprintf("%d %s across %d %s", p.Violations, v, p.Cases, c)
}

// counterexampleText is a counterexample as plain lines: the case, the
// addresses side by side and the replay command.
func counterexampleText(cx *report.Counterexample) string {
	if cx == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "config: %s\nops: %s\nthread: %s\n", cx.Config, cx.Ops, threadLabel(cx.Thread))
	if cx.Detail != "" {
		fmt.Fprintf(&b, "detail: %s\n", cx.Detail)
	}
	if len(cx.Expected)+len(cx.Actual) > 0 {
		fmt.Fprintf(&b, "expected: %s\nactual:   %s\n", addressList(cx.Expected), addressList(cx.Actual))
	}
	if !cx.Replay.IsZero() {
		fmt.Fprintf(&b, "replay: %s\n", cx.Replay)
	}
	return b.String()
}

// GitHubAnnotations renders m as GitHub Actions workflow commands: an
// error per failing property (with its counterexample and replay command),
// a warning per control or coverage floor that makes the evidence weak,
// and a notice with each report's verdict. It is the rendering of a sweep
// whose exit status follows the verdict (an iterator was named).
func GitHubAnnotations(w io.Writer, m *report.Matrix) error {
	return GitHubAnnotationsWith(w, m, GitHubOptions{})
}

// GitHubOptions are the choices of GitHubAnnotationsWith.
type GitHubOptions struct {
	// Matrix marks the all-models matrix, whose exit status counts only
	// errors and weak evidence: the built-in models' failures are its
	// expected findings, so they are notices, not errors, and a first
	// notice says so. An error annotation would fail a check whose run
	// passed.
	Matrix bool
}

// matrixNotice is the first annotation of the all-models matrix.
const matrixNotice = "The built-in models' property failures are the expected findings of the all-models " +
	"matrix, so they are notices, not errors; the exit status reflects only errors and weak evidence " +
	"(warnings). Sweep one iterator (--iterator) to have its failures as errors."

// GitHubAnnotationsWith is GitHubAnnotations with options.
func GitHubAnnotationsWith(w io.Writer, m *report.Matrix, o GitHubOptions) error {
	failure := "error"
	if o.Matrix {
		failure = "notice"
		if err := ghCommand(w, "notice", "tilecheck all-models matrix", matrixNotice); err != nil {
			return err
		}
	}
	for _, r := range m.Reports {
		where := r.Iterator
		if r.Class != "" {
			where += ", " + r.Class
		}
		if r.Interrupted != "" {
			if err := ghCommand(w, "error", "tilecheck: interrupted ("+where+")", r.Interrupted); err != nil {
				return err
			}
		}
		for _, p := range r.Properties {
			if p.Status != report.Violated {
				continue
			}
			msg := fmt.Sprintf("%s violated (%s): %s\n%s", p.ID, violationCount(p), p.Doc, counterexampleText(p.Counterexample))
			kind, title := failure, fmt.Sprintf("tilecheck %s (%s)", p.ID, where)
			if known, judged := findingOf(r, p.ID); known {
				kind, title = "notice", fmt.Sprintf("tilecheck known finding %s (%s)", p.ID, where)
			} else if judged {
				kind, title = "error", fmt.Sprintf("tilecheck NEW finding %s (%s)", p.ID, where)
			}
			if err := ghCommand(w, kind, title, msg); err != nil {
				return err
			}
		}
		for _, f := range baselineFixed(r) {
			if err := ghCommand(w, "warning", fmt.Sprintf("tilecheck FIXED finding %s (%s)", f.Property, where),
				"the baseline "+r.Baseline.File+" records "+fixedText(f)+"; this run judged it and it held: drop it from the baseline"); err != nil {
				return err
			}
		}
		for _, k := range r.Controls {
			if !k.OK {
				if err := ghCommand(w, "warning", fmt.Sprintf("tilecheck weak evidence (%s)", where),
					fmt.Sprintf("control %s was not killed as required (killed by %v, must be killed by %v)", k.ID, k.KilledBy, k.MustKill)); err != nil {
					return err
				}
			}
		}
		for _, f := range r.Coverage {
			if !f.OK {
				if err := ghCommand(w, "warning", fmt.Sprintf("tilecheck weak evidence (%s)", where),
					fmt.Sprintf("coverage floor missed: %s is %s, floor %s", f.Class, formatFraction(f.Fraction), formatFraction(f.Floor))); err != nil {
					return err
				}
			}
		}
		if err := ghCommand(w, "notice", fmt.Sprintf("tilecheck %s", where),
			fmt.Sprintf("verdict %s (preset %s, seed %d, %d checks)%s", r.Verdict, r.Preset, r.Seed, r.Checks, gateText(r))); err != nil {
			return err
		}
	}
	return nil
}

// ghCommand writes one workflow command, escaped as GitHub's toolkit does:
// the message's %, CR and LF; a property value's also : and ,.
func ghCommand(w io.Writer, kind, title, msg string) error {
	esc := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	prop := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
	_, err := fmt.Fprintf(w, "::%s title=%s::%s\n", kind, prop.Replace(title), esc.Replace(strings.TrimRight(msg, "\n")))
	return err
}

// addressList prints addresses as fmt prints an []int64 ("[0 512]"), but
// an address compiled code's bytes did not show as "(not seen)".
func addressList(addrs []int64) string {
	cells := make([]string, len(addrs))
	for i, a := range addrs {
		cells[i] = addressCell(a)
		if a == report.NotSeen {
			cells[i] = "(" + cellNotSeen + ")"
		}
	}
	return "[" + strings.Join(cells, " ") + "]"
}
