package mytile_test

import (
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The pages this package holds to what they say: the front page and the
// user guide. Every tilecheck command in their fenced code blocks is run
// (commands_test.go), and every relative link and anchor in them must
// resolve (TestLinksResolve).
func pages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	require.NoError(t, err, "no docs/*.md")
	require.NotEmpty(t, docs, "no docs/*.md")
	return append([]string{filepath.Join(repoRoot, "README.md")}, docs...)
}

// repoRoot is the module's root, from this package's directory.
const repoRoot = "../.."

func readPage(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

func rel(path string) string {
	if r, err := filepath.Rel(repoRoot, path); err == nil {
		return r
	}
	return path
}

// block is one fenced code block of a page: its info string, its lines
// and the line number (1-based) of its first line.
type block struct {
	info  string
	lines []string
	line  int
}

// fencedBlocks splits a page into its fenced code blocks (``` fences) and
// the prose outside them, which keeps the line count: a line inside a
// block is blank in prose.
func fencedBlocks(page string) (blocks []block, prose []string) {
	var cur *block
	for i, l := range strings.Split(page, "\n") {
		trimmed := strings.TrimSpace(l)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			cur = &block{info: strings.TrimSpace(strings.TrimPrefix(trimmed, "```")), line: i + 2}
			prose = append(prose, "")
		case cur != nil && trimmed == "```":
			blocks = append(blocks, *cur)
			cur = nil
			prose = append(prose, "")
		case cur != nil:
			cur.lines = append(cur.lines, l)
			prose = append(prose, "")
		default:
			prose = append(prose, l)
		}
	}
	return blocks, prose
}

// anchors lists the anchors a page defines: GitHub's slug of each heading
// (lower case, punctuation dropped, spaces to hyphens, a repeated slug
// numbered -1, -2, …) and every <a id="…"> or <a name="…">.
func anchors(page string) map[string]bool {
	_, prose := fencedBlocks(page)
	out := map[string]bool{}
	seen := map[string]int{}
	explicit := regexp.MustCompile(`<a (?:id|name)="([^"]+)"`)
	for _, l := range prose {
		for _, m := range explicit.FindAllStringSubmatch(l, -1) {
			out[m[1]] = true
		}
		rest := strings.TrimLeft(l, "#")
		if level := len(l) - len(rest); level == 0 || level > 6 || !strings.HasPrefix(rest, " ") {
			continue
		}
		slug := slugify(strings.TrimSpace(rest))
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// slugify is GitHub's heading anchor: lower case; letters, digits,
// spaces, hyphens and underscores kept, everything else dropped; each
// space a hyphen.
func slugify(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// TestLinksResolve: every relative link of README.md and docs/*.md names
// a file or directory that exists, and every anchor (#…) one that its
// target page defines. Links in code are not links.
func TestLinksResolve(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	code := regexp.MustCompile("`[^`]*`")
	files := append(pages(t), filepath.Join(repoRoot, "evidence", "REAL-CUTLASS.md"))
	checked := 0
	for _, path := range files {
		page := readPage(t, path)
		_, prose := fencedBlocks(page)
		for n, l := range prose {
			for _, m := range link.FindAllStringSubmatch(code.ReplaceAllString(l, ""), -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				checked++
				file, anchor, _ := strings.Cut(target, "#")
				dest := path
				if file != "" {
					dest = filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
				}
				if _, err := os.Stat(dest); !assert.NoError(t, err, "%s:%d: link %q: %v", rel(path), n+1, target, err) {
					continue
				}
				if anchor == "" {
					continue
				}
				if !assert.True(t, strings.HasSuffix(dest, ".md"), "%s:%d: link %q: an anchor into a file that is not Markdown", rel(path), n+1, target) {
					continue
				}
				assert.True(t, anchors(readPage(t, dest))[anchor], "%s:%d: link %q: %s has no anchor #%s", rel(path), n+1, target, rel(dest), anchor)
			}
		}
	}
	require.NotZero(t, checked, "no relative link found: the link pattern no longer matches the pages")
	t.Logf("%d relative links checked", checked)
}

// TestSlugify holds the anchor rule to GitHub's on headings the pages use.
func TestSlugify(t *testing.T) {
	for heading, want := range map[string]string{
		"P-oracle":                              "p-oracle",
		"Exit statuses":                         "exit-statuses",
		"What it finds in CUTLASS":              "what-it-finds-in-cutlass",
		"cutlass-pre3049":                       "cutlass-pre3049",
		"The engine against a closed-form loop": "the-engine-against-a-closed-form-loop",
		"Progress, interrupting, output":        "progress-interrupting-output",
		"`tilecheck check`: replay":             "tilecheck-check-replay",
	} {
		assert.Equal(t, want, slugify(heading), "slugify(%q)", heading)
	}
}
