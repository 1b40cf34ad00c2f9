package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runTraceArgs runs `tilecheck trace args...` in-process.
func runTraceArgs(args ...string) (code int, stdout, stderr string) {
	return runCLI(append([]string{"trace"}, args...)...)
}

// specF32 is the cutlass model's first worked example
// (docs/contract.md#cutlass): float, 64x8, stripmined T=32, V=4, rank 1, L=64.
// Hand derivation: Qc = 64/4 = 16 < T, so Iter = (1, 8/2) and Delta = (1, 2);
// thread t starts at ((t mod 16)·4, t div 16); incS = L·B·Ds/8 = 64·32·2/8 =
// 512 bytes; one tile along c is 64·32/8 = 256 bytes.
const specF32 = "elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64"

func TestTraceSpecWorkedExamples(t *testing.T) {
	tests := []struct {
		name, iter, config, ops, threads string
		want                             string
	}{
		{ // thread 5 starts at element (20, 0): byte 80; add_tile_offset(1,0) adds 256.
			"f32 add_tile_offset", "cutlass", specF32, "load();add_tile_offset(1,0);load()", "5",
			`{"thread":5,"op":0,"kind":"load","access_bytes":16,"addrs":[80,592,1104,1616]}
{"thread":5,"op":2,"kind":"load","access_bytes":16,"addrs":[336,848,1360,1872]}
`,
		},
		{ // the documented contract agrees on whole-tile moves
			"f32 add_tile_offset reference", "reference", specF32, "load();add_tile_offset(1,0);load()", "5",
			`{"thread":5,"op":0,"kind":"load","access_bytes":16,"addrs":[80,592,1104,1616]}
{"thread":5,"op":2,"kind":"load","access_bytes":16,"addrs":[336,848,1360,1872]}
`,
		},
		{ // pre-#3049: load(1,0) uses po = 1·64/4 = 16 elements = 64 bytes; store(1,0) po = 64 elements = 256 bytes.
			"f32 pre3049 asymmetry", "cutlass-pre3049", specF32, "load(1,0);store(1,0)", "5",
			`{"thread":5,"op":0,"kind":"load","access_bytes":16,"addrs":[144,656,1168,1680]}
{"thread":5,"op":1,"kind":"store","access_bytes":16,"addrs":[336,848,1360,1872]}
`,
		},
		{ // after #3049 both divide by V: they agree with each other, not with add_tile_offset.
			"f32 cutlass symmetric", "cutlass", specF32, "load(1,0);store(1,0)", "5",
			`{"thread":5,"op":0,"kind":"load","access_bytes":16,"addrs":[144,656,1168,1680]}
{"thread":5,"op":1,"kind":"store","access_bytes":16,"addrs":[144,656,1168,1680]}
`,
		},
		{ // thread order, whatever order --threads lists them in; thread 0 starts at byte 0.
			"thread order", "cutlass", specF32, "inc;dec;load()", "5,0",
			`{"thread":0,"op":2,"kind":"load","access_bytes":16,"addrs":[0,512,1024,1536]}
{"thread":5,"op":2,"kind":"load","access_bytes":16,"addrs":[80,592,1104,1616]}
`,
		},
		{ // ++ moves one tile along rank 1: Ss·L·B/8 = 8·64·4 = 2048 bytes; pointer offset 8 is 8 bytes in CUTLASS.
			"f32 inc and pointer offsets", "cutlass", specF32, "inc;load();dec;add_pointer_offset(8);load();add_pointer_offset(-8);load_with_pointer_offset(8)", "5",
			`{"thread":5,"op":1,"kind":"load","access_bytes":16,"addrs":[2128,2640,3152,3664]}
{"thread":5,"op":4,"kind":"load","access_bytes":16,"addrs":[88,600,1112,1624]}
{"thread":5,"op":6,"kind":"load","access_bytes":16,"addrs":[112,624,1136,1648]}
`,
		},
		{ // half, warp-raked 8x4, V=8: thread 9 → 144, 656; load(1,0) 160, 672; add_tile_offset 272, 784.
			"f16 warp-raked", "cutlass", "elem=f16 shape=64x8 map=warp-raked threads=32 warp=8x4 access=8 adv=1 stride=64",
			"load();load(1,0);add_tile_offset(1,0);load()", "9",
			`{"thread":9,"op":0,"kind":"load","access_bytes":16,"addrs":[144,656]}
{"thread":9,"op":1,"kind":"load","access_bytes":16,"addrs":[160,672]}
{"thread":9,"op":3,"kind":"load","access_bytes":16,"addrs":[272,784]}
`,
		},
		{ // uint4, 128x8, V=32 (A=16): thread 6 → 96; load(1,0) 98; add_tile_offset 160; ++ 608.
			"u4 stripmined", "cutlass", "elem=u4 shape=128x8 threads=32 access=32 adv=1 stride=128",
			"load();load(1,0);add_tile_offset(1,0);load();add_tile_offset(-1,0);inc;load()", "6",
			`{"thread":6,"op":0,"kind":"load","access_bytes":16,"addrs":[96]}
{"thread":6,"op":1,"kind":"load","access_bytes":16,"addrs":[98]}
{"thread":6,"op":3,"kind":"load","access_bytes":16,"addrs":[160]}
{"thread":6,"op":6,"kind":"load","access_bytes":16,"addrs":[608]}
`,
		},
	}
	for _, tt := range tests {
		code, out, errOut := runTraceArgs("--iterator", tt.iter, "--config", tt.config, "--ops", tt.ops, "--threads", tt.threads)
		assert.Zero(t, code, "%s: exit %d, stderr %q", tt.name, code, errOut)
		assert.Equal(t, "", errOut, "%s: exit %d, stderr %q", tt.name, code, errOut)
		assert.Equal(t, tt.want, out, "%s:\n got\n%s want\n%s", tt.name, out, tt.want)
	}
}

