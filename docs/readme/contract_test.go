package mytile_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// contractAnchors are the anchors docs/contract.md promises to keep: other
// pages and other projects link to them.
var contractAnchors = []string{
	"notation", "thread-maps", "models", "reference", "cutlass", "cutlass-pre3049",
	"iterator-classes", "units", "properties",
	"p-sym", "p-tile", "p-inc", "p-ptr", "p-unit", "p-oracle", "p-cover", "p-frag",
	"p-align", "p-bounds", "p-exact", "p-index", "p-traverse",
	"p-companion", "p-recovered", "p-roundtrip",
	"controls", "coverage-floors", "presets", "verdicts", "report-schema", "known-findings", "exit-statuses",
}

// TestContractAnchors: the contract keeps every anchor it promises, and
// has a section for every property the code defines.
func TestContractAnchors(t *testing.T) {
	page := readPage(t, filepath.Join(repoRoot, "docs", "contract.md"))
	have := anchors(page)
	for _, a := range contractAnchors {
		assert.True(t, have[a], "docs/contract.md lost its anchor #%s", a)
	}
	ids := []string{props.CompanionID, props.RecoveredID, props.RoundTripID, props.PTraverse.ID}
	for _, p := range props.All() {
		ids = append(ids, p.ID)
	}
	for _, id := range ids {
		assert.True(t, slices.Contains(contractAnchors, strings.ToLower(id)), "property %s has no anchor in the contract's list (contractAnchors)", id)
	}
}

// TestContractControls: the contract's control table names every control
// the code declares, with the properties that must kill it and those it
// must survive, as props declares them.
func TestContractControls(t *testing.T) {
	page := readPage(t, filepath.Join(repoRoot, "docs", "contract.md"))
	row := regexp.MustCompile(`(?m)^\| (C-[a-z0-9-]+) \|[^|]*\|([^|]*)\|([^|]*)\|$`)
	rows := map[string][2]string{}
	for _, m := range row.FindAllStringSubmatch(page, -1) {
		rows[m[1]] = [2]string{strings.TrimSpace(m[2]), strings.TrimSpace(m[3])}
	}
	for _, d := range iterator.Defects() {
		spec, ok := props.ControlSpecOf(d)
		if !ok {
			continue
		}
		got, ok := rows[string(d)]
		if !assert.True(t, ok, "docs/contract.md's control table has no row for %s", d) {
			continue
		}
		assert.Equal(t, strings.Join(spec.MustKill, ", "), got[0], "%s must be killed by (code, then contract)", d)
		assert.Equal(t, strings.Join(spec.MustSurvive, ", "), got[1], "%s must survive (code, then contract)", d)
		delete(rows, string(d))
	}
	assert.Empty(t, rows, "docs/contract.md lists controls the code does not declare")
}
