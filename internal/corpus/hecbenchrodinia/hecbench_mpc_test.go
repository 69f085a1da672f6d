package hecbenchrodinia

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// mpcHost is MPC's compression done sequentially on the host, chunk by
// chunk as the kernel does it: the reference for MPCcompress.
func mpcHost(in []int64, dim int) []int64 {
	n := len(in)
	out := make([]int64, 2+n+(n+31)/32)
	pos := 1 + (n+63)/64
	for c := 0; c*mpcTPB < n; c++ {
		var s2, v2 [mpcTPB]int64
		for tid := range mpcTPB {
			idx := c*mpcTPB + tid
			if idx < n {
				s2[tid] = in[idx]
				if tid >= dim {
					s2[tid] -= in[idx-dim]
				}
			}
		}
		for tid := range mpcTPB {
			lanex, warpx := tid&63, tid&0x3c0
			for i := 63; i >= 0; i-- {
				v2[tid] = v2[tid]<<1 + (s2[warpx+i]>>lanex)&1
			}
		}
		for tid := mpcTPB - 1; tid > 0; tid-- {
			v2[tid] -= v2[tid-1]
		}
		for g := 0; g < mpcTPB; g += 64 {
			var bitmap int64
			for l := range 64 {
				if v2[g+l] != 0 {
					bitmap |= 1 << l
				}
			}
			if c*mpcTPB+g < n {
				out[1+(c*mpcTPB+g)/64] = bitmap
			}
		}
		for tid := range mpcTPB {
			if v2[tid] != 0 {
				out[pos] = v2[tid]
				pos++
			}
		}
	}
	out[0] = int64(pos)<<32 + 0x43504d00 - 1 + int64(dim)
	return out[:pos]
}

// TestHecbenchMPC compresses smooth doubles (a sampled 1-, 2- and
// 3-dimensional field, as MPC's inputs are) with MPCcompress on one block
// of 1024 threads (one chunk: a block waits for the block before it from
// its second chunk on, and with one block for itself, forever), compares the compressed words with the host's
// sequential compression, then decompresses them with MPCdecompress after
// main's fix-up of the header and requires the original bits back.
func TestHecbenchMPC(t *testing.T) {
	for _, dim := range []int{1, 3} {
		t.Run(fmt.Sprint(dim), func(t *testing.T) {
			const n = 1000
			in := make([]int64, n)
			for i := range in {
				x := float64(i/dim) * 0.01
				in[i] = int64(math.Float64bits(math.Sin(x+float64(i%dim)) * 100))
			}
			in[7] = 0 // a word the deltas do not predict
			want := mpcHost(in, dim)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: mpcTPB}}
			compressed := agree(t, func(f form) ([]int64, error) {
				out := make([]int64, 2+n+(n+31)/32)
				goffset := []int32{-1}
				err := f.launch(cfg, MPCCompressKernel(n, in, out, goffset, uint8(dim)))
				return out, err
			})
			size := int(compressed[0] >> 32)
			require.Less(t, size, n, "no compression")
			require.Equal(t, want, compressed[:size])
			compressed[0] = int64(n)<<32 + 0x43504d00 - 1 + int64(dim)
			got := agree(t, func(f form) ([]int64, error) {
				out := make([]int64, n)
				goffset := []int32{-1}
				err := f.launch(cfg, MPCDecompressKernel(compressed, out, goffset))
				return out, err
			})
			require.Equal(t, in, got)
		})
	}
}
