package grid_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/grid"
)

func newPool(t *testing.T, workers int) *grid.Pool {
	p := grid.NewPool(workers)
	t.Cleanup(p.Close)
	return p
}

func TestPoolRunsEveryBlockOnce(t *testing.T) {
	for _, tc := range []struct {
		blocks, chunk int64
		workers       int
	}{
		{0, 0, 2}, {1, 0, 2}, {1, 64, 3}, {7, 3, 2}, {64, 64, 2}, {65, 64, 2},
		{1000, 1, 4}, {100_000, 0, 2}, {12345, 17, 5},
	} {
		t.Run(fmt.Sprintf("blocks=%d/chunk=%d/workers=%d", tc.blocks, tc.chunk, tc.workers), func(t *testing.T) {
			p := newPool(t, tc.workers)
			runs := make([]atomic.Int32, tc.blocks)
			job := &grid.Job{Blocks: tc.blocks, Chunk: tc.chunk, Run: func(w int, first, end int64) error {
				if w < 0 || w >= tc.workers {
					return fmt.Errorf("worker %d out of range", w)
				}
				for b := first; b < end; b++ {
					runs[b].Add(1)
				}
				return nil
			}}
			require.NoError(t, p.Run(context.Background(), job))
			for b := range runs {
				require.EqualValues(t, 1, runs[b].Load(), "block %d", b)
			}
		})
	}
}

func TestPoolErrorStopsJob(t *testing.T) {
	p := newPool(t, 1)
	boom := errors.New("boom")
	var ran atomic.Int64
	job := &grid.Job{Blocks: 1000, Chunk: 1, Run: func(_ int, first, _ int64) error {
		ran.Add(1)
		if first == 3 {
			return boom
		}
		return nil
	}}
	require.ErrorIs(t, p.Run(context.Background(), job), boom)
	assert.EqualValues(t, 4, ran.Load(), "one worker, chunk 1: blocks after the failing one must not start")
	// The pool stays usable.
	require.NoError(t, p.Run(context.Background(), &grid.Job{Blocks: 10, Run: func(int, int64, int64) error { return nil }}))
}

func TestPoolFirstErrorWins(t *testing.T) {
	p := newPool(t, 4)
	job := &grid.Job{Blocks: 400, Chunk: 1, Run: func(_ int, first, _ int64) error {
		return fmt.Errorf("block %d", first)
	}}
	err := p.Run(context.Background(), job)
	require.Error(t, err)
	assert.Regexp(t, `^block \d+$`, err.Error())
}

func TestPoolCancel(t *testing.T) {
	p := newPool(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int64
	job := &grid.Job{Blocks: 1_000_000, Chunk: 1, Run: func(_ int, first, _ int64) error {
		ran.Add(1)
		if first == 10 {
			cancel()
		}
		return nil
	}}
	err := p.Run(ctx, job)
	require.Equal(t, ctx.Err(), err, "Run returns ctx.Err() itself")
	assert.EqualValues(t, 11, ran.Load(), "one worker checks ctx before each claim: blocks 0 to 10 run")

	var before atomic.Int64
	err = p.Run(ctx, &grid.Job{Blocks: 5, Run: func(int, int64, int64) error { before.Add(1); return nil }})
	require.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, before.Load(), "a done context runs nothing")
}

func TestPoolConcurrentJobs(t *testing.T) {
	p := newPool(t, 3)
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			n := int64(1000 + g*37)
			var sum atomic.Int64
			job := &grid.Job{Blocks: n, Chunk: int64(1 + g%5), Run: func(_ int, first, end int64) error {
				for b := first; b < end; b++ {
					sum.Add(b)
				}
				return nil
			}}
			assert.NoError(t, p.Run(context.Background(), job))
			assert.Equal(t, n*(n-1)/2, sum.Load())
		})
	}
	wg.Wait()
}

// TestPoolGoexit checks that a Run that calls runtime.Goexit (t.FailNow in a
// kernel) fails the job with ErrGoexit and that the worker is replaced: both
// workers must then be able to meet in one job.
func TestPoolGoexit(t *testing.T) {
	p := newPool(t, 2)
	job := &grid.Job{Blocks: 4, Chunk: 1, Run: func(_ int, first, _ int64) error {
		if first == 0 {
			runtime.Goexit()
		}
		return nil
	}}
	require.ErrorIs(t, p.Run(context.Background(), job), grid.ErrGoexit)

	var arrived sync.WaitGroup
	arrived.Add(2)
	met := make(chan struct{})
	go func() { arrived.Wait(); close(met) }()
	job = &grid.Job{Blocks: 2, Chunk: 1, Run: func(int, int64, int64) error {
		arrived.Done()
		select {
		case <-met:
			return nil
		case <-time.After(10 * time.Second):
			return errors.New("only one worker is alive")
		}
	}}
	require.NoError(t, p.Run(context.Background(), job))
}

func TestPoolRunPanicIsError(t *testing.T) {
	p := newPool(t, 2)
	err := p.Run(context.Background(), &grid.Job{Blocks: 3, Run: func(int, int64, int64) error { panic("bad runner") }})
	require.ErrorContains(t, err, "bad runner")
	require.NoError(t, p.Run(context.Background(), &grid.Job{Blocks: 3, Run: func(int, int64, int64) error { return nil }}))
}

