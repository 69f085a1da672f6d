package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// volumeBlocks are block shapes for the volume kernels: one thread, rows
// of a few threads (runs of many blocks), 2-D and 3-D blocks.
var volumeBlocks = []gocuda.Dim3{{X: 1}, {X: 3}, {X: 4, Y: 4}, {X: 5, Y: 3, Z: 2}, {X: 64, Y: 2}}

// volumeShapes are w×h×d volumes: a point, a row, odd sizes, and one of
// more than a chunk of blocks along x, so that chunks split runs.
var volumeShapes = [][3]int{{1, 1, 1}, {37, 1, 1}, {17, 9, 3}, {600, 3, 2}}

// volumeConfig covers w×h×d with blocks of shape b, and one spare block
// along each axis (threads past the volume do nothing).
func volumeConfig(b gocuda.Dim3, w, h, d int) gocuda.Config {
	g := gocuda.Dim3{X: blocks(w, b.X) + 1, Y: blocks(h, max(b.Y, 1)) + 1, Z: blocks(d, max(b.Z, 1))}
	return gocuda.Config{Grid: g, Block: b}
}

// TestRunsVolumeForms: every element of the volume gets its value from
// the thread CUDA's mapping gives it, whatever the blocks, on both
// paths, held x fastest (runs along x) and y fastest (transposed, runs
// along y).
func TestRunsVolumeForms(t *testing.T) {
	for _, b := range volumeBlocks {
		for _, s := range volumeShapes {
			w, h, d := s[0], s[1], s[2]
			t.Run(fmt.Sprintf("%v/%dx%dx%d", b, w, h, d), func(t *testing.T) {
				in, cfg := randF(w*h*d), volumeConfig(b, w, h, d)
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, len(in))
					return out, f.launch(cfg, RunsVolumeKernel(in, out, w, h, d))
				})
				gotT := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, len(in))
					return out, f.launch(cfg, TransposeVolumeKernel(in, out, w, h, d))
				})
				for z := range d {
					for y := range h {
						for x := range w {
							i, j := (z*h+y)*w+x, (z*w+x)*h+y
							require.Equal(t, in[i]*2+float32(x), got[i], "x fastest: x=%d y=%d z=%d", x, y, z)
							require.Equal(t, in[j]*2+float32(y), gotT[j], "y fastest: x=%d y=%d z=%d", x, y, z)
						}
					}
				}
			})
		}
	}
}

// TestTransposeCoordsForms: transposed, each element is still written by
// the thread and block CUDA's mapping gives it.
func TestTransposeCoordsForms(t *testing.T) {
	for _, b := range volumeBlocks {
		for _, s := range volumeShapes[:3] {
			w, h, d := s[0], s[1], s[2]
			t.Run(fmt.Sprintf("%v/%dx%dx%d", b, w, h, d), func(t *testing.T) {
				cfg := volumeConfig(b, w, h, d)
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, w*h*d)
					return out, f.launch(cfg, TransposeCoordsKernel(out, w, h, d))
				})
				by, bz := max(b.Y, 1), max(b.Z, 1)
				for z := range d {
					for y := range h {
						for x := range w {
							want := x%b.X + 10*(y%by) + 100*(z%bz) + 1000*(x/b.X) + 100000*(y/by) + 10000000*(z/bz)
							require.Equal(t, int32(want), got[(z*w+x)*h+y], "x=%d y=%d z=%d", x, y, z)
						}
					}
				}
			})
		}
	}
}

