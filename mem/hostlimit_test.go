package mem_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/hostmem"
	"github.com/gocuda/gocuda/mem"
)

// TestMallocBeyondHost: on a device whose global memory is larger than the
// host's, an allocation the host cannot hold returns ErrMemoryAllocation
// instead of crashing the program (a Go slice too long panics, and a Go
// out-of-memory is fatal), reserves nothing, and leaves the device usable.
// None of these requests allocates anything.
func TestMallocBeyondHost(t *testing.T) {
	const global = 1 << 60
	dev := newDevice(t, gocuda.WithGlobalMem(global))
	host := hostmem.Total()
	tests := []struct {
		name string
		call func() error
	}{
		{"1<<50 bytes", func() error { _, err := mem.Malloc[byte](dev, 1<<50); return err }},
		{"1<<46 bytes", func() error { _, err := mem.Malloc[byte](dev, 1<<46); return err }},
		{"host+1 bytes", func() error { _, err := mem.Malloc[byte](dev, int(host)+1); return err }},
		{"host in float64s", func() error { _, err := mem.Malloc[float64](dev, int(host/8)+1); return err }},
		{"elements overflow", func() error { _, err := mem.Malloc[[16]int64](dev, math.MaxInt/64); return err }},
		{"pitched", func() error { _, err := mem.MallocPitch[byte](dev, 1<<20, 1<<30); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			require.ErrorIs(t, err, gocuda.ErrMemoryAllocation)
			free, total := dev.MemGetInfo()
			assert.Equal(t, [2]int64{global, global}, [2]int64{free, total}, "nothing reserved")
		})
	}
	b, err := mem.Malloc[byte](dev, 1<<20)
	require.NoError(t, err, "the device still allocates")
	require.NoError(t, b.Free())
}
