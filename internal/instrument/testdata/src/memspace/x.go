// Package memspace has the memory spaces, atomics and fences the
// rewriting tells apart, and kernels named in different ways.
package memspace

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

type acc struct {
	sum [4]float32
	n   int
}

// registers has arrays and structs of the thread's own: locals, a
// parameter, a closure's view of them; and one captured from outside
// the kernel, which is not.
//
//gocuda:kernel RegistersKernel
func registers(t *gocuda.Thread, out []float32, in [2]float32) {
	sh := gocuda.Shared[float32](t, 64)
	for k := 0; k < 2; k++ {
		var part [8]float32
		var a acc
		part[k] = in[k]
		a.sum[k] += part[k]
		sh[t.ThreadIdx.X] = a.sum[0]
		t.SyncThreads()
		func() { part[1] = sh[0] }()
	}
	p := &acc{}
	p.sum[0] = 1 // through a pointer: not the thread's own
	out[0] = float32(len(sh))
}

// lastBlock is the last-block idiom: a partial sum, a fence and a ticket.
func lastBlock(t *gocuda.Thread, partial []float32, count *uint32, flags []int32) {
	partial[t.BlockIdx.X] = 1
	atomic.ThreadFence()
	ticket := atomic.Inc(count, uint32(t.GridDim.X))
	atomic.Add(&flags[ticket%2], 1)
	atomic.ThreadFenceBlock()
	if atomic.CAS(&flags[0], 0, 1) == 0 {
		partial[0] = 0
	}
}

// Kernels are closures here: named after what holds them.
func Kernels(out []float32) (func(*gocuda.Thread), func(*gocuda.Thread)) {
	var shared [4]float32 // captured: every thread's
	a := func(t *gocuda.Thread) { shared[t.ThreadIdx.X%4] = out[0] }
	b := func(t *gocuda.Thread) { out[t.ThreadIdx.X] = 2 }
	return a, b
}

// One is the only kernel of its declaration.
func One(out []int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) { out[0] = 1 }
}

var pkgKernel = func(t *gocuda.Thread) {
	var local [2]int
	local[t.ThreadIdx.X%2] = 1
}
