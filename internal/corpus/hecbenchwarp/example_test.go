package hecbenchwarp_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/hecbenchwarp"
)

// HeCBench's scan benchmark (src/scan-cuda, after GPU Gems 3, chapter 39)
// scans each tile of N elements exclusively in shared memory, an up-sweep
// and a down-sweep by N/2 threads. Here scan<int, 128> on three tiles of
// 0, 1, 2, ... with a grid of two blocks, so that block 0 strides to the
// third tile.
func ExampleScanKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const N, tiles = 128, 3
	in := make([]int32, N*tiles)
	for i := range in {
		in[i] = int32(i)
	}
	for _, runtime := range []bool{false, true} {
		out := make([]int32, N*tiles)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: N / 2}, RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchwarp.ScanKernel(N, tiles, out, in)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(out[0], out[2], out[N-1], out[N], out[N+1], out[N*tiles-1])
	}
	// Output:
	// 0 1 8001 0 128 40513
	// 0 1 8001 0 128 40513
}
