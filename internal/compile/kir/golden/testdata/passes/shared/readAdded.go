package shared

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// readAdded adds to global slices it also reads or hands on, or whose
// elements are floats.
//
// Unchanged: counts is read (a thread may see another's adds), sums
// holds floats, whose sums round by the order of the adds, old's old
// values are used, passed goes to a helper, and mixed takes a max and an
// add, which do not commute with each other.
func readAdded(t *gocuda.Thread, data []byte, counts []uint32, sums []float32, old []int32, passed []uint64, mixed []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(data) {
		return
	}
	atomic.Add(&counts[data[i]], 1)
	if counts[0] > 1<<20 {
		return
	}
	atomic.Add(&sums[data[i]], 1)
	old[i%len(old)] = atomic.Add(&old[data[i]], 1)
	atomic.Add(&passed[data[i]], 1)
	touch(passed)
	atomic.Max(&mixed[data[i]], int32(i))
	atomic.Add(&mixed[0], 1)
}

// A helper: touch reads its slice.
func touch(s []uint64) uint64 { return s[0] }
