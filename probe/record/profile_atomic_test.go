package record

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// atomicsFixture is a histogram's profile: 8 warp-level shared atomics of
// 4 serialized operations each (8 lanes a bin), and 8 global ones merging
// the bins, each of distinct addresses.
func atomicsFixture() *KernelProfile {
	return &KernelProfile{Kernel: "pkg.histo", Arch: "sm_90", Registers: 32, Launches: 1,
		Configs: []LaunchConfig{{Grid: [3]int{2, 1, 1}, Block: [3]int{128, 1, 1}, Launches: 1,
			Occupancy: Occupancy{BlocksPerSM: 16, WarpsPerSM: 64, Fraction: 1, Limit: "warps"}}},
		Lines: []LineProfile{
			{Func: "pkg.histo", File: "/src/pkg/histo.go", Line: 7,
				Counts: Counts{SharedAtomRequests: 8, SharedAtomOperations: 32, InstExecuted: 8, ThreadInstExecuted: 256}},
			{Func: "pkg.histo", File: "/src/pkg/histo.go", Line: 10,
				Counts: Counts{GlobalAtomRequests: 8, GlobalAtomTransactions: 32, GlobalAtomOperations: 8, InstExecuted: 8,
					ThreadInstExecuted: 256}},
		}}
}

// TestWriteProfilesAtomics: the summary gives a line per kind of atomic
// with its serialized operations per request and ranks lines by them;
// the table's atomic columns are the counts and their ratio.
func TestWriteProfilesAtomics(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteProfilesText(&b, []*KernelProfile{atomicsFixture()}, TextOptions{}))
	assert.Equal(t, `pkg.histo on sm_90: 1 launch, 32 registers per thread assumed
  grid (2,1,1) block (128,1,1), shared 0+0 B: occupancy 100% (16 blocks, 64 warps/SM), limit warps
  branch_efficiency 100.00%, warp_execution_efficiency 100.00%
  shared atomics 8 requests, 32 serialized operations, 4.00 per request
  global atomics 8 requests, 32 transactions, 8 serialized operations, 1.00 per request
  costliest lines, by memory transactions, then divergent branches:
    line         func   shared_atom_operations  global_atom_operations
    histo.go:7   histo                      32                       -
    histo.go:10  histo                       -                       8
`, b.String())

	b.Reset()
	require.NoError(t, WriteProfilesText(&b, []*KernelProfile{atomicsFixture()},
		TextOptions{Metrics: []string{"shared_atom_requests", "shared_atom_operations_per_request", "global_atom_transactions"}}))
	assert.Contains(t, b.String(), `
  line         func   shared_atom_requests  shared_atom_operations_per_request  global_atom_transactions
  histo.go:7   histo                     8                                4.00                         -
  histo.go:10  histo                     -                                   -                        32
`)
}
