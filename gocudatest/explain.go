package gocudatest

import (
	"errors"

	"github.com/gocuda/gocuda/gocuda"
)

// Explain returns a hint for an error a launch returned: what a kernel
// usually got wrong when a launch fails this way.
func Explain(err error) string {
	var deadlock *gocuda.DeadlockError
	var gridDeadlock *gocuda.GridDeadlockError
	switch {
	case err == nil:
		return "no error."
	case errors.As(err, &gridDeadlock):
		return "some blocks wait at t.SyncGrid() for blocks that returned without reaching it.\n" +
			"Every thread of every block must reach the same SyncGrid calls: do not return early, or\n" +
			"skip a SyncGrid in an if, before the grid barrier."
	case errors.As(err, &deadlock):
		return "threads of a block wait at a barrier or warp collective that the others never reach\n" +
			"(on a GPU the kernel would hang). Every thread of a block must reach the same t.SyncThreads()\n" +
			"calls, so do not put one inside an if that only some threads take. Every lane named in a\n" +
			"shuffle's mask (gocuda.FullMask: all 32) must make the same shuffle: let threads with no\n" +
			"element take part with 0 instead of returning early."
	case errors.Is(err, gocuda.ErrIllegalAddress):
		return "a kernel thread indexed a slice out of range (the error names its block, thread and line).\n" +
			"Check the bounds before every access (if i < n): when n is not a multiple of the block size,\n" +
			"the last block has threads past the end of the data. Size shared arrays for every thread that\n" +
			"uses them."
	case errors.Is(err, gocuda.ErrInvalidConfiguration):
		return "the launch configuration is invalid: a block has at most 1024 threads (X and Y at most 1024,\n" +
			"Z at most 64), and every grid and block size is positive (a zero field means 1)."
	case errors.Is(err, gocuda.ErrCooperativeLaunchTooLarge):
		return "a cooperative launch may have at most dev.Workers() × dev.MaxActiveBlocksPerMultiprocessor(block, 0)\n" +
			"blocks, so that all of them are resident at once."
	case errors.Is(err, gocuda.ErrInvalidValue):
		return "gocuda was used the wrong way: every thread of a block must make the same gocuda.Shared calls\n" +
			"in the same order with the same type and length, shared memory is limited to 48 KiB per block,\n" +
			"and t.SyncGrid() needs a cooperative launch."
	case errors.Is(err, gocuda.ErrLaunchFailure):
		return "a kernel thread panicked (the error names it and its line)."
	}
	return "see the error above."
}
