package samplesbooks

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// cudfTestColumn returns the strings the cudf tests search, long enough
// that a warp takes several turns, with a null at index 4, as a column.
func cudfTestColumn() ([]string, cudfStrings) {
	base := []string{"", "ab", "abab", "xxabxxabxxab", "é-ab-é-ab", "aaaa",
		strings.Repeat("ab", 40), strings.Repeat("é", 20) + "ab" + strings.Repeat("xyzé", 30) + "ab",
		strings.Repeat("x", 95) + "ab", "no match here", "ba", strings.Repeat("é", 130) + "a"}
	var strs []string
	for i := range 7 {
		strs = append(strs, base...)
		strs = append(strs, strings.Repeat("qéb", i*9)+"ab")
	}
	col := cudfStrings{offsets: []int32{0}, valid: make([]bool, len(strs))}
	for i, s := range strs {
		col.chars = append(col.chars, s...)
		col.offsets = append(col.offsets, int32(len(col.chars)))
		col.valid[i] = i != 4
	}
	return strs, col
}

// findRef is cudf's strings::find (forward) and rfind: the character
// position of the first or last occurrence of target that lies within
// characters [start, stop) (stop < 0: to the end), else -1.
func findRef(strs []string, valid []bool, target string, start, stop int, forward bool) []int32 {
	out := make([]int32, len(strs))
	for i, s := range strs {
		out[i] = -1
		if !valid[i] {
			continue
		}
		r := []rune(s)
		if start > len(r) {
			continue
		}
		hi := len(r)
		if stop >= 0 && stop < hi {
			hi = max(stop, start)
		}
		sub := string(r[start:hi])
		p := strings.Index(sub, target)
		if !forward {
			p = strings.LastIndex(sub, target)
		}
		if p >= 0 {
			out[i] = int32(start + utf8.RuneCountInString(sub[:p]))
		}
	}
	return out
}

// TestCudfFind runs finder_warp_parallel_fn forward and backward over
// several character windows, and contains_warp_parallel_fn, with blocks
// of 256 (a warp a string, a partial last block).
func TestCudfFind(t *testing.T) {
	strs, col := cudfTestColumn()
	blocks := gocuda.Blocks(len(strs)*32, 256)
	for _, target := range []string{"ab", "éa", "x"} {
		for _, w := range [][2]int{{0, -1}, {3, -1}, {2, 40}, {5, 5}, {60, 200}} {
			for _, forward := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/%d-%d/%v", target, w[0], w[1], forward), func(t *testing.T) {
					want := findRef(strs, col.valid, target, w[0], w[1], forward)
					got := agree(t, func(f form) ([]int32, error) {
						out := make([]int32, len(strs))
						for i := range out {
							out[i] = -1
						}
						err := f.launch(gocuda.Config{Grid: blocks, Block: gocuda.Dim3{X: 256}},
							FinderWarpParallelKernel(forward, col, cudfConstantTarget{[]byte(target)}, int32(w[0]), int32(w[1]), out))
						return out, err
					})
					require.Equal(t, want, got)
				})
			}
		}
		t.Run("contains/"+target, func(t *testing.T) {
			want := make([]bool, len(strs))
			for i, s := range strs {
				want[i] = col.valid[i] && strings.Contains(s, target)
			}
			got := agree(t, func(f form) ([]bool, error) {
				out := make([]bool, len(strs))
				err := f.launch(gocuda.Config{Grid: blocks, Block: gocuda.Dim3{X: 256}},
					ContainsWarpParallelKernel(col, []byte(target), out))
				return out, err
			})
			require.Equal(t, want, got)
		})
	}
}
