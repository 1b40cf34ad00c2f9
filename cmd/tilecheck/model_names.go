package main

import (
	"strings"

	"github.com/tilecheck/tilecheck/iterator"
)

// modelNames lists every named Go model, the built-ins then the older
// releases' (iterator.Builtins, iterator.Older), separated by commas and
// the last by last (", " or " or "), so help and errors name exactly the
// registered models.
func modelNames(last string) string {
	var names []string
	for _, m := range append(iterator.Builtins(), iterator.Older()...) {
		names = append(names, m.Name())
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}
