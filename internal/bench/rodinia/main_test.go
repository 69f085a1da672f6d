package rodinia_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that the examples leave no goroutine behind.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
