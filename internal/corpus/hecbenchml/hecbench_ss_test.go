package hecbenchml

import (
	"slices"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// ssText returns n characters of "abAB" at random, with copies of pattern
// in random case planted every 300 characters or so, so that the first
// two characters pass the first filter often and full matches are many.
func ssText(n int, pattern string) []uint8 {
	r := rng(n, len(pattern))
	text := make([]uint8, n)
	for i := range text {
		text[i] = "abAB"[r.IntN(4)]
	}
	for p := r.IntN(300); p+len(pattern) <= n; p += 1 + r.IntN(600) {
		for j := range len(pattern) {
			c := pattern[j]
			if r.IntN(2) == 0 && c >= 'a' && c <= 'z' {
				c -= 'a' - 'A'
			}
			text[p+j] = c
		}
	}
	return text
}

// ssRef returns, per work-group of maxSearch positions, the sorted
// positions where pattern occurs in text, ignoring case.
func ssRef(text []uint8, pattern string, maxSearch, groups int) [][]uint32 {
	res := make([][]uint32, groups)
	last := len(text) - len(pattern) + 1
	for g := range groups {
		res[g] = []uint32{}
		for p := g * maxSearch; p < min((g+1)*maxSearch, last); p++ {
			ok := true
			for j := range len(pattern) {
				if tolower(text[p+j]) != tolower(pattern[j]) {
					ok = false
					break
				}
			}
			if ok {
				res[g] = append(res[g], uint32(p))
			}
		}
	}
	return res
}

// TestStringSearch runs both ss-cuda kernels, blocks of LOCAL_SIZE = 256
// and the pattern in dynamic shared memory, on 23000 characters with
// work-groups of 5000 positions (5 groups, the last partial; the
// benchmark's 512·256 is too slow on the runtime path): the naive kernel
// with a 1-character pattern (as the benchmark runs it) and a
// 20-character one, the load-balancing kernel with the 20-character
// pattern (the 2nd-level filter needs more than 16). Matches within a
// group come in any order; the test sorts them.
func TestStringSearch(t *testing.T) {
	const n, maxSearch = 23000, 5000
	long := "abbaBabaabAbbbaBaaba"
	for _, c := range []struct {
		name    string
		pattern string
		kern    func(text []uint8, textLength uint32, pattern []uint8, patternLength uint32, resultBuffer, resultCountPerWG []uint32, maxSearchLength uint32) func(*gocuda.Thread)
	}{
		{"StringSearchNaive/1", "B", StringSearchNaiveKernel},
		{"StringSearchNaive/20", long, StringSearchNaiveKernel},
		{"StringSearchLoadBalance/20", long, StringSearchLoadBalanceKernel},
	} {
		text := ssText(n, long)
		groups := (n - len(c.pattern) + 1 + maxSearch - 1) / maxSearch
		want := ssRef(text, c.pattern, maxSearch, groups)
		if total := len(slices.Concat(want...)); total < 10 {
			t.Fatalf("%s: only %d matches in the text", c.name, total)
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: groups}, Block: gocuda.Dim3{X: ssLocalSize}, SharedMem: len(c.pattern)}
		agree(t, func(f form) ([][]uint32, error) {
			result := make([]uint32, n-len(c.pattern)+1)
			counts := make([]uint32, groups)
			err := f.launch(cfg, c.kern(text, n, []uint8(c.pattern), uint32(len(c.pattern)), result, counts, maxSearch))
			got := make([][]uint32, groups)
			for g := range groups {
				got[g] = slices.Sorted(slices.Values(result[g*maxSearch : g*maxSearch+int(counts[g])]))
				if !slices.Equal(want[g], got[g]) {
					t.Errorf("%s %s group %d: want %d matches %v, got %d %v", c.name, f.name, g, len(want[g]), want[g], len(got[g]), got[g])
				}
			}
			return got, err
		})
	}
}
