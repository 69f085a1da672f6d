package saxpy

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// TestSAXPY checks SAXPY against a loop on the host for several launch
// configurations and sizes, and stops at the first case that fails.
func TestSAXPY(t *testing.T) {
	dev := check.NewDevice(t)
	configs := []gocuda.Config{
		{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 128}},   // 512 threads
		{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}},    // one warp
		{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 100}},   // not a power of two
		{Grid: gocuda.Dim3{X: 500}, Block: gocuda.Dim3{X: 256}}, // more threads than most inputs
	}
	const a = 2
	for _, cfg := range configs {
		for _, n := range []int{1, 31, 512, 513, 10_000, 200_003} {
			threads := cfg.Grid.X * cfg.Block.X
			name := fmt.Sprintf("grid=%d,block=%d/n=%d", cfg.Grid.X, cfg.Block.X, n)
			ok := t.Run(name, func(t *testing.T) {
				x, y := make([]float32, n), make([]float32, n)
				for i := range x {
					x[i], y[i] = float32(i%100+1), 1
				}
				err := check.Call(t, func() error { return SAXPY(dev, cfg, a, x, y) })
				check.NoError(t, err, "SAXPY "+name)
				for i := range y {
					if want := a*x[i] + 1; y[i] != want {
						t.Fatalf("grid of %d blocks × %d threads = %d threads, n = %d: y[%d] = %v, want %v.\nhint: %s",
							cfg.Grid.X, cfg.Block.X, threads, n, i, y[i], want, diagnose(y, x, a, i, threads))
					}
				}
			})
			if !ok {
				return
			}
		}
	}
}

// diagnose explains the first wrong element, y[i], of a launch with
// threads threads. y was all ones before the launch.
func diagnose(y, x []float32, a float32, i, threads int) string {
	times := (y[i] - 1) / (a * x[i]) // how many times y[i] was updated
	switch {
	case y[i] == 1 && i == 0:
		return "the kernel updated nothing: y[i] = a*x[i] + y[i] for every i of a grid-stride loop."
	case y[i] == 1 && i >= threads:
		return fmt.Sprintf("y[%d] was never updated, but the grid has only %d threads: each thread must go on to\n"+
			"i + stride, i + 2*stride, ... while i < n, where stride = t.BlockDim.X*t.GridDim.X (a grid-stride loop).",
			i, threads)
	case y[i] == 1:
		return fmt.Sprintf("y[%d] was never updated: does each thread start at its global index,\n"+
			"t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X, and step by t.BlockDim.X*t.GridDim.X?", i)
	case times > 1 && times == float32(int(times)):
		return fmt.Sprintf("y[%d] was updated %d times: the stride must be the number of threads in the grid,\n"+
			"t.BlockDim.X*t.GridDim.X, and each thread must start at its own global index, so that no two\n"+
			"threads visit the same element.", i, int(times))
	}
	return fmt.Sprintf("y[%d] should be a*x[%d] + y[%d], with y[%d] = 1 before the launch.", i, i, i, i)
}
