package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gpu"
)

// TestDivergenceIfElse: "For equal length paths, a divergent if-else code
// block is 50% efficient" (Patterson & Hennessy): the warp runs both arms,
// each with half its lanes.
func TestDivergenceIfElse(t *testing.T) {
	var d gpu.Divergence
	const even = 0x55555555
	d.Branch(gpu.FullWarp, even)
	for range 10 { // the then-arm, then the else-arm
		d.Executed(even)
	}
	for range 10 {
		d.Executed(gpu.FullWarp &^ even)
	}
	assert.Equal(t, 50.0, d.WarpExecutionEfficiency())
	assert.Equal(t, 0.0, d.BranchEfficiency())
}

// TestDivergenceUniform: a branch every lane takes, or none does, does not
// diverge; a branch whose active lanes all agree does not either, however
// few they are.
func TestDivergenceUniform(t *testing.T) {
	var d gpu.Divergence
	d.Branch(gpu.FullWarp, gpu.FullWarp)
	d.Branch(gpu.FullWarp, 0)
	d.Branch(0x0000ffff, 0xffff0000)
	d.Branch(0x0000ffff, 0x000000ff)
	assert.Equal(t, 75.0, d.BranchEfficiency())
	d.Executed(gpu.FullWarp)
	assert.Equal(t, 100.0, d.WarpExecutionEfficiency())
	assert.Equal(t, 100.0, gpu.Divergence{}.BranchEfficiency())
}
