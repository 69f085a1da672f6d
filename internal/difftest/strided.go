package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file store at stride 2 (Blelloch's tree, whose
// widest level updates data[2*thid+1] from data[2*thid]), with and
// without a mask of the lanes in force, and scale the thread's index by a
// variable of the block's that the kernel sets to 1 (Blelloch's offset):
// the SIMD build's steps take it as 1 and run where it is.

// UpSweepKernel sums, in each block's 2*blockDim.X elements of data from
// base, pairs at the strides 1, 2, 4, ... for levels levels, in place:
// Blelloch's up-sweep in global memory, a barrier after each level.
//
//gocuda:kernel UpSweepKernel
func upSweep(t *gocuda.Thread, data []float32, base, levels int) {
	thid := t.ThreadIdx.X
	first := base + 2*t.BlockIdx.X*t.BlockDim.X
	offset := 1
	for d := t.BlockDim.X; d > 0 && levels > 0; d >>= 1 {
		if thid < d {
			ai, bi := first+offset*(2*thid+1)-1, first+offset*(2*thid+2)-1
			data[bi] += data[ai]
		}
		offset *= 2
		levels--
		t.SyncThreads()
	}
}

// SpreadKernel writes, for thread i of the grid where 2*i+off < n and
// in[i] is not negative, in[i]*2 to out[2*i+off]: a store at stride 2
// under a mask of the lanes.
//
//gocuda:kernel SpreadKernel
func spread(t *gocuda.Thread, in, out []float32, n, off int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	g := 2*i + off
	if i < len(in) && g < n && in[i] >= 0 {
		out[g] = in[i] * 2
	}
}

// PairTreeKernel sums each block's blockDim.X elements of data in shared
// memory as Harris's reduction kernel 2 (interleaved
// addressing, strided index): at step s (1, 2, 4, ...) thread tid adds
// element index+s to element index = 2*s*tid where index is in the
// block, then thread 0 writes the block's sum to sums[blockIdx.x]. The
// index's stride, 2*s, is 2 at the first step: the step the SIMD build's
// vector steps take, with s taken as 1.
//
//gocuda:kernel PairTreeKernel
func pairTree(t *gocuda.Thread, data, sums []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = data[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if index := 2 * s * tid; index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		sums[t.BlockIdx.X] = sdata[0]
	}
}

// PairStoreKernel writes, for thread i of the grid, in[i] to
// out[2*i+off] where 2*i+off < n, and in[i]*3 to out[2*i+off+1] where
// 2*i+off+1 < n: two stores at stride 2 in a row, each under its own
// guard, as Blelloch's scan ends. The SIMD build stores both at once
// where every lane passes both guards and the window lies in out.
//
//gocuda:kernel PairStoreKernel
func pairStore(t *gocuda.Thread, in, out []float32, n, off int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	g := 2*i + off
	a, b := in[i], in[i]*3
	if g < n {
		out[g] = a
	}
	if g+1 < n {
		out[g+1] = b
	}
}
