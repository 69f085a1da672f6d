package kernels_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// newDevice returns a two-worker device closed when t ends.
func newDevice(t testing.TB) *gocuda.Device {
	t.Helper()
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}

// testSizes are the lengths every 1D kernel is checked at: empty, one
// element, multiples of common block sizes, sizes just off them, and a
// large size that spans many blocks.
var testSizes = []int{0, 1, 31, 32, 33, 255, 256, 257, 1000, 1024, 4097, 1<<16 + 3}
