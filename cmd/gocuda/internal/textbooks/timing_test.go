package textbooks_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// The textbooks' tables against the timing model (docs/tutorials/timing.md):
// Harris's seven reductions of 2^22 ints and Ryoo et al.'s three matrix
// multiplies, profiled for the GeForce 8800 GTX by package kernels'
// TestTimingWorkload. The published figures are GPU-MODELS.md §5.

// A published entry: a kernel and its measured time in ms (Harris) or
// GFLOPS (Ryoo).
type published struct {
	kernel string
	value  float64
}

var (
	harrisTable = []published{
		{"ReduceInterleavedKernel", 8.054}, {"ReduceStridedIndexKernel", 3.456}, {"ReduceSequentialKernel", 1.722},
		{"ReduceFirstAddKernel", 0.965}, {"ReduceUnrolledWarpKernel", 0.536}, {"reduceCompleteUnroll", 0.381},
		{"ReduceGridStrideKernel", 0.268},
	}
	ryooTable = []published{{"MatMulNaiveKernel", 10.58}, {"MatMulTiledKernel", 46.49}, {"MatMulTiledUnrolledKernel", 91.14}}
)

// timingSample is the fraction 1/timingSample of the first pass of
// Harris's kernels 1 to 6 that the workload launches (its
// GOCUDA_TIMING_SAMPLE): 128 or 64 blocks of the 16384 or 8192, enough to
// fill the 8800 GTX's 16 SMs with 3 blocks each, so that the pass's time
// is timingSample times theirs (gpu's TestPredictScalesWithGrid).
const timingSample = 128

// timingSizes returns the log2 of the reductions' length and the
// matrices' side the test profiles: Harris's 2^22 ints (kernel 7's fixed
// grid makes its time not scale with the length), and 128×128 matrices
// (Ryoo's are 4096×4096; a rate in GFLOPS barely depends on the size
// once the grid fills the SMs), or GOCUDA_TIMING_MATMUL's side.
func timingSizes() (log2, side int) {
	side = 128
	if s, err := strconv.Atoi(os.Getenv("GOCUDA_TIMING_MATMUL")); err == nil {
		side = s
	}
	return 22, side
}

// profileTextbooks profiles the workload for the 8800 GTX and returns the
// reductions' predicted times in ms at 2^22 ints and the matrix
// multiplies' predicted GFLOPS, in the tables' order.
func profileTextbooks(t *testing.T) (harris, ryoo []float64) {
	t.Helper()
	log2, side := timingSizes()
	t.Setenv("GOCUDA_TIMING_WORKLOAD", strconv.Itoa(log2))
	t.Setenv("GOCUDA_TIMING_MATMUL", strconv.Itoa(side))
	t.Setenv("GOCUDA_TIMING_SAMPLE", strconv.Itoa(timingSample))
	root, err := filepath.Abs("../../../..")
	require.NoError(t, err)
	var stdout, stderr bytes.Buffer
	args := []string{"-format", "json", "-gpu", "g80", "-regs", "10", "./kernels", "--", "-run", "^TestTimingWorkload$"}
	code := profile(args, &stdout, &stderr, root)
	require.Equal(t, exitOK, code, "stderr:\n%s", &stderr)
	var ps []*record.KernelProfile
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &ps), "stdout:\n%s", &stdout)
	for i, e := range harrisTable {
		p := kernelNamed(t, ps, e.kernel)
		require.Equal(t, "GeForce 8800 GTX", p.GPU)
		require.NotEmpty(t, p.Bottleneck)
		ns := p.PredictedNS
		if i < 6 {
			ns += sampledPass(t, p, log2)
		}
		harris = append(harris, ns/1e6)
	}
	for _, e := range ryooTable {
		p := kernelNamed(t, ps, e.kernel)
		ryoo = append(ryoo, 2*math.Pow(float64(side), 3)/p.PredictedNS)
	}
	return harris, ryoo
}

