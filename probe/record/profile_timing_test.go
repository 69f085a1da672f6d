package record

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMergePredictions: the predicted times of a kernel's launches add up,
// in total and per launch configuration; the bottleneck and timing are
// the longest launch's; the summary prints them within Width columns, and
// JSON has predicted_ns.
func TestMergePredictions(t *testing.T) {
	launch := func(blocks int, ns float64, bound string) *KernelProfile {
		return &KernelProfile{Kernel: "pkg.reduce", Arch: "sm_10", GPU: "GeForce 8800 GTX", Registers: 10, Launches: 1,
			Configs:     []LaunchConfig{{Grid: [3]int{blocks, 1, 1}, Block: [3]int{256, 1, 1}, Launches: 1, PredictedNS: ns}},
			PredictedNS: ns, Bottleneck: bound,
			Timing: &Timing{LaunchNS: ns, Warps: 24, MWP: 13.9, CWP: 3.4, Rounds: 1.3, MemCycles: 907, CompCycles: 378}}
	}
	merged := MergeProfiles([]*KernelProfile{launch(1, 1200, "memory latency"), launch(16384, 8054000, "instruction issue"),
		launch(1, 1300, "memory latency")})
	require.Len(t, merged, 1)
	m := merged[0]
	assert.Equal(t, 8056500.0, m.PredictedNS)
	require.Len(t, m.Configs, 2)
	assert.Equal(t, [3]int{1, 1, 1}, m.Configs[0].Grid, "most launched first")
	assert.Equal(t, 2500.0, m.Configs[0].PredictedNS)
	assert.Equal(t, 8054000.0, m.Configs[1].PredictedNS)
	assert.Equal(t, "instruction issue", m.Bottleneck)
	assert.Equal(t, 8054000.0, m.Timing.LaunchNS)

	var b bytes.Buffer
	require.NoError(t, WriteProfiles(&b, "text", merged))
	assert.Contains(t, b.String(), "  predicted 8056.5 µs on GeForce 8800 GTX (bound by instruction issue)\n"+
		"    24 warps/SM, MWP 13.9, CWP 3.4, 1.3 rounds of resident blocks, per warp 907 memory and 378 compute cycles\n")
	for l := range strings.SplitSeq(b.String(), "\n") {
		assert.LessOrEqual(t, len([]rune(l)), Width, l)
	}
	b.Reset()
	require.NoError(t, WriteProfiles(&b, "json", merged))
	assert.Contains(t, b.String(), `"predicted_ns": 8056500`)
	assert.Contains(t, b.String(), `"bottleneck": "instruction issue"`)
}
