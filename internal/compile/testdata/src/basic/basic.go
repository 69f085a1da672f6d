package basic

import "github.com/gocuda/gocuda/gocuda"

const tile = 16

// MatMulTiledKernel returns the tiled matrix multiply.
//
//gocuda:kernel MatMulTiledKernel
func matMulTiled(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	as := gocuda.Shared[[tile]float32](t, tile)
	bs := gocuda.Shared[[tile]float32](t, tile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*tile + ty
	col := t.BlockIdx.X*tile + tx
	var sum float32
	for p := 0; p < k; p += tile {
		as[ty][tx], bs[ty][tx] = load(a, b, row, col, p+tx, p+ty, m, k, n)
		t.SyncThreads()
		for q := range tile {
			sum += as[ty][q] * bs[q][tx]
		}
		t.SyncThreads()
	}
	if row < m && col < n {
		c[row*n+col] = sum
	}
}

func load(a, b []float32, row, col, ac, br, m, k, n int) (av, bv float32) {
	if row < m && ac < k {
		av = a[row*k+ac]
	}
	if br < k && col < n {
		bv = b[br*n+col]
	}
	return av, bv
}

// ScanKernel is a Hillis-Steele block scan with an early exit.
//
//gocuda:kernel ScanKernel
func scan[T int32 | float32](t *gocuda.Thread, in, out []T) {
	temp := gocuda.Shared[T](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	if i < len(in) {
		temp[tid] = in[i]
	}
	t.SyncThreads()
	for off := 1; off < t.BlockDim.X; off *= 2 {
		var v T
		if tid >= off {
			v = temp[tid-off]
		}
		t.SyncThreads()
		temp[tid] += v
		t.SyncThreads()
	}
	if i >= len(in) {
		return
	}
	n := t.SyncThreadsCount(temp[tid] > 0)
	out[i] = temp[tid] + T(n-n)
}

// WarpKernel uses a collective inside an expression.
//
//gocuda:kernel WarpKernel
func warp(t *gocuda.Thread, out []uint32) {
	out[t.ThreadIdx.X] = 1 + t.BallotSync(gocuda.FullMask, true)
}

// NestedHelperKernel calls a helper with a barrier inside an expression.
//
//gocuda:kernel NestedHelperKernel
func nestedHelper(t *gocuda.Thread, out []int) {
	out[t.ThreadIdx.X] = 1 + value(t)
}

func value(t *gocuda.Thread) int {
	t.SyncThreads()
	return 1
}

// launches launches two kernels written as function literals: one
// synchronizes (gocuda compile -v names it), one does not.
func launches(d *gocuda.Device, out []int32) error {
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}
	if err := d.Launch(cfg, func(t *gocuda.Thread) {
		s := gocuda.Shared[int32](t, 32)
		s[t.ThreadIdx.X] = 1
		t.SyncThreads()
		out[t.ThreadIdx.X] = s[31-t.ThreadIdx.X]
	}); err != nil {
		return err
	}
	return d.Launch(cfg, func(t *gocuda.Thread) { out[t.ThreadIdx.X]++ })
}

// SAXPYKernel is SAXPY, one thread per element: a grid body whose blocks
// run in runs, which compiled.GridStrideKernel gives long chunks.
//
//gocuda:kernel SAXPYKernel
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}
