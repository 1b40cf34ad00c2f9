package copycxx

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cute/cxx"
	"github.com/tilecheck/tilecheck/cute/tiledcopy/copycases"
	"github.com/tilecheck/tilecheck/internal/realcutlass"
)

// Real CuTe on the host against the Go model on the cases the TiledCopy
// sweep draws (copycases, seed 1), their tensors' integers static (as a
// kernel's shared-memory and register layouts are; with dynamic strides
// CuTe refuses to vectorize): every disagreement is logged, grouped by
// atom, and fails the test. $TILECHECK_COPY_DRAWN cases (a few minutes of
// g++ for 60: most drawn cases are entries of their own); skipped unset.
func TestHostDrawnCasesAgainstModel(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TILECHECK_COPY_DRAWN"))
	if n <= 0 {
		t.Skip("SKIPPED, NOT PASSED: set TILECHECK_COPY_DRAWN=N to compare N drawn cases with the model")
	}
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			cases := copycases.Draw(1, n)
			started := time.Now()
			res, err := Answer(context.Background(), Options{Include: realcutlass.Include(t, v), CacheDir: testCache(t),
				Ints: cxx.AllStatic, Progress: func(s string) { t.Log(s) }}, cases)
			require.NoError(t, err)
			t.Logf("%d drawn cases answered in %v", n, time.Since(started).Round(time.Second))
			byAtom := map[string][]string{}
			agree := 0
			for i, c := range cases {
				if d := modelDiff(c, res[i].Trace); d != "" {
					byAtom[string(c.Atom)] = append(byAtom[string(c.Atom)], c.String()+": "+d)
				} else {
					agree++
				}
			}
			assert.Empty(t, byAtom, "drawn cases where CuTe and the Go model differ, by atom")
			t.Logf("%d of %d drawn cases agree with the model", agree, n)
		})
	}
}
