package props

import (
	"encoding/json"
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// ConfigText is the violation's configuration as iterator.ParseConfig reads
// it, or "" when a quiet judgement left it out.
func (v Violation) ConfigText() string {
	if v.Config == (iterator.Config{}) {
		return ""
	}
	return v.Config.String()
}

// OpsText is the violation's op program as iterator.ParseProgram reads it,
// or "" when a quiet judgement left it out.
func (v Violation) OpsText() string {
	if v.Program == nil {
		return ""
	}
	return v.Program.String()
}

// violationWire is a violation in a shard's JSON state: the case as text,
// under the keys the state has always used.
type violationWire struct {
	Property string
	Config   string
	Ops      string
	Thread   int
	Op       int
	Expected []int64
	Actual   []int64
	Detail   string
}

// MarshalJSON writes the case as text (a shard's state, which tilecheck
// merge reads back).
func (v Violation) MarshalJSON() ([]byte, error) {
	return json.Marshal(violationWire{Property: v.Property, Config: v.ConfigText(), Ops: v.OpsText(), Thread: v.Thread, Op: v.Op,
		Expected: v.Expected, Actual: v.Actual, Detail: v.Detail})
}

// UnmarshalJSON parses the case back: the one place a violation's text is
// read.
func (v *Violation) UnmarshalJSON(b []byte) error {
	var w violationWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	out := Violation{Property: w.Property, Thread: w.Thread, Op: w.Op, Expected: w.Expected, Actual: w.Actual, Detail: w.Detail}
	if w.Config != "" {
		cfg, err := iterator.ParseConfig(w.Config)
		if err != nil {
			return fmt.Errorf("violation of %s: %w", w.Property, err)
		}
		out.Config = cfg
	}
	if w.Ops != "" {
		prog, err := iterator.ParseProgram(w.Ops)
		if err != nil {
			return fmt.Errorf("violation of %s: %w", w.Property, err)
		}
		out.Program = prog
	}
	*v = out
	return nil
}
