package cxx

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tilecheck/tilecheck/cuda"
)

// program is a built translation unit: its binary and, for each entry it
// was given, the index in its table, or the reason the entry was left out.
type program struct {
	bin      string
	cached   bool
	slot     []int    // entry -> table index; -1 when rejected
	rejected []string // entry -> why the compiler refused it
}

// buildEntries compiles entries into one program, leaving out each entry
// the compiler refuses and recording why. A build error that names no
// entry is an infrastructure failure, returned as the *cuda.CompileError.
func buildEntries(ctx context.Context, tc cuda.Toolchain, entries []entry) (*program, error) {
	p := &program{slot: make([]int, len(entries)), rejected: make([]string, len(entries))}
	live := make([]int, len(entries)) // table index -> entry
	for i := range live {
		live[i] = i
	}
	for attempt := 1; ; attempt++ {
		es := make([]entry, len(live))
		for k, i := range live {
			es[k] = entries[i]
		}
		bin, cached, err := tc.Build(ctx, source(es))
		if err == nil {
			p.bin, p.cached = bin, cached
			for i := range p.slot {
				p.slot[i] = -1
			}
			for k, i := range live {
				p.slot[i] = k
			}
			return p, nil
		}
		var ce *cuda.CompileError
		if !errors.As(err, &ce) || ctx.Err() != nil {
			return nil, err
		}
		blamed := attribute(ce.Output)
		// Each rebuild must blame a new entry, so there are at most as many
		// builds as entries. Usually one rebuild suffices, but g++
		// instantiates a template once per unit and reports its failure
		// once, against the first entry that needed it: another entry
		// needing the same failing instantiation (several dynamic profiles
		// calling complement on one rank-2 dynamic layout type) is blamed
		// only in the next build. A cached failure replays in milliseconds.
		if len(blamed) == 0 || attempt > len(entries) {
			return nil, err
		}
		var keep []int
		for k, i := range live {
			if msg, ok := blamed[k]; ok {
				p.rejected[i] = msg
			} else {
				keep = append(keep, i)
			}
		}
		live = keep
	}
}

// entryRef matches a diagnostic line located in a generated entry, which
// source names "tc_entry_<i>" with #line.
var entryRef = regexp.MustCompile(`^tc_entry_(\d+):\d+`)

// attribute reads g++'s (or clang's, or nvcc's) diagnostics and blames
// each error on the entry named by the nearest location line at or before
// it since the previous error: g++ prints an instantiation's context ("In
// instantiation of ...", "... required from here") before the error it
// leads to. It gives each blamed entry's reason: "static_assert: <message>"
// for a failed static assertion (preferred when an entry has several
// errors: it is CuTe's own refusal, the rest its fallout), else "compile
// error: <the first error>".
func attribute(out string) map[int]string {
	blamed := map[int]string{}
	cur := -1
	for _, line := range strings.Split(out, "\n") {
		if m := entryRef.FindStringSubmatch(line); m != nil {
			cur, _ = strconv.Atoi(m[1])
		}
		at := strings.Index(line, "error: ")
		if at < 0 {
			at = strings.Index(line, "error : ") // nvcc's front end
		}
		if at < 0 {
			continue
		}
		if cur >= 0 {
			msg := reason(line[at+strings.Index(line[at:], ":")+1:])
			if old, ok := blamed[cur]; !ok || (!strings.HasPrefix(old, "static_assert") && strings.HasPrefix(msg, "static_assert")) {
				blamed[cur] = msg
			}
		}
		cur = -1
	}
	return blamed
}

func reason(msg string) string {
	msg = strings.TrimSpace(msg)
	for _, p := range []string{"static assertion failed", "static_assert failed"} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			rest = strings.Trim(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ":")), `"`)
			if rest == "" {
				return "static_assert"
			}
			return "static_assert: " + rest
		}
	}
	return "compile error: " + msg
}

// preflight builds and runs the smallest CuTe program, so that a wrong
// include directory, a missing compiler or headers that do not compile on
// their own fail at once, with what is missing named.
func preflight(ctx context.Context, tc cuda.Toolchain, include string) error {
	if err := tc.Check(); err != nil {
		return err
	}
	src := "#include <cute/layout.hpp>\n#include <cute/swizzle_layout.hpp>\n#include <cstdio>\n" +
		"int main() { cute::print(cute::make_layout(cute::make_shape(cute::Int<2>{}, 3))); std::printf(\"\\n\"); }\n"
	bin, _, err := tc.Build(ctx, []byte(src))
	if err != nil {
		return fmt.Errorf("cute/cxx: CuTe's headers under --include %s do not compile: %w", include, err)
	}
	out, err := runSmall(ctx, bin)
	if err != nil {
		return fmt.Errorf("cute/cxx: the preflight program built from --include %s failed: %w", include, err)
	}
	if got := strings.TrimSpace(out); got != "(_2,3):(_1,_2)" {
		return fmt.Errorf("cute/cxx: CuTe from --include %s prints make_layout(make_shape(Int<2>{},3)) as %q, not (_2,3):(_1,_2): its print notation is not the one tilecheck reads", include, got)
	}
	return nil
}
