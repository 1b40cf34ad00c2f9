package iterator

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/layout"
)

// SyntaxError is a configuration or op program that does not parse. It names
// the bad token by its 1-based index and the 1-based byte column where it
// starts, so that a long command line can be fixed without counting by hand.
type SyntaxError struct {
	Input  string // "config" or "ops"
	Unit   string // "token" or "op"
	Index  int    // 1-based; 0 when the problem is the input as a whole
	Column int    // 1-based byte column of the token
	Token  string
	Msg    string
}

func (e *SyntaxError) Error() string {
	if e.Index == 0 {
		return fmt.Sprintf("%s: %s", e.Input, e.Msg)
	}
	return fmt.Sprintf("%s: %s %d %q (column %d): %s", e.Input, e.Unit, e.Index, e.Token, e.Column, e.Msg)
}

// token is one piece of the input and where it starts.
type token struct {
	text   string
	column int // 1-based
}

// splitTokens splits s at every byte for which isSep is true, keeping empty
// pieces only when keepEmpty is set (the op grammar must see `;;`).
func splitTokens(s string, isSep func(byte) bool, keepEmpty bool) []token {
	var toks []token
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && !isSep(s[i]) {
			continue
		}
		if i > start || keepEmpty {
			toks = append(toks, token{text: s[start:i], column: start + 1})
		}
		start = i + 1
	}
	return toks
}

func isConfigSep(b byte) bool { return b == ' ' || b == ',' || b == '\t' || b == '\n' || b == '\r' }

// Value ranges. Counts that CUTLASS takes as `int` template parameters are
// limited to int32; extents and pitches are int64 (LongIndex).
const maxInt32 = math.MaxInt32

// parseInt parses a decimal integer in [lo, hi], with a message that says
// which range was wanted.
func parseInt(s string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err == nil && (v < lo || v > hi) {
		err = strconv.ErrRange
	}
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			switch {
			case lo == math.MinInt64 && hi == math.MaxInt64:
				return 0, fmt.Errorf("%q does not fit in int64", s)
			case hi == math.MaxInt64:
				return 0, fmt.Errorf("%q out of range (want an integer >= %d that fits in int64)", s, lo)
			}
			return 0, fmt.Errorf("%q out of range (want %d..%d)", s, lo, hi)
		}
		return 0, fmt.Errorf("%q is not a decimal integer", s)
	}
	return v, nil
}

// parsePair parses `AxB` (a lower-case or upper-case x) with both parts in [lo, math.MaxInt64].
func parsePair(s string, lo int64) ([2]int64, error) {
	i := strings.IndexAny(s, "xX")
	if i < 0 {
		return [2]int64{}, fmt.Errorf("want AxB, e.g. 64x8")
	}
	var p [2]int64
	for k, part := range []string{s[:i], s[i+1:]} {
		v, err := parseInt(part, lo, math.MaxInt64)
		if err != nil {
			return p, fmt.Errorf("want AxB with integers >= %d: %v", lo, err)
		}
		p[k] = v
	}
	return p, nil
}

