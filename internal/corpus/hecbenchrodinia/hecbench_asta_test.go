package hecbenchrodinia

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchAsta transposes in place an m × tiled_n matrix of
// super-elements of s floats with PTTWAC_soa_asta, launched as asta's main
// launches it (a few blocks of 64 threads, finished and head zeroed), and
// compares with the host's transposition, as verify does.
func TestHecbenchAsta(t *testing.T) {
	for _, sz := range []struct{ m, n, s, blocks int }{{13, 70, 8, 4}, {7, 30, 200, 3}} {
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			tiledN := (sz.n-1)/sz.s + 1
			inSize := sz.m * tiledN * sz.s
			r := rng(sz.m, sz.n, sz.s)
			in := make([]float32, inSize)
			for i := range in {
				in[i] = float32(r.IntN(100)) / 100
			}
			got := agree(t, func(f form) ([]float32, error) {
				data := slices.Clone(in)
				finished := make([]int32, sz.m*tiledN)
				head := make([]int32, 1)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: sz.blocks}, Block: gocuda.Dim3{X: 64}},
					PttwacSoaAstaKernel(sz.m, tiledN, sz.s, data, finished, head))
				return data, err
			})
			for r := range sz.m {
				for c := range tiledN {
					for k := range sz.s {
						require.Equal(t, in[(r*tiledN+c)*sz.s+k], got[(c*sz.m+r)*sz.s+k], "row %d column %d value %d", r, c, k)
					}
				}
			}
		})
	}
}
