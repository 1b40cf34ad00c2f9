package iterator

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tilecheck/tilecheck/layout"
)

func TestParseConfigExamples(t *testing.T) {
	f32 := layout.Elem{Name: "f32", Bits: 32}
	tests := []struct {
		in   string
		want Config
	}{
		{ // the contract's example configuration, spaces
			"elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
			Config{Elem: f32, Shape: [2]int64{64, 8}, Threads: 32, Access: 4, Adv: 1, Stride: 64},
		},
		{ // commas, mixed separators, adv defaulted to 1, map to stripmined
			"elem=f32,shape=64x8, threads=32,,access=4",
			Config{Elem: f32, Shape: [2]int64{64, 8}, Threads: 32, Access: 4, Adv: 1},
		},
		{
			"elem=f16 shape=64x8 map=warp-raked threads=32 warp=8x4 access=8 adv=0 align=32 rows=24",
			Config{Elem: layout.Elem{Name: "f16", Bits: 16}, Shape: [2]int64{64, 8}, Map: WarpRaked, Threads: 32, Warp: [2]int64{8, 4}, Access: 8, Align: 32, Rows: 24},
		},
		{ // matrix layout: shape stays RxC as written
			"layout=rowmajor bits=6 shape=8x128 map=warpstriped3131 threads=256 warp=16x2 access=1 atomic=cas32",
			Config{Layout: layout.RowMajor, Elem: layout.Elem{Name: "bits6", Bits: 6}, Shape: [2]int64{8, 128}, Map: WarpStriped3131, Threads: 256, Warp: [2]int64{16, 2}, Access: 1, Adv: 1, Atomic: "cas32"},
		},
		{
			"class=PredicatedTileIterator elem=u4 shape=128x8 threads=32 access=32 extent=200x19 tb=128x0 access_elems=8",
			Config{Class: PredicatedTile, Elem: layout.Elem{Name: "u4", Bits: 4}, Shape: [2]int64{128, 8}, Threads: 32, Access: 32, Adv: 1, Extent: [2]int64{200, 19}, TB: [2]int64{128, 0}, AccessElems: 8},
		},
		{ // the largest values that fit
			"elem=b1 shape=9223372036854775807x1 threads=2147483647 access=2147483647 stride=9223372036854775807",
			Config{Elem: layout.Elem{Name: "b1", Bits: 1}, Shape: [2]int64{1<<63 - 1, 1}, Threads: 1<<31 - 1, Access: 1<<31 - 1, Adv: 1, Stride: 1<<63 - 1},
		},
	}
	for _, tt := range tests {
		got, err := ParseConfig(tt.in)
		if !assert.NoError(t, err, "ParseConfig(%q)", tt.in) {
			continue
		}
		assert.Equal(t, tt.want, got, "ParseConfig(%q)\n got %+v\nwant %+v", tt.in, got, tt.want)
		back, err := ParseConfig(got.String())
		assert.NoError(t, err, "round trip of %q via %q: got %+v", tt.in, got.String(), back)
		assert.Equal(t, got, back, "round trip of %q via %q: got %+v, %v", tt.in, got.String(), back, err)
	}
}

