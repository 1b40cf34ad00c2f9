package props

import (
	"fmt"

	"github.com/tilecheck/tilecheck/iterator"
)

// oracleProgram is the case program as the reference model must run it:
// under the bytes contract, add_pointer_offset(x) means x bytes, which the
// reference (elements) spells x·8/B; ok is false when that is not a whole
// number of elements, and the case says nothing about the oracle.
func oracleProgram(c Case) (iterator.Program, bool) {
	if !c.bytesContract() {
		return c.Program, true
	}
	b := int64(c.Config.Elem.Bits)
	p := make(iterator.Program, len(c.Program))
	for i, o := range c.Program {
		if o.Kind == iterator.AddPointerOffset {
			if o.A*8%b != 0 {
				return nil, false
			}
			o.A = o.A * 8 / b
		}
		p[i] = o
	}
	return p, true
}

// POracle: every access of every path equals the reference address.
var POracle = Property{
	ID:      "P-oracle",
	Doc:     "every access of every path equals the reference address",
	Catches: "symmetric bugs that P-sym and round trips miss",
	Oracle: func(c Case) []iterator.Program {
		if p, ok := oracleProgram(c); ok {
			return []iterator.Program{p}
		}
		return nil
	},
	Judge: func(c Case, t *Traces) []Violation {
		ref, ok := oracleProgram(c)
		if !ok {
			return nil
		}
		var out []Violation
		for _, th := range c.Threads {
			mt, err := t.Get(c.Program, th)
			if err != nil {
				continue
			}
			rt, err := t.Reference(ref, th)
			if err != nil {
				continue
			}
			for i := range mt.Records {
				mr := &mt.Records[i]
				rr := recordAt(rt, mr.Op)
				if rr == nil {
					continue
				}
				var mask []bool
				if rr.Inexact != nil {
					mask = make([]bool, len(rr.Inexact))
					for k, inexact := range rr.Inexact {
						mask[k] = !inexact
					}
					if !anyTrue(mask) {
						continue
					}
				}
				if t.compare(rr, mr, mask) {
					v := Violation{Property: "P-oracle", Thread: th, Op: mr.Op, Expected: rr.Addrs, Actual: mr.Addrs}
					if !t.quiet {
						v.Config, v.Ops = c.Config.String(), c.Program.String()
						v.Detail = fmt.Sprintf("op %d: %s differs from the reference", mr.Op, c.Program[mr.Op])
					}
					out = append(out, v)
				}
			}
		}
		return out
	},
}
