package cuda

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// g++'s output for a unit whose program 3 of case 0 (lines 380-390) fails
// inside a header, for variant 0, and whose program 1 of case 1 (lines
// 500-510) fails in the unit itself, for variant 2 (the banner names run).
const sampleDiagnostics = `In file included from include-1/tilecheck/renditions.h:6,
                 from generated.cpp:3:
include-1/tilecheck/matrix_wrappers.h: In instantiation of 'void W<V>::load(F&, const C&) [with int V = 7]':
include-1/tilecheck/probe_harness.h:47:103:   required from 'void tilecheck_probe::op_load_tile(It&, F&, C) [with It = W<7>]'
generated.cpp:388:57:   required from 'static void tc_case_0::Case::run(int, typename It::TensorRef, int, int, unsigned char*) [with int V = 0; It = W<7>]'
include-1/tilecheck/host_driver.h:122:27:   required from 'void tilecheck_probe::run_thunk(int) [with Run = tc_case_0::Case; int V = 0]'
generated.cpp:423:3:   required from here
include-1/tilecheck/matrix_wrappers.h:67:41: error: cannot convert '<brace-enclosed initializer list>' to 'Index'
   67 |       iterator_.load_with_pointer_offset(f, {t.row(), t.column()});
generated.cpp: In instantiation of 'static void tc_case_1::Case::run(int, typename It::TensorRef, int, int, unsigned char*) [with int V = 2; It = X]':
include-1/tilecheck/host_driver.h:122:27:   required from 'void tilecheck_probe::run_thunk(int) [with Run = tc_case_1::Case; int V = 2]'
generated.cpp:430:3:   required from here
generated.cpp:505:9: error: 'class X' has no member named 'store'
generated.cpp: In function 'int main()':
generated.cpp:384:1: error: a stray error outside any instantiation of run
`

func TestBlameDiagnosticsNamesTheFailingPrograms(t *testing.T) {
	spans := []programSpan{
		{Case: 1, Program: 1, First: 500, Last: 510},
		{Case: 0, Program: 2, First: 370, Last: 379},
		{Case: 0, Program: 3, First: 380, Last: 390},
	}
	got := blameDiagnostics(sampleDiagnostics, spans)
	require.Equal(t, []blame{
		{Case: 0, Variant: 0, Program: 3, Diag: "include-1/tilecheck/matrix_wrappers.h:67:41: error: cannot convert '<brace-enclosed initializer list>' to 'Index'"},
		{Case: 1, Variant: 2, Program: 1, Diag: "generated.cpp:505:9: error: 'class X' has no member named 'store'"},
	}, got, "the error in main (line 384, inside program 3's lines but in no run instantiation) blames nothing")
	require.Empty(t, blameDiagnostics(sampleDiagnostics, nil), "no spans, no blame")
}

// The spans Generate records hold each program's case label and nothing of
// another program's.
func TestGenerateRecordsProgramSpans(t *testing.T) {
	cases := mustPlan(t, representativeCases(t)[:4])
	var src bytes.Buffer
	spans := generateUnit(&src, cases, Renditions(), nil)
	lines := strings.Split(src.String(), "\n")
	require.NotEmpty(t, spans)
	for _, sp := range spans {
		first := lines[sp.First-1]
		require.Contains(t, first, fmt.Sprintf("case %d: // ", sp.Program)+cases[sp.Case].Programs[sp.Program].String(), "span %+v", sp)
		require.Equal(t, "      return;", lines[sp.Last-1], "span %+v ends at its program's return", sp)
	}
}
