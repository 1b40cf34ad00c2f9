package probe

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/cuda"
	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/report"
)

// TestEvidenceHandsOutThePendingEvidenceFirst: with the sanitizers asked
// for, the evidence judged with them pending is handed out before they
// run (weak: they have not run); the final evidence holds their outcomes
// (on the host back end none can run, so it is weak too), while the probe
// it holds passes; an error from Pending ends the run with it.
func TestEvidenceHandsOutThePendingEvidenceFirst(t *testing.T) {
	tc := hostToolchain(t)
	var pending []report.GPUEvidence
	opts := EvidenceOptions{
		Options: Options{Judging: Judging{Preset: gen.Representative, Classes: []iterator.Class{iterator.RegularTile}},
			Cuda: cuda.Options{Toolchain: tc, Variants: cuda.Renditions()}},
		Sanitize: true, SanitizePreset: gen.Representative, SanitizeTimeout: time.Minute,
		Pending: func(e report.GPUEvidence) error {
			pending = append(pending, e)
			return nil
		},
	}
	run, err := Evidence(context.Background(), opts)
	require.NoError(t, err)
	require.Len(t, pending, 1, "the pending evidence, handed out once")
	assert.Equal(t, report.Weak, pending[0].Verdict, "sanitizers pending: %+v", pending[0].Sanitizers)
	assert.Equal(t, cuda.PendingSanitizers("representative"), pending[0].Sanitizers)

	ev := run.Evidence()
	require.Len(t, ev.Sanitizers, 2, "memcheck and racecheck")
	for _, s := range ev.Sanitizers {
		assert.False(t, s.Ran, "%s ran on the host back end: %s", s.Tool, s.Summary)
	}
	assert.Equal(t, report.Weak, ev.Verdict, "a sanitizer asked for did not run")
	assert.Equal(t, "representative", ev.Preset)
	assert.Contains(t, ev.Notes, "run with --backend host: the protocol on the host compiler, not GPU evidence")
	assert.Equal(t, report.Pass, run.Probe().Report().Verdict, "the probe itself")
	require.NotNil(t, ev.Result)
	assert.Equal(t, run.Probe().Result(), *ev.Result, "the evidence holds the probe's judged result")

	opts.Pending = func(report.GPUEvidence) error { return errors.New("disk full") }
	_, err = Evidence(context.Background(), opts)
	require.ErrorContains(t, err, "disk full")
}
