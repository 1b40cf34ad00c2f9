package probe

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/report"
)

// fill sets every field v reaches to something other than its zero value:
// slices of two, maps of one, pointers to filled values.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), n)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i), n)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k, n)
		fill(e, n)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i), n)
		}
	case reflect.String:
		v.SetString("s" + string(rune('a'+*n%26)))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n%100 + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n%100 + 1))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*n) + 0.5)
	default:
		panic("fill: a report field of kind " + v.Kind().String() + ": teach fill and copyValue it")
	}
}

// shared names the first slice, map or pointer that a and b (equal values)
// both point at, or "".
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if a.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
	}
	switch a.Kind() {
	case reflect.Pointer:
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), path+"[i]"); p != "" {
				return p
			}
		}
	case reflect.Map:
		iter := a.MapRange()
		for iter.Next() {
			if p := shared(iter.Value(), b.MapIndex(iter.Key()), path+"[k]"); p != "" {
				return p
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
				return p
			}
		}
	}
	return ""
}

// TestClonesShareNothing: the copies a judged result hands out are equal to
// what it keeps and share no slice, map or pointer with it, whatever field
// the report types have, today's or one added later (every field is filled
// by reflection, not by a list).
func TestClonesShareNothing(t *testing.T) {
	check := func(name string, orig any, clone func(any) any) {
		t.Helper()
		n := 0
		v := reflect.New(reflect.TypeOf(orig)).Elem()
		fill(v, &n)
		in := v.Interface()
		out := clone(in)
		require.Equal(t, in, out, name)
		require.Empty(t, shared(reflect.ValueOf(in), reflect.ValueOf(out), name), "%s: the copy shares it with the original", name)
		// nil stays nil: a zero value copies to a zero value.
		zero := reflect.Zero(reflect.TypeOf(orig)).Interface()
		require.Equal(t, zero, clone(zero), name)
	}
	check("ProbeResult", report.ProbeResult{}, func(x any) any { return cloneResult(x.(report.ProbeResult)) })
	check("ProbeReport", report.ProbeReport{}, func(x any) any { return cloneReport(x.(report.ProbeReport)) })
	check("GPUEvidence", report.GPUEvidence{}, func(x any) any { return cloneEvidence(x.(report.GPUEvidence)) })
}
