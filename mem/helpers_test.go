package mem_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// newDevice makes a small device that is closed when the test ends.
func newDevice(t testing.TB, opts ...gocuda.Option) *gocuda.Device {
	t.Helper()
	dev, err := gocuda.NewDevice(append([]gocuda.Option{gocuda.WithWorkers(2)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = dev.Close() })
	return dev
}

// random returns n seeded pseudo-random int32s.
func random(seed uint64, n int) []int32 {
	r := rand.New(rand.NewPCG(seed, 1))
	s := make([]int32, n)
	for i := range s {
		s[i] = r.Int32()
	}
	return s
}

// grid1D is a launch configuration covering n threads with blocks of 64.
func grid1D(n int) gocuda.Config {
	const block = 64
	return gocuda.Config{Grid: gocuda.Dim3{X: max(1, (n+block-1)/block)}, Block: gocuda.Dim3{X: block}}
}
