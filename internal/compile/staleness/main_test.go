package staleness

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if shared != nil {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}
