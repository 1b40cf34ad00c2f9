package diff

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// width is the text report's line width.
const width = 100

// JSON writes the report as indented JSON.
func JSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// Text writes the report for a terminal, no line over 100 columns.
func Text(w io.Writer, r *Report) {
	p := &printer{w: w}
	p.line("", headline(r))
	if r.Command != "" {
		p.line("", "command:")
		p.command("  ", r.Command)
	}
	for _, s := range []struct {
		name string
		side SideReport
	}{{"A", r.A}, {"B", r.B}} {
		p.line("", fmt.Sprintf("%s: %s (%s)", s.name, s.side.Label, kind(s.side)))
		for _, m := range s.side.Matches {
			p.line("     ", "   "+matchText(m))
		}
		if n := len(s.side.Left); n > 0 {
			p.line("     ", fmt.Sprintf("   left out: %d (%d reasons; e.g. %s)", n, len(leftReasons(s.side.Left)), leftReasons(s.side.Left)[0]))
		}
	}
	if len(r.Groups) > 0 {
		p.line("", "")
		p.line("", "Changed (class · call path · configuration class):")
	}
	for _, g := range r.Groups {
		p.line("      ", fmt.Sprintf("  %s · %s · %s", g.Class, g.Path, g.ConfigClass))
		p.line("      ", "    "+groupCounts(g))
		for _, e := range g.Examples {
			p.line("        ", "    - "+e.Config)
			p.line("        ", fmt.Sprintf("      ops '%s': thread %d, op %d %s, access %d:", e.Program, e.Thread, e.Op, e.Call, e.Access))
			p.line("          ", fmt.Sprintf("        A %s; B %s", accessText(e.A), accessText(e.B)))
			if e.Replay != "" {
				p.line("", "      replay:")
				p.command("          ", e.Replay)
			}
		}
	}
	if len(r.Unpaired) > 0 {
		p.line("", "")
		p.line("", "Ran on one side only:")
	}
	for _, u := range r.Unpaired {
		p.line("      ", fmt.Sprintf("  %s only: %s, %s: %s in %s (smallest %s)", u.Side, u.Class, unpairedWhat(u),
			plural(u.Programs, "pair"), plural(u.Configs, "configuration"), u.ExampleConfig))
	}
	p.line("", "")
	p.line("", verdictText(r))
}

