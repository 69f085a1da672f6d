package record_test

import (
	"os"

	"github.com/gocuda/gocuda/probe/record"
)

// WriteProfiles merges the profiles of one kernel, here from two launches,
// and prints a summary per kernel with nvprof's metric names.
func ExampleWriteProfiles() {
	launch := func(loads, transactions int) *record.KernelProfile {
		return &record.KernelProfile{
			Kernel: "main.saxpy", Arch: "sm_70", Registers: 32, Launches: 1,
			Configs: []record.LaunchConfig{{Grid: [3]int{8, 1, 1}, Block: [3]int{128, 1, 1}, Launches: 1,
				Occupancy: record.Occupancy{BlocksPerSM: 16, WarpsPerSM: 64, Fraction: 1, Limit: "warps+registers"}}},
			Lines: []record.LineProfile{{Func: "main.saxpy", File: "/src/saxpy.go", Line: 12, Counts: record.Counts{
				GldRequests: loads, GldTransactions: transactions, GldBytes: 32 * transactions, GldRequested: 128 * loads,
				InstExecuted: loads, ThreadInstExecuted: 32 * loads}}},
		}
	}
	// The second launch read with a stride of two: eight sectors a request.
	if err := record.WriteProfiles(os.Stdout, "text", []*record.KernelProfile{launch(32, 128), launch(32, 256)}); err != nil {
		panic(err)
	}
	// Output:
	// main.saxpy on sm_70: 2 launches, 32 registers per thread assumed
	//   grid (8,1,1) block (128,1,1), shared 0+0 B: occupancy 100% (16 blocks, 64 warps/SM), limit warps+registers
	//   branch_efficiency 100.00%, warp_execution_efficiency 100.00%
	//   global loads  64 requests, 384 transactions, 6.00 per request, gld_efficiency 66.67%
	//   costliest lines, by memory transactions, then divergent branches:
	//     line         func   gld_transactions
	//     saxpy.go:12  saxpy               384
}
