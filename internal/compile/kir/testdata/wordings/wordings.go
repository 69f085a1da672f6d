// Package wordings holds kernels in pairs: each name ending in a digit
// rewords the kernel named by its prefix, and the index facts must give
// both the same thread loops (TestWordings).
package wordings

import "github.com/gocuda/gocuda/gocuda"

// interleaved is Harris's kernel 1: tid%(2*s) == 0.
func interleaved(t *gocuda.Thread, sdata []float32) {
	tid := t.ThreadIdx.X
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if tid%(2*s) == 0 {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
}

// interleaved1 masks: tid&(2*s-1) == 0, s <<= 1.
func interleaved1(t *gocuda.Thread, sdata []float32) {
	tid := t.ThreadIdx.X
	for s := 1; s < t.BlockDim.X; s <<= 1 {
		if tid&(2*s-1) == 0 {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
}

// strided is Harris's kernel 2: index := 2*s*tid in the guard's init.
func strided(t *gocuda.Thread, sdata []float32) {
	tid := t.ThreadIdx.X
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if index := 2 * s * tid; index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
}

// strided1 shifts, index in a statement of its own: (s*tid) << 1.
func strided1(t *gocuda.Thread, sdata []float32) {
	tid := t.ThreadIdx.X
	for s := 1; s < t.BlockDim.X; s = s << 1 {
		index := (s * tid) << 1
		if index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
}

// strided2 writes the product the other way round: tid*s*2.
func strided2(t *gocuda.Thread, sdata []float32) {
	tid := t.ThreadIdx.X
	for s := 1; s < t.BlockDim.X; s += s {
		if index := tid * s * 2; index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
}

// sequential is Harris's kernel 3: s /= 2.
func sequential(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// sequential1 is a while loop: s >>= 1 as its last statement.
func sequential1(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	s := t.BlockDim.X / 2
	for 0 < s {
		if s > tid {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
		s = s >> 1
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// sequential2 spells the sum out, operands swapped (a = b + a), and
// bounds the thread by tid+1 <= s.
func sequential2(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid+1 <= s {
			sdata[tid] = sdata[s+tid] + sdata[tid]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// hillisSteele is a step of Hillis and Steele's scan as PMPP writes it.
func hillisSteele(t *gocuda.Thread, x []float32) {
	i := t.ThreadIdx.X
	for offset := 1; offset < len(x); offset *= 2 {
		var y float32
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads()
		if i >= offset {
			x[i] = y + x[i]
		}
		t.SyncThreads()
	}
}

// hillisSteele1 is a while loop, the guard 0 <= tid-offset, and the
// sum as +=.
func hillisSteele1(t *gocuda.Thread, x []float32) {
	tid := t.ThreadIdx.X
	offset := 1
	for offset < len(x) {
		var tmp float32
		if 0 <= tid-offset {
			tmp = x[tid-offset]
		}
		t.SyncThreads()
		if 0 <= tid-offset {
			x[tid] += tmp
		}
		t.SyncThreads()
		offset *= 2
	}
}

// minimum is Harris's kernel 3 over min.
func minimum(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] = min(sdata[tid], sdata[tid+s])
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// minimum1 swaps min's operands and halves by a shift.
func minimum1(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X >> 1; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] = min(sdata[tid+s], sdata[tid])
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// offset guards a thread by its global index: i < n.
func offset(t *gocuda.Thread, x []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		x[i] = 1
	}
}

// offset1 sums the index the other way round, in three terms.
func offset1(t *gocuda.Thread, x []float32, n int) {
	i := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X
	if i+1 <= n {
		x[i] = 1
	}
}
