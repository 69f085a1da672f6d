package record

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// profileFixture returns profiles as separate launches and test processes
// record them: two of pkg.saxpy on sm_70 (one of two launches), one of
// pkg.reduce, one of pkg.saxpy on sm_90.
func profileFixture() []*KernelProfile {
	big := LaunchConfig{Grid: [3]int{4, 1, 1}, Block: [3]int{256, 1, 1}, Launches: 1,
		Occupancy: Occupancy{BlocksPerSM: 8, WarpsPerSM: 64, Fraction: 1, Limit: "warps+registers"}}
	small := LaunchConfig{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Launches: 1,
		Occupancy: Occupancy{BlocksPerSM: 32, WarpsPerSM: 32, Fraction: 0.5, Limit: "blocks"}}
	cond := LineProfile{Func: "pkg.saxpy", File: "/src/pkg/saxpy.go", Line: 9,
		Counts: Counts{Branches: 32, InstExecuted: 32, ThreadInstExecuted: 1024}}
	load := func(n int) LineProfile {
		return LineProfile{Func: "pkg.saxpy", File: "/src/pkg/saxpy.go", Line: 12,
			Counts: Counts{GldRequests: n, GldTransactions: 4 * n, GldBytes: 128 * n, GldRequested: 128 * n, InstExecuted: n, ThreadInstExecuted: 32 * n}}
	}
	store := LineProfile{Func: "pkg.saxpy", File: "/src/pkg/saxpy.go", Line: 14,
		Counts: Counts{GstRequests: 33, GstTransactions: 264, GstBytes: 8448, GstRequested: 4224, InstExecuted: 33, ThreadInstExecuted: 1056}}
	return []*KernelProfile{
		{Kernel: "pkg.saxpy", Arch: "sm_70", Registers: 32, Launches: 1, Configs: []LaunchConfig{big},
			Lines: []LineProfile{load(32), cond}},
		{Kernel: "pkg.saxpy", Arch: "sm_90", Registers: 32, Launches: 1, Configs: []LaunchConfig{big},
			Lines: []LineProfile{load(32)}},
		{Kernel: "pkg.reduce", Arch: "sm_70", Registers: 32, Launches: 1,
			Configs: []LaunchConfig{{Grid: [3]int{2, 1, 1}, Block: [3]int{128, 1, 1}, StaticShared: 512, Launches: 1,
				Occupancy: Occupancy{BlocksPerSM: 16, WarpsPerSM: 64, Fraction: 1, Limit: "warps+registers"}}},
			Lines: []LineProfile{
				{Func: "pkg.reduce", File: "/src/pkg/reduce.go", Line: 20,
					Counts: Counts{SharedLdRequests: 14, SharedLdTransactions: 28, SharedLdConflicts: 14, InstExecuted: 14, ThreadInstExecuted: 448}},
				{Func: "pkg.reduce", File: "/src/pkg/reduce.go", Line: 19,
					Counts: Counts{Branches: 16, DivergentBranches: 4, InstExecuted: 16, ThreadInstExecuted: 256}},
			}},
		{Kernel: "pkg.saxpy", Arch: "sm_70", Registers: 32, Launches: 2, Configs: []LaunchConfig{small, big},
			Lines: []LineProfile{store, load(33)}},
		nil,
	}
}

// TestMergeProfiles: profiles of one kernel, architecture and register
// count are summed; the others stay apart; lines come sorted by file and
// line, configurations most launched first; the inputs are unchanged.
func TestMergeProfiles(t *testing.T) {
	in := profileFixture()
	merged := MergeProfiles(in)
	assert.Equal(t, profileFixture(), in, "inputs modified")

	require.Len(t, merged, 3)
	for i, want := range []struct{ kernel, arch string }{{"pkg.reduce", "sm_70"}, {"pkg.saxpy", "sm_70"}, {"pkg.saxpy", "sm_90"}} {
		assert.Equal(t, want.kernel, merged[i].Kernel)
		assert.Equal(t, want.arch, merged[i].Arch)
	}
	s := merged[1]
	assert.Equal(t, 3, s.Launches)
	require.Len(t, s.Configs, 2)
	assert.Equal(t, [2]int{2, 1}, [2]int{s.Configs[0].Launches, s.Configs[1].Launches})
	assert.Equal(t, [3]int{256, 1, 1}, s.Configs[0].Block)
	require.Len(t, s.Lines, 3)
	assert.Equal(t, [3]int{9, 12, 14}, [3]int{s.Lines[0].Line, s.Lines[1].Line, s.Lines[2].Line})
	load := Counts{GldRequests: 65, GldTransactions: 260, GldBytes: 8320, GldRequested: 8320, InstExecuted: 65, ThreadInstExecuted: 2080}
	assert.Equal(t, load, s.Lines[1].Counts)
	assert.Equal(t, 4.0, s.Lines[1].Metrics.GldTransactionsPerRequest)
	assert.Equal(t, 50.0, s.Lines[2].Metrics.GstEfficiency)
	assert.Equal(t, Counts{GldRequests: 65, GldTransactions: 260, GldBytes: 8320, GldRequested: 8320,
		GstRequests: 33, GstTransactions: 264, GstBytes: 8448, GstRequested: 4224,
		Branches: 32, InstExecuted: 130, ThreadInstExecuted: 4160}, s.Total)
	assert.Equal(t, 100.0, s.Metrics.WarpExecutionEfficiency)

	r := merged[0]
	assert.Equal(t, 75.0, r.Metrics.BranchEfficiency)
	assert.Equal(t, 2.0, r.Lines[1].Metrics.SharedLoadTransactionsPerRequest)
	assert.Equal(t, 100*float64(448+256)/(32*30), r.Metrics.WarpExecutionEfficiency)
}

