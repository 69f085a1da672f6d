package hecbenchatok

import (
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's all-pairs-distance benchmark
// (zjin-lcf/HeCBench at f27000a, src/all-pairs-distance-cuda/main.cu,
// after Payne, Sinnott-Armstrong and Moore): the Hamming distances of
// all pairs of instances of char attributes, one block a pair, read four
// at a time as char4, summed with global atomicAdd (k1) or into a shared
// array reduced by a tree of barriers (k2). INSTANCES and ATTRIBUTES are
// arguments, so that the test can be small.

// apThreads is THREADS of main.cu.
const apThreads = 128

// Char4 is CUDA's char4.
type Char4 struct{ X, Y, Z, W int8 }

// char4At is *(char4 *)(data + i).
func char4At(data []int8, i int) Char4 {
	return *(*Char4)(unsafe.Pointer(&data[i]))
}

// AllPairsK1Kernel is k1 of main.cu.
//
//gocuda:kernel AllPairsK1Kernel
func allPairsK1(t *gocuda.Thread, data []int8, distance []int32, instances, attributes int) {
	idx := t.ThreadIdx.X
	gx := t.BlockIdx.X
	gy := t.BlockIdx.Y

	for i := 4 * idx; i < attributes; i += apThreads * 4 {
		j := char4At(data, i+attributes*gx)
		k := char4At(data, i+attributes*gy)

		// use a local variable (stored in register) to hold intermediate
		// values. This reduces writes to global memory
		var count int8

		if j.X^k.X != 0 {
			count++
		}
		if j.Y^k.Y != 0 {
			count++
		}
		if j.Z^k.Z != 0 {
			count++
		}
		if j.W^k.W != 0 {
			count++
		}

		// atomic write to global memory
		atomic.Add(&distance[instances*gx+gy], int32(count))
	}
}

// AllPairsK2Kernel is k2 of main.cu.
//
//gocuda:kernel AllPairsK2Kernel
func allPairsK2(t *gocuda.Thread, data []int8, distance []int32, instances, attributes int) {
	idx := t.ThreadIdx.X
	gx := t.BlockIdx.X
	gy := t.BlockIdx.Y

	dist := gocuda.Shared[int32](t, apThreads)

	// each thread initializes its own location of the shared array
	dist[idx] = 0

	t.SyncThreads()

	for i := idx * 4; i < attributes; i += apThreads * 4 {
		j := char4At(data, i+attributes*gx)
		k := char4At(data, i+attributes*gy)
		var count int8

		if j.X^k.X != 0 {
			count++
		}
		if j.Y^k.Y != 0 {
			count++
		}
		if j.Z^k.Z != 0 {
			count++
		}
		if j.W^k.W != 0 {
			count++
		}

		// Increment shared array
		dist[idx] += int32(count)
	}

	t.SyncThreads()

	// Perform balanced tree reduction across the shared memory
	for stride := apThreads / 2; stride > 0; stride /= 2 {
		if idx < stride {
			dist[idx] += dist[idx+stride]
		}
		t.SyncThreads()
	}

	if idx == 0 {
		distance[instances*gy+gx] = dist[0]
	}
}
