package cuda

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// PreflightError is bad input found before any iterator is built: a header
// of yours that is not there, a namespace your headers do not declare, or
// a class the generated code instantiates that the namespace lacks.
type PreflightError struct {
	What       string // the missing thing, e.g. "--namespace cutlas: no such namespace in your headers"
	Diagnostic string // the compiler's first diagnostic about it
}

func (e *PreflightError) Error() string {
	if e.Diagnostic == "" {
		return e.What
	}
	return e.What + " (compiler: " + e.Diagnostic + ")"
}

// preflightMark names the lines of the preflight checks in diagnostics.
const preflightMark = "tilecheck-preflight"

// preflightLine finds a diagnostic's line among the checks: g++ and clang
// write "tilecheck-preflight:3:12: error:", nvcc "tilecheck-preflight(3): error".
var preflightLine = regexp.MustCompile(preflightMark + `[:(](\d+)[):].*error`)

// missingHeader finds the header a compiler could not open.
var missingHeader = regexp.MustCompile(`(?:fatal error: |cannot open source file ")([^":]+)"?(?:: No such file or directory)?`)

// preflight compiles one small program before anything is instantiated:
// your headers (after the host prelude and the renditions), then, for
// each of your namespaces, `using namespace NS;` and a using-declaration
// of every iterator class the cases instantiate. A typo in --namespace or
// a header without the class would otherwise surface only after every
// translation unit was built and every path attributed, minutes later. The
// host compiler checks it with -fsyntax-only (nvcc builds it), and its
// outcome is cached like any build's. It
// returns a *PreflightError naming what is missing, or the CompileError of
// headers that do not compile on their own (Headers set).
//
// Element types are checked too, each on its own: an element type your
// headers lack (the 6-bit floats before CUTLASS 4) is not an error but a
// configuration your tree cannot express, returned in lacks (element name
// to its C++ type) for the caller to leave out.
func (opts Options) preflight(ctx context.Context, variants []Variant, planned []*plannedCase) (lacks map[string]string, err error) {
	var checks []preflightCheck
	for _, v := range variants {
		if v.Rendition() {
			continue
		}
		checks = append(checks, preflightCheck{
			code: "using namespace " + v.Namespace + ";",
			what: fmt.Sprintf("--namespace %s: no such namespace in your headers (%s)", v.Namespace, strings.Join(opts.Headers, ", "))})
		var classes []string
		for _, pc := range planned {
			if c := pc.Config.Class.String(); !slices.Contains(classes, c) {
				classes = append(classes, c)
			}
		}
		for _, c := range classes {
			name := "transform::threadblock::" + c
			checks = append(checks, preflightCheck{
				code: "using " + v.Namespace + "::" + name + ";",
				what: fmt.Sprintf("--namespace %s has no %s in your headers (%s): the %s configurations instantiate it",
					v.Namespace, name, strings.Join(opts.Headers, ", "), c)})
		}
		seen := map[string]bool{}
		for _, pc := range planned {
			e := pc.Config.Elem.Name
			if t := elemType(pc.Config.Elem, v.Namespace); !seen[e] && strings.HasPrefix(t, v.Namespace+"::") {
				seen[e] = true
				checks = append(checks, preflightCheck{code: "using tc_element = " + t + ";", elem: e, elemType: t})
			}
		}
	}
	var src bytes.Buffer
	Generate(&src, nil, variants, opts.Headers)
	fmt.Fprintf(&src, "#line 1 %q\n", preflightMark)
	for i, c := range checks {
		fmt.Fprintf(&src, "namespace tc_preflight_%d { %s }\n", i, c.code)
	}
	if opts.Backend == "gpu" {
		_, _, err = opts.Build(ctx, src.Bytes())
	} else {
		err = opts.syntaxCheck(ctx, src.Bytes())
	}
	var ce *CompileError
	if !errors.As(err, &ce) {
		return nil, err // nil when every check compiled
	}
	if m := missingHeader.FindStringSubmatch(ce.Output); m != nil {
		if slices.Contains(opts.Headers, m[1]) {
			return nil, &PreflightError{What: fmt.Sprintf("--header %s: not found in the include directories (%s)", m[1], strings.Join(opts.IncludeDirs, ", "))}
		}
		// The environment, not the code: say which header and where it
		// was looked for, rather than what fails to compile without it.
		return nil, &PreflightError{What: fmt.Sprintf("%s: included by your headers, not found in the include directories (%s) nor the compiler's own; "+
			"check --include, and for CUDA's headers (cuda_runtime.h, cuda/std/...) pass --cuda-include with the CUDA toolkit's include directory", m[1], strings.Join(opts.IncludeDirs, ", ")),
			Diagnostic: FirstDiagnostic(ce.Output)}
	}
	first, diag := -1, ""
	failed := map[int]bool{}
	for _, l := range strings.Split(ce.Output, "\n") {
		m := preflightLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > len(checks) {
			continue
		}
		failed[n-1] = true
		if checks[n-1].elem == "" && (first < 0 || n-1 < first) {
			first, diag = n-1, strings.TrimSpace(l)
		}
	}
	switch {
	case first >= 0:
		return nil, &PreflightError{What: checks[first].what, Diagnostic: diag}
	case len(failed) == 0:
		ce.Headers = true // the headers fail before any check
		return nil, ce
	}
	lacks = map[string]string{}
	for i := range failed {
		lacks[checks[i].elem] = checks[i].elemType
	}
	return lacks, nil
}

// preflightCheck is one line of the preflight program and what its error
// means; an element type's check names the element instead.
type preflightCheck struct{ code, what, elem, elemType string }
