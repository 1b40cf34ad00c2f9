package iterator

import (
	"fmt"
	"strings"
)

// Classes are the registered iterator classes in the order of their
// values, RegularTileIterator first.
func Classes() []Class {
	var out []Class
	for i := range classInfos {
		if c := Class(i); c.Known() {
			out = append(out, c)
		}
	}
	return out
}

// ParseClasses reads a list of classes as a user spells it (tilecheck's
// --class): "all" is every class, "family" the family classes
// (ClassInfo.Family); otherwise class names separated by commas, in any
// case.
func ParseClasses(s string) ([]Class, error) {
	all := Classes()
	switch {
	case strings.EqualFold(s, "all"):
		return all, nil
	case strings.EqualFold(s, "family"):
		var out []Class
		for _, c := range all {
			if c.Family() {
				out = append(out, c)
			}
		}
		return out, nil
	}
	var out []Class
	for _, name := range strings.Split(s, ",") {
		c, err := ClassByName(strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("want all, family or class names (%s)", strings.Join(classNameList(), ", "))
		}
		out = append(out, c)
	}
	return out, nil
}
