package hecbenchatok

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestAllPairsDistance runs k1 and k2 on 12 instances of 1000 attributes
// (an instance's row not a multiple of the block's 512 chars a turn), one
// block of 128 a pair, against main.cu's CPU. The instances are 0s and 1s,
// as main.cu's. k2 writes the transpose of k1's layout; the distances are
// symmetric.
func TestAllPairsDistance(t *testing.T) {
	const inst, attrs = 12, 1000
	r := rng(inst, attrs)
	data := make([]int8, inst*attrs)
	for i := range data {
		data[i] = int8(r.IntN(2))
	}
	want := make([]int32, inst*inst)
	for i := range inst {
		for j := range inst {
			for k := range attrs {
				if data[i*attrs+k] != data[j*attrs+k] {
					want[i+inst*j]++
				}
			}
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: inst, Y: inst}, Block: gocuda.Dim3{X: apThreads}}
	for name, k := range map[string]func(data []int8, distance []int32, instances, attributes int) func(*gocuda.Thread){
		"k1": AllPairsK1Kernel, "k2": AllPairsK2Kernel,
	} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, inst*inst)
			return out, f.launch(cfg, k(data, out, inst, attrs))
		})
		require.Equal(t, want, got, name)
	}
}
