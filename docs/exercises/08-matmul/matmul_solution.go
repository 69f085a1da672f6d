//go:build solutions

// Package matmul is exercise 8: tiled matrix multiplication with 16×16
// shared-memory tiles. This is the reference solution (build tag
// solutions).
package matmul

import "github.com/gocuda/gocuda/gocuda"

// MatMulKernel is the kernel of MatMul: thread (tx, ty) of block (bx, by)
// sets c[row*n+col], row = by*Tile+ty and col = bx*Tile+tx, to the dot
// product of row row of a (m×k) and column col of b (k×n), if it lies in c.
//
//gocuda:kernel kernel
func MatMulKernel(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	as := gocuda.Shared[[Tile]float32](t, Tile)
	bs := gocuda.Shared[[Tile]float32](t, Tile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*Tile + ty
	col := t.BlockIdx.X*Tile + tx
	var sum float32
	for p := 0; p < k; p += Tile {
		as[ty][tx] = 0
		if row < m && p+tx < k {
			as[ty][tx] = a[row*k+p+tx]
		}
		bs[ty][tx] = 0
		if p+ty < k && col < n {
			bs[ty][tx] = b[(p+ty)*n+col]
		}
		t.SyncThreads() // the tiles are loaded
		for q := range Tile {
			sum += as[ty][q] * bs[q][tx]
		}
		t.SyncThreads() // everyone is done with the tiles
	}
	if row < m && col < n {
		c[row*n+col] = sum
	}
}
