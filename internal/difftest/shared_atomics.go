package difftest

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// SharedAtomicsKernel applies every kind of atomic to shared memory, each
// thread of a block folding its element of in into the block's cells:
// compiled, they are plain reads and writes (the block runs on one
// goroutine); on the runtime path, atomics. Every result but the CAS's
// winner is the same whatever order the threads run in, and the CAS is
// counted, not named. Block b writes its eight int32 cells to
// out[16b:16b+8], its two uint32 counters to out[16b+8:16b+10] and its
// two float32 cells to fout[2b:2b+2].
//
//gocuda:kernel SharedAtomicsKernel
func sharedAtomics(t *gocuda.Thread, in, out []int32, fout []float32) {
	tid := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, 8)
	u := gocuda.Shared[uint32](t, 2)
	f := gocuda.Shared[float32](t, 2)
	if tid == 0 {
		s[1], s[2], s[3] = math.MaxInt32, math.MinInt32, -1
		u[1] = 1000
		f[1] = float32(math.Inf(1))
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(in) {
		v := in[i]
		atomic.Add(&s[0], v)
		atomic.Min(&s[1], v)
		atomic.Max(&s[2], v)
		atomic.And(&s[3], v)
		atomic.Or(&s[4], v)
		atomic.Xor(&s[5], v)
		if atomic.CAS(&s[7], 0, 1) == 0 {
			atomic.Add(&s[6], 1)
		}
		atomic.Inc(&u[0], 1<<30)
		atomic.Sub(&u[1], uint32(v&7))
		atomic.Add(&f[0], float32(v%16))
		atomic.Min(&f[1], float32(v))
	}
	t.SyncThreads()
	b := t.BlockIdx.X
	for k := tid; k < 8; k += t.BlockDim.X {
		out[16*b+k] = s[k]
	}
	for k := tid; k < 2; k += t.BlockDim.X {
		out[16*b+8+k] = int32(u[k])
		fout[2*b+k] = f[k]
	}
}
