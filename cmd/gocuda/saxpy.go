package main

import (
	"fmt"
	"slices"
	"time"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

// saxpyBlock is the SAXPY launch's threads per block.
const saxpyBlock = 256

// saxpyA is the demo's scalar a.
const saxpyA float32 = 2

// saxpyKernel is the CUDA programming guide's SAXPY, y = a*x + y: one thread
// per element.
func saxpyKernel(a float32, x, y []float32) func(*gocuda.Thread) {
	n := len(x)
	return func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		if i < n {
			y[i] = a*x[i] + y[i]
		}
	}
}

// A saxpyResult is the SAXPY row of the report plus the hand-written
// baseline's time.
type saxpyResult struct {
	result
	handParallel time.Duration
}

// runSAXPY checks one launch of SAXPY on x and y against bench.SAXPYSerial
// on a copy of y, then times the kernel and bench.SAXPYParallel. y is
// updated by every run.
func runSAXPY(dev *gocuda.Device, x, y []float32) (saxpyResult, error) {
	r := saxpyResult{result: result{name: "saxpy", n: len(x)}}
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: blocksFor(len(x), saxpyBlock)},
		Block: gocuda.Dim3{X: saxpyBlock},
	}
	kernel := saxpyKernel(saxpyA, x, y)
	launch := func() error { return dev.Launch(cfg, kernel) }

	want := slices.Clone(y)
	bench.SAXPYSerial(saxpyA, x, want)
	if err := launch(); err != nil { // the warm-up run, checked
		return r, err
	}
	r.verified, r.detail = sameFloats(y, want)

	var err error
	if r.time, err = timeMedian(launch); err != nil {
		return r, err
	}
	bench.SAXPYParallel(saxpyA, x, y) // warm-up
	r.handParallel, _ = timeMedian(func() error {
		bench.SAXPYParallel(saxpyA, x, y)
		return nil
	})
	return r, nil
}

// sameFloats reports whether got equals want element by element and, if not,
// describes the first difference.
func sameFloats(got, want []float32) (bool, string) {
	for i := range want {
		if got[i] != want[i] {
			return false, fmt.Sprintf("y[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	return true, ""
}
