package cxx

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute"
)

// profileCases is n dynamic cases for each of 20 structural profiles, with
// small random shapes (1..8) and strides (0..16).
func profileCases(t *testing.T, n int, seed int64) []cute.Case {
	rng := rand.New(rand.NewSource(seed))
	ints := func(lo, hi int) int { return lo + rng.Intn(hi-lo+1) }
	lay := func(form string) string { // form: a case with # for a shape integer, % for a stride
		var b strings.Builder
		for _, r := range form {
			switch r {
			case '#':
				fmt.Fprint(&b, ints(1, 8))
			case '%':
				fmt.Fprint(&b, ints(0, 16))
			default:
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	forms := []string{
		"op=coalesce A=(#,#):(%,%)", "op=coalesce A=(#,(#,#)):(%,(%,%))", "op=filter A=(#,#,#):(%,%,%)",
		"op=coalesce_profile A=(#,(#,#)):(%,(%,%)) P=(1,1)", "op=composition A=(#,#):(%,%) B=#:%",
		"op=composition A=(#,#,#):(%,%,%) B=(#,#):(%,%)", "op=composition_tiler A=(#,#):(%,%) T=[#:%;#:%]",
		"op=complement A=#:% M=64", "op=logical_divide A=(#,#):(%,%) B=#:%", "op=logical_divide_tiler A=(#,#):(%,%) T=[#:%;#:%]",
		"op=zipped_divide A=(#,#):(%,%) T=[#:%;#:%]", "op=tiled_divide A=(#,#):(%,%) T=[#:%;#:%]",
		"op=logical_product A=(#,#):(%,%) B=#:%", "op=blocked_product A=(#,#):(%,%) B=(#,#):(%,%)",
		"op=raked_product A=(#,#):(%,%) B=(#,#):(%,%)", "op=right_inverse A=(#,#):(%,%)",
		"op=max_common_vector A=(#,#):(%,%) B=(#,#):(%,%)", "op=swizzle A=(#,#):(%,%) S=Sw<2,1,2>",
		"op=composition A=((#,#),#):((%,%),%) B=#:%", "op=coalesce A=(#,#,#,#):(%,%,%,%)",
	}
	var cases []cute.Case
	for i := 0; i < n; i++ {
		for _, f := range forms {
			cases = append(cases, mustCase(t, lay(f)))
		}
	}
	return cases
}

// TestTiming measures cold and warm runs of 20 profiles x 50 cases; set
// TILECHECK_CUTE_CXX_TIMING=1 to run it.
func TestTiming(t *testing.T) {
	if os.Getenv("TILECHECK_CUTE_CXX_TIMING") == "" {
		t.Skip("timing: set TILECHECK_CUTE_CXX_TIMING=1")
	}
	inc := realCute(t)
	cache := t.TempDir()
	cases := profileCases(t, 50, 2)
	run := func() (time.Duration, []cute.Answer) {
		start := time.Now()
		ans, err := Answer(context.Background(), Options{Include: inc, CacheDir: cache}, cases)
		require.NoError(t, err)
		return time.Since(start), ans
	}
	cold, ans := run()
	rejected := map[string]int{}
	for _, a := range ans {
		if a.Rejected != "" {
			rejected[a.Rejected]++
		}
	}
	var warm []time.Duration
	for i := 0; i < 3; i++ {
		d, _ := run()
		warm = append(warm, d)
	}
	slices.Sort(warm)
	t.Logf("%d cases: cold %v, warm %v (median %v); rejected: %v", len(cases), cold.Round(time.Millisecond), warm, warm[1].Round(time.Millisecond), rejected)
}
