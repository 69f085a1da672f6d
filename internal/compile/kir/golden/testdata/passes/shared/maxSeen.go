package shared

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// maxSeen keeps, per key, the largest index that saw it and the union of
// their low bits, as a kernel marking frontiers or last writers does.
//
// shared gives best (only maxed) and seen (only or-ed) private copies per
// chunk of blocks, each starting at its operator's identity.
func maxSeen(t *gocuda.Thread, keys []byte, best []int32, seen []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(keys) {
		atomic.Max(&best[keys[i]], int32(i))
		atomic.Or(&seen[keys[i]], uint32(i)&7)
	}
}