// TestRunsShortFailure: where in is one element short, the one thread
// that reads past its end fails, and both paths report its block and
// thread: in a run's usual loop (x fastest, or transposed along y), whose
// threads record positions from their x in the run.
func TestRunsShortFailure(t *testing.T) {
	for _, b := range volumeBlocks {
		for _, s := range volumeShapes[1:] {
			w, h, d := s[0], s[1], s[2]
			kernels := map[string]func(in, out []float32) func(*gocuda.Thread){
				"x fastest": func(in, out []float32) func(*gocuda.Thread) { return RunsVolumeKernel(in, out, w, h, d) },
				"y fastest": func(in, out []float32) func(*gocuda.Thread) { return TransposeVolumeKernel(in, out, w, h, d) },
			}
			for name, kernel := range kernels {
				t.Run(fmt.Sprintf("%s/%v/%dx%dx%d", name, b, w, h, d), func(t *testing.T) {
					in, cfg := randF(w*h*d-1), volumeConfig(b, w, h, d)
					by, bz := max(b.Y, 1), max(b.Z, 1)
					block := gocuda.Dim3{X: (w - 1) / b.X, Y: (h - 1) / by, Z: (d - 1) / bz}
					thread := gocuda.Dim3{X: (w - 1) % b.X, Y: (h - 1) % by, Z: (d - 1) % bz}
					for _, f := range forms {
						err := f.launch(cfg, kernel(in, make([]float32, w*h*d)))
						var ke *gocuda.KernelError
						require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
						assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
						assert.Equal(t, block, ke.Block, f.name)
						assert.Equal(t, thread, ke.Thread, f.name)
					}
				})
			}
		}
	}
}

// TestTransposePanicPosition: a transposed body's panicking thread is
// reported at its source coordinates, the same on both paths.
func TestTransposePanicPosition(t *testing.T) {
	const w, h = 19, 23
	for _, b := range volumeBlocks[1:4] {
		for _, p := range [][2]int{{0, 0}, {18, 5}, {7, 22}} {
			t.Run(fmt.Sprintf("%v/%v", b, p), func(t *testing.T) {
				cfg := volumeConfig(b, w, h, 1)
				by := max(b.Y, 1)
				for _, f := range forms {
					err := f.launch(cfg, TransposePanicKernel(make([]int32, w*h), w, h, p[0], p[1]))
					var ke *gocuda.KernelError
					require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
					assert.Equal(t, gocuda.Dim3{X: p[0] / b.X, Y: p[1] / by}, ke.Block, f.name)
					assert.Equal(t, gocuda.Dim3{X: p[0] % b.X, Y: p[1] % by}, ke.Thread, f.name)
				}
			})
		}
	}
}

// TestGaussianFan2Forms: every step of the elimination of a random
// system, rodinia.Fan2Kernel (transposed, in runs along y) with Rodinia's
// 4×4 blocks and others, agrees between the paths and with the step
// computed on the host.
func TestGaussianFan2Forms(t *testing.T) {
	for _, size := range []int{1, 2, 7, 33} {
		for _, b := range []gocuda.Dim3{{X: 4, Y: 4}, {X: 1, Y: 5}, {X: 3, Y: 2}} { // blocks of z > 1 would race: their threads share elements
			t.Run(fmt.Sprintf("size=%d/%v", size, b), func(t *testing.T) {
				a0, b0 := randF(size*size), randF(size)
				for i := range size {
					a0[i*size+i] += float32(size) // kept away from zero pivots
				}
				a, bv, m := append([]float32(nil), a0...), append([]float32(nil), b0...), make([]float32, size*size)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(size, b.X), Y: blocks(size, b.Y)}, Block: b}
				for pivot := range size - 1 {
					for r := pivot + 1; r < size; r++ {
						m[r*size+pivot] = a[r*size+pivot] / a[pivot*size+pivot]
					}
					want, wantB := fan2Host(m, a, bv, size, pivot)
					got := agree(t, func(f form) ([]float32, error) {
						a2, b2 := append([]float32(nil), a...), append([]float32(nil), bv...)
						err := f.launch(cfg, rodinia.Fan2Kernel(m, a2, b2, size, size-pivot, pivot))
						return append(a2, b2...), err
					})
					require.Equal(t, append(want, wantB...), got, "pivot %d", pivot)
					a, bv = want, wantB
				}
			})
		}
	}
}

