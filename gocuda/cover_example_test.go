package gocuda_test

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// Blocks gives the grid of a one-thread-per-element launch, the last block
// running past the end of the data.
func ExampleBlocks() {
	const n = 1000
	x := make([]float32, n)
	cfg := gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}}
	err := gocuda.Launch(cfg, func(t *gocuda.Thread) {
		if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
			x[i] = float32(i)
		}
	})
	fmt.Println(cfg.Grid, err, x[n-1])
	// Output: (4,1,1) <nil> 999
}

// Cover gives the grid of a 2D launch over an image whose sides are not
// multiples of the block's.
func ExampleCover() {
	const w, h = 1920, 1080
	img := make([]float32, w*h)
	block := gocuda.Dim3{X: 16, Y: 16}
	cfg := gocuda.Config{Grid: gocuda.Cover(gocuda.Dim3{X: w, Y: h}, block), Block: block}
	err := gocuda.Launch(cfg, func(t *gocuda.Thread) {
		x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
		if x < w && y < h {
			img[y*w+x] = 1
		}
	})
	var sum float32
	for _, v := range img {
		sum += v
	}
	fmt.Println(cfg.Grid, err, sum == w*h)
	// Output: (120,68,1) <nil> true
}
