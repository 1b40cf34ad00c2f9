package iterator

import (
	"fmt"
	"strings"
)

// Classes are the iterator classes, RegularTileIterator first.
func Classes() []Class {
	return []Class{RegularTile, RegularTileAccess, PredicatedTileAccess, PredicatedTile}
}

// ParseClasses reads a list of classes as a user spells it (tilecheck's
// --class): "all" is every class, "family" the three classes
// besides RegularTileIterator; otherwise class names separated by commas,
// in any case.
func ParseClasses(s string) ([]Class, error) {
	all := Classes()
	switch {
	case strings.EqualFold(s, "all"):
		return all, nil
	case strings.EqualFold(s, "family"):
		return all[1:], nil
	}
	var out []Class
	for _, name := range strings.Split(s, ",") {
		c, err := ClassByName(strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("want all, family or class names (%s)", strings.Join(classNames, ", "))
		}
		out = append(out, c)
	}
	return out, nil
}
