package probe

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestBlockOf: blockOf, which reads the engine's offsets, finds the Block
// that engine.BlockOf returns, for every thread of blocks on two workers.
func TestBlockOf(t *testing.T) {
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	defer dev.Close()
	var bad, n atomic.Int32
	err = dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 64}, RuntimePath: true},
		func(th *gocuda.Thread) {
			n.Add(1)
			if blockOf(th) != engine.BlockOf(th) {
				bad.Add(1)
			}
		})
	require.NoError(t, err)
	require.Equal(t, int32(8*64), n.Load())
	require.Zero(t, bad.Load())
}