func TestPoolClose(t *testing.T) {
	p := grid.NewPool(2)
	p.Close()
	p.Close()
	err := p.Run(context.Background(), &grid.Job{Blocks: 1, Run: func(int, int64, int64) error { return nil }})
	require.ErrorIs(t, err, grid.ErrClosed)
}

func TestPoolDefaultWorkers(t *testing.T) {
	assert.Equal(t, runtime.GOMAXPROCS(0), newPool(t, 0).Workers())
}

func TestChunkSize(t *testing.T) {
	for _, blocks := range []int64{1, 7, 100, 65536, 100_000, 1 << 40} {
		for _, workers := range []int{1, 2, 64} {
			for _, threads := range []int{1, 32, 256, 1024} {
				c := grid.ChunkSize(blocks, workers, threads)
				require.GreaterOrEqual(t, c, int64(1))
				if perWorker := blocks / int64(4*workers); perWorker >= 1 {
					require.LessOrEqual(t, c, perWorker, "at least four claims per worker")
				}
				require.LessOrEqual(t, c*int64(threads), max(int64(65536), int64(threads)), "bounded work per claim")
			}
		}
	}
	assert.EqualValues(t, 256, grid.ChunkSize(65536, 2, 256), "SAXPY's 65536 blocks of 256 go 256 at a time")
}

// TestJobStopped checks that a chunk already claimed sees the job stop when
// another worker fails, so it can stop between blocks.
func TestJobStopped(t *testing.T) {
	p := newPool(t, 2)
	started, failed := make(chan struct{}), make(chan struct{})
	var afterFailure atomic.Int64
	job := &grid.Job{Blocks: 2, Chunk: 1}
	job.Run = func(_ int, first, _ int64) error {
		if first == 0 {
			defer close(failed)
			select {
			case <-started: // block 1 is claimed and running
			case <-time.After(10 * time.Second):
			}
			return errors.New("block 0 failed")
		}
		close(started)
		select {
		case <-failed:
		case <-time.After(10 * time.Second):
			return errors.New("block 0 never failed")
		}
		for !job.Stopped() { // fail() sets stopped right after Run returns
			runtime.Gosched()
		}
		afterFailure.Add(1)
		return nil
	}
	require.EqualError(t, p.Run(context.Background(), job), "block 0 failed")
	assert.True(t, job.Stopped())
	assert.EqualValues(t, 1, afterFailure.Load())
}

// TestPoolSharesWorkersFairly: with one worker busy on a big job, a small
// job submitted later runs after one chunk of the big one, not after all of
// them.
func TestPoolSharesWorkersFairly(t *testing.T) {
	p := newPool(t, 1)
	smallDone := make(chan struct{})
	var beforeSmall atomic.Int64
	started := make(chan struct{})
	big := &grid.Job{Blocks: 1000, Chunk: 1, Run: func(_ int, first, _ int64) error {
		if first == 0 {
			close(started)
		}
		select {
		case <-smallDone:
		default:
			beforeSmall.Add(1)
			time.Sleep(time.Millisecond) // block 0 is still running when the small job arrives
		}
		return nil
	}}
	bigErr := make(chan error)
	go func() { bigErr <- p.Run(context.Background(), big) }()
	<-started
	small := &grid.Job{Blocks: 1, Run: func(int, int64, int64) error { close(smallDone); return nil }}
	require.NoError(t, p.Run(context.Background(), small))
	require.NoError(t, <-bigErr)
	assert.LessOrEqual(t, beforeSmall.Load(), int64(50), "the small job waited for %d of the big job's 1000 chunks", beforeSmall.Load())
}

// TestPoolSpinHandover: idle workers yield for a while before they block
// (spin.go), so jobs submitted while they yield, as they give up and once
// they block must all be taken. Launches from two goroutines, with gaps
// around the yielding time, each complete within the context's deadline:
// a job no worker took would fail it.
func TestPoolSpinHandover(t *testing.T) {
	for _, workers := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			p := newPool(t, workers)
			gaps := []time.Duration{0, 10 * time.Microsecond, 45 * time.Microsecond, 50 * time.Microsecond,
				55 * time.Microsecond, 120 * time.Microsecond}
			var wg sync.WaitGroup
			for g := range 2 {
				wg.Go(func() {
					for i := range 600 {
						ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
						var ran atomic.Int64
						job := &grid.Job{Blocks: int64(1 + i%3), Chunk: 1, Run: func(_ int, first, end int64) error {
							ran.Add(end - first)
							return nil
						}}
						err := p.Run(ctx, job)
						cancel()
						if !assert.NoError(t, err, "goroutine %d, launch %d", g, i) {
							return
						}
						assert.EqualValues(t, job.Blocks, ran.Load())
						for start := time.Now(); time.Since(start) < gaps[(i+g)%len(gaps)]; {
						}
					}
				})
			}
			wg.Wait()
		})
	}
}
