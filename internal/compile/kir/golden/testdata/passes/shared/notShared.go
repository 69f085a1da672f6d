package shared

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// notShared adds to a global slice and through a pointer the kernel
// was given: other blocks' goroutines reach both.
//
// shared gives out, which the kernel only adds to (its len is the
// copy's), a private copy per chunk of blocks; the pointer's atomic
// stays.
func notShared(t *gocuda.Thread, out []int32, p *int32) {
	atomic.Add(&out[t.ThreadIdx.X%len(out)], 1)
	atomic.Add(p, 1)
}
