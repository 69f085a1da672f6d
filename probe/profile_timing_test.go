package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gpu"
)

// TestProfileLoopsAndOperations: a loop whose lanes run tid%4+1
// iterations runs 4 warp-level iterations per warp (a warp goes on while
// any lane does); each iteration's sites add their arithmetic (the range
// loop's increment, compare and branch; the condition's compare, shift and
// remainder) once per warp-level execution.
func TestProfileLoopsAndOperations(t *testing.T) {
	sites := Register([]Site{
		{Kind: BackEdge, Func: "probe.loops", File: "loops.go", Line: 20, Expr: "for k := range tid%4 + 1", ALU: 3},
		{Kind: Branch, Func: "probe.loops", File: "loops.go", Line: 21, Expr: "tid%(2*k) == 0", ALU: 2, Divs: 1},
	})
	hits := make([]int, 64)
	p := profileOne(t, "sm_10", "10", gocuda.Config{Block: gocuda.Dim3{X: 64}}, func(t *gocuda.Thread) {
		tid := t.ThreadIdx.X
		for k := range tid%4 + 1 {
			Back(t, &sites[0])
			if Cond(t, &sites[1], tid%(2*(k+1)) == 0) {
				hits[tid]++
			}
		}
	})
	loop := lineAt(t, p, 20).Counts
	assert.Equal(t, 8, loop.LoopIterations) // 2 warps × 4
	assert.Equal(t, 24, loop.ALUOps)
	assert.Zero(t, loop.InstExecuted, "a back edge is no instruction of its own")
	cond := lineAt(t, p, 21).Counts
	assert.Equal(t, 8, cond.Branches)
	assert.Equal(t, 16, cond.ALUOps)
	assert.Equal(t, 8, cond.IntDivOps)
	assert.Equal(t, 8, cond.InstExecuted)
}

// TestProfilePredicts: a profile for sm_10 carries the 8800 GTX's
// predicted time, equal to what the model gives for the launch's counts;
// an architecture without a preset gets none.
func TestProfilePredicts(t *testing.T) {
	sites := Register([]Site{
		{Kind: Read, Func: "probe.copy", File: "copy.go", Line: 30, Expr: "in[i]"},
		{Kind: Write, Func: "probe.copy", File: "copy.go", Line: 30, Expr: "out[i]", ALU: 2, Muls: 1},
	})
	in, out := make([]float32, 1<<14), make([]float32, 1<<14)
	kernel := func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		*Index(t, &sites[1], out, i) = *Index(t, &sites[0], in, i)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 64}, Block: gocuda.Dim3{X: 256}}
	p := profileOne(t, "sm_10", "10", cfg, kernel)
	g, ok := gpu.PresetFor(gpu.SM10)
	require.True(t, ok)
	want, err := g.Predict(p.Total.Workload(p.Configs[0]))
	require.NoError(t, err)
	assert.Equal(t, "GeForce 8800 GTX", p.GPU)
	assert.Equal(t, want.Nanos, p.PredictedNS)
	assert.Equal(t, want.Nanos, p.Configs[0].PredictedNS)
	assert.Equal(t, string(want.Bottleneck), p.Bottleneck)
	require.NotNil(t, p.Timing)
	assert.Equal(t, want.Nanos, p.Timing.LaunchNS)
	assert.Positive(t, p.PredictedNS)

	none := profileOne(t, "sm_11", "10", cfg, kernel)
	assert.Zero(t, none.PredictedNS)
	assert.Nil(t, none.Timing)
}

// TestNewProfilerGPU: a GPU preset sets the architecture; one of another
// architecture than the one asked for, or an unknown one, is refused;
// without one the architecture's preset predicts.
func TestNewProfilerGPU(t *testing.T) {
	r, err := newProfiler("", "", "g80")
	require.NoError(t, err)
	assert.Equal(t, "sm_10", r.(*profiler).arch.String())
	assert.Equal(t, "GeForce 8800 GTX", r.(*profiler).gpu.Name)
	r, err = newProfiler("sm_70", "", "")
	require.NoError(t, err)
	assert.Equal(t, "Tesla V100", r.(*profiler).gpu.Name)
	for _, bad := range [][2]string{{"sm_90", "g80"}, {"", "voodoo2"}} {
		_, err := newProfiler(bad[0], "", bad[1])
		assert.Error(t, err, "%q", bad)
	}
}
