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

// A persistent kernel sums an array in two phases, with the whole grid
// meeting in between: each block publishes a partial sum, then block 0 adds
// them up.
func ExampleThisGrid() {
	dev, _ := gocuda.NewDevice(gocuda.WithWorkers(2))
	defer dev.Close()

	data := make([]int, 1000)
	for i := range data {
		data[i] = i
	}
	perWorker, _ := dev.MaxActiveBlocksPerMultiprocessor(gocuda.Dim3{X: 128}, 0)
	blocks := perWorker * dev.Workers() // the largest grid that can be resident at once
	partial := make([]int, blocks)
	var total int
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 128}}
	err := dev.LaunchCooperative(cfg, func(t *gocuda.Thread) {
		g := cg.ThisGrid(t)
		if g.ThreadRank() == 0 {
			fmt.Println("threads:", g.Size(), "valid:", g.IsValid())
		}
		if t.ThreadIdx.X == 0 {
			for i := g.BlockRank(); i < len(data); i += g.NumBlocks() {
				partial[g.BlockRank()] += data[i]
			}
		}
		g.Sync()
		if g.ThreadRank() == 0 {
			for _, p := range partial {
				total += p
			}
		}
	})
	fmt.Println(total, err)
	// Output:
	// threads: 4096 valid: true
	// 499500 <nil>
}
