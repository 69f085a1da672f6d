package mem_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// TestConcurrentUse has 16 goroutines allocate, copy, set and free buffers
// on one device, each verifying its own data, and checks that the account
// is back where it started.
func TestConcurrentUse(t *testing.T) {
	const goroutines, rounds = 16, 50
	dev := newDevice(t, gocuda.WithGlobalMem(1<<30))
	free0, _ := dev.MemGetInfo()
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			for r := range rounds {
				if err := churn(dev, g*rounds+r); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	free, _ := dev.MemGetInfo()
	assert.Equal(t, free0, free, "every byte returned")
}

// churn runs one allocate-copy-verify-free round of n-dependent size.
func churn(dev *gocuda.Device, seed int) error {
	n := 1 + seed%300
	a, err := mem.Malloc[int32](dev, n)
	if err != nil {
		return err
	}
	defer a.Free()
	b, err := mem.Malloc[int32](dev, n)
	if err != nil {
		return err
	}
	defer b.Free()
	src := random(uint64(seed), n)
	got := make([]int32, n)
	if err := errors.Join(
		a.CopyFromHost(src),
		mem.Copy(b, a),
		a.Memset(0xff),
		mem.CopyRange(a, 0, b, 1, n-1),
		b.CopyToHost(got),
	); err != nil {
		return err
	}
	for i := range n {
		if got[i] != src[i] {
			return errors.New("device-to-device copy lost data")
		}
	}
	if err := a.CopyToHost(got); err != nil {
		return err
	}
	if got[n-1] != -1 || (n > 1 && got[0] != src[1]) {
		return errors.New("memset or ranged copy lost data")
	}
	return nil
}

// TestFreeRacingCopies frees buffers while other goroutines copy to and
// from them, in both directions between two buffers: every copy either
// completes with the right data or fails with ErrInvalidValue, and nothing
// deadlocks.
func TestFreeRacingCopies(t *testing.T) {
	const n, copiers = 4096, 8
	dev := newDevice(t)
	free0, _ := dev.MemGetInfo()
	for round := range 20 {
		a, err := mem.Malloc[int32](dev, n)
		require.NoError(t, err)
		b, err := mem.Malloc[int32](dev, n)
		require.NoError(t, err)
		require.NoError(t, a.Fill(int32(round)))
		require.NoError(t, b.Fill(int32(round)))
		var wg sync.WaitGroup
		for c := range copiers {
			wg.Go(func() {
				dst := make([]int32, n)
				for range 20 {
					var err error
					switch c % 3 {
					case 0:
						err = mem.Copy(a, b)
					case 1:
						err = mem.Copy(b, a)
					default:
						if err = a.CopyToHost(dst); err == nil && dst[n-1] != int32(round) {
							t.Errorf("round %d: copied %d", round, dst[n-1])
						}
					}
					if err != nil && !errors.Is(err, gocuda.ErrInvalidValue) {
						t.Errorf("copy: %v", err)
					}
				}
			})
		}
		wg.Go(func() { assert.NoError(t, a.Free()) })
		wg.Go(func() { assert.NoError(t, b.Free()) })
		wg.Wait()
	}
	free, _ := dev.MemGetInfo()
	assert.Equal(t, free0, free)
}

// TestConcurrentConstants allocates and frees constant memory from many
// goroutines on two devices; the per-device limit holds throughout.
func TestConcurrentConstants(t *testing.T) {
	devs := []*gocuda.Device{newDevice(t), newDevice(t)}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			dev := devs[g%2]
			for range 50 {
				c, err := mem.NewConstant[byte](dev, mem.TotalConstMem/8) // at most 8 live per device
				if err != nil {
					assert.ErrorIs(t, err, gocuda.ErrInvalidValue)
					continue
				}
				assert.NoError(t, c.Set(make([]byte, c.Len())))
				assert.NoError(t, c.Free())
			}
		})
	}
	wg.Wait()
	for _, dev := range devs {
		c, err := mem.NewConstant[byte](dev, mem.TotalConstMem)
		require.NoError(t, err, "all returned")
		require.NoError(t, c.Free())
	}
}
