package props_test

import (
	"strings"
	"testing"

	"github.com/tilecheck/tilecheck/gen"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// TestProbeSitesAreSiteOf: the mask sites unitProbes works out from the
// case program's documented positions are those siteOf finds program by
// program (origin, ok and record), on random cases under both pointer
// contracts and on cases whose positions overflow int64.
func TestProbeSitesAreSiteOf(t *testing.T) {
	probes, overflowed := 0, 0
	check := func(c props.Case) {
		props.ProbeSites(c, func(probe string, fast, full [2]string) {
			probes++
			if strings.Contains(fast[0]+fast[1], "false") {
				overflowed++
			}
			if fast != full {
				t.Errorf("%s on %s: sites %v, siteOf %v", probe, c.Config, fast, full)
			}
		})
	}
	for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
		for _, c := range gen.RandomCases(iterator.RegularTile, 3, 600, contract) {
			check(c)
		}
	}
	cfg, err := iterator.ParseConfig("bits=16 shape=64x4 map=stripmined threads=16 access=8 adv=0")
	if err != nil {
		t.Fatal(err)
	}
	for _, ops := range []string{
		"add_pointer_offset(4611686018427387904);load();inc;add_tile_offset(1,0);load_with_pointer_offset(2)",
		"add_tile_offset(-9223372036854775807,1);dec;store(1,1);add_pointer_offset(-1)",
	} {
		prog, err := iterator.ParseProgram(ops)
		if err != nil {
			t.Fatal(err)
		}
		c, err := props.NewCase(cfg, prog, []int{0, 1})
		if err != nil {
			t.Fatal(err)
		}
		check(c)
	}
	if probes < 1000 || overflowed == 0 {
		t.Fatalf("only %d probes compared, %d with an overflow", probes, overflowed)
	}
}

// TestProbeUnitsAreDocumented: each path is held to its documented unit
// (SPEC §5): add_pointer_offset to the pointer-offset contract's, the
// pointer-offset loads and stores to elements whatever the contract, the
// tile paths and ++/-- to tiles.
func TestProbeUnitsAreDocumented(t *testing.T) {
	seen := map[string]int{}
	for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
		for _, c := range gen.RandomCases(iterator.RegularTile, 5, 400, contract) {
			props.ProbeUnits(c, func(path, documented string) {
				want := "tiles"
				switch path {
				case "add_pointer_offset":
					want = contract.String()
				case "load_with_pointer_offset", "store_with_pointer_offset":
					want = "elements"
				}
				seen[want]++
				if documented != want {
					t.Errorf("%s %s under the %s contract: %s held to %s, want %s", c.Config, c.Program, contract, path, documented, want)
				}
			})
		}
	}
	for _, unit := range []string{"elements", "bytes", "tiles"} {
		if seen[unit] == 0 {
			t.Errorf("no probe documented in %s (seen: %v)", unit, seen)
		}
	}
}
