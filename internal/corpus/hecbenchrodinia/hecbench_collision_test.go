package hecbenchrodinia

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchCollision runs checkDuplicates and checkDuplicateMask on a
// warp of 32 values as collision's test_collision and test_collisionMask
// do (32 − d distinct values, then d copies of the first) for every d,
// and on values with duplicates scattered among the lanes, comparing with
// the host: every lane reports whether any value repeats, and the mask
// has the lanes whose value a lower lane holds.
func TestHecbenchCollision(t *testing.T) {
	r := rng(32)
	var cases [][]int32
	for numDups := range 32 {
		v := make([]int32, 0, 32)
		for len(v) < 32-numDups {
			x := int32(r.Uint32() >> 1)
			if !slicesContains(v, x) {
				v = append(v, x)
			}
		}
		for range numDups {
			v = append(v, v[0])
		}
		cases = append(cases, v)
	}
	for range 8 {
		v := make([]int32, 32)
		for i := range v {
			v[i] = int32(r.IntN(40)) - 20
		}
		cases = append(cases, v)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}
	for _, v := range cases {
		has := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 32)
			return out, f.launch(cfg, CheckDuplicatesKernel(len(v), v, out))
		})
		mask := agree(t, func(f form) (uint32, error) {
			var m uint32
			return m, f.launch(cfg, CheckDuplicateMaskKernel(len(v), v, &m))
		})
		var wantMask uint32
		for i := range v {
			if slicesContains(v[:i], v[i]) {
				wantMask |= 1 << i
			}
		}
		want := int32(0)
		if wantMask != 0 {
			want = 1
		}
		for i := range has {
			require.Equal(t, want, has[i], "lane %d of %v", i, v)
		}
		require.Equal(t, wantMask, mask, "mask of %v", v)
	}
}

// slicesContains reports whether s holds x.
func slicesContains(s []int32, x int32) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
