package difftest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestChunkRowSumForms: each row's sum, of small integers so that any
// order gives it exactly, on both paths, for rows shorter than a tile,
// of one chunk (compiled.ChunkSpan ÷ 32 trips) and of several, and
// blocks with a partial last tile.
func TestChunkRowSumForms(t *testing.T) {
	for _, bs := range []int{32, 48, 96, 128} {
		for _, C := range []int{0, 1, 31, 32, 33, 100, 2048, 2049, 5000} {
			t.Run(fmt.Sprintf("block=%d/C=%d", bs, C), func(t *testing.T) {
				const N = 7
				in := make([]float32, N*C)
				for i := range in {
					in[i] = float32(rand.IntN(21) - 10)
				}
				tiles := (bs + 31) / 32
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, N)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: (N + tiles - 1) / tiles}, Block: gocuda.Dim3{X: bs}}
					return out, f.launch(cfg, ChunkRowSumKernel(in, out, N, C))
				})
				for r := range N {
					lanes := 32
					if bs%32 != 0 && r%tiles == tiles-1 {
						lanes = bs % 32 // a partial tile sums its own lanes' elements only
					}
					var want float32
					for i, v := range in[r*C : (r+1)*C] {
						if i%32 < lanes {
							want += v
						}
					}
					require.Equal(t, want, got[r], "row %d", r)
				}
			})
		}
	}
}

// chunkStepHost is ChunkStepKernel's outputs as the host computes them.
func chunkStepHost(in []int32, threads, blocks, rows, cols, step int) (out, trips []int32) {
	out, trips = make([]int32, threads*blocks), make([]int32, threads*blocks)
	for b := range blocks {
		for tx := range threads {
			acc, n := int32(0), int32(0)
			for i := tx; i < rows; i += step {
				acc = acc*3 + in[i*cols+b]
				n++
			}
			out[b*threads+tx], trips[b*threads+tx] = acc, n
		}
	}
	return out, trips
}

// TestChunkStepForms: every thread's trips and its running value, in
// order, on both paths and as the host computes them, for steps giving
// chunks of many trips, of one, and steps not a multiple of anything.
func TestChunkStepForms(t *testing.T) {
	const bs, cols = 64, 3
	for _, step := range []int{1, 3, 7, 64, 100, 2047, 2048, 5000} {
		for _, rows := range []int{0, 1, 100, 10000} {
			t.Run(fmt.Sprintf("step=%d/rows=%d", step, rows), func(t *testing.T) {
				in := randInts(rows * cols)
				got := agree(t, func(f form) ([2][]int32, error) {
					out, trips := make([]int32, bs*cols), make([]int32, bs*cols)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: cols}, Block: gocuda.Dim3{X: bs}}
					return [2][]int32{out, trips}, f.launch(cfg, ChunkStepKernel(in, out, trips, rows, cols, step))
				})
				out, trips := chunkStepHost(in, bs, cols, rows, cols, step)
				require.Equal(t, out, got[0], "values")
				require.Equal(t, trips, got[1], "trips")
			})
		}
	}
}

// TestChunkStepFailure: a negative step walks every thread out of in, the
// first thread at its second trip; both paths fail with
// ErrIllegalAddress, the compiled one at that thread and index.
func TestChunkStepFailure(t *testing.T) {
	const bs, cols, rows = 64, 3, 100
	in := randInts(rows * cols)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out, trips := make([]int32, bs), make([]int32, bs)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}, ChunkStepKernel(in, out, trips, rows, cols, -1))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// TestChunkRowSumFailure: where in ends ten elements short of the last
// row, that row's slice is too short for its chunk, whose trips then run
// checked: both paths fail with ErrIllegalAddress, the compiled one at
// the row's first lane, at its first key past the end (96 of 90).
func TestChunkRowSumFailure(t *testing.T) {
	const N, C = 2, 100
	in := make([]float32, N*C-10)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out := make([]float32, N)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, ChunkRowSumKernel(in, out, N, C))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: 32}, errs[0].Thread, "compiled")
	assert.Contains(t, fmt.Sprint(errs[0].Value), "[96] with length 90", "compiled")
}

// chunkFarHost is ChunkFarKernel's outputs as the host computes them.
func chunkFarHost(in []int32, threads, blocks, n int) (out, trips, sums []int32) {
	out, trips, sums = make([]int32, threads*blocks), make([]int32, threads*blocks), make([]int32, blocks)
	for g := range out {
		for i := g; i < n; i += threads * blocks {
			out[g] = out[g]*3 + in[i]
			trips[g]++
		}
		sums[g/threads] += out[g]
	}
	return out, trips, sums
}

// TestChunkFarForms: every thread's value, in trip order, its trips and
// its block's sum, on both paths and as the host computes them, for
// grids whose step is far (compiled.StrideFar: 2048 threads and more)
// and near, and lengths ending within a round, at its end, and in
// rounds of one thread's trips only; walks of 64 rows and more run the
// far form (compiled.StrideFar).
func TestChunkFarForms(t *testing.T) {
	for _, g := range []struct{ blocks, threads int }{{1, 64}, {3, 96}, {8, 256}, {40, 64}, {9, 250}} {
		step := g.blocks * g.threads
		for _, n := range []int{0, 1, step - 1, 5000, 8 * step, 64 * step, 64*step + 1, 70*step + 17} {
			t.Run(fmt.Sprintf("grid=%dx%d/n=%d", g.blocks, g.threads, n), func(t *testing.T) {
				in := randInts(n + 3*step + 5) // past n: a key past the limit must not be read, though it could be
				got := agree(t, func(f form) ([3][]int32, error) {
					out, trips, sums := make([]int32, step), make([]int32, step), make([]int32, g.blocks)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: g.blocks}, Block: gocuda.Dim3{X: g.threads}}
					return [3][]int32{out, trips, sums}, f.launch(cfg, ChunkFarKernel(in, out, trips, sums, n))
				})
				out, trips, sums := chunkFarHost(in, g.threads, g.blocks, n)
				require.Equal(t, [3][]int32{out, trips, sums}, got)
			})
		}
	}
}

// TestChunkFarFailure: where the loop runs one element past in, the one
// thread that reads it, in its last trip, fails alike on both paths, for
// far and near steps.
func TestChunkFarFailure(t *testing.T) {
	for _, g := range []struct{ blocks, threads int }{{40, 64}, {3, 96}} {
		step := g.blocks * g.threads
		n := 66*step + step/3 // far enough for the far form
		in := randInts(n)
		var errs [2]*gocuda.KernelError
		for i, f := range forms {
			out, trips, sums := make([]int32, step), make([]int32, step), make([]int32, g.blocks)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: g.blocks}, Block: gocuda.Dim3{X: g.threads}}
			err := f.launch(cfg, ChunkFarKernel(in, out, trips, sums, n+1))
			require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
			assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		}
		at := n % step
		assert.Equal(t, gocuda.Dim3{X: at / g.threads}, errs[0].Block, "compiled")
		assert.Equal(t, gocuda.Dim3{X: at % g.threads}, errs[0].Thread, "compiled")
		assert.Equal(t, errs[1].Block, errs[0].Block, "the failing block")
		assert.Equal(t, errs[1].Thread, errs[0].Thread, "the failing thread")
		assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
	}
}
