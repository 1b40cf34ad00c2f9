package iterator

import "fmt"

// traceFamily traces the classes of SPEC §10 (RegularTileAccessIterator and
// the predicated iterators). Every built-in model and every control calls it
// when cfg.Class != RegularTile:
//
//   - model is "reference" (the documented contract) or "cutlass" (the
//     measured CUTLASS code; cutlass-pre3049 is the same for these classes);
//   - defect is "" for the plain model, or the control injected into the
//     reference model (a regular-tile control such as C-load-div, or a
//     family control (see defects.go for how one is added));
//   - cfg has already passed Validate; thread is in [0, cfg.Threads).
//
// This file is a placeholder that another change replaces with the real
// family models; until then every family class is reported as not modelled.
func traceFamily(model string, defect Defect, cfg Config, prog Program, thread int) (ThreadTrace, error) {
	return ThreadTrace{Thread: thread}, fmt.Errorf("class %s not modelled yet (model %s)", cfg.Class, model)
}

// validateFamily checks the family classes' own constraints (SPEC §10);
// Validate calls it. The real family models replace this placeholder.
func validateFamily(cfg Config) error { return nil }

// FamilyDefects lists the family classes' own controls; none until the
// family models exist.
func FamilyDefects() []Defect { return nil }
