package gocuda_test

import (
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// ordinals returns the ordinals of devs.
func ordinals(devs []*gocuda.Device) []int {
	var o []int
	for _, d := range devs {
		o = append(o, d.Ordinal())
	}
	return o
}

// TestDeviceOrdinals opens and closes devices and checks count, ordinals
// and lookup: a new device takes the lowest free ordinal, a closed one
// vanishes, and its ordinal is reused.
func TestDeviceOrdinals(t *testing.T) {
	before := gocuda.DeviceCount()
	var devs []*gocuda.Device
	for range 3 {
		d, err := gocuda.NewDevice(gocuda.WithWorkers(1))
		require.NoError(t, err)
		devs = append(devs, d)
	}
	// Compare devices by pointer (slices.Contains, assert.Same), never with
	// assert.Contains or assert.Equal, whose reflect.DeepEqual would read
	// the devices' internals while their workers run.
	assert.Equal(t, before+3, gocuda.DeviceCount())
	o := ordinals(devs)
	assert.True(t, slices.IsSorted(o) && o[0] < o[1] && o[1] < o[2], "ordinals %v", o)
	for _, d := range devs {
		got, err := gocuda.DeviceByOrdinal(d.Ordinal())
		require.NoError(t, err)
		assert.Same(t, d, got)
	}
	all := gocuda.Devices()
	assert.Len(t, all, gocuda.DeviceCount())
	assert.True(t, slices.IsSorted(ordinals(all)), "Devices not by ordinal: %v", ordinals(all))
	for _, d := range devs {
		assert.True(t, slices.Contains(all, d), "Devices lacks ordinal %d", d.Ordinal())
	}

	// Close the middle one: it vanishes, and the next device takes its
	// ordinal, the lowest free.
	mid := devs[1]
	require.NoError(t, mid.Close())
	assert.Equal(t, before+2, gocuda.DeviceCount())
	assert.False(t, slices.Contains(gocuda.Devices(), mid), "a closed device is listed")
	assert.Equal(t, o[1], mid.Ordinal(), "a closed device keeps its ordinal")
	_, err := gocuda.DeviceByOrdinal(o[1])
	assert.ErrorIs(t, err, gocuda.ErrInvalidDevice)

	d, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	require.NoError(t, err)
	assert.Equal(t, o[1], d.Ordinal())
	devs[1] = d

	// A second Close of the old device leaves the new holder alone.
	assert.ErrorIs(t, mid.Close(), gocuda.ErrContextIsDestroyed)
	got, err := gocuda.DeviceByOrdinal(o[1])
	require.NoError(t, err)
	assert.Same(t, d, got)

	for _, d := range devs {
		require.NoError(t, d.Close())
	}
	assert.Equal(t, before, gocuda.DeviceCount())
	for _, ord := range o {
		_, err := gocuda.DeviceByOrdinal(ord)
		assert.ErrorIs(t, err, gocuda.ErrInvalidDevice, "ordinal %d", ord)
	}
}

func TestDeviceByOrdinalErrors(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	closed, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	require.NoError(t, err)
	require.NoError(t, closed.Close())
	for _, ord := range []int{-1, math.MinInt, math.MaxInt, d.Ordinal() + 1000, closed.Ordinal()} {
		got, err := gocuda.DeviceByOrdinal(ord)
		assert.Nil(t, got, "ordinal %d", ord)
		assert.ErrorIs(t, err, gocuda.ErrInvalidDevice, "ordinal %d", ord)
	}
}

// TestDefaultDeviceRegistered: the default device is listed like any
// other.
func TestDefaultDeviceRegistered(t *testing.T) {
	def := gocuda.Default()
	got, err := gocuda.DeviceByOrdinal(def.Ordinal())
	require.NoError(t, err)
	assert.Same(t, def, got)
	assert.True(t, slices.Contains(gocuda.Devices(), def), "Devices lacks the default device")
	assert.Positive(t, gocuda.DeviceCount())
}

// TestDevicesConcurrent opens and closes devices from many goroutines while
// others list and look them up: ordinals of open devices stay unique, and
// the count returns to where it was.
func TestDevicesConcurrent(t *testing.T) {
	const goroutines, rounds = 16, 10
	before := gocuda.DeviceCount()
	var wg, stop sync.WaitGroup
	done := make(chan struct{})
	stop.Add(1)
	go func() { // a reader, racing with the opens and closes
		defer stop.Done()
		for {
			select {
			case <-done:
				return
			default:
			}
			devs := gocuda.Devices()
			o := ordinals(devs)
			assert.True(t, slices.IsSorted(o) && len(slices.Compact(o)) == len(devs), "ordinals %v", o)
			_ = gocuda.DeviceCount()
		}
	}()
	var mu sync.Mutex
	seen := map[int]*gocuda.Device{} // ordinals of the devices open now
	for range goroutines {
		wg.Go(func() {
			for range rounds {
				d, err := gocuda.NewDevice(gocuda.WithWorkers(1))
				if !assert.NoError(t, err) {
					return
				}
				ord := d.Ordinal()
				mu.Lock()
				assert.Nil(t, seen[ord], "ordinal %d held by two open devices", ord)
				seen[ord] = d
				mu.Unlock()
				got, err := gocuda.DeviceByOrdinal(ord)
				assert.NoError(t, err)
				assert.Same(t, d, got)
				assert.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}}, func(*gocuda.Thread) {}))
				mu.Lock()
				delete(seen, ord)
				mu.Unlock()
				assert.NoError(t, d.Close())
			}
		})
	}
	wg.Wait()
	close(done)
	stop.Wait()
	assert.Equal(t, before, gocuda.DeviceCount())
}
