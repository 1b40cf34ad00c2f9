package iterator

import "fmt"

// ArithmeticFindings lists, once each and in the order first met, the int32
// overflows and truncating bit-to-byte conversions that traces hit, each
// with the first thread that hit it and how many more did: the addresses a
// trace shows are what the C++ computes, wrap included, so a front end
// warns about them.
func ArithmeticFindings(traces []ThreadTrace) []string {
	type finding struct{ first, last, count int } // count: distinct threads
	var order []string
	found := map[string]*finding{}
	note := func(msg string, thread int) {
		if f, ok := found[msg]; ok {
			if f.last != thread {
				f.last = thread
				f.count++
			}
			return
		}
		found[msg] = &finding{first: thread, last: thread, count: 1}
		order = append(order, msg)
	}
	for _, tr := range traces {
		for _, o := range tr.Overflows {
			note(o.String()+" (wrapped as the C++ does)", tr.Thread)
		}
		for _, where := range tr.Inexact {
			note("bit-to-byte conversion truncates at "+where, tr.Thread)
		}
	}
	out := make([]string, 0, len(order))
	for _, msg := range order {
		f := found[msg]
		line := fmt.Sprintf("%s: thread %d", msg, f.first)
		if f.count > 1 {
			line += fmt.Sprintf(" and %d more", f.count-1)
		}
		out = append(out, line)
	}
	return out
}
