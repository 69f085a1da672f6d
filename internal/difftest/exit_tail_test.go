package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// exitTailRef is ExitTailKernel's result on a host: in turn r the threads
// with more than r turns store their remaining turns ×10, then each adds
// its right neighbour's slot, the last value that neighbour stored.
func exitTailRef(turns []int32) []int32 {
	n := len(turns)
	sh, acc := make([]int32, n), make([]int32, n)
	for r := int32(0); ; r++ {
		active := false
		for i, k := range turns {
			if k > r {
				sh[i], active = (k-r)*10, true
			}
		}
		if !active {
			return acc
		}
		for i, k := range turns {
			if k > r {
				acc[i] = acc[i]*3 + sh[(i+1)%n]
			}
		}
	}
}

// TestExitTail runs ExitTailKernel and ExitTailBreakKernel on a block of
// 40 threads, thread i making i%5+1 turns (and, in a second block, none
// for some), against exitTailRef: the compiled form runs the code after
// the loop where a thread leaves it, as the runtime path does.
func TestExitTail(t *testing.T) {
	for _, turns := range [][]int32{
		{1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5},
		{0, 3, 0, 7, 1, 1, 0, 2},
		{0, 0, 0},
	} {
		n := len(turns)
		want := exitTailRef(turns)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}
		got := agree(t, func(f form) ([]int32, error) {
			list, out := append([]int32(nil), turns...), make([]int32, n)
			err := f.launch(cfg, ExitTailKernel(list, out))
			return out, err
		})
		require.Equal(t, want, got, "turns %v", turns)
		gotBreak := agree(t, func(f form) ([]int32, error) {
			list, out := append([]int32(nil), turns...), make([]int32, 2*n)
			err := f.launch(cfg, ExitTailBreakKernel(list, out))
			return out, err
		})
		require.Equal(t, make([]int32, n), gotBreak[:n], "the loop's acc is its own: turns %v", turns)
	}
}
