package difftest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// A form is one way of running a kernel: compiled, or on the runtime path.
type form struct {
	name    string
	runtime bool
}

var forms = []form{{"compiled", false}, {"runtime", true}}

// launch launches kernel with cfg on the form's path.
func (f form) launch(cfg gocuda.Config, kernel func(*gocuda.Thread)) error {
	cfg.RuntimePath = f.runtime
	return dev.Launch(cfg, kernel)
}

// sizes are the problem sizes of the differential tests: empty, one, block
// multiples, non-multiples, large.
var sizes = []int{0, 1, 64, 100, 256, 1000, 1 << 14}

// agree runs run on both forms and requires equal results, returning the
// compiled one.
func agree[T any](t *testing.T, run func(f form) (T, error)) T {
	t.Helper()
	var got [2]T
	for i, f := range forms {
		var err error
		got[i], err = run(f)
		require.NoError(t, err, f.name)
	}
	require.Equal(t, got[1], got[0], "compiled form differs from the runtime path")
	return got[0]
}

func blocks(n, per int) int { return max(1, (n+per-1)/per) }

func randInts(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = rand.Int32N(21) - 10
	}
	return s
}

func TestMatMulTiledForms(t *testing.T) {
	for _, sz := range [][3]int{{1, 1, 1}, {16, 16, 16}, {17, 33, 5}, {64, 48, 80}} {
		m, k, n := sz[0], sz[1], sz[2]
		a, b := randF(m*k), randF(k*n)
		want := make([]float32, m*n)
		for i := range m {
			for j := range n {
				var s float32
				for p := range k {
					s += a[i*k+p] * b[p*n+j]
				}
				want[i*n+j] = s
			}
		}
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			got := agree(t, func(f form) ([]float32, error) {
				c := make([]float32, m*n)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 16), Y: blocks(m, 16)}, Block: gocuda.Dim3{X: 16, Y: 16}}
				return c, f.launch(cfg, MatMulTiledKernel(a, b, c, m, k, n))
			})
			assert.Equal(t, want, got, "against the host reference")
		})
	}
}

// TestScanForms: the Hillis–Steele scan, with its early exit and
// SyncThreadsCount, is an inclusive scan per block.
func TestScanForms(t *testing.T) {
	for _, n := range sizes {
		for _, bs := range []int{32, 100, 256} {
			in := randInts(n)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, ScanKernel(in, out))
			})
			for i := range n {
				var s int32
				for j := i - i%bs; j <= i; j++ {
					s += in[j]
				}
				require.Equal(t, s, got[i], "n=%d block=%d out[%d]", n, bs, i)
			}
		}
	}
}

// TestBlellochForms: an exclusive scan per block of 2×BlockDim elements.
func TestBlellochForms(t *testing.T) {
	for _, n := range sizes {
		for _, bs := range []int{1, 32, 128} {
			in := randInts(n)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 2*bs)}, Block: gocuda.Dim3{X: bs}}, BlellochKernel(in, out))
			})
			for i := range n {
				var s int32
				for j := i - i%(2*bs); j < i; j++ {
					s += in[j]
				}
				require.Equal(t, s, got[i], "n=%d block=%d out[%d]", n, bs, i)
			}
		}
	}
}

// TestVotesForms: counts, ands and ors over the live threads, and the
// block-level branches, against a host reference.
func TestVotesForms(t *testing.T) {
	for _, n := range []int{1, 31, 64, 100, 1000} {
		const bs = 32
		in := randInts(n)
		nb := blocks(n, bs)
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 4*nb)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: bs}}, VotesKernel(in, out))
		})
		for b := range nb {
			var cnt, all, some int32 = 0, 1, 0
			for i := b * bs; i < min(n, (b+1)*bs); i++ {
				cnt += b2i(in[i] > 0)
				all &= b2i(in[i] > 0)
				some |= b2i(in[i] < 0)
			}
			branch := int32(0)
			switch {
			case b%2 == 0:
				branch = 1
			case b%3 == 0:
				branch = 2
			default:
				for r := range b % 4 {
					branch += int32(r) + 3
				}
			}
			assert.Equal(t, []int32{cnt, all, some, branch}, got[4*b:4*b+4], "n=%d block %d", n, b)
		}
	}
}

// TestRotateForms: 3D blocks and dynamic shared memory.
func TestRotateForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 4, Y: 3, Z: 2}, {X: 8, Y: 8}, {X: 1, Y: 1, Z: 5}} {
		size := block.X * max(block.Y, 1) * max(block.Z, 1)
		for _, n := range []int{1, size, 5*size + 3} {
			in := make([]float64, n)
			for i := range in {
				in[i] = float64(i)
			}
			agree(t, func(f form) ([]float64, error) {
				out := make([]float64, n)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, size)}, Block: block, SharedMem: 8 * size}
				return out, f.launch(cfg, RotateKernel(in, out))
			})
		}
	}
}

// TestSAXPYForms: the barrier-free grid-stride loop.
func TestSAXPYForms(t *testing.T) {
	for _, n := range sizes {
		x, y0 := randF(n), randF(n)
		got := agree(t, func(f form) ([]float32, error) {
			y := append([]float32(nil), y0...)
			return y, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 64}}, SAXPYKernel(2, x, y))
		})
		for i := range n {
			require.Equal(t, 2*x[i]+y0[i], got[i])
		}
	}
}

