package hecbenchatok

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestExpdist runs distance on two sets of 256 2-D points (a 2×8 grid of
// blocks of 32×8) and reduce_cross_term on its 16 partial terms, against
// main.cu's cost. The shared atomicAdds sum in the threads' order, which
// the paths may not share, so each is compared to the reference alone.
func TestExpdist(t *testing.T) {
	const size = 256
	r := rng(size)
	a := make([]float32, edDim*size)
	b := make([]float32, edDim*size)
	sa := make([]float32, size)
	sb := make([]float32, size)
	for i := range a {
		a[i] = 2 * r.Float32()
		b[i] = 2 * r.Float32()
	}
	for i := range sa {
		sa[i] = 0.1 + r.Float32()
		sb[i] = 0.1 + r.Float32()
	}
	want := 0.0
	for i := range size {
		for j := range size {
			var dist float32
			for d := range edDim {
				dist += (a[i+d*size] - b[j+d*size]) * (a[i+d*size] - b[j+d*size])
			}
			want += math.Exp(float64(-dist / (sa[i] + sb[j])))
		}
	}
	grid := gocuda.Dim3{X: size / edTileX, Y: size / edTileY}
	nblocks := grid.X * grid.Y
	got := both(t, func(f form) ([]float32, error) {
		cost := make([]float32, nblocks)
		out := make([]float32, 1)
		if err := f.launch(gocuda.Config{Grid: grid, Block: gocuda.Dim3{X: edBlockSizeX, Y: edBlockSizeY}}, ExpdistDistanceKernel(a, b, size, size, sa, sb, cost)); err != nil {
			return nil, err
		}
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: edReduceBlockSz}}, ReduceCrossTermKernel(out, cost, size, size, nblocks))
	})
	for i, g := range got {
		nearSlice(t, []float32{float32(want)}, g, 1e-4, "expdist form %d", i)
	}
}
