package bench_test

import (
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/internal/bench"
)

// TestMain checks that the tests and benchmarks leave no goroutine behind:
// every device they make is closed and every iter.Pull stopped. In the
// SIMD build it first runs them again without asynchronous preemption,
// so that hand-written Go runs at its real speed
// (bench.RerunWithoutAsyncPreempt).
func TestMain(m *testing.M) {
	if code, rerun := bench.RerunWithoutAsyncPreempt(); rerun {
		os.Exit(code)
	}
	goleak.VerifyTestMain(m)
}
