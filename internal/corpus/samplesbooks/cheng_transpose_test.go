package samplesbooks

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestBookTransposeUnrollPad runs transposeRectangle.cu's unrolled, padded
// transposes on a 48×64 matrix (ny×nx; the book's is 4096×4096) of the
// book's values, (rand() & 0xFF) / 10, in its grid2 of 2·BDIMX-wide
// strips, against transposeHost: out[ix*ny+iy] = in[iy*nx+ix].
func TestBookTransposeUnrollPad(t *testing.T) {
	const nx, ny = 64, 48
	r := rng(nx, ny)
	in := make([]float32, nx*ny)
	for i := range in {
		in[i] = float32(r.IntN(256)) / 10
	}
	want := make([]float32, nx*ny)
	for iy := range ny {
		for ix := range nx {
			want[ix*ny+iy] = in[iy*nx+ix]
		}
	}
	block := gocuda.Dim3{X: trBdimx, Y: trBdimy}
	grid2 := gocuda.Dim3{X: (nx + trBdimx*2 - 1) / (trBdimx * 2), Y: (ny + trBdimy - 1) / trBdimy}
	const four = 4 // sizeof(float)
	for _, k := range []struct {
		name   string
		shared int
		kernel func(out, in []float32, nx, ny int) func(*gocuda.Thread)
	}{
		{"transposeSmemUnrollPad", 0, TransposeSmemUnrollPadKernel},
		{"transposeSmemUnrollPadDyn", (trBdimx*2 + trIpad) * trBdimy * four, TransposeSmemUnrollPadDynKernel},
	} {
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, nx*ny)
			err := f.launch(gocuda.Config{Grid: grid2, Block: block, SharedMem: k.shared}, k.kernel(out, in, nx, ny))
			return out, err
		})
		require.Equal(t, want, got, k.name)
	}
}
