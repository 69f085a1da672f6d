package grid_test

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/gocuda/gocuda/internal/grid"
)

// A Pool runs a job's blocks on its workers, a chunk at a time.
func ExamplePool() {
	pool := grid.NewPool(2)
	defer pool.Close()

	squares := make([]int64, 10)
	job := &grid.Job{
		Blocks: int64(len(squares)),
		Chunk:  3,
		Run: func(worker int, first, end int64) error {
			for b := first; b < end; b++ {
				squares[b] = b * b
			}
			return nil
		},
	}
	if err := pool.Run(context.Background(), job); err != nil {
		fmt.Println(err)
	}
	fmt.Println(squares)
	// Output: [0 1 4 9 16 25 36 49 64 81]
}

// ChunkSize picks how many blocks a worker claims at once: SAXPY's 65536
// blocks of 256 threads go 256 at a time on 2 workers.
func ExampleChunkSize() {
	fmt.Println(grid.ChunkSize(65536, 2, 256))
	fmt.Println(grid.ChunkSize(3, 2, 1024))
	// Output:
	// 256
	// 1
}

// A job stops at its first error: blocks not yet claimed never run.
func ExampleJob_error() {
	pool := grid.NewPool(1)
	defer pool.Close()

	var ran atomic.Int64
	job := &grid.Job{Blocks: 100, Chunk: 1, Run: func(_ int, first, _ int64) error {
		ran.Add(1)
		if first == 4 {
			return fmt.Errorf("block %d failed", first)
		}
		return nil
	}}
	fmt.Println(pool.Run(context.Background(), job))
	fmt.Println("blocks run:", ran.Load())
	// Output:
	// block 4 failed
	// blocks run: 5
}
