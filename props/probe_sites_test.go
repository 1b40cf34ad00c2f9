package props_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
			assert.Equal(t, full, fast, "%s on %s: siteOf's sites and the probe's", probe, c.Config)
		})
	}
	for _, contract := range []props.Contract{props.PtrElements, props.PtrBytes} {
		for _, c := range gen.RandomCases(iterator.RegularTile, 3, 600, contract) {
			check(c)
		}
	}
	cfg, err := iterator.ParseConfig("bits=16 shape=64x4 map=stripmined threads=16 access=8 adv=0")
	require.NoError(t, err)
	for _, ops := range []string{
		"add_pointer_offset(4611686018427387904);load();inc;add_tile_offset(1,0);load_with_pointer_offset(2)",
		"add_tile_offset(-9223372036854775807,1);dec;store(1,1);add_pointer_offset(-1)",
	} {
		prog, err := iterator.ParseProgram(ops)
		require.NoError(t, err)
		c, err := props.NewCase(cfg, prog, []int{0, 1})
		require.NoError(t, err)
		check(c)
	}
	require.GreaterOrEqual(t, probes, 1000, "probes compared")
	require.NotZero(t, overflowed, "no probe with an overflow")
}

// TestProbeUnitsAreDocumented: each path is held to its documented unit
// (docs/contract.md#units): add_pointer_offset to the pointer-offset contract's, the
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
				assert.Equal(t, want, documented, "%s %s under the %s contract: the unit %s is held to", c.Config, c.Program, contract, path)
			})
		}
	}
	for _, unit := range []string{"elements", "bytes", "tiles"} {
		assert.NotZero(t, seen[unit], "no probe documented in %s (seen: %v)", unit, seen)
	}
}
