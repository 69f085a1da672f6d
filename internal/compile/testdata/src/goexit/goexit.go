// Package goexit holds kernels gocuda compile marks as unable to call
// runtime.Goexit (compiled.Source.NoGoexit), and kernels it cannot vouch
// for.
package goexit

import (
	"fmt"
	"math"
	"runtime"

	"github.com/gocuda/gocuda/gocuda"
)

// clamp is a helper in the package, called, not inlined: its lines go to
// NoGoexit's.
func clamp(i, n int) int {
	for i >= n {
		i -= n
	}
	return max(i, 0)
}

// square calls clamp in turn.
func square(x float32, i, n int) float32 { return x * x * float32(clamp(i, n)) }

// ScaleKernel calls math, a helper of the package that calls another, and
// Printf with a number: all vouched for.
//
//gocuda:kernel ScaleKernel
func scale(t *gocuda.Thread, x []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) {
		x[i] = float32(math.Sqrt(float64(square(x[i], i, len(x)))))
	}
	if i == len(x) {
		t.Printf("%d\n", i)
	}
}

// CheckKernel panics with an error fmt formats from a number and one of
// gocuda's sentinels.
//
//gocuda:kernel CheckKernel
func check(t *gocuda.Thread, x []float32) {
	if len(x) < t.BlockDim.X {
		panic(fmt.Errorf("%w: %d elements", gocuda.ErrInvalidValue, len(x)))
	}
	x[t.ThreadIdx.X]++
}

// leave ends its goroutine.
func leave() { runtime.Goexit() }

// LeaveKernel calls a helper that calls runtime.Goexit.
//
//gocuda:kernel LeaveKernel
func leaveKernel(t *gocuda.Thread, x []float32) {
	if x[t.ThreadIdx.X] < 0 {
		leave()
	}
}

// ApplyKernel calls a function value, which might do anything.
//
//gocuda:kernel ApplyKernel
func apply(t *gocuda.Thread, x []float32, f func(float32) float32) {
	x[t.ThreadIdx.X] = f(x[t.ThreadIdx.X])
}

// A Label formats itself.
type Label float32

// String returns the label's text.
func (l Label) String() string { return fmt.Sprint(float32(l)) }

// LabelKernel prints a value with a String method, which formatting
// calls.
//
//gocuda:kernel LabelKernel
func label(t *gocuda.Thread, x []Label) {
	t.Printf("%v\n", x[t.ThreadIdx.X])
}

// YieldKernel yields the processor while it waits, as the look-back
// scan's spin does: runtime.Gosched never ends a goroutine.
//
//gocuda:kernel YieldKernel
func yield(t *gocuda.Thread, x []float32) {
	for x[0] < 0 {
		runtime.Gosched()
	}
	x[t.ThreadIdx.X] = 1
}

// LocalKernel calls a function literal through the local variable it is
// kept in, as PMPP's stencil reads its input through at.
//
//gocuda:kernel LocalKernel
func local(t *gocuda.Thread, x []float32) {
	at := func(i int) float32 { return x[clamp(i, len(x))] }
	x[t.ThreadIdx.X] = at(int(t.ThreadIdx.X) + 1)
}

// ReplaceKernel calls its parameter before it replaces it with a
// literal: the first call is the caller's function.
//
//gocuda:kernel ReplaceKernel
func replace(t *gocuda.Thread, x []float32, f func(float32) float32) {
	x[t.ThreadIdx.X] = f(x[t.ThreadIdx.X])
	f = func(v float32) float32 { return v + 1 }
	x[t.ThreadIdx.X] = f(x[t.ThreadIdx.X])
}

// ChooseKernel keeps a literal or a function value in one variable.
//
//gocuda:kernel ChooseKernel
func choose(t *gocuda.Thread, x []float32, g func(float32) float32) {
	f := func(v float32) float32 { return v * 2 }
	if x[0] < 0 {
		f = g
	}
	x[t.ThreadIdx.X] = f(x[t.ThreadIdx.X])
}
