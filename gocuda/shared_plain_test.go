package gocuda_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDynamicSharedRejectsInvalidBitPatterns: views of dynamic shared
// memory alias its bytes, so a type with byte patterns that are not valid
// values (bool: only 0 and 1) would read garbage, such as a bool that is
// both true and not true after a byte view stored 2. Such views fail the
// launch with ErrInvalidValue before they are returned.
func TestDynamicSharedRejectsInvalidBitPatterns(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	type flagged struct {
		N  int32
		OK bool
	}
	views := map[string]func(*gocuda.Thread){
		"bool":         func(th *gocuda.Thread) { gocuda.DynamicShared[bool](th) },
		"[4]bool":      func(th *gocuda.Thread) { gocuda.DynamicShared[[4]bool](th) },
		"struct{bool}": func(th *gocuda.Thread) { gocuda.DynamicShared[flagged](th) },
		"[2][]byte":    func(th *gocuda.Thread) { gocuda.DynamicShared[[2][]byte](th) },
	}
	for name, view := range views {
		t.Run(name, func(t *testing.T) {
			err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 2}, SharedMem: 64}, view)
			require.ErrorIs(t, err, gocuda.ErrInvalidValue)
			var ke *gocuda.KernelError
			require.ErrorAs(t, err, &ke)
			assert.Contains(t, err.Error(), "DynamicShared")
		})
	}
	t.Run("byte 2 read as bool", func(t *testing.T) {
		var both bool
		err := d.Launch(gocuda.Config{SharedMem: 8}, func(th *gocuda.Thread) {
			gocuda.DynamicShared[byte](th)[0] = 2
			v := gocuda.DynamicShared[bool](th)[0]
			both = v && !v
		})
		require.ErrorIs(t, err, gocuda.ErrInvalidValue)
		assert.False(t, both)
	})
	require.NoError(t, d.Launch(gocuda.Config{SharedMem: 64}, func(th *gocuda.Thread) {
		gocuda.DynamicShared[struct{ N, OK int32 }](th)
		gocuda.DynamicShared[[2]complex64](th)
	}), "plain views are fine")
}
