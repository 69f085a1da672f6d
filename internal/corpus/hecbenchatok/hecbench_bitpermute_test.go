package hecbenchatok

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// bitRevRef is the permutation out[bit_rev(i)] = in[i].
func bitRevRef(in []int64, lg uint32) []int64 {
	out := make([]int64, len(in))
	for i := range in {
		out[bitRev(uint32(i), lg)] = in[i]
	}
	return out
}

// TestBitPermute runs the launches of bit_rev_permute in main.cu for a
// domain of 2^8 (bit_rev_permutation in one block), 2^10 with 2^8-thread
// blocks (its grid form), and 2^12 (bit_rev_permutation_z, blocks of a
// warp), each out of place and in place.
func TestBitPermute(t *testing.T) {
	for _, c := range []struct {
		lg    uint32
		block int
		z     bool
	}{{8, 256, false}, {10, 256, false}, {10, 32, false}, {12, 32, true}} {
		n := 1 << c.lg
		r := rng(n, c.block)
		in := make([]int64, n)
		for i := range in {
			in[i] = r.Int64()
		}
		want := bitRevRef(in, c.lg)
		for _, inPlace := range []bool{false, true} {
			got := agree(t, func(f form) ([]int64, error) {
				src := append([]int64(nil), in...)
				dst := make([]int64, n)
				if inPlace {
					dst = src
				}
				if c.z {
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bpZCount / bpWarpSz}, Block: gocuda.Dim3{X: bpWarpSz}, SharedMem: bpWarpSz * bpZCount * 8}
					return dst, f.launch(cfg, BitRevPermutationZKernel(dst, src, c.lg))
				}
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / c.block}, Block: gocuda.Dim3{X: c.block}}
				return dst, f.launch(cfg, BitRevPermutationKernel(dst, src, c.lg))
			})
			require.Equal(t, want, got, "lg %d block %d in place %v", c.lg, c.block, inPlace)
		}
	}
}
