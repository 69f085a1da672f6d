package kernels_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// The TestLesson tests run the kernels the classic texts teach with at
// small sizes, checked against host references. Run plainly they are
// ordinary tests; run under `gocuda profile` they are the workloads of the
// seeds' lessons, whose GPU figures cmd/gocuda's TestLessons asserts.

// TestLessonMatMul multiplies 64×64 matrices with the naive and the 16×16
// tiled kernels (Ryoo et al.; Kirk and Hwu).
func TestLessonMatMul(t *testing.T) {
	dev := newDevice(t)
	const n = 64
	a, b := lessonMatrix(n*n, 1), lessonMatrix(n*n, 2)
	want := make([]float32, n*n)
	for i := range n {
		for p := range n {
			for j := range n {
				want[i*n+j] += a[i*n+p] * b[p*n+j]
			}
		}
	}
	for _, v := range []kernels.MatMulVariant{kernels.MatMulNaive, kernels.MatMulTiled} {
		c := make([]float32, n*n)
		require.NoError(t, kernels.MatMul(dev, v, a, b, c, n, n, n))
		require.Equal(t, want, c, "%v", v) // small integers: exact in any order
	}
}

// TestLessonTranspose transposes a 64×64 matrix through the 32×32 tile
// and the 32×33 padded tile.
func TestLessonTranspose(t *testing.T) {
	dev := newDevice(t)
	const n = 64
	in := lessonMatrix(n*n, 3)
	for _, v := range []kernels.TransposeVariant{kernels.TransposeTiled, kernels.TransposePadded} {
		out := make([]float32, n*n)
		require.NoError(t, kernels.Transpose(dev, v, in, out, n, n))
		for i := range n {
			for j := range n {
				require.Equal(t, in[i*n+j], out[j*n+i], "%v (%d,%d)", v, i, j)
			}
		}
	}
}

// TestLessonReduce sums 4096 integers with Harris's interleaved and
// sequential addressing.
func TestLessonReduce(t *testing.T) {
	dev := newDevice(t)
	in := make([]int32, 4096)
	var want int32
	for i := range in {
		in[i] = int32(i%7 - 3)
		want += in[i]
	}
	for _, v := range []kernels.ReduceVariant{kernels.ReduceInterleaved, kernels.ReduceSequential} {
		got, err := kernels.Reduce(dev, v, in)
		require.NoError(t, err)
		require.Equal(t, want, got, "%v", v)
	}
}

// stride2 copies every other float of in: the strided load of the
// coalescing lessons (CUDA C Programming Guide, G.3.2).
func stride2(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = in[2*i]
}

// tile8 stages an 8×8 tile through shared memory: the slides' small-tile
// case, whose 64-thread blocks leave a G80 multiprocessor short of threads
// because no more than 8 blocks may be resident.
func tile8(t *gocuda.Thread, in, out []float32) {
	tile := gocuda.Shared[[8]float32](t, 8)
	x, y := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[y][x] = in[y*8+x]
	t.SyncThreads()
	out[y*8+x] = tile[x][y]
}

// TestLessonAccess runs the strided load over 4 warps and the 8×8 tile
// over one block.
func TestLessonAccess(t *testing.T) {
	dev := newDevice(t)
	in, out := lessonMatrix(256, 4), make([]float32, 128)
	require.NoError(t, dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 32}},
		func(t *gocuda.Thread) { stride2(t, in, out) }))
	for i := range out {
		require.Equal(t, in[2*i], out[i])
	}
	clear(out)
	require.NoError(t, dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 8, Y: 8}},
		func(t *gocuda.Thread) { tile8(t, in[:64], out[:64]) }))
	for i := range 8 {
		for j := range 8 {
			require.Equal(t, in[i*8+j], out[j*8+i])
		}
	}
}

// lessonMatrix returns n small integers as floats, different per seed.
func lessonMatrix(n, seed int) []float32 {
	m := make([]float32, n)
	for i := range m {
		m[i] = float32((i*seed+seed)%5 - 2)
	}
	return m
}
