package iterator

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseConfig: no input panics; every error is a *SyntaxError; and a
// configuration that parses renders to a string that parses back to it.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64",
		"elem=f16,shape=64x8,map=warp-raked,threads=32,warp=8x4,access=8,adv=1,stride=64",
		"layout=rowmajor bits=6 shape=8x128 map=warp-striped threads=256 warp=16x2 access=1 align=2 rows=9 atomic=cas32",
		"class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=200x19 tb=64x0 access_elems=4",
		"elem=u4 shape=128x8 threads=32 access=32 stride=9223372036854775807",
		"elem=f32 shape=64x8 threads=32 access=4 shape=1x1",
		"elem=f32 shape=64X-8 threads=0 access=",
		"=,= x=",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseConfig(s)
		if err != nil {
			var se *SyntaxError
			require.ErrorAs(t, err, &se, "ParseConfig(%q): error %T %v is not a *SyntaxError", s, err, err)
			return
		}
		text := c.String()
		back, err := ParseConfig(text)
		require.NoError(t, err, "ParseConfig(%q) ok, but its String %q does not parse", s, text)
		require.Equal(t, c, back, "round trip of %q via %q:\n got %+v\nwant %+v", s, text, back, c)
	})
}

// FuzzParseProgram: no input panics; every error is a *SyntaxError; and a
// program that parses renders to a string that parses back to it.
func FuzzParseProgram(f *testing.F) {
	for _, s := range []string{
		"load();add_tile_offset(1,0);load()",
		" store ( -1 , 2 ) ; inc ; dec ; ++;--;",
		"load_with_pointer_offset(8);store_with_pointer_offset(-9223372036854775808);add_pointer_offset(9223372036854775807)",
		"accesses();clear_mask;enable_mask();accesses",
		"load(1,);store((1,2));inc(3);lode()",
		";;",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseProgram(s)
		if err != nil {
			var se *SyntaxError
			require.ErrorAs(t, err, &se, "ParseProgram(%q): error %T %v is not a *SyntaxError", s, err, err)
			return
		}
		require.NotEmpty(t, p, "ParseProgram(%q) returned an empty program without an error", s)
		text := p.String()
		back, err := ParseProgram(text)
		require.NoError(t, err, "ParseProgram(%q) ok, but its String %q does not parse", s, text)
		require.Equal(t, p, back, "round trip of %q via %q: got %v, want %v", s, text, back, p)
	})
}
