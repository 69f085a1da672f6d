package hecbenchml

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPadding pads a 100×97 matrix of doubles in place to 100×102 with
// Padding_kernel as pad-cuda runs it on the device alone (alpha 0):
// blocks of 64 threads, so that the 10200 elements are 5 tasks of 2048,
// on a grid of 2 blocks (no more than the device's workers, for the
// flags' spin-wait chain across blocks), against verify.h's check.
//
// The garbage collector is off during the launches: the test binary runs
// without asynchronous preemption (bench.RerunWithoutAsyncPreempt), and a
// collection's stop-the-world (or its mark termination's forEachP) waits
// forever for the spinning thread 0 of a block, whose loop has no
// preemption point, while it has stopped the worker of the block the
// spinner waits for (testdata/repro/r3.go.txt).
func TestPadding(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC() // finish a cycle under way
	const m, n, pad, threads, blocks = 100, 97, 5, 64, 2
	const inSize = m * (n + pad)
	const nTasks = (inSize-1)/(threads*padRegs) + 1
	r := rng(m, n, pad)
	in := make([]float64, nTasks*threads*padRegs)
	for i := range m * n {
		in[i] = r.Float64()
	}
	want := make([]float64, inSize)
	for i := range m {
		for j := range n {
			want[i*(n+pad)+j] = in[i*n+j]
		}
	}
	got := agree(t, func(f form) ([]float64, error) {
		buf := append([]float64(nil), in...)
		flags := make([]int32, nTasks+1)
		flags[0] = 1
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}},
			PaddingKernel(n, m, pad, nTasks, 0, buf, buf, flags))
		return buf[:inSize], err
	})
	nearSlice(t, want, got, 0, "Padding_kernel")
}
