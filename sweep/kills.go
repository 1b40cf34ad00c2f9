package sweep

import (
	"math"
	"sync/atomic"

	"github.com/tilecheck/tilecheck/props"
)

// firstKills is, per (control, property), the lowest batch index in which
// the property killed the control, shared by a sweep's workers. Only
// whether a control is killed, and by which properties, reaches the
// report, so batch b judges property j on control i only while no batch
// before b has killed it: a kill that batch b skips is recorded by an
// earlier batch, merged before b's, so the kill matrix of every prefix of
// merged batches (the whole sweep, an interrupted one) is what judging
// everything would give, whatever the worker count.
type firstKills struct {
	at [][]atomic.Int64
}

func newFirstKills(controls, properties int) *firstKills {
	f := &firstKills{at: make([][]atomic.Int64, controls)}
	for i := range f.at {
		f.at[i] = make([]atomic.Int64, properties)
		for j := range f.at[i] {
			f.at[i][j].Store(math.MaxInt64)
		}
	}
	return f
}

// judge fills mask with the properties worth judging on control i in batch
// b (audit-only ones never kill, and those exempt from controls are never
// judged on one) and says whether any is.
func (f *firstKills) judge(i, b int, ps []props.Property, mask []bool) bool {
	any := false
	for j, p := range ps {
		mask[j] = !p.AuditOnly && !p.ControlsExempt && (f == nil || f.at[i][j].Load() >= int64(b))
		any = any || mask[j]
	}
	return any
}

// killed records that property j killed control i in batch b.
func (f *firstKills) killed(i, j, b int) {
	if f == nil {
		return
	}
	a := &f.at[i][j]
	for {
		old := a.Load()
		if old <= int64(b) || a.CompareAndSwap(old, int64(b)) {
			return
		}
	}
}
