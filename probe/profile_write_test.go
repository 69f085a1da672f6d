package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/probe/record"
)

// TestProfileLaunchesMerge: each launch writes a record; two launches of
// one kernel merge into one profile of two launches and twice the counts.
func TestProfileLaunchesMerge(t *testing.T) {
	sites := Register([]Site{{Kind: Read, Func: "probe.twice", File: "twice.go", Line: 71}})
	x := make([]float32, 128)
	kernel := func(t *gocuda.Thread) { _ = *Index(t, &sites[0], x, t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X) }
	ps := profileRun(t, "sm_70", "", func(d *gocuda.Device) error {
		if err := d.Launch(blocks(2), kernel); err != nil {
			return err
		}
		return d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 128}}, kernel)
	})
	require.Len(t, ps, 2)
	merged := record.MergeProfiles(ps)
	require.Len(t, merged, 1)
	m := merged[0]
	assert.Equal(t, 2, m.Launches)
	assert.Len(t, m.Configs, 2)
	assert.Equal(t, Counts{GldRequests: 8, GldTransactions: 32, GldBytes: 1024, GldRequested: 1024, InstExecuted: 8, ThreadInstExecuted: 256},
		lineAt(t, m, 71).Counts)
}

// TestNewProfilerSettings: the defaults, and the settings refused.
func TestNewProfilerSettings(t *testing.T) {
	r, err := newProfiler("", "", "")
	require.NoError(t, err)
	assert.Equal(t, "sm_90", r.(*profiler).arch.String())
	assert.Equal(t, 32, r.(*profiler).regs)
	for _, bad := range [][2]string{{"sm_99", ""}, {"sm_70", "many"}, {"sm_70", "-1"}, {"sm_20", "64"}} {
		_, err := newProfiler(bad[0], bad[1], "")
		assert.Error(t, err, "%q", bad)
	}
}