// configKeys parses each key's value into the configuration. Keys not
// listed here are rejected.
var configKeys = map[string]func(c *Config, v string) error{
	"class": func(c *Config, v string) (err error) { c.Class, err = ClassByName(v); return },
	"layout": func(c *Config, v string) (err error) {
		c.Layout, err = layout.KindByName(v)
		return
	},
	"elem": func(c *Config, v string) (err error) { c.Elem, err = layout.ElemByName(v); return },
	"bits": func(c *Config, v string) error {
		n, err := parseInt(v, 1, 64)
		if err == nil {
			c.Elem, err = layout.ElemOfBits(int(n))
		}
		return err
	},
	"shape": func(c *Config, v string) (err error) { c.Shape, err = parsePair(v, 1); return },
	"map":   func(c *Config, v string) (err error) { c.Map, err = MapKindByName(v); return },
	"threads": func(c *Config, v string) error {
		n, err := parseInt(v, 1, maxInt32)
		c.Threads = int(n)
		return err
	},
	"access": func(c *Config, v string) error {
		n, err := parseInt(v, 1, maxInt32)
		c.Access = int(n)
		return err
	},
	"adv": func(c *Config, v string) error {
		n, err := parseInt(v, 0, 1)
		c.Adv = int(n)
		return err
	},
	"stride": func(c *Config, v string) (err error) { c.Stride, err = parseInt(v, 1, math.MaxInt64); return },
	"warp":   func(c *Config, v string) (err error) { c.Warp, err = parsePair(v, 1); return },
	"align":  func(c *Config, v string) (err error) { c.Align, err = parseInt(v, 1, maxInt32); return },
	"rows":   func(c *Config, v string) (err error) { c.Rows, err = parseInt(v, 1, math.MaxInt64); return },
	"atomic": func(c *Config, v string) error {
		if v != "cas32" {
			return fmt.Errorf("unknown atomic mode %q (want cas32)", v)
		}
		c.Atomic = v
		return nil
	},
	"extent": func(c *Config, v string) (err error) { c.Extent, err = parsePair(v, 1); return },
	"tb":     func(c *Config, v string) (err error) { c.TB, err = parsePair(v, 0); return },
	"access_elems": func(c *Config, v string) error {
		n, err := parseInt(v, 1, maxInt32)
		c.AccessElems = int(n)
		return err
	},
}

// DefaultAdv is the advance rank when a configuration gives no adv= key:
// rank 1, the strided dimension, as in every worked example.
const DefaultAdv = 1

// ParseConfig parses a configuration: space- or
// comma-separated key=value tokens. elem= (or bits=), shape=, threads= and
// access= are required; map defaults to stripmined, layout to pitchlinear,
// class to RegularTileIterator, adv to DefaultAdv, stride to the contiguous
// extent. warp= is required by, and only allowed with, the warp maps;
// extent=, tb= and access_elems= only with the predicated classes. The
// result is syntactically valid only: CUTLASS's static constraints (Sc % V
// and so on) are checked by the thread map.
func ParseConfig(s string) (Config, error) {
	c := Config{Adv: DefaultAdv}
	toks := splitTokens(s, isConfigSep, false)
	if len(toks) == 0 {
		return Config{}, &SyntaxError{Input: "config", Msg: "empty configuration (want e.g. elem=f32 shape=64x8 threads=32 access=4)"}
	}
	seen := map[string]int{} // key -> 1-based token index
	bad := func(i int, format string, args ...any) error {
		return &SyntaxError{Input: "config", Unit: "token", Index: i + 1, Column: toks[i].column, Token: toks[i].text, Msg: fmt.Sprintf(format, args...)}
	}
	for i, t := range toks {
		key, val, ok := strings.Cut(t.text, "=")
		if !ok || key == "" {
			return Config{}, bad(i, "want key=value")
		}
		set, known := configKeys[key]
		if !known {
			return Config{}, bad(i, "unknown key %q (want one of %s)", key, strings.Join(configKeyNames(), " "))
		}
		group := key
		if key == "bits" {
			group = "elem" // elem= and bits= name the same thing
		}
		if prev, dup := seen[group]; dup {
			return Config{}, bad(i, "%s given twice (first at token %d)", group, prev)
		}
		seen[group] = i + 1
		if val == "" {
			return Config{}, bad(i, "empty value for %s", key)
		}
		if err := set(&c, val); err != nil {
			return Config{}, bad(i, "%v", err)
		}
	}
	at := func(key string) error { // an error pointing at the key's token
		i := seen[key] - 1
		return bad(i, "%s= %s", key, map[string]string{
			"warp":         "only applies to the warp maps (warp-raked, warp-striped, warp-striped-3131)",
			"extent":       "only applies to the predicated classes",
			"tb":           "only applies to the predicated classes",
			"access_elems": "only applies to the predicated classes",
		}[key])
	}
	for _, req := range []string{"elem", "shape", "threads", "access"} {
		if seen[req] == 0 {
			name := req + "="
			if req == "elem" {
				name = "elem= (or bits=)"
			}
			return Config{}, &SyntaxError{Input: "config", Msg: "missing required key " + name}
		}
	}
	if c.Map.Warp() && seen["warp"] == 0 {
		return Config{}, &SyntaxError{Input: "config", Msg: fmt.Sprintf("map=%s needs warp=WCxWS (threads per warp, contiguous x strided)", c.Map)}
	}
	if !c.Map.Warp() && seen["warp"] != 0 {
		return Config{}, at("warp")
	}
	if !c.Class.Predicated() {
		for _, k := range []string{"extent", "tb", "access_elems"} {
			if seen[k] != 0 {
				return Config{}, at(k)
			}
		}
	}
	return c, nil
}

