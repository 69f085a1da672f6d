package corpus

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func TestVectorAdd(t *testing.T) {
	for _, n := range []int{0, 1, 255, 256, 1000} {
		r := rng(n)
		a, b := randF32(r, n), randF32(r, n)
		got := agree(t, func(f form) ([]float32, error) {
			c := make([]float32, n)
			return c, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 256)}, Block: gocuda.Dim3{X: 256}}, VectorAddKernel(a, b, c, n))
		})
		for i := range n {
			require.Equal(t, a[i]+b[i], got[i], "n=%d i=%d", n, i)
		}
	}
}

// matMulRef is C = A·B, A hA×wA and B wA×wB, row-major, summing in k
// order as the tiled kernels do.
func matMulRef(a, b []float32, hA, wA, wB int) []float32 {
	c := make([]float32, hA*wB)
	for i := range hA {
		for j := range wB {
			var s float32
			for k := range wA {
				s += a[i*wA+k] * b[k*wB+j]
			}
			c[i*wB+j] = s
		}
	}
	return c
}

func TestMatrixMul(t *testing.T) {
	const bs = matrixMulBlock
	for _, sz := range [][3]int{{1, 1, 1}, {2, 3, 1}, {3, 2, 4}} {
		hA, wA, wB := sz[0]*bs, sz[1]*bs, sz[2]*bs
		r := rng(sz[:]...)
		a, b := randF32(r, hA*wA), randF32(r, wA*wB)
		got := agree(t, func(f form) ([]float32, error) {
			c := make([]float32, hA*wB)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: wB / bs, Y: hA / bs}, Block: gocuda.Dim3{X: bs, Y: bs}}
			return c, f.launch(cfg, MatrixMulKernel(c, a, b, wA, wB))
		})
		assert.Equal(t, matMulRef(a, b, hA, wA, wB), got, "%v", sz)
	}
}

func TestIncrement(t *testing.T) {
	for _, n := range []int{32, 512} {
		got := agree(t, func(f form) ([]int32, error) {
			d := make([]int32, n)
			for i := range d {
				d[i] = int32(i)
			}
			return d, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / 32}, Block: gocuda.Dim3{X: 32}}, IncrementKernel(d, 26))
		})
		for i := range n {
			require.Equal(t, int32(i+26), got[i])
		}
	}
}

func TestTemplateKernels(t *testing.T) {
	for _, n := range []int{1, 32, 100} {
		in := randF32(rng(n), n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}, SharedMem: 4 * n}
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, n)
			return out, f.launch(cfg, TemplateKernel(in, out))
		})
		ints := make([]int32, n)
		for i := range ints {
			ints[i] = int32(i - 7)
		}
		gotInts := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			return out, f.launch(cfg, SimpleTemplatesKernel(ints, out))
		})
		for i := range n {
			require.Equal(t, float32(n)*in[i], got[i])
			require.Equal(t, int32(n)*ints[i], gotInts[i])
		}
	}
}

func TestVoteIntrinsics(t *testing.T) {
	for _, threads := range []int{128, 100} {
		r := rng(threads)
		for _, density := range []int{0, 1, 50, 100} {
			in := make([]uint32, threads)
			for i := range in {
				if r.IntN(100) < density {
					in[i] = 1
				}
			}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threads}}
			anyGot := agree(t, func(f form) ([]uint32, error) {
				out := make([]uint32, threads)
				return out, f.launch(cfg, VoteAnyKernel1(in, out, threads))
			})
			allGot := agree(t, func(f form) ([]uint32, error) {
				out := make([]uint32, threads)
				return out, f.launch(cfg, VoteAllKernel2(in, out, threads))
			})
			for w := 0; w < threads; w += 32 {
				var some, all uint32 = 0, 1
				for i := w; i < min(threads, w+32); i++ {
					some |= in[i]
					all &= in[i]
				}
				for i := w; i < min(threads, w+32); i++ {
					require.Equal(t, some, anyGot[i], "any, lane %d", i)
					require.Equal(t, all, allGot[i], "all, lane %d", i)
				}
			}
		}
	}
	const warps = 3
	info := agree(t, func(f form) ([]bool, error) {
		info := make([]bool, warps*32*3)
		return info, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: warps * 32}}, VoteAnyKernel3(info, 32))
	})
	for tx := range warps * 32 {
		require.Equal(t, tx >= 32, info[3*tx], "any, thread %d", tx)
		require.Equal(t, tx >= 48, info[3*tx+1], "predicate, thread %d", tx)
		require.Equal(t, tx >= 64, info[3*tx+2], "all, thread %d", tx)
	}
}

