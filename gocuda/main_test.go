package gocuda

import (
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"
)

// TestMain closes the default device after the tests and then checks that
// no goroutine (worker, fiber or context watcher) outlives the package's
// tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if err := CloseDefault(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}