// Markdown writes the report as GitHub-flavoured Markdown.
func Markdown(w io.Writer, r *Report) {
	fmt.Fprintf(w, "# tilecheck diff\n\n")
	if r.Command != "" {
		fmt.Fprintf(w, "```\n%s\n```\n\n", r.Command)
	}
	fmt.Fprintf(w, "%s\n\n", headline(r))
	fmt.Fprintf(w, "| side | tree or model | class | matches |\n|---|---|---|---|\n")
	for _, s := range []struct {
		name string
		side SideReport
	}{{"A", r.A}, {"B", r.B}} {
		for i, m := range s.side.Matches {
			name, label := s.name, fmt.Sprintf("`%s` (%s)", s.side.Label, kind(s.side))
			if i > 0 {
				name, label = "", ""
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", name, label, m.Class, mdCell(strings.TrimPrefix(matchText(m), m.Class+": ")))
		}
		if len(s.side.Matches) == 0 {
			fmt.Fprintf(w, "| %s | `%s` (%s) | | nothing compared |\n", s.name, s.side.Label, kind(s.side))
		}
	}
	for _, s := range []struct {
		name string
		side SideReport
	}{{"A", r.A}, {"B", r.B}} {
		if n := len(s.side.Left); n > 0 {
			fmt.Fprintf(w, "\n%s left out %d:\n\n", s.name, n)
			for _, r := range leftReasons(s.side.Left) {
				fmt.Fprintf(w, "- %s\n", r)
			}
		}
	}
	if len(r.Groups) > 0 {
		fmt.Fprintf(w, "\n## Changed\n\n| class | call path | configuration class | configurations | pairs | accesses | what |\n|---|---|---|---|---|---|---|\n")
		for _, g := range r.Groups {
			fmt.Fprintf(w, "| %s | `%s` | %s | %d | %d | %d | %s |\n", g.Class, g.Path, g.ConfigClass, g.Configs, g.Pairs, g.Accesses, strings.Join(g.What, ", "))
		}
		fmt.Fprintf(w, "\n## Smallest cases\n")
		for _, g := range r.Groups {
			fmt.Fprintf(w, "\n### %s · `%s` · %s\n\n", g.Class, g.Path, g.ConfigClass)
			for _, e := range g.Examples {
				fmt.Fprintf(w, "- `%s`, ops `%s`: thread %d, op %d `%s`, access %d: A %s; B %s\n",
					e.Config, e.Program, e.Thread, e.Op, e.Call, e.Access, accessText(e.A), accessText(e.B))
				if e.Replay != "" {
					fmt.Fprintf(w, "\n  ```\n  %s\n  ```\n", e.Replay)
				}
			}
		}
	}
	if len(r.Unpaired) > 0 {
		fmt.Fprintf(w, "\n## Ran on one side only\n\n| side | class | program | pairs | configurations | smallest |\n|---|---|---|---|---|---|\n")
		for _, u := range r.Unpaired {
			fmt.Fprintf(w, "| %s | %s | %s | %d | %d | `%s` |\n", u.Side, u.Class, mdCell(unpairedWhat(u)), u.Programs, u.Configs, u.ExampleConfig)
		}
	}
	fmt.Fprintf(w, "\n**%s**\n", verdictText(r))
}

// headline is the report's first line.
func headline(r *Report) string {
	s := fmt.Sprintf("tilecheck diff: %d of %d accesses differ in %s (%s compared)",
		r.Differing, r.Accesses, plural(len(r.Groups), "group"), plural(r.Pairs, "pair"))
	if r.Preset != "" {
		s += fmt.Sprintf("; preset %s", r.Preset)
	}
	if len(r.Classes) > 0 {
		s += "; " + strings.Join(r.Classes, ", ")
	}
	return s
}

// verdictText is the report's last line.
func verdictText(r *Report) string {
	switch {
	case r.Pairs == 0:
		return "nothing compared: the two sides ran no case in common"
	case r.Differs():
		return fmt.Sprintf("DIFFERENT: %s changed, %s ran on one side only",
			plural(len(r.Groups), "group"), plural(len(r.Unpaired), "program group"))
	}
	return "no difference: every access compared is the same on both sides"
}

func kind(s SideReport) string {
	if s.Compiled {
		return "compiled"
	}
	return "Go model"
}

// matchText is one Match in the reports' words.
func matchText(m Match) string {
	if m.Differ == 0 {
		also := ""
		if len(m.Also) > 0 {
			also = " (also matched by " + strings.Join(m.Also, ", ") + ")"
		}
		return fmt.Sprintf("%s: matches %s on every access compared (%d)%s", m.Class, m.Model, m.Compared, also)
	}
	return fmt.Sprintf("%s: no built-in model matches; %s differs least (%d of %d accesses)",
		m.Class, m.Model, m.Differ, m.Compared)
}

// groupCounts is a group's counts and what differed.
func groupCounts(g Group) string {
	return fmt.Sprintf("%s in %s over %s differ (%s)", plural(int(g.Accesses), "access"),
		plural(g.Pairs, "pair"), plural(g.Configs, "configuration"), strings.Join(g.What, ", "))
}

// accessText is one side's access in an example.
func accessText(a Access) string {
	if !a.Present {
		return "no such access"
	}
	var parts []string
	if a.Addr != nil {
		parts = append(parts, "address "+strconv.FormatInt(*a.Addr, 10))
	} else {
		parts = append(parts, "address not seen")
	}
	parts = append(parts, fmt.Sprintf("width %d", a.Width))
	if a.Guard != nil {
		parts = append(parts, fmt.Sprintf("guard %t", *a.Guard))
	}
	return strings.Join(parts, ", ")
}

// leftReasons lists the distinct reasons of what a side left out, each
// with its count.
func leftReasons(left []Left) []string {
	count := map[string]int{}
	var order []string
	for _, l := range left {
		if count[l.Reason] == 0 {
			order = append(order, l.Reason)
		}
		count[l.Reason]++
	}
	slices.Sort(order)
	parts := make([]string, len(order))
	for i, r := range order {
		parts[i] = fmt.Sprintf("%d× %s", count[r], r)
	}
	return parts
}

// unpairedWhat says what of a class ran on one side only.
func unpairedWhat(u Unpaired) string {
	if u.Program == "" {
		return "every program (the other side ran nothing of these configurations)"
	}
	return "'" + u.Program + "'"
}

// plural is n and noun, made plural unless n is 1.
func plural(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// mdCell escapes a table cell's pipes.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// printer writes lines wrapped at width, continuation lines indented.
type printer struct{ w io.Writer }

// line writes s, wrapped at spaces (a word longer than a line is cut), the
// lines after the first prefixed with indent.
func (p *printer) line(indent, s string) {
	for first := true; ; first = false {
		if !first {
			s = indent + s
		}
		if len([]rune(s)) <= width {
			fmt.Fprintln(p.w, s)
			return
		}
		r := []rune(s)
		cut := strings.LastIndex(string(r[:width]), " ")
		if cut <= len(indent) {
			cut = len(string(r[:width]))
			fmt.Fprintln(p.w, s[:cut])
			s = s[cut:]
			continue
		}
		fmt.Fprintln(p.w, s[:cut])
		s = strings.TrimLeft(s[cut:], " ")
	}
}

// command writes a shell command at indent, broken where a line would pass
// width with a trailing backslash, so that it can be pasted as it is. A
// single-quoted word too long for a line is split after a space or a
// semicolon into quoted pieces, the lines after the first starting at
// column 0 (the shell joins 'a '\<newline>'b' into one word).
func (p *printer) command(indent, s string) {
	line := indent
	for _, w := range shellWords(s) {
		sep := " "
		if line == indent || line == indent+"  " {
			sep = ""
		}
		if len(line)+len(sep)+len(w)+2 <= width {
			line += sep + w
			continue
		}
		if line != indent {
			fmt.Fprintln(p.w, line+" \\")
			line = indent + "  "
		}
		if len(line)+len(w)+2 <= width || !strings.HasPrefix(w, "'") {
			line += w
			continue
		}
		pieces := quotedPieces(w[1:len(w)-1], width-len(line)-4)
		for i, piece := range pieces {
			if i < len(pieces)-1 {
				fmt.Fprintln(p.w, line+"'"+piece+"'\\")
				line = ""
			} else {
				line += "'" + piece + "'"
			}
		}
	}
	fmt.Fprintln(p.w, line)
}

// shellWords splits s at spaces outside single quotes.
func shellWords(s string) []string {
	var words []string
	quoted, start := false, 0
	for i, c := range s {
		switch {
		case c == '\'':
			quoted = !quoted
		case c == ' ' && !quoted:
			if i > start {
				words = append(words, s[start:i])
			}
			start = i + 1
		}
	}
	if start < len(s) {
		words = append(words, s[start:])
	}
	return words
}

// quotedPieces splits s after spaces and semicolons into pieces of at most
// first bytes for the first and width-4 for the rest (a piece with no
// such break is cut where it must be).
func quotedPieces(s string, first int) []string {
	var out []string
	limit := max(first, 16)
	for len(s) > limit {
		cut := strings.LastIndexAny(s[:limit], " ;") + 1
		if cut <= 0 {
			cut = limit
		}
		out = append(out, s[:cut])
		s = s[cut:]
		limit = width - 4
	}
	return append(out, s)
}
