package hecbenchml

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestScatterAdd runs both scatterAdd kernels on 9000 rows (two blocks of
// WORK_SIZE rows, the second partial) of 37 columns into 7 output rows,
// with blocks of 32×16 and the benchmark's dynamic shared memory, against
// its scatter_add_reference. The source holds small integers, so that the
// float sums are exact whatever the order of the atomics.
func TestScatterAdd(t *testing.T) {
	const batch, outSize, dim = 9000, 7, 37
	r := rng(batch, outSize, dim)
	idx := make([]int32, batch)
	src := make([]float32, batch*dim)
	for i := range idx {
		idx[i] = int32(r.IntN(outSize))
	}
	for i := range src {
		src[i] = float32(r.IntN(9) - 4)
	}
	want := make([]float32, outSize*dim)
	for d := range dim {
		for i := range batch {
			want[int(idx[i])*dim+d] += src[i*dim+d]
		}
	}
	cfg := gocuda.Config{
		Grid:      gocuda.Dim3{X: batch/workSize + 1},
		Block:     gocuda.Dim3{X: 32, Y: maxThreadsPerBlock / 32},
		SharedMem: (outSize*dim + maxThreadsPerBlock) * 4,
	}
	for _, k := range []struct {
		name string
		kern func(indexes []int32, source, outputs []float32, batchSize, outputSize, vectorDim int) func(*gocuda.Thread)
	}{{"scatterAdd_kernel", ScatterAddKernel}, {"scatterAdd2_kernel", ScatterAdd2Kernel}} {
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, outSize*dim)
			return out, f.launch(cfg, k.kern(idx, src, out, batch, outSize, dim))
		})
		nearSlice(t, want, got, 0, k.name)
	}
}