// fan2Host is Fan2's step pivot computed on the host, on copies.
func fan2Host(m, a, b []float32, size, pivot int) ([]float32, []float32) {
	a, b = append([]float32(nil), a...), append([]float32(nil), b...)
	for x := range size - 1 - pivot {
		row := x + 1 + pivot
		for y := range size - pivot {
			a[size*row+y+pivot] -= m[size*row+pivot] * a[size*pivot+y+pivot]
		}
		b[row] -= m[size*row+pivot] * b[pivot]
	}
	return a, b
}

// TestRunsRiskPosition: a load that fails for one thread, the same for
// the lanes of a vector step in the SIMD build, is reported at that
// thread on both paths, in runs along x and transposed along y.
func TestRunsRiskPosition(t *testing.T) {
	const w, h = 37, 29
	in := randF(5)
	kernels := map[string]func(out []float32, px, py int) func(*gocuda.Thread){
		"x fastest": func(out []float32, px, py int) func(*gocuda.Thread) {
			return RunsRiskKernel(in, out, w, h, px, py, len(in))
		},
		"y fastest": func(out []float32, px, py int) func(*gocuda.Thread) {
			return TransposeRiskKernel(in, out, w, h, px, py, len(in))
		},
	}
	for name, kernel := range kernels {
		for _, b := range []gocuda.Dim3{{X: 16, Y: 2}, {X: 8, Y: 4}, {X: 3, Y: 5}, {X: 2, Y: 16}} {
			for _, p := range [][2]int{{0, 0}, {20, 13}, {36, 28}} {
				t.Run(fmt.Sprintf("%s/%v/%v", name, b, p), func(t *testing.T) {
					cfg := volumeConfig(b, w, h, 1)
					for _, f := range forms {
						err := f.launch(cfg, kernel(make([]float32, w*h), p[0], p[1]))
						var ke *gocuda.KernelError
						require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
						assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
						assert.Equal(t, gocuda.Dim3{X: p[0] / b.X, Y: p[1] / b.Y}, ke.Block, f.name)
						assert.Equal(t, gocuda.Dim3{X: p[0] % b.X, Y: p[1] % b.Y}, ke.Thread, f.name)
					}
				})
			}
		}
	}
}

// TestTransposeExactForms: a transposed loop taking four threads a step
// writes what the host computes on both paths, and where in is one
// element short, both paths name the one thread that reads past its end,
// wherever it is in its block.
func TestTransposeExactForms(t *testing.T) {
	for _, b := range []gocuda.Dim3{{X: 4, Y: 4}, {X: 3, Y: 9}, {X: 2, Y: 8}} {
		const gx, gy = 5, 3
		w, h := gx*b.X, gy*b.Y
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: gx, Y: gy}, Block: b}
		t.Run(fmt.Sprintf("%v", b), func(t *testing.T) {
			in := randInts(w * h)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, w*h)
				return out, f.launch(cfg, TransposeExactKernel(in, out, h, 0))
			})
			for x := range w {
				for y := range h {
					require.Equal(t, in[x*h+y]+int32(y%b.Y), got[x*h+y], "x=%d y=%d", x, y)
				}
			}
			for _, p := range [][2]int{{0, 0}, {1, 2}, {w - 2, h/2 + 1}, {w - 1, h - 1}} {
				skip := (w*h - 1 - (p[0]*h + p[1])) % (w * h) // the thread at p reads in's last element
				for _, f := range forms {
					err := f.launch(cfg, TransposeExactKernel(in[:w*h-1], make([]int32, w*h), h, skip))
					var ke *gocuda.KernelError
					require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
					assert.Equal(t, gocuda.Dim3{X: p[0] / b.X, Y: p[1] / b.Y}, ke.Block, "%s at %v", f.name, p)
					assert.Equal(t, gocuda.Dim3{X: p[0] % b.X, Y: p[1] % b.Y}, ke.Thread, "%s at %v", f.name, p)
				}
			}
		})
	}
}
