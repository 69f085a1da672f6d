package rodinia_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that the tests and benchmarks leave no goroutine behind:
// every device they make is closed.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// seed is the seed of every input the tests and benchmarks make.
const seed = 15
