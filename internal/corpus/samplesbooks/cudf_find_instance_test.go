package samplesbooks

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// findInstanceRef is cudf's strings::find_instance: for each string, the
// position in characters of the instance-th (from 0) occurrence of target
// (occurrences may overlap), -1 if there are not that many, and -1 for a
// null string (the kernel leaves nulls unwritten; the column's null mask
// hides them).
func findInstanceRef(strs []string, valid []bool, target string, instance int) []int32 {
	out := make([]int32, len(strs))
	for i, s := range strs {
		out[i] = -1
		if valid != nil && !valid[i] {
			continue
		}
		seen := 0
		for p := 0; p+len(target) <= len(s); p++ {
			if s[p]&0xC0 == 0x80 || !strings.HasPrefix(s[p:], target) {
				continue
			}
			if seen == instance {
				out[i] = int32(len([]rune(s[:p])))
				break
			}
			seen++
		}
	}
	return out
}

// TestFindInstance runs find_instance_warp_parallel_fn (blocks of 256, a
// warp a string) over strings of several lengths, a partial last block, a
// null string and multi-byte characters, for instances 0 to 3.
func TestFindInstance(t *testing.T) {
	base := []string{"", "ab", "abab", "xxabxxabxxab", "é-ab-é-ab", "aaaa",
		strings.Repeat("ab", 40), strings.Repeat("é", 20) + "ab" + strings.Repeat("xyzé", 30) + "ab",
		strings.Repeat("x", 95) + "ab", "no match here", "ba"}
	var strs []string
	for i := range 13 {
		strs = append(strs, base...)
		strs = append(strs, strings.Repeat("qab", i*5))
	}
	valid := make([]bool, len(strs))
	for i := range valid {
		valid[i] = i != 4
	}
	col := cudfStrings{offsets: []int32{0}, valid: valid}
	for _, s := range strs {
		col.chars = append(col.chars, s...)
		col.offsets = append(col.offsets, int32(len(col.chars)))
	}
	for _, target := range []string{"ab", "a"} {
		for instance := range 4 {
			t.Run(fmt.Sprintf("%s/%d", target, instance), func(t *testing.T) {
				want := findInstanceRef(strs, valid, target, instance)
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, len(strs))
					for i := range out {
						out[i] = -1
					}
					err := f.launch(gocuda.Config{Grid: gocuda.Blocks(len(strs)*32, 256), Block: gocuda.Dim3{X: 256}},
						FindInstanceWarpParallelKernel(col, []byte(target), int32(instance), out))
					return out, err
				})
				require.Equal(t, want, got)
			})
		}
	}
}
