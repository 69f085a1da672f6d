package probe

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// TestProfileAtomics: a warp whose 32 lanes add to one shared word, and
// to one global word, makes each request 32 serialized operations (the
// conflict degree), where lanes adding to 32 distinct words make one;
// the global requests' transactions are their addresses' sectors (four
// for 32 consecutive words on sm_90, one for a word). The counts reach the
// JSON record, and the predicted time of the contended launch is longer.
func TestProfileAtomics(t *testing.T) {
	sites := Register([]Site{
		{Kind: AtomicOp, Func: "probe.atomics", File: "atomics.go", Line: 40, Expr: "atomic.Add(&sh[k], 1)"},
		{Kind: AtomicOp, Func: "probe.atomics", File: "atomics.go", Line: 41, Expr: "atomic.Add(&out[k], 1)"},
	})
	const grid, block = 4, 64
	warps := grid * block / 32
	kernel := func(out []uint32, hot bool) func(*gocuda.Thread) {
		return func(t *gocuda.Thread) {
			sh := gocuda.Shared[uint32](t, 32)
			k := t.ThreadIdx.X % 32
			if hot {
				k = 0
			}
			After(t, &sites[0], atomic.Add(Atomic(t, &sites[0], &sh[k]), 1))
			After(t, &sites[1], atomic.Add(Atomic(t, &sites[1], &out[k]), 1))
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}
	profiles := map[bool]*KernelProfile{}
	for _, hot := range []bool{false, true} {
		out := make([]uint32, 32)
		p := profileOne(t, "sm_90", "", cfg, kernel(out, hot))
		profiles[hot] = p
		degree, sectors := 1, 4
		if hot {
			degree, sectors = 32, 1
		}
		shared, global := lineAt(t, p, 40).Counts, lineAt(t, p, 41).Counts
		assert.Equal(t, []int{warps, warps * degree}, []int{shared.SharedAtomRequests, shared.SharedAtomOperations}, "hot %v", hot)
		assert.Equal(t, []int{warps, warps * sectors, warps * degree},
			[]int{global.GlobalAtomRequests, global.GlobalAtomTransactions, global.GlobalAtomOperations}, "hot %v", hot)
		assert.InDelta(t, float64(degree), p.Metrics.SharedAtomOperationsPerRequest, 1e-9)
		assert.InDelta(t, float64(degree), p.Metrics.GlobalAtomOperationsPerRequest, 1e-9)
		assert.Zero(t, shared.SharedLdRequests+shared.SharedStRequests+global.GldRequests+global.GstRequests,
			"an atomic is no load or store")

		js, err := json.Marshal(p)
		require.NoError(t, err)
		var raw struct {
			Total   map[string]float64 `json:"total"`
			Metrics map[string]float64 `json:"metrics"`
		}
		require.NoError(t, json.Unmarshal(js, &raw))
		assert.Equal(t, float64(warps*degree), raw.Total["shared_atom_operations"])
		assert.Equal(t, float64(warps*degree), raw.Total["global_atom_operations"])
		assert.Equal(t, float64(warps), raw.Total["global_atom_requests"])
		assert.Equal(t, float64(degree), raw.Metrics["global_atom_operations_per_request"])
	}
	cold, hot := profiles[false], profiles[true]
	require.NotZero(t, cold.PredictedNS)
	assert.Greater(t, hot.PredictedNS, cold.PredictedNS)
	assert.Greater(t, hot.Timing.MemCycles, cold.Timing.MemCycles, "global atomics wait at L2")
	assert.Greater(t, hot.Timing.ConflictShare, cold.Timing.ConflictShare, "shared atomics replay")
}
