package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// The limits of QuickSortKernel's recursion, the CUDA sample's MAX_DEPTH
// and INSERTION_SORT.
const (
	// QuickSortMaxDepth is the nesting depth at which QuickSortKernel stops
	// launching and selection sorts its whole range instead, as a GPU
	// bounds the depth of nested launches.
	QuickSortMaxDepth = 16

	// QuickSortSelectionMax is the longest range QuickSortKernel selection
	// sorts rather than partitions: on short ranges a launch costs more
	// than it saves.
	QuickSortSelectionMax = 32
)

// QuickSortKernel returns the kernel of the CUDA sample cdpSimpleQuicksort,
// which sorts data with dynamic parallelism: launched as one thread at
// nesting depth depth, it partitions data around its middle key (Hoare's
// scheme), then launches two one-thread child grids on dev, each sorting
// one side at depth+1. A range of at most QuickSortSelectionMax keys, or
// one reached at depth QuickSortMaxDepth, is selection sorted in place
// instead. A child's failure fails the kernel with the child's error.
//
// gocuda runs a kernel's launches synchronously, so the two sides are
// sorted one after the other; the sample launches them into two streams
// so that a GPU may run them at once. NaNs are not ordered: they end up
// anywhere.
//
//gocuda:kernel QuickSortKernel
func quickSort[T Number](t *gocuda.Thread, dev *gocuda.Device, data []T, depth int) {
	if depth >= QuickSortMaxDepth || len(data) <= QuickSortSelectionMax {
		selectionSort(data)
		return
	}
	right, left := quickPartition(data)
	if right > 0 {
		quickSortLaunch(dev, data[:right+1], depth+1)
	}
	if left < len(data)-1 {
		quickSortLaunch(dev, data[left:], depth+1)
	}
}

// quickSortLaunch sorts data in a child grid of one thread, or panics with
// the child's error.
func quickSortLaunch[T Number](dev *gocuda.Device, data []T, depth int) {
	if err := dev.Launch(gocuda.Config{}, QuickSortKernel(dev, data, depth)); err != nil {
		panic(err)
	}
}

// quickPartition is the sample's partition of data, at least two keys,
// around its middle key: afterwards the keys up to right are at most the
// pivot and those from left on at least it, with right < left.
func quickPartition[T Number](data []T) (right, left int) {
	pivot := data[(len(data)-1)/2]
	left, right = 0, len(data)-1
	for left <= right {
		lv, rv := data[left], data[right]
		for lv < pivot { // stops at the pivot, or at a key moved left of it
			left++
			lv = data[left]
		}
		for rv > pivot {
			right--
			rv = data[right]
		}
		if left <= right {
			data[left], data[right] = rv, lv
			left++
			right--
		}
	}
	return right, left
}

// selectionSort is the sample's selection_sort: the smallest key left to
// the front, one position after another.
func selectionSort[T Number](data []T) {
	for i := range data {
		m := i
		for j := i + 1; j < len(data); j++ {
			if data[j] < data[m] {
				m = j
			}
		}
		data[i], data[m] = data[m], data[i]
	}
}

// QuickSort sorts data in place on dev with QuickSortKernel, launched as
// one thread at depth 0, as the sample's host code does. It returns an
// error wrapping gocuda.ErrInvalidValue if dev is nil, and the kernel's
// error if a launch fails.
func QuickSort[T Number](dev *gocuda.Device, data []T) error {
	if dev == nil {
		return fmt.Errorf("%w: sort on a nil device", gocuda.ErrInvalidValue)
	}
	if len(data) < 2 {
		return nil
	}
	return dev.Launch(gocuda.Config{}, QuickSortKernel(dev, data, 0))
}
