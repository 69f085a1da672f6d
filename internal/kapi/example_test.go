package kapi_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/kapi"
)

// The compiler and the instrumenter ask the table what a call of the
// kernel API means: __syncthreads is a barrier, __syncthreads_count a
// barrier that counts a predicate, __shfl_down_sync a warp collective
// whose arguments are the thread, the mask, the value, the offset and the
// width, in that order.
func ExampleByName() {
	for _, name := range []string{
		"(*github.com/gocuda/gocuda/gocuda.Thread).SyncThreads",
		"(*github.com/gocuda/gocuda/gocuda.Thread).SyncThreadsCount",
		"github.com/gocuda/gocuda/gocuda.ShflDownSync",
	} {
		e, ok := kapi.ByName(name)
		fmt.Println(e.Short, ok, e.Kind == kapi.Barrier, e.Kind == kapi.BarrierPred, e.Kind == kapi.Collective,
			e.Kind.Sync(), e.Reduce == kapi.Count)
	}
	shfl, _ := kapi.CollectiveNamed("ShflDownSync")
	fmt.Println(shfl.Thread, shfl.Mask, shfl.Value, shfl.Arg, shfl.Width)
	_, ok := kapi.ByName("fmt.Println")
	fmt.Println(ok) // plain Go: not part of the kernel API
	// Output:
	// SyncThreads true true false false true false
	// SyncThreadsCount true false true false true true
	// ShflDownSync true false false true true false
	// 0 1 2 3 4
	// false
}
