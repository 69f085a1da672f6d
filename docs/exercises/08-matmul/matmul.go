//go:build !solutions

// Package matmul is exercise 8: tiled matrix multiplication with 16×16
// shared-memory tiles, the example of the CUDA programming guide and of
// every CUDA course.
//
// Thread (tx, ty) of block (bx, by) computes c[row][col] with
// row = by*Tile+ty and col = bx*Tile+tx: the dot product of row `row` of a
// and column `col` of b. Read straight from global memory, each element of
// a and b is read by n (or m) threads. Instead the block walks along the k
// dimension one Tile at a time; for each step p:
//
//  1. the block loads a Tile×Tile tile of a (rows of the block, columns
//     p..p+Tile) and one of b (rows p..p+Tile, columns of the block) into
//     shared memory, one element per thread:
//     as[ty][tx] = a[row][p+tx] and bs[ty][tx] = b[p+ty][col],
//     with as := gocuda.Shared[[Tile]float32](t, Tile) and bs likewise;
//     elements outside the matrices load as 0, so partial tiles at the
//     edges add nothing;
//  2. t.SyncThreads(): the tiles are complete;
//  3. each thread adds as[ty][q]*bs[q][tx] for q = 0..Tile-1 to its sum;
//  4. t.SyncThreads(): nobody overwrites the tiles with the next step's
//     while others still read them.
//
// Every thread takes part in the loads and the barriers, even one outside
// c (when m or n is not a multiple of Tile); only the final store checks
// row < m and col < n. Each element of a and b is now read from global
// memory n/Tile (or m/Tile) times instead of n (or m).
//
// Run the test with: go test ./08-matmul/
package matmul

import "github.com/gocuda/gocuda/gocuda"

// MatMulKernel is the kernel of MatMul: thread (tx, ty) of block (bx, by)
// sets c[row*n+col], row = by*Tile+ty and col = bx*Tile+tx, to the dot
// product of row row of a (m×k) and column col of b (k×n), if it lies in c.
func MatMulKernel(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	// TODO: the tiled loop of the package comment:
	// for p := 0; p < k; p += Tile { load; SyncThreads; accumulate; SyncThreads }
	// then store the sum if row < m && col < n.
}
