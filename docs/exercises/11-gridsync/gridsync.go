//go:build !solutions

// Package gridsync is exercise 11: a grid-wide barrier in a cooperative
// launch.
//
// Subtracting the mean takes two phases: sum everything, then subtract
// sum/n from every element. No thread may start the second phase before
// every block has finished the first. t.SyncThreads() only waits for the
// block; the classic answer is two kernel launches. A cooperative launch
// (dev.LaunchCooperative, cudaLaunchCooperativeKernel) guarantees that all
// its blocks run at once, so they can wait for each other at a grid-wide
// barrier, t.SyncGrid() (CUDA's cg::this_grid().sync()):
//
//  1. Each thread sums its elements with a grid-stride loop (exercise 2)
//     into a local variable, then adds that to *sum with atomic.Add
//     (package github.com/gocuda/gocuda/atomic): other threads add to it at
//     the same time.
//  2. t.SyncGrid(): every block has added its part.
//  3. Each thread computes mean := *sum / float64(len(in)) and sets
//     out[i] = in[i] - mean for its elements, with the same grid-stride
//     loop.
//
// Every thread of every block must reach t.SyncGrid(): do not return early.
//
// Run the test with: go test ./11-gridsync/
package gridsync

import "github.com/gocuda/gocuda/gocuda"

// CenterKernel is the kernel of Center, for a cooperative launch of any
// size: it sets out[i] = in[i] - mean(in) for every i, using *sum (zero at
// the start) for the total.
func CenterKernel(t *gocuda.Thread, in, out []float64, sum *float64) {
	// TODO: the three steps of the package comment. Import
	// "github.com/gocuda/gocuda/atomic" for atomic.Add.
}
