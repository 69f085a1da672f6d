package samplesbooks

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// runSmemTile launches one block of bx×by threads of a checkSmem kernel
// with shared bytes of dynamic shared memory, on both paths.
func runSmemTile(t *testing.T, bx, by, shared int, kernel func(out []int32) func(*gocuda.Thread)) []int32 {
	t.Helper()
	return agree(t, func(f form) ([]int32, error) {
		out := make([]int32, bx*by)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1}, Block: gocuda.Dim3{X: bx, Y: by}, SharedMem: shared},
			kernel(out))
		return out, err
	})
}

// TestBookSmemSquare runs checkSmemSquare.cu's kernels as its main does
// (one 32×32 block) and requires the transposed indices: element
// y*32+x of the output is x*32+y.
func TestBookSmemSquare(t *testing.T) {
	want := make([]int32, sqBdimx*sqBdimy)
	for y := range sqBdimy {
		for x := range sqBdimx {
			want[y*sqBdimx+x] = int32(x*sqBdimy + y)
		}
	}
	const four = 4 // sizeof(int)
	for _, k := range []struct {
		name   string
		shared int
		kernel func(out []int32) func(*gocuda.Thread)
	}{
		{"setRowReadCol", 0, SmemSquareSetRowReadColKernel},
		{"setRowReadColDyn", sqBdimx * sqBdimy * four, SmemSquareSetRowReadColDynKernel},
		{"setRowReadColPad", 0, SmemSquareSetRowReadColPadKernel},
		{"setRowReadColDynPad", (sqBdimx + sqIpad) * sqBdimy * four, SmemSquareSetRowReadColDynPadKernel},
	} {
		require.Equal(t, want, runSmemTile(t, sqBdimx, sqBdimy, k.shared, k.kernel), k.name)
	}
}

// TestBookSmemRectangle runs checkSmemRectangle.cu's kernels as its main
// does (one 32×16 block): read back at the transposed coordinate, output
// element i is the index stored at row i%16, column i/16 of the 16×32
// tile, (i%16)*32 + i/16.
func TestBookSmemRectangle(t *testing.T) {
	want := make([]int32, rectBdimx*rectBdimy)
	for i := range want {
		want[i] = int32((i%rectBdimy)*rectBdimx + i/rectBdimy)
	}
	const four = 4 // sizeof(int)
	for _, k := range []struct {
		name   string
		shared int
		kernel func(out []int32) func(*gocuda.Thread)
	}{
		{"setRowReadCol", 0, SmemRectSetRowReadColKernel},
		{"setRowReadColPad", 0, SmemRectSetRowReadColPadKernel},
		{"setRowReadColDyn", rectBdimx * rectBdimy * four, SmemRectSetRowReadColDynKernel},
		{"setRowReadColDynPad", (rectBdimx + rectIpad) * rectBdimy * four, SmemRectSetRowReadColDynPadKernel},
	} {
		require.Equal(t, want, runSmemTile(t, rectBdimx, rectBdimy, k.shared, k.kernel), k.name)
	}
}
