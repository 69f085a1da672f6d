package cg_test

import (
	"fmt"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// Each tile of 8 threads sums, and finds the least and greatest of, its
// threads' values; every thread of a tile gets the results.
func ExampleReduce() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	data := []int32{5, 3, 8, 1, 9, 2, 7, 4, 10, 20, 30, 40, 50, 60, 70, 80}
	out := make([][3]int32, 2)
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 16}}, func(t *gocuda.Thread) {
		tile := cg.TiledPartition(cg.ThisThreadBlock(t), 8)
		v := data[t.ThreadIdx.X]
		sum := cg.Reduce(tile, v, cg.Plus) // cg::reduce(tile, v, cg::plus<int>())
		lo := cg.Reduce(tile, v, cg.Less)
		hi := cg.Reduce(tile, v, cg.Greater)
		if tile.ThreadRank() == 7 {
			out[tile.MetaGroupRank()] = [3]int32{sum, lo, hi}
		}
	})
	fmt.Println(out)
	// Output: [[39 1 9] [360 10 80]]
}

// A block-wide sum, written as CUDA code writes it (cg::reduce takes a
// tile, not a block): each tile of 32 reduces its values, rank 0 of each
// stores its tile's sum in shared memory, and after the barrier the first
// tile reduces the tiles' sums.
func ExampleReduce_block() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	var total float64
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 128}}, func(t *gocuda.Thread) {
		block := cg.ThisThreadBlock(t)
		tile := cg.TiledPartition(block, 32)
		sums := gocuda.Shared[float64](t, 32)
		s := cg.Reduce(tile, float64(t.ThreadIdx.X), cg.Plus)
		if tile.ThreadRank() == 0 {
			sums[tile.MetaGroupRank()] = s
		}
		block.Sync()
		if tile.MetaGroupRank() == 0 {
			var v float64
			if tile.ThreadRank() < tile.MetaGroupSize() {
				v = sums[tile.ThreadRank()]
			}
			if s := cg.Reduce(tile, v, cg.Plus); t.ThreadIdx.X == 0 {
				total = s
			}
		}
	})
	fmt.Println(total)
	// Output: 8128
}

// Stream compaction with an exclusive scan: each thread keeping its value
// learns its slot from the count of keepers ranked before it.
func ExampleExclusiveScan() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	in := []int{4, -2, 7, 0, -5, 3, 9, -1}
	out := make([]int, len(in))
	n := 0
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: len(in)}}, func(t *gocuda.Thread) {
		tile := cg.TiledPartition(cg.ThisThreadBlock(t), 8)
		v := in[t.ThreadIdx.X]
		keep := 0
		if v > 0 {
			keep = 1
		}
		slot := cg.ExclusiveScan(tile, keep, cg.Plus)
		if keep == 1 {
			out[slot] = v
		}
		if tile.ThreadRank() == 7 {
			n = slot + keep
		}
	})
	fmt.Println(out[:n])
	// Output: [4 7 3 9]
}

// Running sums and running maxima over a tile, with the operator written
// out as a function.
func ExampleInclusiveScan() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	in := []int{3, 1, 4, 1, 5, 9, 2, 6}
	sums, maxima := make([]int, 8), make([]int, 8)
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 8}}, func(t *gocuda.Thread) {
		tile := cg.TiledPartition(cg.ThisThreadBlock(t), 8)
		i := t.ThreadIdx.X
		sums[i] = cg.InclusiveScan(tile, in[i], cg.Plus)
		maxima[i] = cg.InclusiveScan(tile, in[i], func(a, b int) int { return max(a, b) })
	})
	fmt.Println(sums)
	fmt.Println(maxima)
	// Output:
	// [3 4 8 9 14 23 25 31]
	// [3 3 4 4 5 9 9 9]
}

// Threads of a warp grouped by key, each group summing its values: a
// warp-level histogram step.
func ExampleLabeledPartition() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	keys := []int{2, 0, 2, 1, 0, 2, 1, 2}
	counts := make([]int, 3)
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 8}}, func(t *gocuda.Thread) {
		tile := cg.TiledPartition(cg.ThisThreadBlock(t), 8)
		k := keys[t.ThreadIdx.X]
		group := cg.LabeledPartition(tile, k) // the threads with the same key
		if group.ThreadRank() == 0 {
			counts[k] = group.Size()
		}
	})
	fmt.Println(counts)
	// Output: [2 2 4]
}
