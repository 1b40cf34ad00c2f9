package cuda

import (
	"bytes"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// programSpan is the lines of a generated unit (1-based, inclusive) that hold
// one program of one case in the body of the case's run function: a compiler
// diagnostic located there is about that program.
type programSpan struct {
	Case, Program int
	First, Last   int
}

// unitWriter counts the lines Generate writes and collects the programs'
// spans as writeCase emits them.
type unitWriter struct {
	w     io.Writer
	line  int // the line the next byte written lands on
	spans []programSpan
}

func (u *unitWriter) Write(p []byte) (int, error) {
	n, err := u.w.Write(p)
	u.line += bytes.Count(p[:n], []byte{'\n'})
	return n, err
}

// blame is one (case, variant, program) that a diagnostic points at, with
// the error line it led to.
type blame struct {
	Case, Variant, Program int
	Diag                   string
}

var (
	// A location in the generated unit, as compileError names it.
	unitLocation = regexp.MustCompile(`generated\.cpp:(\d+):\d+:`)
	// A case's run function instantiated for variant V.
	runInstance = regexp.MustCompile(`tc_case_\d+::Case::run\(.*\[with int V = (\d+)`)
)

// blameDiagnostics reads a compiler's output for a unit whose programs lie
// at spans and returns, in the order the errors appear, each (case, variant,
// program) whose line an error's instantiation context passes through, with
// that error. The variant comes from the context's run<V> frame: on the same
// line ("required from 'run(...) [with int V = 1; ...]'") or from the last
// "In instantiation of" banner naming run. A diagnostic that names no
// program (a type that does not instantiate, a member every program uses)
// blames nothing; the caller then bisects.
func blameDiagnostics(out string, spans []programSpan) []blame {
	sorted := append([]programSpan(nil), spans...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].First < sorted[j].First })
	spanAt := func(line int) (programSpan, bool) {
		i := sort.Search(len(sorted), func(i int) bool { return sorted[i].Last >= line })
		if i < len(sorted) && sorted[i].First <= line {
			return sorted[i], true
		}
		return programSpan{}, false
	}
	var found, pending []blame
	seen := map[[3]int]bool{}
	banner := -1 // the variant of the run instantiation the context is in
	for _, l := range strings.Split(out, "\n") {
		lineVariant := -1
		if m := runInstance.FindStringSubmatch(l); m != nil {
			lineVariant, _ = strconv.Atoi(m[1])
			if strings.Contains(l, "In instantiation of") {
				banner = lineVariant
			}
		} else if strings.Contains(l, ": In ") {
			banner = -1 // another function's context
		}
		if m := unitLocation.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			if sp, ok := spanAt(n); ok {
				v := lineVariant
				if v < 0 {
					v = banner
				}
				if v >= 0 {
					pending = append(pending, blame{Case: sp.Case, Variant: v, Program: sp.Program})
				}
			}
		}
		if strings.Contains(l, "error") && len(pending) > 0 {
			for _, b := range pending {
				k := [3]int{b.Case, b.Variant, b.Program}
				if !seen[k] {
					seen[k] = true
					b.Diag = strings.TrimSpace(l)
					found = append(found, b)
				}
			}
			pending = nil
		}
	}
	return found
}
