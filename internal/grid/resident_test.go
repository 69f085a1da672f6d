package grid_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/grid"
)

// TestRunResidentBarrier: every block passes each grid barrier only after
// every block has arrived, round after round.
func TestRunResidentBarrier(t *testing.T) {
	const blocks, rounds = 50, 20
	bar := &grid.GridBarrier{}
	var arrived atomic.Int64
	job := &grid.Job{Blocks: blocks, Run: func(b int, first, end int64) error {
		if int64(b) != first || end != first+1 {
			return errors.New("not one block per call")
		}
		for r := range int64(rounds) {
			arrived.Add(1)
			if err := bar.Wait(first); err != nil {
				return err
			}
			if got := arrived.Load(); got < (r+1)*blocks {
				return errors.New("released before every block arrived")
			}
		}
		return nil
	}}
	require.NoError(t, grid.RunResident(context.Background(), job, bar))
	assert.EqualValues(t, blocks*rounds, arrived.Load())
}

func TestRunResidentDeadlock(t *testing.T) {
	bar := &grid.GridBarrier{}
	job := &grid.Job{Blocks: 5, Run: func(_ int, b, _ int64) error {
		if b%2 == 0 {
			return bar.Wait(b)
		}
		return nil
	}}
	err := grid.RunResident(context.Background(), job, bar)
	var dl *grid.GridDeadlock
	require.ErrorAs(t, err, &dl)
	assert.Equal(t, []int64{0, 2, 4}, dl.Waiting)
	assert.Equal(t, []int64{1, 3}, dl.Exited)
}

// TestRunResidentFailure: an error, a Goexit or cancellation breaks the
// barrier the other blocks wait at, and the job reports the first cause.
func TestRunResidentFailure(t *testing.T) {
	boom := errors.New("boom")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for name, c := range map[string]struct {
		ctx  context.Context
		fail func()
		want error
	}{
		"error":  {context.Background(), func() { panic(boom) }, boom},
		"goexit": {context.Background(), runtime.Goexit, grid.ErrGoexit},
		"cancel": {ctx, func() { cancel(); <-ctx.Done() }, context.Canceled},
	} {
		t.Run(name, func(t *testing.T) {
			bar := &grid.GridBarrier{}
			broken := make(chan struct{})
			var once sync.Once
			job := &grid.Job{Blocks: 8, Run: func(_ int, b, _ int64) (err error) {
				if b == 5 { // fails, or cancels and stays away until the barrier breaks
					defer func() {
						if r := recover(); r != nil {
							err = r.(error)
						}
					}()
					c.fail()
					<-broken
					return nil
				}
				if err := bar.Wait(b); !errors.Is(err, grid.ErrGridAborted) {
					return errors.New("a broken barrier released a block")
				}
				once.Do(func() { close(broken) })
				return nil
			}}
			require.ErrorIs(t, grid.RunResident(c.ctx, job, bar), c.want)
		})
	}
}