func TestParseConfigErrors(t *testing.T) {
	base := "elem=f32 shape=64x8 threads=32 access=4"
	tests := []struct {
		in   string
		want string // the exact message
	}{
		{"", `config: empty configuration (want e.g. elem=f32 shape=64x8 threads=32 access=4)`},
		{" , ", `config: empty configuration (want e.g. elem=f32 shape=64x8 threads=32 access=4)`},
		{"elem=f32 threads=32 shape=64y8 access=4", `config: token 3 "shape=64y8" (column 21): want AxB, e.g. 64x8`},
		{"elem=f32,threads=32,shape=64x-8", `config: token 3 "shape=64x-8" (column 21): want AxB with integers >= 1: "-8" out of range (want an integer >= 1 that fits in int64)`},
		{base + " threads=16", `config: token 5 "threads=16" (column 41): threads given twice (first at token 3)`},
		{base + " bits=32", `config: token 5 "bits=32" (column 41): elem given twice (first at token 1)`},
		{base + " colour=red", `config: token 5 "colour=red" (column 41): unknown key "colour" (want one of access access_elems adv align atomic bits class elem extent layout map rows shape stride tb threads warp)`},
		{base + " stride", `config: token 5 "stride" (column 41): want key=value`},
		{base + " =3", `config: token 5 "=3" (column 41): want key=value`},
		{base + " stride=", `config: token 5 "stride=" (column 41): empty value for stride`},
		{base + " stride=0", `config: token 5 "stride=0" (column 41): "0" out of range (want an integer >= 1 that fits in int64)`},
		{base + " stride=9223372036854775808", `config: token 5 "stride=9223372036854775808" (column 41): "9223372036854775808" out of range (want an integer >= 1 that fits in int64)`},
		{"elem=f32 shape=64x8 threads=2147483648 access=4", `config: token 3 "threads=2147483648" (column 21): "2147483648" out of range (want 1..2147483647)`},
		{"elem=f32 shape=64x8 threads=-1 access=4", `config: token 3 "threads=-1" (column 21): "-1" out of range (want 1..2147483647)`},
		{"elem=f32 shape=64x8 threads=3.5 access=4", `config: token 3 "threads=3.5" (column 21): "3.5" is not a decimal integer`},
		{base + " adv=2", `config: token 5 "adv=2" (column 41): "2" out of range (want 0..1)`},
		{base + " atomic=cas64", `config: token 5 "atomic=cas64" (column 41): unknown atomic mode "cas64" (want cas32)`},
		{"elem=f31 shape=64x8", `config: token 1 "elem=f31" (column 1): unknown element type "f31" (want one of f64 f32 tf32 bf16 f16 e4m3 e5m2 s8 u8 e2m3 e3m2 s4 u4 s2 u2 b1, or bits=N)`},
		{"bits=12 shape=64x8", `config: token 1 "bits=12" (column 1): unsupported element width bits=12 (want one of 1 2 4 6 8 16 32 64)`},
		{"shape=64x8 threads=32 access=4", `config: missing required key elem= (or bits=)`},
		{"elem=f32 threads=32 access=4", `config: missing required key shape=`},
		{"elem=f32 shape=64x8 access=4", `config: missing required key threads=`},
		{"elem=f32 shape=64x8 threads=32", `config: missing required key access=`},
		{base + " map=warp-raked", `config: map=warp-raked needs warp=WCxWS (threads per warp, contiguous x strided)`},
		{base + " warp=8x4", `config: token 5 "warp=8x4" (column 41): warp= only applies to the warp maps (warp-raked, warp-striped, warp-striped-3131)`},
		{base + " extent=64x8", `config: token 5 "extent=64x8" (column 41): extent= only applies to the predicated classes`},
		{base + " tb=0x0", `config: token 5 "tb=0x0" (column 41): tb= only applies to the predicated classes`},
		{"class=RegularTileAccessIterator " + base + " access_elems=2", `config: token 6 "access_elems=2" (column 73): access_elems= only applies to the predicated classes`},
		{base + " map=zigzag", `config: token 5 "map=zigzag" (column 41): unknown map "zigzag" (want one of stripmined, warp-raked, warp-striped, warp-striped-3131)`},
		{base + " layout=tiled", `config: token 5 "layout=tiled" (column 41): unknown layout "tiled" (want pitchlinear, rowmajor or columnmajor)`},
	}
	for _, tt := range tests {
		c, err := ParseConfig(tt.in)
		if !assert.Error(t, err, "ParseConfig(%q) = %+v, want error %s", tt.in, c, tt.want) {
			continue
		}
		var se *SyntaxError
		assert.ErrorAs(t, err, &se, "ParseConfig(%q): error %T is not a *SyntaxError", tt.in, err)
		assert.Equal(t, tt.want, err.Error(), "ParseConfig(%q):\n got %s\nwant %s", tt.in, err, tt.want)
	}
}