// TestWriteProfilesText compares the summary with one worked out by hand:
// per kernel its occupancy, efficiencies, memory and costliest lines, all
// within Width columns.
func TestWriteProfilesText(t *testing.T) {
	var b bytes.Buffer
	want := `pkg.reduce on sm_70: 1 launch, 32 registers per thread assumed
  grid (2,1,1) block (128,1,1), shared 512+0 B: occupancy 100% (16 blocks, 64 warps/SM), limit warps+registers
  branch_efficiency 75.00% (4 of 16 branches divergent), warp_execution_efficiency 73.33%
  shared loads  14 requests, 28 transactions, 2.00 per request, 14 bank conflicts
  costliest lines, by memory transactions, then divergent branches:
    line          func    shared_load_transactions  shared_ld_bank_conflict  divergent_branch
    reduce.go:20  reduce                        28                       14                 -
    reduce.go:19  reduce                         -                        -                 4

pkg.saxpy on sm_70: 3 launches, 32 registers per thread assumed
  grid (4,1,1) block (256,1,1), shared 0+0 B, 2 launches: occupancy 100% (8 blocks, 64 warps/SM), limit warps+registers
  grid (1,1,1) block (32,1,1), shared 0+0 B, 1 launch: occupancy 50% (32 blocks, 32 warps/SM), limit blocks
  branch_efficiency 100.00% (0 of 32 branches divergent), warp_execution_efficiency 100.00%
  global loads  65 requests, 260 transactions, 4.00 per request, gld_efficiency 100.00%
  global stores 33 requests, 264 transactions, 8.00 per request, gst_efficiency 50.00%
  costliest lines, by memory transactions, then divergent branches:
    line         func   gld_transactions  gst_transactions
    saxpy.go:14  saxpy                 -               264
    saxpy.go:12  saxpy               260                 -

pkg.saxpy on sm_90: 1 launch, 32 registers per thread assumed
  grid (4,1,1) block (256,1,1), shared 0+0 B: occupancy 100% (8 blocks, 64 warps/SM), limit warps+registers
  branch_efficiency 100.00%, warp_execution_efficiency 100.00%
  global loads  32 requests, 128 transactions, 4.00 per request, gld_efficiency 100.00%
  costliest lines, by memory transactions, then divergent branches:
    line         func   gld_transactions
    saxpy.go:12  saxpy               128
`
	require.NoError(t, WriteProfiles(&b, "text", profileFixture()))
	assert.Equal(t, want, b.String())
	for l := range strings.SplitSeq(b.String(), "\n") {
		assert.LessOrEqual(t, len(l), Width, l)
	}

	b.Reset()
	require.NoError(t, WriteProfiles(&b, "text", nil))
	assert.Equal(t, "no kernels were profiled\n", b.String())
}

// TestWriteProfilesTable: -metrics's table has the columns asked for, in
// their order, for every line; -wide's every column the kernel has; an
// unknown metric is an error naming the known ones.
func TestWriteProfilesTable(t *testing.T) {
	var b bytes.Buffer
	o := TextOptions{Metrics: []string{"gld_transactions_per_request", "branch_efficiency"}}
	require.NoError(t, WriteProfilesText(&b, profileFixture()[1:2], o))
	want := `pkg.saxpy on sm_90: 1 launch, 32 registers per thread assumed
  grid (4,1,1) block (256,1,1), shared 0+0 B: occupancy 100% (8 blocks, 64 warps/SM), limit warps+registers
  branch_efficiency 100.00%, warp_execution_efficiency 100.00%
  line         func   gld_transactions_per_request  branch_efficiency
  saxpy.go:12  saxpy                          4.00                  -
`
	assert.Equal(t, want, b.String())

	b.Reset()
	require.NoError(t, WriteProfilesText(&b, profileFixture()[:1], TextOptions{Wide: true}))
	assert.Contains(t, b.String(), "  line         func   inst_executed  warp_execution_efficiency  global_load_requests  "+
		"gld_transactions  gld_transactions_per_request  gld_efficiency  branch  divergent_branch  branch_efficiency\n")

	err := WriteProfilesText(&b, nil, TextOptions{Metrics: []string{"gld_transactions", "nope"}})
	assert.ErrorContains(t, err, `unknown metric "nope": want one of inst_executed, warp_execution_efficiency`)
}

// TestWriteProfilesJSON: the JSON is the merged profiles, with nvprof's
// names for the counts and metrics.
func TestWriteProfilesJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteProfiles(&b, "json", profileFixture()))
	var got []*KernelProfile
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	assert.Equal(t, MergeProfiles(profileFixture()), got)

	var raw []map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &raw))
	line := raw[1]["lines"].([]any)[1].(map[string]any)
	assert.Equal(t, 260.0, line["gld_transactions"])
	assert.Equal(t, 65.0, line["global_load_requests"])
	assert.Equal(t, 4.0, line["metrics"].(map[string]any)["gld_transactions_per_request"])
	assert.Equal(t, 75.0, raw[0]["metrics"].(map[string]any)["branch_efficiency"])

	b.Reset()
	require.NoError(t, WriteProfiles(&b, "json", nil))
	assert.Equal(t, "[]\n", b.String())
	assert.Error(t, WriteProfiles(&b, "csv", nil))
}
