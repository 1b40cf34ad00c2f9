package diff

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A long replay is wrapped under 100 columns and still pastes into a shell
// as the same words.
func TestTextReplayWrapsAndPastes(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("SKIPPED, NOT PASSED: no sh")
	}
	cfg := "class=PredicatedTileAccessIterator elem=u4 shape=256x4 map=stripmined threads=8 access=32 adv=0 stride=513 extent=512x12 tb=256x4"
	ops := "add_pointer_offset(8);accesses();add_tile_offset(0,-1);add_pointer_offset(3);accesses();inc;inc;inc"
	cmd := "tilecheck diff --include /a/very/long/path/to/some/cutlass-checkout/of/a/certain/age/include --model cutlass --config '" + cfg + "' --ops '" + ops + "'"
	var buf bytes.Buffer
	(&printer{w: &buf}).command("          ", cmd)
	for _, line := range strings.Split(strings.TrimRight(buf.String(), "\n"), "\n") {
		assert.LessOrEqual(t, len([]rune(line)), width, line)
	}
	script := "tilecheck() { printf '%s\\n' \"$@\"; }\n" + buf.String()
	out, err := exec.Command(sh, "-c", script).Output()
	require.NoError(t, err, buf.String())
	assert.Equal(t, []string{"diff", "--include", "/a/very/long/path/to/some/cutlass-checkout/of/a/certain/age/include",
		"--model", "cutlass", "--config", cfg, "--ops", ops}, strings.Split(strings.TrimRight(string(out), "\n"), "\n"), buf.String())
}

func TestRenderersCarryTheGroups(t *testing.T) {
	pairs := representativePairs(t)
	rep := Compare(modelSide(t, "cutlass-pre3049", pairs), modelSide(t, "cutlass", pairs), Options{Replay: "tilecheck diff X"})
	rep.Command = "tilecheck diff --model cutlass-pre3049 --model cutlass"
	var js bytes.Buffer
	require.NoError(t, JSON(&js, rep))
	var back Report
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	require.Len(t, back.Groups, len(rep.Groups))
	assert.Equal(t, rep.Groups[0].Examples[0].Replay, back.Groups[0].Examples[0].Replay)
	assert.Equal(t, rep.Differing, back.Differing)

	var md bytes.Buffer
	Markdown(&md, rep)
	assert.True(t, strings.HasPrefix(md.String(), "# tilecheck diff\n\n```\n"+rep.Command+"\n```\n"))
	for _, g := range rep.Groups {
		assert.Contains(t, md.String(), "| "+g.Class+" | `"+g.Path+"` | "+g.ConfigClass+" |")
	}
	var text bytes.Buffer
	Text(&text, rep)
	for _, line := range strings.Split(text.String(), "\n") {
		assert.LessOrEqual(t, len([]rune(line)), width, line)
	}
	assert.Contains(t, text.String(), "DIFFERENT")
}
