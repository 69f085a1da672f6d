package bench_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that the tests and benchmarks leave no goroutine behind:
// every device they make is closed and every iter.Pull stopped.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
