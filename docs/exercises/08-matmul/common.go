package matmul

//go:generate go tool gocuda compile -tags solutions

import "github.com/gocuda/gocuda/gocuda"

// Tile is the side of a block and of the shared-memory tiles: 16×16.
const Tile = 16

// MatMul returns the m×n product of the m×k matrix a and the k×n matrix b,
// all row-major (element (r, c) of a is a[r*k+c]), computed on dev by
// MatMulKernel with one thread per element of the product in blocks of
// Tile×Tile threads. This is the host code: it is complete.
func MatMul(dev *gocuda.Device, a, b []float32, m, k, n int) ([]float32, error) {
	c := make([]float32, m*n)
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (n + Tile - 1) / Tile, Y: (m + Tile - 1) / Tile}, // X: columns, Y: rows
		Block: gocuda.Dim3{X: Tile, Y: Tile},
	}
	err := dev.Launch(cfg, kernel(a, b, c, m, k, n))
	return c, err
}
