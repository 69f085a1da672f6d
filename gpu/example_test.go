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
