package difftest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// roughF returns n float32s of mixed signs and magnitudes, whose sums
// round differently in different orders.
func roughF(n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32((rand.Float64()*2 - 1) * math.Pow(10, float64(rand.IntN(7)-3)))
	}
	return s
}

// slpJamHost returns SlpJamSumKernel's sums, each thread's runs added in
// order.
func slpJamHost(in []float32, threads, run int) []float32 {
	out := make([]float32, threads)
	for g := range out {
		for lo := g * run; lo < len(in); lo += threads * run {
			out[g] += eightSums(in[lo:min(lo+run, len(in))])
		}
	}
	return out
}

// TestSlpJamSums: threads adding their runs with a twin helper get the
// host's sums bit for bit on both paths, and compiled with the vectors
// on (pairs) and off (the twin's scalar loop), with blocks of fewer threads
// than the jam's window, as many, and more; runs shorter than a vector,
// with tails, and long (runs of 1024 elements and more are paired, the
// two calls' lengths different where a run is cut short by the end of
// in; those still held when the round ends are paired among themselves,
// an odd one out alone); rounds of one trip a thread and of many (the loop as written).
func TestSlpJamSums(t *testing.T) {
	for _, c := range []struct{ block, grid, run, n int }{
		{64, 2, 4096, 1 << 20}, {64, 2, 4099, 1<<20 + 5}, {32, 3, 1100, 300000}, {33, 2, 1027, 200000},
		{100, 1, 1500, 400000}, {1, 4, 3000, 20000}, {40, 2, 1030, 41 * 1030}, {64, 1, 2000, 64*2000 - 1500},
		{16, 1, 4096, 1 << 16}, {17, 1, 4096, 17*4096 - 100},
		{32, 3, 100, 10000}, {33, 2, 67, 20000}, {31, 1, 5, 2048}, {96, 1, 8, 1000}, {8, 2, 16, 5000}, {64, 1, 64, 0},
	} {
		t.Run(fmt.Sprintf("block=%d/grid=%d/run=%d/n=%d", c.block, c.grid, c.run, c.n), func(t *testing.T) {
			in := roughF(c.n)
			threads := c.block * c.grid
			got := agreeSIMD(t, func(f form) ([]float32, error) {
				out := make([]float32, threads)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: gocuda.Dim3{X: c.block}}
				return out, f.launch(cfg, SlpJamSumKernel(in, out, c.run))
			})
			require.Equal(t, slpJamHost(in, threads, c.run), got)
		})
	}
}

// TestSlpJamSums64: the same in float64, whose twin keeps two vectors
// a call, both paired.
func TestSlpJamSums64(t *testing.T) {
	for _, c := range []struct{ block, grid, run, n int }{{64, 2, 4096, 1 << 19}, {40, 2, 1100, 90001}, {64, 1, 8, 700}} {
		t.Run(fmt.Sprintf("block=%d/grid=%d/run=%d/n=%d", c.block, c.grid, c.run, c.n), func(t *testing.T) {
			in := make([]float64, c.n)
			for i, v := range roughF(c.n) {
				in[i] = float64(v) * (1 + 1e-9*float64(i%7))
			}
			threads := c.block * c.grid
			got := agreeSIMD(t, func(f form) ([]float64, error) {
				out := make([]float64, threads)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: gocuda.Dim3{X: c.block}}
				return out, f.launch(cfg, SlpJamSum64Kernel(in, out, c.run))
			})
			want := make([]float64, threads)
			for g := range want {
				for lo := g * c.run; lo < len(in); lo += threads * c.run {
					want[g] += eightSumsOf(in[lo:min(lo+c.run, len(in))])
				}
			}
			require.Equal(t, want, got)
		})
	}
}

// TestSlpJamFails: a thread whose run leaves in fails on both paths, the
// same thread with the same message, though the calls of threads before
// it are held for a partner when it fails.
func TestSlpJamFails(t *testing.T) {
	const block, run = 64, 1024
	for _, missing := range []int{1, 40} {
		t.Run(fmt.Sprintf("missing=%d", missing), func(t *testing.T) {
			in := roughF(block*run - missing) // thread 63's run is short
			var errs [2]error
			for i, f := range forms {
				out := make([]float32, block)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: block}}
				errs[i] = f.launch(cfg, SlpJamUncheckedKernel(in, out, run))
			}
			var kes [2]*gocuda.KernelError
			for i, f := range forms {
				require.True(t, errors.As(errs[i], &kes[i]), f.name)
				assert.Equal(t, gocuda.Dim3{X: block - 1}, kes[i].Thread, f.name)
			}
			assert.Equal(t, fmt.Sprint(kes[1].Value), fmt.Sprint(kes[0].Value))
		})
	}
}
