package gocuda

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The engine's side of compiled kernels is tested through package
// compiled, which reaches it (see compiled/*_test.go).

func newTestDevice(t *testing.T) *Device {
	d, err := NewDevice(WithWorkers(2))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}
