package samplesbooks

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// sliceRef is cudf's strings::slice_strings with step 1: characters
// [max(start, 0), stop) of each string (stop < 0 or past the end: to the
// end), null for a null string.
func sliceRef(strs []string, valid []bool, start, stop func(i int) int) []*string {
	out := make([]*string, len(strs))
	for i, s := range strs {
		if !valid[i] {
			continue
		}
		r := []rune(s)
		lo, hi := max(start(i), 0), stop(i)
		if hi < 0 || hi > len(r) {
			hi = len(r)
		}
		sub := ""
		if lo < hi {
			sub = string(r[lo:hi])
		}
		out[i] = &sub
	}
	return out
}

// TestCudfSlice runs substring_from_kernel (blocks of 512, a warp a
// string) with constant positions and with a column of them.
func TestCudfSlice(t *testing.T) {
	strs, col := cudfTestColumn()
	resolve := func(pairs []cudfIndexPair) []*string {
		out := make([]*string, len(pairs))
		for i, p := range pairs {
			if !p.null {
				s := string(col.chars[p.offset : p.offset+p.size])
				out[i] = &s
			}
		}
		return out
	}
	run := func(t *testing.T, want []*string, kernel func([]cudfIndexPair) func(*gocuda.Thread)) {
		got := agree(t, func(f form) ([]cudfIndexPair, error) {
			out := make([]cudfIndexPair, len(strs))
			err := f.launch(gocuda.Config{Grid: gocuda.Blocks(len(strs)*32, 512), Block: gocuda.Dim3{X: 512}}, kernel(out))
			return out, err
		})
		require.Equal(t, want, resolve(got))
	}
	for _, w := range [][2]int{{0, -1}, {1, 3}, {3, 40}, {30, 100}, {100, -1}, {7, 7}} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			want := sliceRef(strs, col.valid, func(int) int { return w[0] }, func(int) int { return w[1] })
			run(t, want, func(out []cudfIndexPair) func(*gocuda.Thread) {
				return SubstringFromKernel(col, cudfConstantIndex{int32(w[0])}, cudfConstantIndex{int32(w[1])}, out)
			})
		})
	}
	t.Run("column", func(t *testing.T) {
		starts, stops := make(cudfIndexColumn, len(strs)), make(cudfIndexColumn, len(strs))
		for i := range strs {
			starts[i], stops[i] = int32(i%7-1), int32(i%50-3)
		}
		want := sliceRef(strs, col.valid, func(i int) int { return int(starts[i]) }, func(i int) int { return int(stops[i]) })
		run(t, want, func(out []cudfIndexPair) func(*gocuda.Thread) {
			return SubstringFromKernel(col, starts, stops, out)
		})
	})
}
