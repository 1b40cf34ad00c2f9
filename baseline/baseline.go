// Package baseline records known findings (a release's failures its
// maintainers have seen and accepted) in a versioned JSON file, and sorts
// a report's failures against it into new, known and fixed, so that a
// release gate fails on a new finding only. A finding is identified by
// class, iterator, source (Go model or compiled), property and the law
// its counterexample broke, never by the counterexample itself, so that
// it is the same finding on another seed or another checkout.
package baseline

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/tilecheck/tilecheck/report"
)

// Version is the baseline file format this package reads and writes.
const Version = 1

// File is a baseline: its format version and its findings, sorted.
type File struct {
	Version  int              `json:"tilecheck_baseline"`
	Findings []report.Finding `json:"findings"`
}

// Sources a finding may have: a sweep of a Go model, a sweep of compiled
// C++ (a checkout's headers or a built-in model's rendition), or a
// compiled probe (its disagreements with the Go model, SourceProbe).
const (
	SourceModel    = "model"
	SourceCompiled = "compiled"
	SourceProbe    = "probe"
)

// key is what identifies a finding; a finding's note and seen law are not
// part of it.
type key struct{ class, iterator, source, property, law string }

func keyOf(f report.Finding) key {
	return key{f.Class, f.Iterator, f.Source, f.Property, f.Law}
}

// subject is a finding's key without its law: one property of one
// iterator and class.
type subject struct{ class, iterator, source, property string }

func subjectOf(f report.Finding) subject {
	return subject{f.Class, f.Iterator, f.Source, f.Property}
}

func compareFindings(a, b report.Finding) int {
	return cmp.Or(cmp.Compare(a.Class, b.Class), cmp.Compare(a.Iterator, b.Iterator), cmp.Compare(a.Source, b.Source),
		cmp.Compare(a.Property, b.Property), cmp.Compare(a.Law, b.Law))
}

// Read reads and validates the baseline at path: every error names the
// file and, for a bad finding, its position and what is wrong with it.
func Read(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	f, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return f, nil
}

// Parse decodes and validates a baseline file's bytes: the version this
// package writes, no unknown field, every finding with its class,
// iterator, source and property, and no finding twice.
func Parse(b []byte) (*File, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a baseline file: %v", err)
	}
	if dec.More() {
		return nil, errors.New("not a baseline file: more than one JSON value")
	}
	if f.Version != Version {
		return nil, fmt.Errorf("tilecheck_baseline %d: this tilecheck reads version %d (make one with 'tilecheck baseline')", f.Version, Version)
	}
	seen := map[key]int{}
	for i, x := range f.Findings {
		where := fmt.Sprintf("finding %d", i+1)
		switch {
		case x.Class == "" || x.Iterator == "" || x.Property == "":
			return nil, fmt.Errorf("%s: class, iterator and property are required", where)
		case x.Source != SourceModel && x.Source != SourceCompiled && x.Source != SourceProbe:
			return nil, fmt.Errorf("%s: source %q: want %q, %q or %q", where, x.Source, SourceModel, SourceCompiled, SourceProbe)
		case x.Seen != "":
			return nil, fmt.Errorf("%s: seen is a report's field, not a baseline's", where)
		}
		if j, dup := seen[keyOf(x)]; dup {
			return nil, fmt.Errorf("%s repeats finding %d (%s %s %s)", where, j, x.Iterator, x.Class, x.Property)
		}
		seen[keyOf(x)] = i + 1
	}
	if f.Findings == nil {
		f.Findings = []report.Finding{}
	}
	return &f, nil
}

// Encode is the file's JSON: sorted, indented, one field a line, with a
// final newline, so that a change to a baseline reads as a small diff.
func (f *File) Encode() []byte {
	out := File{Version: Version, Findings: slices.Clone(f.Findings)}
	if out.Findings == nil {
		out.Findings = []report.Finding{}
	}
	slices.SortFunc(out.Findings, compareFindings)
	b, _ := json.MarshalIndent(out, "", "  ") // strings and ints only: cannot fail
	return append(b, '\n')
}
