package samplesbooks

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGraphReduce runs simpleCudaGraphs' reduce (8 blocks of 512, the
// sample's numOfBlocks cut down) and reduceFinal (one block) on the
// sample's inputs, (rand() & 0xFF) / RAND_MAX, against their sum.
func TestGraphReduce(t *testing.T) {
	const n, blocks = 100000, 8
	r := rng(n)
	in := make([]float32, n)
	want := 0.0
	for i := range in {
		in[i] = float32(r.IntN(256)) / float32(math.MaxInt32)
		want += float64(in[i])
	}
	wantPart := make([]float64, blocks)
	for i, v := range in {
		wantPart[(i/threadsPerBlock)%blocks] += float64(v)
	}
	type res struct {
		part []float64
		sum  float64
	}
	got := agree(t, func(f form) (res, error) {
		part, sum := make([]float64, blocks), make([]float64, 1)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threadsPerBlock}},
			GraphReduceKernel(in, part, n, blocks)); err != nil {
			return res{}, err
		}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threadsPerBlock}},
			GraphReduceFinalKernel(part, sum, blocks))
		return res{part, sum[0]}, err
	})
	nearSlice(t, wantPart, got.part, 1e-12, "partial sums")
	require.InDelta(t, want, got.sum, 1e-12*want)
}

// softmaxRef is softMax_cpu of softmax-cuda, in float64.
func softmaxRef(numSlice, sliceSize int, src []float32) []float32 {
	out := make([]float32, len(src))
	for i := range numSlice {
		s := src[i*sliceSize : (i+1)*sliceSize]
		m := float64(s[0])
		for _, v := range s {
			m = math.Max(m, float64(v))
		}
		sum := 0.0
		for _, v := range s {
			sum += math.Exp(float64(v) - m)
		}
		for j, v := range s {
			out[i*sliceSize+j] = float32(math.Exp(float64(v)-m) / sum)
		}
	}
	return out
}

// TestSoftMax runs softMax and softMax2 with main's launch shapes (blocks
// of 256; a slice a thread, or a slice a warp) on 37 slices of 300 of
// main's inputs, rand() % 13, against softMax_cpu.
func TestSoftMax(t *testing.T) {
	const numSlice, sliceSize, blockSize = 37, 300, 256
	r := rng(numSlice, sliceSize)
	in := make([]float32, numSlice*sliceSize)
	for i := range in {
		in[i] = float32(r.IntN(13))
	}
	want := softmaxRef(numSlice, sliceSize, in)
	got1 := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, len(in))
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (numSlice + blockSize - 1) / blockSize}, Block: gocuda.Dim3{X: blockSize}},
			SoftMaxKernel(numSlice, sliceSize, in, out))
	})
	nearSlice(t, want, got1, 1e-5, "softMax")
	got2 := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, len(in))
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (numSlice + blockSize/32 - 1) / (blockSize / 32)}, Block: gocuda.Dim3{X: blockSize}},
			SoftMax2Kernel(numSlice, sliceSize, in, out))
	})
	nearSlice(t, want, got2, 1e-5, "softMax2")
}
