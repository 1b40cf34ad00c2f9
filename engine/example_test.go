package engine_test

import (
	"fmt"
	"slices"

	"github.com/tilecheck/tilecheck/engine"
	"github.com/tilecheck/tilecheck/iterator"
	"github.com/tilecheck/tilecheck/props"
)

// loadEqualsMoveThenLoad is a property written outside props, against the
// public reading contract only: on a case whose program is one
// load(a,b), every judged thread's load(a,b) must access what
// add_tile_offset(a,b);load() accesses on the same source (a program the
// property declares) and what load(a,b) accesses on the reference.
var loadEqualsMoveThenLoad = props.Property{
	ID:  "X-load-tile",
	Doc: "load(a,b) equals add_tile_offset(a,b);load(), and the reference's load(a,b)",
	Programs: func(c *props.Case) []iterator.Program {
		if op, ok := singleLoad(c); ok {
			return []iterator.Program{{{Kind: iterator.AddTileOffset, A: op.A, B: op.B}, {Kind: iterator.LoadTile}}}
		}
		return nil
	},
	Oracle: func(c *props.Case) []iterator.Program {
		if _, ok := singleLoad(c); ok {
			return []iterator.Program{c.Program}
		}
		return nil
	},
	Judge: func(c *props.Case, t *props.Traces) []props.Violation {
		op, ok := singleLoad(c)
		if !ok {
			return nil
		}
		moved := iterator.Program{{Kind: iterator.AddTileOffset, A: op.A, B: op.B}, {Kind: iterator.LoadTile}}
		own, declared, ref := t.Program(c.Program), t.Declared(0, moved), t.ReferenceProgram(c.Program)
		var out []props.Violation
		for _, th := range c.Threads {
			got, err1 := t.Read(own, th)
			want, err2 := t.Read(declared, th)
			oracle, err3 := ref.Thread(th)
			if err1 != nil || err2 != nil || err3 != nil || len(got.Records) == 0 || len(want.Records) == 0 || len(oracle.Records) == 0 {
				continue
			}
			t.Judged()
			t.Checks += int64(len(got.Records[0].Addrs))
			for _, exp := range [][]int64{want.Records[0].Addrs, oracle.Records[0].Addrs} {
				if !slices.Equal(got.Records[0].Addrs, exp) {
					out = append(out, props.Violation{Property: "X-load-tile", Thread: th, Op: 0, Expected: exp, Actual: got.Records[0].Addrs})
					break
				}
			}
		}
		return out
	},
}

// singleLoad is the case program's one op where it is load(a,b).
func singleLoad(c *props.Case) (iterator.Op, bool) {
	if len(c.Program) != 1 || c.Program[0].Kind != iterator.LoadTile {
		return iterator.Op{}, false
	}
	return c.Program[0], true
}

// A property defined outside props is judged by the engine as the
// built-in ones are: the reference meets it, and the control whose
// load(frag, tile) mis-divides the tile offset fails it.
func Example_propertyOutsideProps() {
	cfg, err := iterator.ParseConfig("elem=f32 shape=64x8 map=stripmined threads=32 access=4 adv=1 stride=64")
	if err != nil {
		fmt.Println(err)
		return
	}
	prog, err := iterator.ParseProgram("load(1,0)")
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := props.NewCase(cfg, prog, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	ref, err := iterator.ModelByName("reference")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range []iterator.Model{ref, iterator.Control(iterator.CLoadDiv)} {
		res, _, err := engine.Check([]props.Property{loadEqualsMoveThenLoad}, props.ModelSource(m), props.ModelSource(ref), c)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(m.Name(), res[0].ID, res[0].Status, len(res[0].Violations) > 0)
	}
	// Output:
	// reference X-load-tile pass false
	// C-load-div X-load-tile fail true
}