// TestPanicForms: a panic names the same block, thread and source line on
// both paths, and the compiled form's stack shows its block body.
func TestPanicForms(t *testing.T) {
	for _, f := range forms {
		out := make([]int, 4)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 8, Y: 4}}, PanicKernel(2, 13, out))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.Equal(t, gocuda.Dim3{X: 2, Y: 0, Z: 0}, ke.Block, f.name)
		assert.Equal(t, gocuda.Dim3{X: 5, Y: 1, Z: 0}, ke.Thread, f.name)
		assert.Equal(t, "boom", ke.Value, f.name)
		assert.True(t, strings.HasSuffix(ke.Site.File, "kernels.go"), "%s: site %s:%d", f.name, ke.Site.File, ke.Site.Line)
		assert.Equal(t, panicLine(t), ke.Site.Line, f.name)
		assert.Equal(t, !f.runtime, strings.Contains(string(ke.Stack), "gc_body_panicKernel"), "%s: the stack shows which form ran", f.name)
	}
}

// panicLine returns the line of the panic in PanicKernel.
func panicLine(t *testing.T) int {
	src, err := os.ReadFile("kernels.go")
	require.NoError(t, err)
	for i, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, `panic("boom")`) {
			return i + 1
		}
	}
	t.Fatal("no panic in kernels.go")
	return 0
}

func randF(n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(rand.IntN(16)) / 4
	}
	return s
}

// TestTreeForms: helpers with barriers, inlined, over power-of-two blocks.
func TestTreeForms(t *testing.T) {
	for _, n := range sizes {
		for _, bs := range []int{1, 2, 64, 256} {
			in := randInts(n)
			nb := blocks(n, bs)
			got := agree(t, func(f form) ([]int32, error) {
				partial := make([]int32, nb)
				return partial, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: bs}}, TreeKernel(in, partial))
			})
			for b := range nb {
				var s int32
				for i := b * bs; i < min(n, (b+1)*bs); i++ {
					s += in[i]
				}
				require.Equal(t, s, got[b], "n=%d block=%d", n, bs)
			}
		}
	}
}

// TestWarpReduceForms: shuffles in lockstep, a masked branch by warp, over
// partial warps.
func TestWarpReduceForms(t *testing.T) {
	for _, n := range sizes {
		for _, bs := range []int{32, 64, 96, 256, 1024} {
			in := randInts(n)
			nb := blocks(n, bs)
			got := agree(t, func(f form) ([]int32, error) {
				partial := make([]int32, nb)
				return partial, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: bs}}, WarpReduceKernel(in, partial))
			})
			for b := range nb {
				var s int32
				for i := b * bs; i < min(n, (b+1)*bs); i++ {
					s += in[i]
				}
				require.Equal(t, s, got[b], "n=%d block=%d", n, bs)
			}
		}
	}
}

// TestShflScanForms: the shfl_scan sample's partial warps (120-thread
// blocks) and float shuffles.
func TestShflScanForms(t *testing.T) {
	for _, n := range sizes {
		for _, bs := range []int{20, 32, 120, 256} {
			in := randF(n)
			agree(t, func(f form) ([]float32, error) {
				out := make([]float32, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, ShflScanKernel(in, out))
			})
		}
	}
}

// TestVoteForms: votes, reductions, matches, ActiveMask in both arms of a
// branch (numba's 0x55555555 and 0xAAAAAAAA) and SyncWarp under a mask.
func TestVoteForms(t *testing.T) {
	for _, bs := range []int{16, 20, 32, 45, 64} {
		in := randInts(bs)
		got := agree(t, func(f form) ([]uint32, error) {
			out := make([]uint32, 8*bs)
			return out, f.launch(gocuda.Config{Block: gocuda.Dim3{X: bs}}, VoteKernel(in, out))
		})
		if bs == 64 {
			assert.Equal(t, uint32(0x55555555), got[8*0+6], "even lanes' ActiveMask")
			assert.Equal(t, uint32(0xAAAAAAAA), got[8*1+6], "odd lanes' ActiveMask")
		}
		for r := range min(bs, 16) {
			assert.Equal(t, uint32(in[15-r]), got[8*r+7], "SyncWarp exchange, block %d thread %d", bs, r)
		}
	}
}

// TestCollectiveInBranchForms: a full-mask shuffle that half the warp
// skips, returning instead: the lanes that skip it exit and do not hold it
// up, so the other half completes it.
func TestCollectiveInBranchForms(t *testing.T) {
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 32)
		for i := range out {
			out[i] = -1
		}
		return out, f.launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, StrandedKernel(out))
	})
	for i := range 16 {
		assert.Zero(t, got[i], "lane %d reads lane 0", i)
		assert.Equal(t, int32(-1), got[16+i])
	}
}