func configKeyNames() []string {
	names := slices.Sorted(maps.Keys(configKeys))
	return names
}

// opAliases are accepted spellings of the argument-less ops besides their names.
var opAliases = map[string]OpKind{"++": Inc, "--": Dec}

// ParseProgram parses an op program: `;`-separated calls such
// as `load();add_tile_offset(1,0);load()`. Whitespace around names, brackets
// and arguments is ignored, one trailing `;` is allowed, and an op without
// arguments may be written with or without `()`. `load` and `store` take no
// arguments or a tile offset (c,s). Arguments are decimal int64s, negative
// allowed; the models narrow them as the C++ does.
func ParseProgram(s string) (Program, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &SyntaxError{Input: "ops", Msg: "empty program (want e.g. load();add_tile_offset(1,0);load())"}
	}
	segs := splitTokens(s, func(b byte) bool { return b == ';' }, true)
	if n := len(segs); n > 1 && strings.TrimSpace(segs[n-1].text) == "" {
		segs = segs[:n-1] // a trailing `;`
	}
	var prog Program
	for i, seg := range segs {
		op, err := parseOp(seg.text)
		if err != nil {
			return nil, &SyntaxError{Input: "ops", Unit: "op", Index: i + 1, Column: seg.column, Token: strings.TrimSpace(seg.text), Msg: err.Error()}
		}
		prog = append(prog, op)
	}
	return prog, nil
}

// parseOp parses one call: a name, optionally followed by `(args)`.
func parseOp(text string) (Op, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return Op{}, errors.New("empty op")
	}
	if k, ok := opAliases[text]; ok {
		return Op{Kind: k}, nil
	}
	name, args := text, []string(nil)
	if open := strings.IndexByte(text, '('); open >= 0 {
		if !strings.HasSuffix(text, ")") {
			return Op{}, errors.New("missing closing )")
		}
		name = strings.TrimSpace(text[:open])
		inner := text[open+1 : len(text)-1]
		if strings.ContainsAny(inner, "()") {
			return Op{}, errors.New("unbalanced brackets")
		}
		if strings.TrimSpace(inner) != "" {
			args = strings.Split(inner, ",")
		}
	} else if strings.ContainsAny(text, ")") {
		return Op{}, errors.New("missing opening (")
	}
	kinds := opKindsNamed(name)
	if len(kinds) == 0 {
		return Op{}, fmt.Errorf("unknown op %q (want one of %s)", name, strings.Join(opNames(), " "))
	}
	var arities []string
	for _, k := range kinds {
		if opSyntax[k].nargs == len(args) {
			return buildOp(k, args)
		}
		arities = append(arities, strconv.Itoa(opSyntax[k].nargs))
	}
	return Op{}, fmt.Errorf("%s takes %s argument(s), got %d", name, strings.Join(arities, " or "), len(args))
}

func buildOp(k OpKind, args []string) (Op, error) {
	op := Op{Kind: k}
	dst := []*int64{&op.A, &op.B}
	for i, a := range args {
		v, err := parseInt(strings.TrimSpace(a), math.MinInt64, math.MaxInt64)
		if err != nil {
			return Op{}, fmt.Errorf("argument %d: %v", i+1, err)
		}
		*dst[i] = v
	}
	return op, nil
}

// opKindsNamed lists the op kinds spelled name, fewest arguments first.
func opKindsNamed(name string) []OpKind {
	var kinds []OpKind
	for k, s := range opSyntax {
		if s.name == name {
			kinds = append(kinds, OpKind(k))
		}
	}
	return kinds
}

func opNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, s := range opSyntax {
		if !seen[s.name] {
			seen[s.name] = true
			names = append(names, s.name)
		}
	}
	return names
}
