package cuda

import (
	"fmt"
	"strings"

	"github.com/tilecheck/tilecheck/report"
)

// Role says what a variant is for in a run (the report schema's
// report.ProbeRole).
type Role = report.ProbeRole

const (
	// RoleIterator: an iterator under test; it must agree with its Go model.
	RoleIterator Role = "iterator"
	// RoleControl: a known-bad variant; it must agree with its Go model and
	// disagree with the reference somewhere.
	RoleControl Role = "control"
	// RoleIdentity: the layout-only copy; it must agree with the reference
	// everywhere, or the checking machinery itself is suspect.
	RoleIdentity Role = "identity"
)

// Variant is one C++ namespace instantiated by the generated code, and the Go
// model it is compared with.
type Variant struct {
	Model     string // Go model name (iterator.ModelByName): reference, cutlass, C-load-div, ...
	Namespace string // C++ namespace holding layout::, transform::threadblock::RegularTileIterator
	Role      Role
}

// Label names the variant in reports.
func (v Variant) Label() string {
	if v.Role == RoleIdentity {
		return "identity-copy"
	}
	return v.Model
}

// Rendition reports whether the variant is one of tilecheck's own C++
// renditions (cuda/include/tilecheck), not a user's namespace.
func (v Variant) Rendition() bool { return strings.HasPrefix(v.Namespace, "tilecheck_") }

// Renditions are the project's own C++ renditions (cuda/include/tilecheck).
func Renditions() []Variant {
	return []Variant{
		{Model: "reference", Namespace: "tilecheck_ref", Role: RoleIterator},
		{Model: "cutlass", Namespace: "tilecheck_cutlass", Role: RoleIterator},
		{Model: "cutlass-pre3049", Namespace: "tilecheck_pre3049", Role: RoleIterator},
		{Model: "C-load-div", Namespace: "tilecheck_c_load_div", Role: RoleControl},
		{Model: "C-pitch-plus-one", Namespace: "tilecheck_c_pitch_plus_one", Role: RoleControl},
		{Model: "reference", Namespace: "tilecheck_identity", Role: RoleIdentity},
	}
}

// VariantsFor picks the variants of a run: the renditions of the named model
// (all three built-in iterators when name is empty) plus the controls and
// the identity copy, which always travel with them. With a namespace (a
// user's CUTLASS checkout), the iterator under test is that namespace,
// compared with the Go model name (default "cutlass").
func VariantsFor(name, namespace string) ([]Variant, error) {
	var out []Variant
	if namespace != "" {
		if name == "" {
			name = "cutlass"
		}
		out = append(out, Variant{Model: name, Namespace: namespace, Role: RoleIterator})
	}
	found := false
	for _, v := range Renditions() {
		switch {
		case v.Role != RoleIterator:
			out = append(out, v)
		case namespace == "" && (name == "" || name == v.Model):
			out = append(out, v)
			found = true
		}
	}
	if namespace == "" && name != "" && !found {
		return nil, fmt.Errorf("no C++ rendition of iterator %q (have reference, cutlass, cutlass-pre3049; use --include and --namespace for your own header)", name)
	}
	return out, nil
}
