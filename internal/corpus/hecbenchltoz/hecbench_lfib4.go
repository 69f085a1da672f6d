package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's lfib4 benchmark (zjin-lcf/HeCBench at
// f27000a, src/lfib4-cuda/main.cu, Marsaglia's LFIB4 lagged Fibonacci
// generator x[k] = x[k-55] + x[k-119] + x[k-179] + x[k-256] computed in
// r columns of s): firstColGPU, colYGPU, lastEntGPU and colsGPU, shared
// windows advanced 32 at a time between barriers. A pointer into the
// middle of an array that the kernel indexes below it (px = &cx[P4],
// px[i + myid - P4]; xc = &x[i*s], xc[-P4 + k]) is an offset into the
// array.

// main.cu's lags P1 to P4, LWDR and LKNB.
const (
	lfibP1   = 55
	lfibP2   = 119
	lfibP3   = 179
	lfibP4   = 256
	lfibLWDR = 32
	lfibLKNB = 8
)

// FirstColGPUKernel is firstColGPU of lfib4-cuda: one block of P4
// threads runs the recurrence down the first column (s elements) of x.
//
//gocuda:kernel FirstColGPUKernel
func firstColGPUKernel(t *gocuda.Thread, x []uint32, s int) {
	cx := gocuda.Shared[uint32](t, 2*lfibP4)

	px := lfibP4 // &cx[P4]
	myid := t.ThreadIdx.X
	cx[myid] = x[myid]
	t.SyncThreads()

	for k := 1; k < s/lfibP4; k++ {

		for i := 0; i < lfibP4; i += lfibLWDR {
			if myid < lfibLWDR {
				cx[px+i+myid] = cx[px+i+myid-lfibP1] + cx[px+i+myid-lfibP2] +
					cx[px+i+myid-lfibP3] + cx[px+i+myid-lfibP4]
			}
			t.SyncThreads()
		}

		cx[myid] = cx[px+myid]
		x[k*lfibP4+myid] = cx[myid]
		t.SyncThreads()
	}
}

// ColYGPUKernel is colYGPU of lfib4-cuda: the recurrence's response to a
// unit impulse, run down a column of s, its last 3·P4 values left in y.
//
//gocuda:kernel ColYGPUKernel
func colYGPUKernel(t *gocuda.Thread, y []uint32, s int) {
	cy := gocuda.Shared[uint32](t, 3*lfibP4)

	ay := lfibP4 * 2 // &cy[P4 * 2]
	myid := t.ThreadIdx.X
	cy[ay+myid] = y[2*lfibP4+myid]
	t.SyncThreads()

	for k := 0; k < s/lfibP4; k++ {

		cy[myid] = cy[myid+lfibP4]
		cy[myid+lfibP4] = cy[ay+myid]
		t.SyncThreads()

		for i := 0; i < lfibP4; i += lfibLWDR {
			if myid < lfibLWDR {
				cy[ay+i+myid] = cy[ay+i+myid-lfibP1] + cy[ay+i+myid-lfibP2] +
					cy[ay+i+myid-lfibP3] + cy[ay+i+myid-lfibP4]
			}
			t.SyncThreads()
		}
	}

	y[2*lfibP4+myid] = cy[2*lfibP4+myid]
	y[lfibP4+myid] = cy[lfibP4+myid]
	y[myid] = cy[myid]
}

