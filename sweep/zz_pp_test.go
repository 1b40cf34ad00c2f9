package sweep

import (
	"os"
	"testing"

	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

func BenchmarkZZSome(b *testing.B) {
	defer TuneGC()()
	var ps []props.Property
	want := os.Getenv("PROPS")
	for _, p := range props.ForClass(iterator.RegularTile) {
		if want == "all" || (want != "" && zzHas(want, p.ID)) {
			ps = append(ps, p)
		}
	}
	if ps == nil {
		ps = []props.Property{}
	}
	for b.Loop() {
		opts := Options{Iterator: "reference", Preset: "release", Seed: 1, KillOnly: true, Workers: 1, Properties: ps}
		if _, err := Run(opts); err != nil {
			b.Fatal(err)
		}
	}
}

func zzHas(s, id string) bool {
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != ',' {
			i++
		}
		if s[:i] == id {
			return true
		}
		if i == len(s) {
			break
		}
		s = s[i+1:]
	}
	return false
}
