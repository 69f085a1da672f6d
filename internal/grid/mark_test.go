package grid_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/internal/grid"
)

// marked returns how many goroutines have MarkFunc's frame on their
// stacks.
func marked() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for g := range strings.SplitSeq(string(buf), "\n\n") {
		if strings.Contains(g, "\n"+grid.MarkFunc()+"(") {
			n++
		}
	}
	return n
}

// TestMarkedPool: the workers of a marked pool, and only those, run under
// MarkFunc's frame, and the frame is named as stack traces print it.
func TestMarkedPool(t *testing.T) {
	assert.Equal(t, "github.com/gocuda/gocuda/internal/grid.marked", grid.MarkFunc())
	const workers = 3
	for _, tc := range []struct {
		name string
		new  func(int) *grid.Pool
		want int
	}{
		{"plain", grid.NewPool, 0},
		{"marked", grid.NewMarkedPool, workers},
	} {
		p := tc.new(workers)
		// Hold every worker inside a block, so that all have started,
		// and count the marked stacks then.
		arrived, release := make(chan struct{}), make(chan struct{})
		job := &grid.Job{Blocks: workers, Chunk: 1, Run: func(int, int64, int64) error {
			arrived <- struct{}{}
			<-release
			return nil
		}}
		done := make(chan error)
		go func() { done <- p.Run(context.Background(), job) }()
		for range workers {
			<-arrived
		}
		assert.Equal(t, tc.want, marked(), tc.name)
		close(release)
		assert.NoError(t, <-done)
		p.Close()
	}
}