func TestTraceAllThreadsByDefault(t *testing.T) {
	code, out, _ := runTraceArgs("--iterator", "cutlass", "--config", specF32, "--ops", "load();store()")
	require.Zero(t, code, "exit %d", code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 64, "got %d lines, want 64", len(lines)) // 32 threads × 2 records
	// Thread 31 starts at element ((31 mod 16)·4, 31 div 16) = (60, 1): byte (60 + 64)·4 = 496.
	want := `{"thread":31,"op":1,"kind":"store","access_bytes":16,"addrs":[496,1008,1520,2032]}`
	assert.Equal(t, want, lines[63], "last line %s, want %s", lines[63], want)
	for i, l := range lines {
		assert.False(t, strings.HasSuffix(l, " "), "line %d malformed: %q", i, l)
		assert.True(t, strings.HasPrefix(l, `{"thread":`), "line %d malformed: %q", i, l)
	}
}

func TestTraceFragmentOverrunWarnsAndTraces(t *testing.T) {
	// float 128x4, T=16, V=4, align=32. Qc = 32 > T, so Iter =
	// (32/16, 4) = 8 accesses of A = 32 bytes: 256 bytes into 8·4·4 = 128.
	code, out, errOut := runTraceArgs("--iterator", "cutlass", "--config", "elem=f32 shape=128x4 threads=16 access=4 align=32", "--ops", "load()", "--threads", "0")
	require.Zero(t, code, "exit %d, stderr %s", code, errOut)
	assert.Contains(t, errOut, "warning", "stderr does not report the overrun: %q", errOut)
	assert.Contains(t, errOut, "256 bytes into a 128-byte fragment", "stderr does not report the overrun: %q", errOut)
	assert.True(t, strings.HasPrefix(out, `{"thread":0,"op":0,"kind":"load","access_bytes":32,"addrs":[`), "trace not printed: %q", out)
}

// TestTraceFamilyNoFragmentWarning: the fragment-overrun warning is
// RegularTileIterator's (P-frag judges that class only). The family
// classes move their own AccessType (access_elems=; Alignment does not
// reach RegularTileAccessIterator's accesses()), so the warning named
// accesses and widths their trace does not make ("1 accesses of A=32
// bytes" beside two of 16).
func TestTraceFamilyNoFragmentWarning(t *testing.T) {
	for _, c := range []struct{ cfg, ops string }{
		{"class=PredicatedTileIterator elem=f32 shape=8x1 threads=2 access=4 align=32", "load()"},
		{"class=RegularTileAccessIterator elem=f32 shape=8x1 threads=2 access=4 align=32", "accesses()"},
		{"class=PredicatedTileAccessIterator elem=e2m3 shape=8x1 threads=1 access=8 extent=8x1 access_elems=4", "accesses()"},
	} {
		code, out, errOut := runTraceArgs("--iterator", "cutlass", "--config", c.cfg, "--ops", c.ops)
		require.Zero(t, code, "%s: exit %d, stderr %s", c.cfg, code, errOut)
		require.NotEqual(t, "", out, "%s: exit %d, stderr %s", c.cfg, code, errOut)
		assert.NotContains(t, errOut, "overrun the fragment", "%s: %q", c.cfg, errOut)
	}
}

func TestTraceOverflowWarns(t *testing.T) {
	// L = 2^30 floats: incS = L·B·Ds/8 = 2^30·32·2/8 = 2^33 does not fit in int32.
	code, _, errOut := runTraceArgs("--iterator", "cutlass", "--config", "elem=f32 shape=64x8 threads=32 access=4 stride=1073741824", "--ops", "load()", "--threads", "0,1")
	require.Zero(t, code, "exit %d, stderr %s", code, errOut)
	assert.Contains(t, errOut, "overflows int32", "stderr does not report the int32 overflow once for both threads: %q", errOut)
	assert.Contains(t, errOut, "and 1 more", "stderr does not report the int32 overflow once for both threads: %q", errOut)
}

