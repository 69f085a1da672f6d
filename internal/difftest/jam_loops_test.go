package difftest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// jamLoopsHost is the kernels of jam_loops.go on the host: each
// thread's sum (warp, store) or largest of every other element (max) of
// its run, placed where the kernel stores it, for blocks of block
// threads.
func jamLoopsHost(kind string, in []float32, bounds []int, block int) []float64 {
	threads := len(bounds) - 1
	out := make([]float64, threads)
	for i := range threads {
		lo, hi := bounds[i], bounds[i+1]
		switch kind {
		case "max":
			m := float32(-1)
			for k := lo; k < hi; k += 2 {
				m = max(m, in[k])
			}
			out[i/block*block+block-1-i%block] = float64(m)
		case "shift":
			var s float64
			for k := lo; k < hi; k += 2 {
				s += float64(in[k])
			}
			out[i] = s
		default:
			var s float64
			for _, e := range in[lo:hi] {
				s += float64(e)
			}
			out[i] = s
		}
	}
	if kind == "reduce" { // each tile's sum in its first thread's slot, in lane order
		sums := make([]float64, threads)
		for w := 0; w < threads; w += 32 {
			for k := range 32 {
				sums[w] += out[w+k]
			}
		}
		return sums
	}
	if kind == "warp" { // the shuffles' sums in lane 0, tree-ordered
		sums := make([]float64, threads)
		for w := 0; w < threads; w += 32 {
			v := append([]float64(nil), out[w:w+32]...)
			for off := 16; off > 0; off /= 2 {
				for k := range 32 - off {
					v[k] += v[k+off]
				}
			}
			sums[w] = v[0]
		}
		return sums
	}
	return out
}

var jamLoopKernels = map[string]func(in []float32, sums []float64, bounds []int, bad int) func(*gocuda.Thread){
	"warp": JamLoopWarpKernel, "store": JamLoopStoreKernel, "max": JamLoopMaxKernel, "reduce": JamReduceKernel,
	"helper": JamHelperCountedKernel, "shift": JamLoopShiftKernel,
}

// TestJamLoops: runs of uneven lengths, summed or maxed by loops written
// in the kernel that the compiled forms run four threads at a time,
// agree on every form with the host, bit for bit.
func TestJamLoops(t *testing.T) {
	const blocks, block = 3, 64
	bounds := jamBounds(blocks * block)
	in := randF(bounds[blocks*block])
	for kind, kernel := range jamLoopKernels {
		got := agreeSIMD(t, func(f form) ([]uint64, error) {
			sums := make([]float64, blocks*block)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}, kernel(in, sums, bounds, -1))
			return bits64(sums), err
		})
		require.Equal(t, bits64(jamLoopsHost(kind, in, bounds, block)), got, kind)
	}
}

// TestJamLoopsFailure: a thread whose run leaves in fails on every form
// at its own index, while the threads jammed with it run theirs.
func TestJamLoopsFailure(t *testing.T) {
	const blocks, block = 2, 64
	bounds := jamBounds(blocks * block)
	in := randF(bounds[blocks*block])
	for kind, kernel := range jamLoopKernels {
		for _, bad := range []int{2, 69, 127} {
			errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}, func() func(*gocuda.Thread) {
				return kernel(in, make([]float64, blocks*block), bounds, bad)
			})
			for _, e := range errs {
				assert.ErrorIs(t, e, gocuda.ErrIllegalAddress, kind)
				assert.Equal(t, gocuda.Dim3{X: bad / block}, e.Block, kind)
				assert.Equal(t, gocuda.Dim3{X: bad % block}, e.Thread, kind)
			}
		}
	}
}