// The columns in the error messages must point at the token in the input.
func TestParseConfigErrorColumnPointsAtToken(t *testing.T) {
	in := "elem=f32,  shape=64x8\tthreads=x access=4"
	_, err := ParseConfig(in)
	var se *SyntaxError
	require.ErrorAs(t, err, &se, "want a SyntaxError, got %v", err)
	if assert.Equal(t, 3, se.Index, "token %d column %d does not point at threads=x in %q", se.Index, se.Column, in) {
		assert.True(t, strings.HasPrefix(in[se.Column-1:], "threads=x"), "token %d column %d does not point at threads=x in %q", se.Index, se.Column, in)
	}
}

func TestParseProgramExamples(t *testing.T) {
	tests := []struct {
		in   string
		want Program
		text string // canonical String()
	}{
		{"load();add_tile_offset(1,0);load()", Program{{Kind: Load}, {Kind: AddTileOffset, A: 1}, {Kind: Load}}, "load();add_tile_offset(1,0);load()"},
		{" load ( 1 , -2 ) ; store(-3,4);", Program{{Kind: LoadTile, A: 1, B: -2}, {Kind: StoreTile, A: -3, B: 4}}, "load(1,-2);store(-3,4)"},
		{"inc;dec;++;--;inc();clear_mask;enable_mask();accesses;accesses()", Program{{Kind: Inc}, {Kind: Dec}, {Kind: Inc}, {Kind: Dec}, {Kind: Inc}, {Kind: ClearMask}, {Kind: EnableMask}, {Kind: Accesses}, {Kind: Accesses}}, "inc;dec;inc;dec;inc;clear_mask;enable_mask;accesses();accesses()"},
		{"load_with_pointer_offset(8);store_with_pointer_offset(-8);add_pointer_offset(+5);store", Program{{Kind: LoadPtr, A: 8}, {Kind: StorePtr, A: -8}, {Kind: AddPointerOffset, A: 5}, {Kind: Store}}, "load_with_pointer_offset(8);store_with_pointer_offset(-8);add_pointer_offset(5);store()"},
		{"add_tile_offset(-9223372036854775808,9223372036854775807)", Program{{Kind: AddTileOffset, A: -1 << 63, B: 1<<63 - 1}}, "add_tile_offset(-9223372036854775808,9223372036854775807)"},
	}
	for _, tt := range tests {
		got, err := ParseProgram(tt.in)
		if !assert.NoError(t, err, "ParseProgram(%q)", tt.in) {
			continue
		}
		assert.Equal(t, tt.want, got, "ParseProgram(%q) = %+v, want %+v", tt.in, got, tt.want)
		assert.Equal(t, tt.text, got.String(), "ParseProgram(%q).String() = %q, want %q", tt.in, got.String(), tt.text)
		back, err := ParseProgram(got.String())
		assert.NoError(t, err, "round trip of %q: %+v", tt.in, back)
		assert.Equal(t, got, back, "round trip of %q: %+v, %v", tt.in, back, err)
	}
}

func TestParseProgramErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `ops: empty program (want e.g. load();add_tile_offset(1,0);load())`},
		{" \t ", `ops: empty program (want e.g. load();add_tile_offset(1,0);load())`},
		{";", `ops: op 1 "" (column 1): empty op`},
		{"load();;load()", `ops: op 2 "" (column 8): empty op`},
		{"load();lode()", `ops: op 2 "lode()" (column 8): unknown op "lode" (want one of load store load_with_pointer_offset store_with_pointer_offset add_tile_offset add_pointer_offset inc dec accesses clear_mask enable_mask accesses_inc)`},
		{"load(1)", `ops: op 1 "load(1)" (column 1): load takes 0 or 2 argument(s), got 1`},
		{"inc;add_tile_offset(1)", `ops: op 2 "add_tile_offset(1)" (column 5): add_tile_offset takes 2 argument(s), got 1`},
		{"add_pointer_offset()", `ops: op 1 "add_pointer_offset()" (column 1): add_pointer_offset takes 1 argument(s), got 0`},
		{"inc(1)", `ops: op 1 "inc(1)" (column 1): inc takes 0 argument(s), got 1`},
		{"load(1,x)", `ops: op 1 "load(1,x)" (column 1): argument 2: "x" is not a decimal integer`},
		{"load(1,)", `ops: op 1 "load(1,)" (column 1): argument 2: "" is not a decimal integer`},
		{"add_pointer_offset(9223372036854775808)", `ops: op 1 "add_pointer_offset(9223372036854775808)" (column 1): argument 1: "9223372036854775808" does not fit in int64`},
		{"load(1,0", `ops: op 1 "load(1,0" (column 1): missing closing )`},
		{"load1,0)", `ops: op 1 "load1,0)" (column 1): missing opening (`},
		{"load((1,0))", `ops: op 1 "load((1,0))" (column 1): unbalanced brackets`},
	}
	for _, tt := range tests {
		p, err := ParseProgram(tt.in)
		if !assert.Error(t, err, "ParseProgram(%q) = %v, want error %s", tt.in, p, tt.want) {
			continue
		}
		assert.Equal(t, tt.want, err.Error(), "ParseProgram(%q):\n got %s\nwant %s", tt.in, err, tt.want)
	}
}

