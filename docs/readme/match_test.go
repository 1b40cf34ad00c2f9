package mytile_test

import (
	"fmt"
	"github.com/stretchr/testify/assert"
	"strings"
	"testing"
)

// shellWords splits a command line as sh would: words separated by
// blanks, '…' and "…" quoting, and a comment from an unquoted # that
// starts a word.
func shellWords(s string) (words []string, comment string, err error) {
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case ch == '#' && !inWord:
			return words, strings.TrimSpace(s[i+1:]), nil
		case ch == '\'' || ch == '"':
			end := strings.IndexByte(s[i+1:], ch)
			if end < 0 {
				return nil, "", fmt.Errorf("unterminated %c quote in %q", ch, s)
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, "", nil
}

// lineMatches compares one shown line with one printed line.
func lineMatches(shown, printed string) bool {
	if prefix, ok := strings.CutSuffix(shown, "..."); ok && prefix != "" {
		return strings.HasPrefix(printed, prefix)
	}
	return shown == printed
}

// matchOutput holds the printed lines to the shown ones (the rules are
// at the top of commands_test.go); it returns what differs, or "".
func matchOutput(shown, printed []string) string {
	if shown[0] == "..." {
		return "the shown output must begin with the first line printed, not \"...\""
	}
	if !lineMatches(shown[0], printed[0]) {
		return fmt.Sprintf("first line printed:\n\t%s\nthe page shows:\n\t%s", printed[0], shown[0])
	}
	at, gap := 0, false
	for _, s := range shown[1:] {
		if s == "..." {
			gap = true
			continue
		}
		next := -1
		for j := at + 1; j < len(printed); j++ {
			if lineMatches(s, printed[j]) {
				next = j
				break
			}
			if !gap {
				break
			}
		}
		if next < 0 {
			after := "(the end of the output)"
			if at+1 < len(printed) {
				after = printed[at+1]
			}
			return fmt.Sprintf("the page shows\n\t%s\nafter\n\t%s\nbut the command printed next\n\t%s", s, printed[at], after)
		}
		at, gap = next, false
	}
	if !gap && at != len(printed)-1 {
		return fmt.Sprintf("the command printed %d more lines than the page shows (end the shown output with \"...\"), from\n\t%s", len(printed)-1-at, printed[at+1])
	}
	return ""
}

// TestOutputMatching holds the comparison rules to what they promise.
func TestOutputMatching(t *testing.T) {
	printed := []string{"a", "b", "c", "d"}
	for _, tc := range []struct {
		shown []string
		ok    bool
	}{
		{[]string{"a", "b", "c", "d"}, true},
		{[]string{"a", "..."}, true},
		{[]string{"a", "...", "d"}, true},
		{[]string{"a", "...", "c", "..."}, true},
		{[]string{"a", "c", "..."}, false}, // c is not the line after a
		{[]string{"a", "b"}, false},        // more was printed
		{[]string{"b", "..."}, false},      // not the first line
		{[]string{"...", "d"}, false},      // the first line must be shown
		{[]string{"a", "...", "e"}, false},
		{[]string{"...", "..."}, false},
	} {
		assert.Equal(t, tc.ok, matchOutput(tc.shown, printed) == "", "matchOutput(%q) ok", tc.shown)
	}
	assert.True(t, lineMatches("+---...", "+-----+"), `a shown line ending in "..." must match the lines it begins, only those`)
	assert.False(t, lineMatches("+---...", "| x |"), `a shown line ending in "..." must match the lines it begins, only those`)
	words, comment, err := shellWords(`tilecheck check --config 'elem=f32 shape=2x1' --ops "load(1,0)"   # exit 1; needs CUTLASS`)
	assert.NoError(t, err, "shellWords: %q, %q", words, comment)
	assert.Equal(t, "tilecheck|check|--config|elem=f32 shape=2x1|--ops|load(1,0)", strings.Join(words, "|"), "shellWords: %q, %q, %v", words, comment, err)
	assert.Equal(t, "exit 1; needs CUTLASS", comment, "shellWords: %q, %v", words, err)
}
