package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/internal/testcases"
	"github.com/tilecheck/tilecheck/report"
)

const copyLDSM = "atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4):(4,1) val=(4,2):(2,1) src=((4,8),8):((64,8),1) dst=((4,8),(2,4)):((2,32),(1,8))"

// Bad input to tilecheck cute copy exits 2 with a message naming the
// token, never a panic.
func TestCuteCopyBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"cute", "copy"}, "Usage: tilecheck cute copy sweep"},
		{[]string{"cute", "copy", "frob"}, `unknown subcommand "frob"`},
		{[]string{"cute", "copy", "check"}, "--case is required"},
		{[]string{"cute", "copy", "check", "--case", "atom=SM75_U32x4_LDSM_X elem=half_t"}, `"atom=SM75_U32x4_LDSM_X"`},
		{[]string{"cute", "copy", "check", "--case", "atom=SM75_U32x4_LDSM_N elem=half"}, `"elem=half"`},
		{[]string{"cute", "copy", "check", "--case", "atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4"}, `"thr=(8,4"`},
		{[]string{"cute", "copy", "check", "--case", "atom=SM75_U32x4_LDSM_N elem=half_t thr=(8,4) val=(1,8) src=(8,32)"}, "dst= is missing"},
		{[]string{"cute", "copy", "check", "--case", copyLDSM + " extent=3"}, `"extent=3"`},
		{[]string{"cute", "copy", "check", "--case", copyLDSM, "--property", "P-nope"}, `--property "P-nope"`},
		{[]string{"cute", "copy", "check", "--case", copyLDSM, "--control", "C-nope"}, `--control "C-nope"`},
		{[]string{"cute", "copy", "sweep", "--preset", "fast"}, `--preset "fast"`},
		{[]string{"cute", "copy", "sweep", "--format", "xml"}, `--format "xml"`},
		{[]string{"cute", "copy", "sweep", "--cases", "-1"}, "--cases -1"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, &out, &errb)
		assert.Equal(t, exitUsage, code, "%q: exit %d, want 2 (stderr %q)", tc.args, code, errb.String())
		got := out.String() + errb.String()
		assert.Contains(t, got, tc.want, "%q: output %q does not say %q", tc.args, got, tc.want)
	}
}

// check exits 0 when every property holds, 1 when a control's defect is
// caught, and says which property.
func TestCuteCopyCheckExitStatus(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"cute", "copy", "check", "--case", copyLDSM}, &out, &errb)
	require.Equal(t, exitPass, code, "exit %d: %s %s", code, out.String(), errb.String())
	out.Reset()
	swz := "atom=UniversalCopy<uint128_t> elem=half_t thr=(4,8):(8,1) val=(1,8):(8,1) src=(4,64):(64,1) dst=Sw<3,3,3>o(4,64):(64,1)"
	code = run([]string{"cute", "copy", "check", "--case", swz, "--control", "C-swizzle-one-side"}, &out, &errb)
	require.Equal(t, exitFail, code, "exit %d: %s", code, out.String())
	require.Contains(t, out.String(), "FAIL  P-address", "exit %d: %s", code, out.String())
}

// The quick sweep passes, and its JSON is tilecheck's report schema.
func TestCuteCopySweepJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps")
	}
	var out, errb bytes.Buffer
	code := run([]string{"cute", "copy", "sweep", "--format", "json"}, &out, &errb)
	require.Equal(t, exitPass, code, "exit %d: %s", code, errb.String())
	var r report.Report
	require.NoError(t, json.Unmarshal(out.Bytes(), &r))
	assert.Equal(t, "cute-copy", r.Class, "class %q verdict %q controls %d", r.Class, r.Verdict, len(r.Controls))
	assert.Equal(t, report.Pass, r.Verdict, "class %q verdict %q controls %d", r.Class, r.Verdict, len(r.Controls))
	assert.NotEmpty(t, r.Controls, "class %q verdict %q controls %d", r.Class, r.Verdict, len(r.Controls))
}

// An interrupted sweep exits 130.
func TestCuteCopySweepInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := runContext(ctx, []string{"cute", "copy", "sweep"}, &out, &errb)
	assert.Equal(t, exitInterrupted, code, "exit %d, want 130 (%s)", code, errb.String())
}

// Two shards of a copy sweep, merged, report what the whole sweep does.
func TestCuteCopyShardMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps")
	}
	dir := t.TempDir()
	var files []string
	for _, s := range []string{"1/2", "2/2"} {
		f := dir + "/s" + s[:1] + ".json"
		var out, errb bytes.Buffer
		code := run([]string{"cute", "copy", "sweep", "--cases", "150", "--shard", s, "--format", "json", "--out", f}, &out, &errb)
		require.Equal(t, exitPass, code, "shard %s: exit %d: %s", s, code, errb.String())
		files = append(files, f)
	}
	var merged, whole, errb bytes.Buffer
	run(append([]string{"merge", "--format", "json"}, files...), &merged, &errb)
	run([]string{"cute", "copy", "sweep", "--cases", "150", "--format", "json"}, &whole, &errb)
	var a, b report.Report
	err := json.Unmarshal(merged.Bytes(), &a)
	require.NoError(t, err, "%v: %s", err, errb.String())
	require.NoError(t, json.Unmarshal(whole.Bytes(), &b))
	require.Equal(t, b.Checks, a.Checks, "merged %+v\nwhole %+v", a, b)
	require.Equal(t, b.Configs, a.Configs, "merged %+v\nwhole %+v", a, b)
	require.Equal(t, b.Verdict, a.Verdict, "merged %+v\nwhole %+v", a, b)
	require.Len(t, a.Coverage, len(b.Coverage), "merged %+v\nwhole %+v", a, b)
}

// cute copy check --backend host asks the user's real CuTe and holds it to
// the model (P-model); CuTe accepts a 128-bit copy from a padded pitch of
// 68 halves, whose rows do not start on 16 bytes, and P-vector says so.
// cute/tiledcopy/copycxx's TestHostAgainstHandDerived asks the same case
// (testcases.PaddedCopy) alone, as this command renders it: whichever package
// runs first builds the unit, the other finds it in the checkout's cache.
func TestCuteCopyCheckRealCuTe(t *testing.T) {
	t.Parallel()
	inc := realCutlass(t, "v4.7.0")
	code, out, stderr := runCLI("cute", "copy", "check", "--backend", "host", "--include", inc, "--case", testcases.PaddedCopy)
	require.Equal(t, exitFail, code, "exit %d, want 1 with P-model passing and P-vector failing:\n%s\n%s", code, out, stderr)
	require.Contains(t, out, "cute-copy-host: 32 threads", "exit %d, want 1 with P-model passing and P-vector failing:\n%s\n%s", code, out, stderr)
	require.Contains(t, out, "pass  P-model", "exit %d, want 1 with P-model passing and P-vector failing:\n%s\n%s", code, out, stderr)
	require.Contains(t, out, "FAIL  P-vector: thread 8's source call 0 starts at offset 68", "exit %d, want 1 with P-model passing and P-vector failing:\n%s\n%s", code, out, stderr)
}
