package probe

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that no goroutine (device workers, fibers) outlives the
// tests: every test closes the devices it makes.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
