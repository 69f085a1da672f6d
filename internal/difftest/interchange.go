package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file have a thread's loop that the interchange pass
// runs trip by trip for the whole block: the threads' trips interleave as
// CUDA allows threads between barriers to, and the results must not show
// it.

// InterchangeMatMulKernel is the textbook matrix multiply, c = a×b for an
// m×k a and a k×n b, one thread per element of c, reading b down a
// column; threads outside c return first.
//
//gocuda:kernel InterchangeMatMulKernel
func interchangeMatMul(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row >= m || col >= n {
		return
	}
	var sum float32
	for p := 0; p < k; p++ {
		sum += a[row*k+p] * b[p*n+col]
	}
	c[row*n+col] = sum
}

// InterchangeColumnsKernel sums each column of a k×n b, then, after a
// barrier, stores the sum and the thread that computed it: the threads
// that returned before the loop stay returned across it.
//
//gocuda:kernel InterchangeColumnsKernel
func interchangeColumns(t *gocuda.Thread, b []float32, out []float32, who []int32, k, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if col >= n {
		return
	}
	s := float32(col)
	for p := 0; p < k; p += 2 {
		if p+1 < k {
			s += b[(p+1)*n+col] * 2
		}
		s += b[p*n+col]
	}
	t.SyncThreads()
	out[col] = s
	who[col] = int32(t.ThreadIdx.X)
}
