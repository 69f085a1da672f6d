package devlink_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/internal/devlink"
)

func TestAccount(t *testing.T) {
	a := devlink.NewAccount(100)
	assert.True(t, a.Reserve(60))
	assert.False(t, a.Reserve(41), "over the total")
	assert.False(t, a.Reserve(-1))
	assert.True(t, a.Reserve(40))
	free, total := a.Info()
	assert.Equal(t, [2]int64{0, 100}, [2]int64{free, total})
	a.Release(60)
	free, _ = a.Info()
	assert.EqualValues(t, 60, free)
	a.Close()
	assert.True(t, a.Closed())
	assert.False(t, a.Reserve(1), "closed")
}

func TestAccountConcurrent(t *testing.T) {
	a := devlink.NewAccount(1000)
	var wg sync.WaitGroup
	var mu sync.Mutex
	granted := 0
	for range 50 {
		wg.Go(func() {
			for range 100 {
				if a.Reserve(7) {
					mu.Lock()
					granted++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 1000/7, granted, "exactly as many 7-byte reservations as fit")
}
