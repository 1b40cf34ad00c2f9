package reports

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/reports/picture"
)

// browser is a headless Chromium found on PATH; the test skips, saying
// so, where there is none (CI installs none: TestHTMLReport* and
// reports/picture's tests parse the same output as XML there).
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("SKIPPED, NOT PASSED: no headless browser on PATH (chromium, chromium-browser or google-chrome): " +
		"the pictures are not rendered in a browser engine here, only parsed as XML")
	return ""
}

// inBrowser loads file in headless Chromium with args (--dump-dom,
// --screenshot=...) and returns its standard output.
func inBrowser(t *testing.T, bin, file string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + t.TempDir()}, args...)
	cmd := exec.CommandContext(ctx, bin, append(all, "file://"+file)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Run(), "%s: %s", bin, errb.String())
	return out.String()
}

// domRects counts the rects of class in a DOM the browser dumped, failing
// on an XML parser error (which Chromium shows inside the page).
func domRects(t *testing.T, dom, class string) int {
	t.Helper()
	require.NotContains(t, dom, "<parsererror", "the browser could not parse the page")
	return len(regexp.MustCompile(`<rect class="[^"]*\b`+regexp.QuoteMeta(class)+`\b`).FindAllString(dom, -1))
}

func writeTemp(t *testing.T, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// TestBrowserRendersPictures loads a picture and the HTML report in a real
// browser engine: both parse, the DOM holds the marks the picture claims,
// and the screenshot shows each path's colour.
func TestBrowserRendersPictures(t *testing.T) {
	bin := browser(t)
	var svg bytes.Buffer
	d, err := picture.FromCounterexample("P-sym", failingReport().Properties[0].Counterexample)
	require.NoError(t, err)
	d.Paths = append(d.Paths, picture.Path{Label: "a second path", Accesses: []picture.Access{{Addr: 0, Bytes: 16}}})
	require.NoError(t, picture.SVG(&svg, d))
	file := writeTemp(t, "p.svg", svg.Bytes())

	dom := inBrowser(t, bin, file, "--dump-dom")
	assert.Equal(t, 5, domRects(t, dom, picture.ClassAccess), "four accesses of the counterexample, one of the second path")
	assert.Equal(t, 4, domRects(t, dom, picture.ClassReference))

	shot := filepath.Join(t.TempDir(), "p.png")
	inBrowser(t, bin, file, "--screenshot="+shot, "--window-size=1100,400", "--hide-scrollbars")
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	for i := range 2 {
		n := pixelsOf(img, picture.Palette[i])
		assert.Greater(t, n, 100, "path %d's colour %s on screen", i, picture.Palette[i])
	}

	var page bytes.Buffer
	require.NoError(t, HTML(&page, failingReport()))
	dom = inBrowser(t, bin, writeTemp(t, "r.html", page.Bytes()), "--dump-dom")
	assert.Equal(t, 1, strings.Count(dom, "<svg "))
	assert.Equal(t, 4, domRects(t, dom, picture.ClassAccess))
	assert.Contains(t, dom, "Counterexample: P-sym")
}

// The browser check is not blind: a picture that does not parse fails it.
func TestBrowserCatchesABrokenPicture(t *testing.T) {
	bin := browser(t)
	dom := inBrowser(t, bin, writeTemp(t, "bad.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><rect class="tc-acc"></svg>`)), "--dump-dom")
	assert.Contains(t, dom, "<parsererror")
}

// pixelsOf counts the pixels of img exactly of colour hex (#rrggbb).
func pixelsOf(img image.Image, hex string) int {
	var want color.RGBA
	for i, p := range []*uint8{&want.R, &want.G, &want.B} {
		v := 0
		for _, c := range hex[1+2*i : 3+2*i] {
			v = v*16 + strings.IndexRune("0123456789ABCDEF", c)
		}
		*p = uint8(v)
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(bl>>8) == want.B {
				n++
			}
		}
	}
	return n
}
