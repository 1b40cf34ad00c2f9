package cutesweep

import (
	"context"
	"testing"
	"time"

	"github.com/tilecheck/tilecheck/cute/cxx"
	"github.com/tilecheck/tilecheck/internal/realcutlass"
)

// BenchmarkModelQuick is the Go model's quick sweep.
func BenchmarkModelQuick(b *testing.B) {
	var checks int64
	for i := 0; i < b.N; i++ {
		res, err := Run(context.Background(), Options{Preset: "quick", Seed: 1, StaticEvery: 1})
		if err != nil {
			b.Fatal(err)
		}
		checks += res.Report().Checks
	}
	b.ReportMetric(float64(checks)/b.Elapsed().Seconds(), "checks/s")
}

// BenchmarkCompiledQuick is the compiled quick sweep of real CuTe v4.7.0:
// cold_s is its first run, on an empty build cache; each timed run after
// it is warm.
func BenchmarkCompiledQuick(b *testing.B) {
	inc := realcutlass.Include(b, "v4.7.0")
	src := cxx.Source{Opt: cxx.Options{Include: inc, CacheDir: b.TempDir()}}
	opts := Options{Source: src, Preset: "quick", Seed: 1, StaticEvery: 25}
	start := time.Now()
	if _, err := Run(context.Background(), opts); err != nil {
		b.Fatal(err)
	}
	cold := time.Since(start)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Run(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(cold.Seconds(), "cold_s")
}
