package probe

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

var ownSites = sitesOf("probe.ownKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "tile[u]"},
)

// ownKernel has each thread fill an array of its own, on the heap as one
// that escapes is, through a slice: marked by Own if own. Each thread
// collects the garbage first, so that its array takes the address of an
// earlier thread's.
func ownKernel(own bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		runtime.GC()
		tile := new([8]int32)[:]
		if own {
			tile = Own(t, tile)
		}
		for u := range tile {
			Store(t, &ownSites[0], tile, u, int32(u))
		}
	}
}

// TestOwnKeepsAlive: the arrays of a thread's own that Own marks never
// meet another thread's accesses at a reused address; unmarked, they do.
func TestOwnKeepsAlive(t *testing.T) {
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}
	for _, own := range []bool{true, false} {
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, dev.Launch(cfg, ownKernel(own)))
		})
		if own {
			assert.Empty(t, got, "owned")
		} else {
			assert.NotEmpty(t, got, "not owned: the test no longer reuses addresses")
		}
	}
}
