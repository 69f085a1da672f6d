package grid_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/grid"
)

// TestInKernel: a goroutine counts as running kernel code exactly while it
// runs a block: on a worker, on a fiber, on a resident block's goroutine,
// or as the caller of RunNested, however deep below the block's entry.
func TestInKernel(t *testing.T) {
	p, other := newPool(t, 2), newPool(t, 1)
	assert.False(t, grid.InKernel(), "host goroutine, no job running")

	var mu sync.Mutex
	seen := map[string]bool{}
	record := func(where string, in bool) {
		mu.Lock()
		seen[where] = in
		mu.Unlock()
	}
	b := new(grid.Block)
	defer b.Close()
	job := &grid.Job{Blocks: 1, Run: func(int, int64, int64) error {
		record("worker", grid.InKernel())
		for _, depth := range []int{5, 10, 12, 15, 20, 30, 45, 100} { // frames past the first batch of 12 once went unseen
			record(fmt.Sprintf("worker, %d frames down", depth), deep(depth, grid.InKernel))
		}
		hostDone := make(chan struct{})
		go func() { record("host goroutine, job running", grid.InKernel()); close(hostDone) }()
		<-hostDone
		noFailure(t, runBlock(b, 2, func(th *thread) {
			th.sync(grid.OpSync, false)
			if th.id == 1 {
				record("fiber", grid.InKernel())
			}
		}))
		nested := &grid.Job{Blocks: 1, Run: func(w int, _, _ int64) error {
			// The caller helps, but an idle worker of other may take the
			// one block first: either runs kernel code.
			record("nested block", grid.InKernel())
			return nil
		}}
		return other.RunNested(context.Background(), nested)
	}}
	require.NoError(t, p.Run(context.Background(), job))
	resident := &grid.Job{Blocks: 1, Run: func(int, int64, int64) error {
		record("resident", grid.InKernel())
		return nil
	}}
	require.NoError(t, grid.RunResident(context.Background(), resident, &grid.GridBarrier{}))

	want := map[string]bool{
		"worker":                      true,
		"host goroutine, job running": false,
		"fiber":                       true,
		"nested block":                true,
		"resident":                    true,
	}
	for _, depth := range []int{5, 10, 12, 15, 20, 30, 45, 100} {
		want[fmt.Sprintf("worker, %d frames down", depth)] = true
	}
	assert.Equal(t, want, seen)
	assert.False(t, grid.InKernel(), "after the jobs")
}

// deep calls f n frames down the stack.
//
//go:noinline
func deep(n int, f func() bool) bool {
	if n == 0 {
		return f()
	}
	return deep(n-1, f)
}

// nestedTree runs a job of width blocks whose every block runs, with
// RunNested, a job one level deeper, down to depth, and returns the blocks
// run in the whole tree, counted once each job's RunNested has returned.
func nestedTree(p *grid.Pool, level, depth, width int, helped *atomic.Int64) (int64, error) {
	var n atomic.Int64
	job := &grid.Job{Blocks: int64(width), Chunk: 1, Run: func(w int, first, end int64) error {
		if w == grid.Helper {
			helped.Add(1)
		}
		for range end - first {
			n.Add(1)
			if level == depth {
				continue
			}
			sub, err := nestedTree(p, level+1, depth, width, helped)
			if err != nil {
				return err
			}
			if want := treeBlocks(depth-level-1, width); sub != want {
				return fmt.Errorf("level %d: nested job returned after %d of its %d blocks", level+1, sub, want)
			}
			n.Add(sub)
		}
		return nil
	}}
	var err error
	if grid.InKernel() {
		err = p.RunNested(context.Background(), job)
	} else {
		err = p.Run(context.Background(), job)
	}
	return n.Load(), err
}

// treeBlocks is the number of blocks of a nestedTree levels deep below its
// root job.
func treeBlocks(levels, width int) int64 {
	if levels < 0 {
		return 0
	}
	return int64(width) * (1 + treeBlocks(levels-1, width))
}

// TestRunNestedDepth: jobs nested ten deep complete, each before the block
// that ran it, even with every worker running a block that nests; the
// launching goroutines run chunks themselves.
func TestRunNestedDepth(t *testing.T) {
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			p := newPool(t, workers)
			var helped atomic.Int64
			const depth, width = 10, 2
			n, err := nestedTree(p, 0, depth, width, &helped)
			require.NoError(t, err)
			assert.Equal(t, treeBlocks(depth, width), n)
			assert.Positive(t, helped.Load())
		})
	}
}

// TestRunNestedErrors: a nested job reports its error, cancellation and
// Goexit as Run does; a Goexit on the helper goes on to end the goroutine
// that nested, and the pool replaces that worker.
func TestRunNestedErrors(t *testing.T) {
	p := newPool(t, 1)
	boom := errors.New("boom")
	nest := func(ctx context.Context, run func(w int, first, end int64) error) error {
		var err error
		outer := &grid.Job{Blocks: 1, Run: func(int, int64, int64) error {
			err = p.RunNested(ctx, &grid.Job{Blocks: 100, Chunk: 1, Run: run})
			return nil
		}}
		if e := p.Run(context.Background(), outer); e != nil {
			return e
		}
		return err
	}
	var ran atomic.Int64
	err := nest(context.Background(), func(_ int, first, _ int64) error {
		ran.Add(1)
		if first == 3 {
			return boom
		}
		return nil
	})
	assert.ErrorIs(t, err, boom)
	assert.Less(t, ran.Load(), int64(100), "no chunk starts after the failure")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran.Store(0)
	err = nest(ctx, func(int, int64, int64) error { ran.Add(1); return nil })
	assert.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, ran.Load())

	err = nest(context.Background(), func(int, int64, int64) error { runtime.Goexit(); return nil })
	assert.ErrorIs(t, err, grid.ErrGoexit, "the outer job, whose worker exited")
	require.NoError(t, p.Run(context.Background(), &grid.Job{Blocks: 4, Run: func(int, int64, int64) error { return nil }}),
		"the worker was replaced")
}

// BenchmarkInKernel: what a launch pays to learn whether it comes from a
// kernel: with no job running, from kernel code, and from a host goroutine
// while a job runs.
func BenchmarkInKernel(b *testing.B) {
	p := grid.NewPool(1)
	defer p.Close()
	loop := func(b *testing.B) {
		for b.Loop() {
			grid.InKernel()
		}
	}
	inJob := func(f func()) error {
		return p.Run(context.Background(), &grid.Job{Blocks: 1, Run: func(int, int64, int64) error { f(); return nil }})
	}
	b.Run("idle", loop)
	b.Run("kernel", func(b *testing.B) { require.NoError(b, inJob(func() { loop(b) })) })
	b.Run("host, job running", func(b *testing.B) {
		release, running, done := make(chan struct{}), make(chan struct{}), make(chan error)
		go func() { done <- inJob(func() { close(running); <-release }) }()
		<-running
		loop(b)
		close(release)
		require.NoError(b, <-done)
	})
}
