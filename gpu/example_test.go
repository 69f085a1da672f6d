package gpu_test

import (
	"fmt"

	"github.com/gocuda/gocuda/gpu"
)

// Ryoo et al.'s lesson on the G80: one more register per thread drops the
// tiled matrix multiply from three resident blocks to two.
func ExampleArch_OccupancyMaxActiveBlocksPerMultiprocessor() {
	for _, regs := range []int{10, 11} {
		o, err := gpu.SM10.OccupancyMaxActiveBlocksPerMultiprocessor(256, regs, 2048)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d registers: %d blocks, %d threads, %.0f%%, limited by %v\n",
			regs, o.BlocksPerSM, o.BlocksPerSM*256, 100*o.Fraction, o.Limiting)
	}
	// Output:
	// 10 registers: 3 blocks, 768 threads, 100%, limited by warps+registers
	// 11 registers: 2 blocks, 512 threads, 67%, limited by registers
}

// The timing model on a copy of 2^22 floats in blocks of 256 threads:
// per warp one coalesced load and one store (two 64-byte transactions
// each on the 8800 GTX, a request per half-warp), 8 bytes an element.
// The G80 streams it at its 86.4 GB/s.
func ExampleGPU_Predict() {
	const n = 1 << 22
	warps := n / 32
	w := gpu.Workload{Blocks: n / 256, ThreadsPerBlock: 256, BlocksPerSM: 3,
		GlobalRequests: 4 * warps, GlobalTransactions: 4 * warps, GlobalBytes: 8 * n,
		Sites: 2 * warps, ThreadSites: 64 * warps}
	g, err := gpu.LookupGPU("g80")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Predict(w)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p)
	fmt.Printf("DRAM roofline %.1f µs, MWP %.1f of %.0f warps\n", p.DRAMNanos/1e3, p.MWP, p.N)
	// Output:
	// predicted 412.9 µs on GeForce 8800 GTX (bound by memory bandwidth)
	// DRAM roofline 388.4 µs, MWP 13.1 of 24 warps
}
