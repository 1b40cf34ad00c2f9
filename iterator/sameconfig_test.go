package iterator

import (
	"reflect"
	"testing"

	"github.com/tilecheck/tilecheck/layout"
)

// TestSameConfigIsEquality checks sameConfig against == on Config, changing
// each field (each element of the arrays, each field of Elem) in turn, so
// that a field added to Config and not to sameConfig fails here.
func TestSameConfigIsEquality(t *testing.T) {
	base := Config{Class: RegularTile, Elem: layout.Elem{Name: "f16", Bits: 16}, Shape: [2]int64{8, 8}, Threads: 4, Access: 2, Atomic: "cas32"}
	c := base
	if !sameConfig(&base, &c) {
		t.Fatal("sameConfig(c, copy of c) is false")
	}
	fields := 0
	var perturb func(v reflect.Value, path string)
	perturb = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				perturb(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
			return
		case reflect.Array:
			for i := range v.Len() {
				perturb(v.Index(i), path+"[]")
			}
			return
		case reflect.Int, reflect.Int64:
			v.SetInt(v.Int() + 1)
		case reflect.String:
			v.SetString(v.String() + "x")
		default:
			t.Fatalf("%s: kind %s not handled", path, v.Kind())
		}
		fields++
		if c == base {
			t.Fatalf("%s: the change did not change the configuration", path)
		}
		if sameConfig(&base, &c) || sameConfig(&c, &base) {
			t.Errorf("%s: sameConfig does not see the change", path)
		}
		c = base
	}
	perturb(reflect.ValueOf(&c).Elem(), "Config")
	if fields < 20 {
		t.Errorf("perturbed %d fields, want every one of Config's", fields)
	}
}
