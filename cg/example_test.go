package cg_test

import (
	"fmt"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// Tiles of 4 threads each sum their values with shuffles.
func ExampleTiledPartition() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	sums := make([]int, 8)
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 8}}, func(t *gocuda.Thread) {
		tile := cg.TiledPartition(cg.ThisThreadBlock(t), 4)
		v := t.ThreadIdx.X
		v += cg.ShflDown(tile, v, 2)
		v += cg.ShflDown(tile, v, 1)
		if tile.ThreadRank() == 0 {
			sums[tile.MetaGroupRank()] = v
		}
	})
	fmt.Println(sums[:2])
	// Output: [6 22]
}
