package cuda

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Several askers building one source at once, as parallel tests and test
// packages sharing a cache do, compile it once: the others wait for the
// first and find its program.
func TestConcurrentBuildsCompileOnce(t *testing.T) {
	tc, header, compiles := depToolchain(t)
	writeHeader(t, header, "#define VALUE 7\n")
	const askers = 4
	var wg sync.WaitGroup
	bins := make([]string, askers)
	errs := make([]error, askers)
	for i := range askers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bins[i], _, errs[i] = tc.Build(context.Background(), []byte(valueProgram))
		}()
	}
	wg.Wait()
	for i := range askers {
		require.NoError(t, errs[i], "asker %d", i)
		assert.Equal(t, bins[0], bins[i], "asker %d got another program", i)
	}
	assert.Equal(t, 1, compiles(), "compiles of one source asked for %d times at once", askers)
}

// A cancelled wait for another asker's compile ends with the context's error.
func TestBuildLockWaitEndsWithContext(t *testing.T) {
	dir := t.TempDir()
	unlock, err := lockBuild(context.Background(), dir+"/lock-x")
	require.NoError(t, err)
	defer unlock()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = lockBuild(ctx, dir+"/lock-x")
	require.ErrorIs(t, err, context.Canceled)
}