// Every op kind must survive String -> ParseProgram, arguments included.
func TestProgramRoundTripEveryKind(t *testing.T) {
	var prog Program
	for k := range opSyntax {
		op := Op{Kind: OpKind(k)}
		if opSyntax[k].nargs >= 1 {
			op.A = -7
		}
		if opSyntax[k].nargs == 2 {
			op.B = 3
		}
		prog = append(prog, op)
	}
	back, err := ParseProgram(prog.String())
	require.NoError(t, err, "round trip of %q: %v", prog.String(), back)
	require.Equal(t, prog, back, "round trip of %q: %v, %v", prog.String(), back, err)
}

// Any configuration the models accept — not only one that came from the
// parser — must render to text that parses back to it, because replay
// commands print generated configurations with String. (A stripmined map
// ignores the warp shape, which String leaves out.)
func TestValidConfigsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(xs ...int64) int64 { return xs[rng.IntN(len(xs))] }
	names := append(layout.ElemNames(), "bits")
	checked := 0
	for range 3000 {
		c := Config{
			Class:   Class(rng.IntN(4)),
			Layout:  layout.Kind(rng.IntN(3)),
			Shape:   [2]int64{pick(8, 32, 64, 128), pick(1, 4, 8)},
			Map:     MapKind(rng.IntN(4)),
			Threads: int(pick(1, 8, 32, 64)),
			Access:  int(pick(1, 2, 4, 8, 32)),
			Adv:     rng.IntN(2),
			Stride:  pick(0, 0, 63, 64, 200),
			Warp:    [2]int64{pick(0, 4, 8), pick(0, 1, 4)},
			Align:   pick(0, 0, 8, 32),
			Rows:    pick(0, 0, 9),
			Atomic:  []string{"", "cas32"}[rng.IntN(2)],
		}
		if n := names[rng.IntN(len(names))]; n == "bits" {
			c.Elem, _ = layout.ElemOfBits(int(pick(1, 2, 4, 6, 8, 16, 32, 64)))
		} else {
			c.Elem, _ = layout.ElemByName(n)
		}
		if c.Class.Predicated() {
			c.Extent = [2]int64{pick(0, 64, 200), pick(0, 5, 19)}
			if (c.Extent[0] == 0) != (c.Extent[1] == 0) {
				c.Extent = [2]int64{}
			}
			c.TB = [2]int64{pick(0, 0, 32), pick(0, 2)}
			c.AccessElems = int(pick(0, 1, 2))
		}
		if _, err := Validate(c); err != nil {
			continue
		}
		if !c.Map.Warp() {
			c.Warp = [2]int64{}
		}
		checked++
		back, err := ParseConfig(c.String())
		require.NoError(t, err, "config %+v renders as %q, which parses to %+v", c, c.String(), back)
		require.Equal(t, c, back, "config %+v renders as %q, which parses to %+v, %v", c, c.String(), back, err)
	}
	require.GreaterOrEqual(t, checked, 100, "only %d of the generated configurations were valid; the generator no longer exercises the round trip", checked)
}
