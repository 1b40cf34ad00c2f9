package cuda

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// The build cache's validity rule (ccache's "direct mode"). The key (source,
// compiler, flags with the -I paths, tilecheck's header hash) names an
// entry; an entry is a manifest of outcomes, each with every file its
// compile read (the compiler's -MD dependency list: the user's CUTLASS
// headers, tilecheck's, the system and CUDA headers) and the sha256 of its
// contents then. A lookup re-hashes those files and uses the first outcome
// whose files are all unchanged; anything else is a miss, and the rebuild
// adds its outcome. The key alone cannot do this: a user edits a CUTLASS
// header or checks out another tag in place, and the -I path stays the same.

// depVersion is hashed into every key so that no entry written under an
// older rule (a key without a manifest) is ever read.
const depVersion = "deps1"

// depKeep is how many outcomes one manifest keeps: switching between two
// checkouts (or editing a header and undoing it) finds the older program.
const depKeep = 4

type depFile struct {
	Path string `json:"path"`
	Sum  string `json:"sha256"`
}

// depEntry is one cached outcome and the files its compile read.
type depEntry struct {
	// Result: Build's program, a file name in the cache directory ("" when
	// the build failed, or was a syntaxCheck); compileError's
	// first diagnostic ("" when it compiled).
	Result string `json:"result"`
	Failed bool   `json:"failed,omitempty"`
	// Command and Output: a failed build's, for its CompileError.
	Command string    `json:"command,omitempty"`
	Output  string    `json:"output,omitempty"`
	Files   []depFile `json:"files"`
}

// lookupDeps is the newest outcome in the manifest at path whose files are
// all unchanged and that usable accepts (Build: its program still exists).
func lookupDeps(path string, usable func(depEntry) bool) (depEntry, bool) {
	var entries []depEntry
	b, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(b, &entries) != nil {
		return depEntry{}, false
	}
	for _, e := range entries {
		if unchanged(e.Files) && usable(e) {
			return e, true
		}
	}
	return depEntry{}, false
}

func unchanged(files []depFile) bool {
	if len(files) == 0 {
		return false // no dependency list: nothing proves it current
	}
	for _, f := range files {
		if sum, _, err := fileSum(f.Path); err != nil || sum != f.Sum {
			return false
		}
	}
	return true
}

// recordDeps puts e first in the manifest at path, keeping up to depKeep
// older outcomes with other file contents. The manifest is replaced by an
// atomic rename, so a reader sees the old manifest or the new one; two
// processes recording at once may lose one's outcome, which costs a rebuild
// later, never a wrong result.
func recordDeps(path string, e depEntry) {
	var old []depEntry
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &old)
	}
	entries := []depEntry{e}
	for _, o := range old {
		if len(entries) < depKeep && !slices.Equal(o.Files, e.Files) {
			entries = append(entries, o)
		}
	}
	b, err := json.Marshal(entries)
	if err != nil {
		return
	}
	tmp := fmt.Sprintf("%s.tmp%d", path, os.Getpid())
	if os.WriteFile(tmp, b, 0o644) != nil || os.Rename(tmp, path) != nil {
		os.Remove(tmp)
	}
}

// depArgs asks the compiler for the list of files it reads. g++, clang and
// nvcc all take -MD (compile and write the list) with -MF (where): nvcc
// documents them as --generate-dependencies-with-compile and
// --dependency-output. -MD, not -MMD: a CUDA or libstdc++ header read from a
// system directory changes with a toolkit upgrade, and hashing it is cheap.
func depArgs(depfile string) []string { return []string{"-MD", "-MF", depfile} }

// collectDeps reads the dependency list the compiler wrote and hashes every
// file in it but the generated source (the key covers it, and it is a
// temporary file or pruned on its own schedule). It fails, and the outcome
// must not be cached, when there is no list (g++ writes none when a header
// is missing: the fix is a file that no list could name) or when a file
// was modified after the compile started: what the compiler read is then
// unknown.
func collectDeps(depfile, src string, started time.Time) ([]depFile, bool) {
	b, err := os.ReadFile(depfile)
	if err != nil {
		return nil, false
	}
	srcAbs, _ := filepath.Abs(src)
	var files []depFile
	seen := map[string]bool{}
	for _, p := range parseDepfile(string(b)) {
		abs, err := filepath.Abs(p) // relative -I paths: the compiler ran in our directory
		if err != nil || abs == srcAbs || seen[abs] {
			continue
		}
		seen[abs] = true
		sum, st, err := fileSum(abs)
		if err != nil || !st.ModTime().Before(started) {
			return nil, false
		}
		files = append(files, depFile{abs, sum})
	}
	return files, len(files) > 0
}

// parseDepfile is the prerequisites of a make rule as g++ and nvcc write
// it: "target: dep dep \<newline> dep", a space in a name escaped as "\ ",
// '#' as "\#" and '$' as "$$".
func parseDepfile(s string) []string {
	s = strings.ReplaceAll(s, "\\\r\n", " ")
	s = strings.ReplaceAll(s, "\\\n", " ")
	var words []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 {
			words = append(words, w.String())
			w.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '#'):
			w.WriteByte(s[i+1])
			i++
		case c == '$' && i+1 < len(s) && s[i+1] == '$':
			w.WriteByte('$')
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flush()
		default:
			w.WriteByte(c)
		}
	}
	flush()
	// Drop the target: the words up to the first that ends the rule's
	// left-hand side ("out:", or a lone ":").
	for i, word := range words {
		if strings.HasSuffix(word, ":") {
			return words[i+1:]
		}
	}
	return nil
}

// sums memoizes file hashes for this process, keyed by path and checked
// against the file's identity, size and modification time, so that the
// hundreds of headers every translation unit shares are read once per run,
// not once per lookup.
var sums sync.Map

type sumMemo struct {
	info os.FileInfo
	sum  string
}

func fileSum(path string) (string, os.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", nil, err
	}
	if m, ok := sums.Load(path); ok {
		mm := m.(sumMemo)
		if os.SameFile(mm.info, st) && mm.info.Size() == st.Size() && mm.info.ModTime().Equal(st.ModTime()) {
			return mm.sum, st, nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", nil, err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	sums.Store(path, sumMemo{st, sum})
	return sum, st, nil
}

// depsName is a short hash of a dependency list: Build names a program by
// its key and this, so that outcomes of different header contents never
// overwrite each other's program.
func depsName(files []depFile) string {
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%s\x00", f.Path, f.Sum)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