// sampledPass returns the predicted time of the first pass's blocks the
// workload did not launch: timingSample − 1 times the time of those it
// did, the launch configuration with the most blocks, one launch of
// 2^log2 / timingSample / 256 or 512 blocks.
func sampledPass(t *testing.T, p *record.KernelProfile, log2 int) float64 {
	t.Helper()
	first := p.Configs[0]
	for _, c := range p.Configs {
		if c.Grid[0] > first.Grid[0] {
			first = c
		}
	}
	require.Equal(t, 1, first.Launches, p.Kernel)
	perBlock := (1 << log2) / (first.Grid[0] * timingSample)
	require.Contains(t, []int{256, 512}, perBlock, "%s: %d blocks sampled", p.Kernel, first.Grid[0])
	return (timingSample - 1) * first.PredictedNS
}

// harrisMisses are the steps of Harris's table (from kernel i to i+1) the
// model is known to miss by more than 30%, asserted within a factor of two
// instead: 2→3, where Hong and Kim's synchronization cost, charged for
// every barrier, weighs on kernel 3 (docs/tutorials/timing.md).
var harrisMisses = map[int]bool{2: true}

// TestTimingTextbooks: the model ranks Harris's and Ryoo's kernels as
// published, predicts Harris's step speedups and cumulative speedup
// within ±30% but for the known misses (harrisMisses), and Ryoo's
// unrolling step and cumulative speedup within ±30%. Ryoo's naive-to-tiled
// step is a known miss: the naive kernel's broadcast loads of A are
// uncoalesced under the 1.0 rule (16 transactions a half-warp), which
// holds it below half its measured 10.58 GFLOPS even at the DRAM
// roofline; the step is asserted within a factor of two.
func TestTimingTextbooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the textbooks' kernels instrumented")
	}
	harris, ryoo := profileTextbooks(t)
	for i, e := range harrisTable {
		t.Logf("Harris %d %-26s predicted %.3f ms, published %.3f ms", i+1, e.kernel, harris[i], e.value)
	}
	for i, e := range ryooTable {
		t.Logf("Ryoo %-26s predicted %.2f GFLOPS, published %.2f GFLOPS", e.kernel, ryoo[i], e.value)
	}
	t.Run("ranked as published", func(t *testing.T) {
		for i := 1; i < len(harris); i++ {
			assert.Less(t, harris[i], harris[i-1], "Harris %d faster than %d", i+1, i)
		}
		for i := 1; i < len(ryoo); i++ {
			assert.Greater(t, ryoo[i], ryoo[i-1], "%s faster than %s", ryooTable[i].kernel, ryooTable[i-1].kernel)
		}
	})
	t.Run("Harris's steps within 30%", func(t *testing.T) {
		for i := 1; i < len(harris); i++ {
			tol := 0.3
			if harrisMisses[i] {
				tol = 1
			}
			assertRatio(t, harrisTable[i-1].value/harrisTable[i].value, harris[i-1]/harris[i], tol, "step %d→%d", i, i+1)
		}
		n := len(harris) - 1
		assertRatio(t, harrisTable[0].value/harrisTable[n].value, harris[0]/harris[n], 0.3, "cumulative")
	})
	t.Run("Ryoo's steps", func(t *testing.T) {
		assertRatio(t, ryooTable[1].value/ryooTable[0].value, ryoo[1]/ryoo[0], 1, "naive→tiled (known miss)")
		assertRatio(t, ryooTable[2].value/ryooTable[1].value, ryoo[2]/ryoo[1], 0.3, "tiled→unrolled")
		assertRatio(t, ryooTable[2].value/ryooTable[0].value, ryoo[2]/ryoo[0], 0.3, "cumulative")
	})
}

// assertRatio asserts that got is within the fraction tol of want (with
// tol 1, within a factor of two).
func assertRatio(t *testing.T, want, got, tol float64, format string, args ...any) {
	t.Helper()
	what := fmt.Sprintf(format, args...)
	if tol >= 1 {
		assert.InDelta(t, 0, math.Log2(got/want), 1, "%s: predicted %.2f, published %.2f", what, got, want)
		return
	}
	assert.InDelta(t, 1, got/want, tol, "%s: predicted %.2f, published %.2f", what, got, want)
}
