package gocuda

import "fmt"

// Blocks returns the one-dimensional grid of blocks of blockSize threads
// that covers n threads: ceil(n/blockSize) blocks, the (n + 255) / 256 of
// every CUDA program, computed without overflow. It is Cover for one
// dimension:
//
//	cfg := gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}}
//
// The last block runs past n unless blockSize divides it, so the kernel
// checks its index (i < n). A zero n gives one block, whose threads all
// fail that check, since CUDA rejects a grid of zero blocks; a zero
// blockSize means 1, as in a Dim3. A grid past MaxGridDimX is returned as
// it is, and the launch fails with ErrInvalidConfiguration. Blocks panics
// if n or blockSize is negative.
func Blocks(n, blockSize int) Dim3 {
	if n < 0 || blockSize < 0 {
		panic(fmt.Sprintf("gocuda: Blocks(%d, %d): negative size", n, blockSize))
	}
	return Cover(Dim3{X: n}, Dim3{X: blockSize})
}

// Cover returns the grid of blocks of size block that covers extent
// threads in each dimension: ceil(extent.X/block.X) blocks in X, and so on,
// as a 2D image of w×h pixels takes
//
//	block := gocuda.Dim3{X: 16, Y: 16}
//	cfg := gocuda.Config{Grid: gocuda.Cover(gocuda.Dim3{X: w, Y: h}, block), Block: block}
//
// Zero fields of extent and block mean 1, as in any Dim3, so a dimension
// left out is covered by one block, and every field of the result is at
// least 1. Blocks in the last row of each dimension run past the extent
// unless the block size divides it, so the kernel checks every index it
// computes. Cover panics if a field of extent or block is negative.
func Cover(extent, block Dim3) Dim3 {
	if extent.X < 0 || extent.Y < 0 || extent.Z < 0 || block.X < 0 || block.Y < 0 || block.Z < 0 {
		panic(fmt.Sprintf("gocuda: Cover(%v, %v): negative size", extent, block))
	}
	e, b := extent.normalized(), block.normalized()
	return Dim3{ceilDiv(e.X, b.X), ceilDiv(e.Y, b.Y), ceilDiv(e.Z, b.Z)}
}

// ceilDiv returns ceil(n/d) for n ≥ 0, d ≥ 1, without computing n+d-1,
// which overflows near math.MaxInt.
func ceilDiv(n, d int) int {
	q := n / d
	if n%d != 0 {
		q++
	}
	return q
}
