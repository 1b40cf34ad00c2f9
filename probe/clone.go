package probe

import (
	"reflect"

	"github.com/tilecheck/tilecheck/report"
)

// The judged results hand out copies that share nothing with what they
// keep: every slice, map and pointer, however deep, is copied (nil stays
// nil, so the JSON form is the same). The copy is generic, so a field
// added to a report type later is copied too without anyone listing it.

func cloneResult(r report.ProbeResult) report.ProbeResult   { return deepCopy(r) }
func cloneReport(r report.ProbeReport) report.ProbeReport   { return deepCopy(r) }
func cloneEvidence(e report.GPUEvidence) report.GPUEvidence { return deepCopy(e) }

// deepCopy is v with everything it reaches copied.
func deepCopy[T any](v T) T {
	in := reflect.ValueOf(&v).Elem()
	out := reflect.New(in.Type()).Elem()
	copyValue(out, in)
	return out.Interface().(T)
}

// copyValue sets out (settable, of in's type) to a deep copy of in. The
// report types hold exported fields of plain data only: strings, numbers,
// and slices, maps and pointers of them.
func copyValue(out, in reflect.Value) {
	switch in.Kind() {
	case reflect.Pointer:
		if in.IsNil() {
			return
		}
		p := reflect.New(in.Type().Elem())
		copyValue(p.Elem(), in.Elem())
		out.Set(p)
	case reflect.Slice:
		if in.IsNil() {
			return
		}
		s := reflect.MakeSlice(in.Type(), in.Len(), in.Len())
		for i := range in.Len() {
			copyValue(s.Index(i), in.Index(i))
		}
		out.Set(s)
	case reflect.Map:
		if in.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(in.Type(), in.Len())
		iter := in.MapRange()
		for iter.Next() {
			val := reflect.New(in.Type().Elem()).Elem()
			copyValue(val, iter.Value())
			m.SetMapIndex(iter.Key(), val)
		}
		out.Set(m)
	case reflect.Struct:
		for i := range in.NumField() {
			copyValue(out.Field(i), in.Field(i))
		}
	case reflect.Array:
		for i := range in.Len() {
			copyValue(out.Index(i), in.Index(i))
		}
	default:
		out.Set(in)
	}
}