// TestIndexPanicForms: an out-of-range index in a loop that never reads
// the thread names a thread that indexes out of range: the first in linear
// order compiled, one of those past the barrier on the runtime path, whose
// coroutines resume in another order.
func TestIndexPanicForms(t *testing.T) {
	for _, f := range forms {
		err := f.launch(gocuda.Config{Block: gocuda.Dim3{X: 8}}, IndexPanicKernel(make([]int, 10)))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		if f.runtime {
			assert.GreaterOrEqual(t, ke.Thread.X, 5, f.name)
		} else {
			assert.Equal(t, gocuda.Dim3{X: 5}, ke.Thread, f.name)
		}
	}
}

// TestMaskedCollectivesForms: the remaining collectives under a divergent
// branch with a partial mask, over full and partial warps.
func TestMaskedCollectivesForms(t *testing.T) {
	for _, bs := range []int{8, 20, 32, 45, 64} {
		in := randInts(bs)
		got := agree(t, func(f form) ([]uint32, error) {
			out := make([]uint32, 5*bs)
			return out, f.launch(gocuda.Config{Block: gocuda.Dim3{X: bs}}, MaskedCollectivesKernel(in, out))
		})
		for w := 0; w < bs; w += 32 {
			lanes := min(20, bs-w)
			var hi int32 = in[w]
			for j := range lanes {
				hi = max(hi, in[w+j])
			}
			for j := range lanes {
				assert.Equal(t, uint32(hi), got[5*(w+j)+1], "block %d lane %d: max", bs, w+j)
				if src := j ^ 3; src < lanes {
					assert.Equal(t, uint32(in[w+src]), got[5*(w+j)], "block %d lane %d: xor shuffle", bs, w+j)
				}
			}
		}
	}
}

// TestBranchesForms: masked else-if chains, returns inside masked branches,
// a helper inlined twice and a range over a parameter with barriers.
func TestBranchesForms(t *testing.T) {
	for _, bs := range []int{1, 7, 32, 45, 96} {
		for _, steps := range [][]int{nil, {1}, {3, 1, 4, 1, 5}} {
			in := randInts(bs)
			agree(t, func(f form) ([]int32, error) {
				out := make([]int32, bs)
				return out, f.launch(gocuda.Config{Block: gocuda.Dim3{X: bs}}, BranchesKernel(in, steps, out))
			})
		}
	}
}

// TestRunawayStepsStop: a launch whose context ends stops a compiled
// kernel whose endless loop runs in vector steps (in the SIMD build;
// sixteen lanes a step where the CPU has AVX-512, which leave their own
// function to stop).
func TestRunawayStepsStop(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	in := make([]float32, 256)
	done := make(chan error, 1)
	go func() {
		done <- dev.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, SpinLanesKernel(in, make([]float32, 256), 3))
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(10 * time.Second):
		t.Fatal("the launch did not stop")
	}
}

// TestLaneVarResidue: guards on a residue of the thread's x index named
// in a variable admit the same threads compiled and on the runtime path,
// in one- and two-dimensional blocks whose width is or is not a multiple
// of the warp, for masks that are and are not of low bits and moduli
// that are and are not positive.
func TestLaneVarResidue(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 64, Y: 1, Z: 1}, {X: 100, Y: 1, Z: 1}, {X: 24, Y: 3, Z: 1}} {
		n := 2 * block.X * block.Y
		in := randInts(n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: block}
		run := func(kernel func(out []int32) func(*gocuda.Thread)) {
			agree(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				return out, f.launch(cfg, kernel(out))
			})
		}
		run(func(out []int32) func(*gocuda.Thread) { return LaneVarResidueKernel(in, out) })
		for _, mc := range [][2]int{{31, 3}, {7, 0}, {5, 0}, {0, 0}, {-1, 2}} {
			run(func(out []int32) func(*gocuda.Thread) { return MaskResidueKernel(in, out, mc[0], mc[1]) })
		}
		for _, mc := range [][2]int{{4, 1}, {7, 0}, {1, 0}, {-3, 0}, {5, 9}} {
			run(func(out []int32) func(*gocuda.Thread) { return ModResidueKernel(in, out, mc[0], mc[1]) })
		}
	}
}

// TestStuckDoublingStops: a loop that doubles its variable from a start
// the kernel reads at run time may never end (from 0), so the compiled
// form checks for a stopped launch there; from 1 it ends, with the
// doublings' steps done.
func TestStuckDoublingStops(t *testing.T) {
	data := make([]int32, 64)
	require.NoError(t, dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, StuckDoublingKernel(data, 1)))
	for tid, v := range data {
		want := int32(0)
		for s := 1; s < 64; s *= 2 {
			if tid >= s {
				want++
			}
		}
		require.Equal(t, want, v, "thread %d", tid)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- dev.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, StuckDoublingKernel(make([]int32, 64), 0))
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(10 * time.Second):
		t.Fatal("the launch did not stop")
	}
}

// TestRunawayKernelStops: a compiled kernel checks for cancellation at its
// loops' back-edges, so a launch whose context ends stops a kernel that
// would loop forever (the runtime path cannot: see docs).
func TestRunawayKernelStops(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- dev.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, SpinKernel(make([]int32, 1)))
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(10 * time.Second):
		t.Fatal("the launch did not stop")
	}
}
