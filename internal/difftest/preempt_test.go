package difftest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRunawayStopsWithoutAsyncPreempt runs the runaway tests again in a
// child with asynchronous preemption off (GODEBUG=asyncpreemptoff=1, which
// the SIMD build's benchmarks set): every worker then spins in a loop
// that calls nothing, and only the yields of compiled.Block.Tick let the
// timer ending the launch's context run. Before them, the child hung.
func TestRunawayStopsWithoutAsyncPreempt(t *testing.T) {
	if os.Getenv("GOCUDA_RUNAWAY_CHILD") != "" {
		t.Skip("the child runs the runaway tests alone")
	}
	if testing.Short() {
		t.Skip("starts the test binary again")
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run", "^TestRunaway(Steps|Kernel)Stops?$", "-test.count", "1")
	cmd.Env = append(os.Environ(), "GODEBUG=asyncpreemptoff=1", "GOCUDA_RUNAWAY_CHILD=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, ctx.Err(), "the child did not stop in time: %s", out)
	require.NoError(t, err, "%s", out)
}
