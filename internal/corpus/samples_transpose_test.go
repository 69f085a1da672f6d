package corpus

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func TestSamplesTranspose(t *testing.T) {
	const td = transposeTileDim
	kernels := []struct {
		name string
		k    func(o, i []float32, w, h int) func(*gocuda.Thread)
		// want is where the kernel puts input element (x, y).
		want func(x, y, w, h int) int
		// square restricts the kernel to square matrices (the copies
		// index the output with the input's width).
		square bool
	}{
		{"copy", TransposeCopyKernel, func(x, y, w, h int) int { return y*w + x }, false},
		{"copySharedMem", CopySharedMemKernel, func(x, y, w, h int) int { return y*w + x }, true},
		{"naive", TransposeNaiveKernel, func(x, y, w, h int) int { return x*h + y }, false},
		{"coalesced", TransposeCoalescedKernel, func(x, y, w, h int) int { return x*h + y }, false},
		{"noBankConflicts", TransposeNoBankConflictsKernel, func(x, y, w, h int) int { return x*h + y }, false},
		{"diagonal", TransposeDiagonalKernel, func(x, y, w, h int) int { return x*h + y }, false},
		{"fineGrained", TransposeFineGrainedKernel, func(x, y, w, h int) int {
			bx, by, tx, ty := x/td, y/td, x%td, y%td
			return (by*td+tx)*w + bx*td + ty // tile in place, transposed inside
		}, true},
		{"coarseGrained", TransposeCoarseGrainedKernel, func(x, y, w, h int) int {
			bx, by, tx, ty := x/td, y/td, x%td, y%td
			return (bx*td+ty)*h + by*td + tx // tiles transposed, insides in place
		}, false},
	}
	for _, sz := range [][2]int{{32, 32}, {64, 64}, {96, 64}} {
		w, h := sz[0], sz[1]
		in := randF32(rng(w, h), w*h)
		for _, k := range kernels {
			if k.square && w != h {
				continue
			}
			t.Run(fmt.Sprintf("%s/%dx%d", k.name, w, h), func(t *testing.T) {
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, w*h)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: w / td, Y: h / td}, Block: gocuda.Dim3{X: td, Y: transposeBlockRows}}
					return out, f.launch(cfg, k.k(out, in, w, h))
				})
				for y := range h {
					for x := range w {
						require.Equal(t, in[y*w+x], got[k.want(x, y, w, h)], "(%d, %d)", x, y)
					}
				}
			})
		}
	}
}