// TestAtomicIntrinsics checks the sample's computeGold rules: the
// commutative atomics exactly, Exch and the CAS chain by the values they
// may leave.
func TestAtomicIntrinsics(t *testing.T) {
	const threads, grid = 64, 4
	const n = threads * grid
	got := both(t, func(f form) ([]int32, error) {
		d := make([]int32, 11)
		d[8], d[10] = 0xff, 0xff
		return d, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: threads}}, AtomicIntrinsicsKernel(d))
	})
	for _, d := range got {
		var and, or, xor int32 = 0xff, 0, 0xff
		for i := range int32(n) {
			and &= 2*i + 7
			if i < 32 {
				or |= 1 << i
			}
			xor ^= i
		}
		assert.Equal(t, int32(10*n), d[0], "add")
		assert.Equal(t, int32(-10*n), d[1], "sub")
		assert.True(t, d[2] >= 0 && d[2] < n, "exch left %d", d[2])
		assert.Equal(t, int32(n-1), d[3], "max")
		assert.Equal(t, int32(0), d[4], "min")
		assert.Equal(t, int32(n%18), d[5], "inc")
		assert.Equal(t, int32((137+1-n%138)%138), d[6], "dec")
		assert.True(t, d[7] >= 0 && d[7] < n, "cas left %d", d[7])
		assert.Equal(t, and, d[8], "and")
		assert.Equal(t, or, d[9], "or")
		assert.Equal(t, xor, d[10], "xor")
	}
}

func TestTimedReduction(t *testing.T) {
	for _, threads := range []int{1, 32, 256} {
		in := randF32(rng(threads), 2*threads)
		const grid = 4
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, grid)
			timer := make([]int64, 2*grid)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: threads}, SharedMem: 4 * 2 * threads}
			return out, f.launch(cfg, TimedReductionKernel(in, out, timer))
		})
		for _, v := range got {
			require.Equal(t, slices.Min(in), v)
		}
	}
}

func TestCGKernel(t *testing.T) {
	for _, threads := range []int{64, 128} {
		lines := agree(t, func(f form) ([]string, error) {
			var buf bytes.Buffer
			d, err := gocuda.NewDevice(gocuda.WithWorkers(1), gocuda.WithPrintfOutput(&buf))
			if err != nil {
				return nil, err
			}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threads}, SharedMem: 4 * threads, RuntimePath: f.runtime}
			err = d.Launch(cfg, CGKernel())
			if cerr := d.Close(); err == nil {
				err = cerr
			}
			return strings.Split(strings.TrimRight(buf.String(), "\n"), "\n"), err
		})
		want := fmt.Sprintf(" Sum of all ranks 0..%d in threadBlockGroup is %d (expected %d)", threads-1, (threads-1)*threads/2, (threads-1)*threads/2)
		require.Equal(t, want, lines[0])
		require.Equal(t, fmt.Sprintf(" Now creating %d groups, each of size 16 threads:", threads/16), lines[2])
		var tiles []string
		for _, l := range lines[3:] {
			if l != "" {
				tiles = append(tiles, l)
			}
		}
		require.Len(t, tiles, threads/16)
		for _, l := range tiles {
			require.Equal(t, "   Sum of all ranks 0..15 in this tiledPartition16 group is 120 (expected 120)", l)
		}
	}
}