func TestTraceBadInputExits2(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"bad config token", []string{"--iterator", "cutlass", "--config", "elem=f32 shape=64y8 threads=32 access=4", "--ops", "load()"}, `config: token 2 "shape=64y8" (column 10)`},
		{"constraint", []string{"--iterator", "cutlass", "--config", "elem=f32 shape=62x8 threads=32 access=4", "--ops", "load()"}, "Sc % V == 0"},
		{"bad ops", []string{"--iterator", "cutlass", "--config", specF32, "--ops", "load();lode()"}, `ops: op 2 "lode()"`},
		{"unknown iterator", []string{"--iterator", "cutlas", "--config", specF32, "--ops", "load()"}, `"cutlas"`},
		{"thread out of range", []string{"--iterator", "cutlass", "--config", specF32, "--ops", "load()", "--threads", "0,32"}, "thread 32 out of range"},
		{"negative thread", []string{"--iterator", "cutlass", "--config", specF32, "--ops", "load()", "--threads", "-1"}, "thread -1 out of range"},
		{"bad thread list", []string{"--iterator", "cutlass", "--config", specF32, "--ops", "load()", "--threads", "0,,5"}, `"" is not a thread id`},
		{"duplicate thread", []string{"--iterator", "cutlass", "--config", specF32, "--ops", "load()", "--threads", "5,5"}, "thread 5 given twice"},
		{"missing config", []string{"--iterator", "cutlass", "--ops", "load()"}, "--config is required"},
		{"unknown flag", []string{"--iterator", "cutlass", "--config", specF32, "--ops", "load()", "--thread", "5"}, "flag provided but not defined"},
		{"stray argument", []string{"--iterator", "cutlass", "--config", specF32, "--ops", "load()", "extra"}, `unexpected argument "extra"`},
		// Accepted by the grammar, but 2^31-64 threads (or 2^28 accesses per thread) must fail, not exhaust memory.
		{"too many threads", []string{"--iterator", "cutlass", "--config", "elem=f32 shape=64x8 threads=2147483584 access=4", "--ops", "load()"}, "too many to trace"},
		{"too many accesses", []string{"--iterator", "cutlass", "--config", "elem=f32 shape=1073741824x8 threads=1 access=4", "--ops", "load()"}, "trace too large"},
		// The RowMajor wrapper's load(frag, tile) does not compile.
		{"unavailable path", []string{"--iterator", "cutlass", "--config", "layout=rowmajor elem=f32 shape=8x64 threads=32 access=4", "--ops", "load(1,0)"}, "compile"},
	}
	for _, tt := range tests {
		code, out, errOut := runTraceArgs(tt.args...)
		assert.Equal(t, 2, code, "%s: exit %d, want 2 (stderr %q)", tt.name, code, errOut)
		assert.Equal(t, "", out, "%s: printed a trace on bad input: %q", tt.name, out)
		assert.Contains(t, errOut, tt.want, "%s: stderr %q does not contain %q", tt.name, errOut, tt.want)
		assert.NotContains(t, errOut, "goroutine", "%s: stderr %q does not contain %q", tt.name, errOut, tt.want)
	}
}

func TestTraceHelp(t *testing.T) {
	code, out, errOut := runTraceArgs("--help")
	require.Zero(t, code, "--help: exit %d, stderr %q", code, errOut)
	require.Equal(t, "", errOut, "--help: exit %d, stderr %q", code, errOut)
	for _, want := range []string{"Usage: tilecheck trace", "Examples:", "--threads", "--iterator"} {
		assert.Contains(t, out, want, "--help output lacks %q", want)
	}
}

func TestTracePredicatedPrintsValid(t *testing.T) {
	code, out, errOut := runTraceArgs("--iterator", "reference", "--config",
		"class=PredicatedTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 extent=64x5", "--ops", "accesses()", "--threads", "0")
	require.Zero(t, code, "exit %d, stderr %s", code, errOut)
	// docs/contract.md#reference (family classes): thread 0 makes 4 accesses,
	// at rows 0, 2, 4, 6 of column 0 (Delta.s = 32/16 = 2). The first tile is
	// the residue, r = 5 mod 8 = 5 rows, so rows 0, 2, 4 are enabled and row 6
	// is guarded off.
	assert.Contains(t, out, `"kind":"accesses"`, "predicated trace %q lacks valid [1,1,1,0]", out)
	assert.Contains(t, out, `"valid":[1,1,1,0]`, "predicated trace %q lacks valid [1,1,1,0]", out)
}
