package compiled_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// TestSyncWarpLanes: a SyncWarp whose mask holds every lane that arrives
// completes (the short path), one whose mask leaves out an arriving lane
// fails the launch with ErrInvalidValue naming that lane, as the runtime
// path's __syncwarp does, and per-lane masks go the long way.
func TestSyncWarpLanes(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 40}}
	syncWarps := func(active, mask uint32, masks *[32]uint32) func(*gocuda.Thread) {
		return compiled.Kernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block) {
			for w := 0; w < b.Len(); w += 32 {
				lanes := uint32(uint64(1)<<min(32, b.Len()-w) - 1)
				compiled.WarpLanes[bool, bool](b, "SyncWarp", w, active&lanes, mask, masks, nil, nil, nil, nil)
			}
		})
	}
	require.NoError(t, d.Launch(cfg, syncWarps(^uint32(0), ^uint32(0), nil)), "every lane, full mask")
	require.NoError(t, d.Launch(cfg, syncWarps(0xff, 0xffff, nil)), "a mask wider than the lanes that arrive")
	err := d.Launch(cfg, syncWarps(0x1ff, 0xff, nil))
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "lane 8 arrives outside the mask")
	assert.Contains(t, err.Error(), "lane 8")
	var masks [32]uint32
	for j := range masks {
		masks[j] = 0xff
	}
	masks[3] = 0xf7 // lane 3 leaves itself out
	err = d.Launch(cfg, syncWarps(0xff, 0, &masks))
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "per-lane masks are checked lane by lane")
	assert.Contains(t, err.Error(), "lane 3")
}