// LastEntGPUKernel is lastEntGPU of lfib4-cuda: one block of 2·P4
// threads computes the last P4 entries of columns 1 to r-1 from the
// previous column's and y's, one column after the other.
//
//gocuda:kernel LastEntGPUKernel
func lastEntGPUKernel(t *gocuda.Thread, x, y []uint32, s, r int) {
	a0 := gocuda.Shared[uint32](t, 3*lfibP4)
	b0 := gocuda.Shared[uint32](t, 2*lfibP4)
	c0 := gocuda.Shared[uint32](t, 2*lfibP4)
	d0 := gocuda.Shared[uint32](t, 2*lfibP4)

	a := lfibP4 // a0 + P4
	b := lfibP4 // b0 + P4
	c := lfibP4 // c0 + P4
	d := lfibP4 // d0 + P4

	myid := t.ThreadIdx.X

	a0[myid] = y[myid]
	t.SyncThreads()

	if myid < lfibP4 {
		a0[myid+lfibP4*2] = y[myid+lfibP4*2]
	}
	t.SyncThreads()

	b0[myid] = a0[a+myid]
	c0[myid] = b0[myid]
	d0[myid] = c0[myid]
	t.SyncThreads()

	b0[b+myid-lfibP4] += a0[a-(lfibP4-lfibP3)+myid]
	t.SyncThreads()

	c0[c+myid-lfibP4] += (a0[a-(lfibP3-lfibP2)+myid] + a0[a-(lfibP4-lfibP2)+myid])
	t.SyncThreads()

	d0[d+myid-lfibP4] += (a0[a-(lfibP2-lfibP1)+myid] + a0[a-(lfibP3-lfibP1)+myid] +
		a0[a-(lfibP4-lfibP1)+myid])
	t.SyncThreads()

	a += lfibP4

	for i := 1; i < r; i++ {

		xc := i * s // &x[i * s]
		tmp := uint32(0)

		if myid < lfibP4 {

			for k := 0; k < lfibP4-lfibP3; k++ {
				tmp += x[xc-lfibP4+k] * a0[a+myid-k]
			}

			for k := 0; k < lfibP3-lfibP2; k++ {
				tmp += x[xc-lfibP3+k] * b0[b+myid-k]
			}

			for k := 0; k < lfibP2-lfibP1; k++ {
				tmp += x[xc-lfibP2+k] * c0[c+myid-k]
			}

			for k := 0; k < lfibP1; k++ {
				tmp += x[xc-lfibP1+k] * d0[d+myid-k]
			}

			x[xc+s-lfibP4+myid] = tmp

		}
		t.SyncThreads()
	}
}

// ColsGPUKernel is colsGPU of lfib4-cuda: block b runs the recurrence
// down columns 8b to 8b+7 from their last P4 entries, a warp a column.
//
//gocuda:kernel ColsGPUKernel
func colsGPUKernel(t *gocuda.Thread, x []uint32, s, r int) {
	k0 := t.BlockIdx.X * lfibLKNB  //
	k1 := t.ThreadIdx.X / lfibLWDR //
	k2 := t.ThreadIdx.X % lfibLWDR //

	cx := gocuda.Shared[[2 * lfibP4]uint32](t, lfibLKNB)

	fcol := 0
	if t.BlockIdx.X == 0 {
		fcol = 1
	}
	ecol := lfibLKNB
	if t.BlockIdx.X == t.GridDim.X-1 && r%lfibLKNB != 0 {
		ecol = r % lfibLKNB
	}

	for i := fcol; i < ecol; i++ {
		cx[i][t.ThreadIdx.X] = x[(k0+i)*s-lfibP4+t.ThreadIdx.X]
	}

	t.SyncThreads()

	pcx := cx[k1][:] // &cx[k1][P4]: pcx[P4 + j]

	for k := 0; k < s/lfibP4-1; k++ {

		for i := 0; i < lfibP4; i += lfibLWDR {
			if !(t.BlockIdx.X == 0 && t.ThreadIdx.X == 0) &&
				!(t.BlockIdx.X == t.GridDim.X-1 && k1 >= ecol) {
				pcx[lfibP4+i+k2] = pcx[lfibP4+i+k2-lfibP1] + pcx[lfibP4+i+k2-lfibP2] +
					pcx[lfibP4+i+k2-lfibP3] + pcx[lfibP4+i+k2-lfibP4]
			}

			t.SyncThreads()

		}

		for i := fcol; i < ecol; i++ {
			cx[i][t.ThreadIdx.X] = cx[i][lfibP4+t.ThreadIdx.X]
			x[(k0+i)*s+k*lfibP4+t.ThreadIdx.X] = cx[i][t.ThreadIdx.X]
		}

		t.SyncThreads()
	}
}
