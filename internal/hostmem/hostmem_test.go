package hostmem_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/internal/hostmem"
)

// TestTotalMatchesProcMeminfo checks Total against the kernel's own report
// where there is one.
func TestTotalMatchesProcMeminfo(t *testing.T) {
	got := hostmem.Total()
	if got <= 0 {
		t.Fatalf("Total() = %d", got)
	}
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip("no /proc/meminfo")
	}
	for line := range strings.Lines(string(data)) {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			if diff := got - kb*1024; diff < -4096 || diff > 4096 {
				t.Fatalf("Total() = %d, /proc/meminfo says %d", got, kb*1024)
			}
			return
		}
	}
	t.Skip("no MemTotal line")
}
