package engine

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tilecheck/tilecheck/iterator"
)

// TestNeedsIndexEachProgramOnce: needs files each (group, program) once,
// however many times it is added and across replans that reuse its
// memory, and find answers each with its own index, as a map keyed by the
// formatted pair does; the slots grow past many needs.
func TestNeedsIndexEachProgramOnce(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	var n needs
	for round := range 3 {
		n.reset()
		want := map[string]int{}
		var progs []iterator.Program
		var groups []int
		for range 3000 + 2000*round {
			var prog iterator.Program
			var group int
			if len(progs) > 0 && r.Intn(3) == 0 { // a repeat, in a new slice
				k := r.Intn(len(progs))
				prog, group = append(iterator.Program(nil), progs[k]...), groups[k]
			} else {
				for range 1 + r.Intn(4) {
					prog = append(prog, iterator.Op{Kind: iterator.OpKind(r.Intn(int(iterator.Accesses) + 1)), A: int64(r.Intn(5) - 2), B: int64(r.Intn(3))})
				}
				group = r.Intn(20)
			}
			key := needKey(group, prog)
			i := n.add(group, prog, []int{0, 1})
			if w, ok := want[key]; ok {
				require.Equal(t, w, i, "round %d: %s added again", round, key)
			}
			want[key] = i
			progs, groups = append(progs, prog), append(groups, group)
		}
		require.Len(t, n.list, len(want), "round %d: a need for each distinct program", round)
		for k, prog := range progs {
			i, ok := n.find(groups[k], prog)
			require.True(t, ok, "round %d: find(%d, %v)", round, groups[k], prog)
			require.Equal(t, want[needKey(groups[k], prog)], i, "round %d: find(%d, %v)", round, groups[k], prog)
		}
		_, ok := n.find(99, iterator.Program{{Kind: iterator.Load}})
		require.False(t, ok, "round %d: found a program never added", round)
	}
}

// needKey spells a need with every op's kind and arguments (Op.String
// leaves out the arguments a kind does not take).
func needKey(group int, prog iterator.Program) string {
	k := fmt.Sprint(group)
	for _, o := range prog {
		k += fmt.Sprintf(";%d,%d,%d", o.Kind, o.A, o.B)
	}
	return k
}
