package hecbenchrodinia

import (
	"cmp"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the two kernels of HeCBench's collision
// (src/collision-cuda/main.cu, from Facebook's fbcuda): a warp-wide
// bitonic sort by __shfl_xor_sync, its comparator a template policy, then
// __any_sync or __ballot_sync to find the lanes whose values collide.
// Pair<K, V> is a generic struct, its operator< a method; C++'s overload
// of shfl_xor for a Pair (one shuffle per field) is the generic shfl_xor,
// which shuffles any value. LessThan<Pair<int, bool>> compares bools as
// C++ does (false < true).

// WARP_SIZE and MASK of main.cu.
const (
	colWarpSize = 32
	colMask     = 0xffffffff
)

// pair is main.cu's Pair<K, V>.
type pair[K, V any] struct {
	k K
	v V
}

// getBit is getBit: the bit at pos of val.
func getBit(val int, pos int) int {
	return (val >> pos) & 0x1
}

// getLaneID is getLaneId: the thread's lane in its warp.
func getLaneID(t *gocuda.Thread) int {
	return t.ThreadIdx.X % colWarpSize
}

// comparator is the interface of main.cu's comparators (GreaterThan<T>,
// LessThan<T>): a type whose compare orders two Ts.
type comparator[T any] interface {
	compare(lhs, rhs T) bool
}

// lessThan is LessThan<T> for a T with <.
type lessThan[T cmp.Ordered] struct{}

func (lessThan[T]) compare(lhs, rhs T) bool {
	return (lhs < rhs)
}

// pairLessThan is LessThan<Pair<K, V>>: Pair's operator<.
type pairLessThan[K, V cmp.Ordered] struct{}

func (pairLessThan[K, V]) compare(lhs, rhs pair[K, V]) bool {
	return (lhs.k < rhs.k) || ((lhs.k == rhs.k) && (lhs.v < rhs.v))
}

// pairIntBoolLessThan is LessThan<Pair<int, bool>>: Pair's operator<,
// false before true.
type pairIntBoolLessThan struct{}

func (pairIntBoolLessThan) compare(lhs, rhs pair[int32, bool]) bool {
	return (lhs.k < rhs.k) || ((lhs.k == rhs.k) && (b2i(lhs.v) < b2i(rhs.v)))
}

// shflXor is shfl_xor: __shfl_xor_sync over the full warp.
func shflXor[T any](t *gocuda.Thread, val T, laneMask int, width int) T {
	return gocuda.ShflXorSync(t, colMask, val, laneMask, width)
}

// shflSwap is shflSwap<T, Comparator>: x or its partner's value across
// lane bit mask, whichever the comparator and the direction dir pick.
func shflSwap[C comparator[T], T any](t *gocuda.Thread, x T, mask int, dir int) T {
	var c C
	y := shflXor(t, x, mask, colWarpSize)
	if b2i(c.compare(x, y)) == dir {
		return y
	}
	return x
}

// warpBitonicSort is warpBitonicSort<T, Comparator>: a bitonic sorting
// network across the warp by shuffles, lane 0 ending with the first value
// in the comparator's order.
func warpBitonicSort[C comparator[T], T any](t *gocuda.Thread, val T) T {
	laneID := getLaneID(t)
	// 2
	val = shflSwap[C](t, val, 0x01, getBit(laneID, 1)^getBit(laneID, 0))

	// 4
	val = shflSwap[C](t, val, 0x02, getBit(laneID, 2)^getBit(laneID, 1))
	val = shflSwap[C](t, val, 0x01, getBit(laneID, 2)^getBit(laneID, 0))

	// 8
	val = shflSwap[C](t, val, 0x04, getBit(laneID, 3)^getBit(laneID, 2))
	val = shflSwap[C](t, val, 0x02, getBit(laneID, 3)^getBit(laneID, 1))
	val = shflSwap[C](t, val, 0x01, getBit(laneID, 3)^getBit(laneID, 0))

	// 16
	val = shflSwap[C](t, val, 0x08, getBit(laneID, 4)^getBit(laneID, 3))
	val = shflSwap[C](t, val, 0x04, getBit(laneID, 4)^getBit(laneID, 2))
	val = shflSwap[C](t, val, 0x02, getBit(laneID, 4)^getBit(laneID, 1))
	val = shflSwap[C](t, val, 0x01, getBit(laneID, 4)^getBit(laneID, 0))

	// 32
	val = shflSwap[C](t, val, 0x10, getBit(laneID, 4))
	val = shflSwap[C](t, val, 0x08, getBit(laneID, 3))
	val = shflSwap[C](t, val, 0x04, getBit(laneID, 2))
	val = shflSwap[C](t, val, 0x02, getBit(laneID, 1))
	val = shflSwap[C](t, val, 0x01, getBit(laneID, 0))

	return val
}

// warpHasCollision is warpHasCollision<T>: whether two lanes of the warp
// hold the same value.
func warpHasCollision[T cmp.Ordered](t *gocuda.Thread, val T) bool {
	// -sort all values
	// -compare our lower neighbor's value against ourselves (excepting
	//  the first lane)
	// -if any lane as a difference of 0, there is a duplicate
	//  (excepting the first lane)
	val = warpBitonicSort[lessThan[T]](t, val)
	lower := gocuda.ShflUpSync(t, colMask, val, 1, colWarpSize)

	// Shuffle for lane 0 will present its same value, so only
	// subsequent lanes will detect duplicates
	dup := (lower == val) && (getLaneID(t) != 0)
	return t.AnySync(colMask, dup) != false
}

// warpCollisionMask is warpCollisionMask<T>: a mask of lanes that collide
// with a lane of a lower index.
func warpCollisionMask[T ~int32](t *gocuda.Thread, val T) uint32 {
	// -sort all (lane, value) pairs on value
	// -compare our lower neighbor's value against ourselves (excepting
	//  the first lane)
	// -if any lane as a difference of 0, there is a duplicate
	//  (excepting the first lane)
	// -shuffle sort (originating lane, dup) pairs back to the original
	//  lane and report
	pVal := pair[T, int32]{val, int32(getLaneID(t))}

	pVal = warpBitonicSort[pairLessThan[T, int32]](t, pVal)

	// If our neighbor is the same as us, we know our thread's value is
	// duplicated. All except for lane 0, since shfl will present its
	// own value (and if lane 0's value is duplicated, lane 1 will pick
	// that up)
	lower := uint64(gocuda.ShflUpSync(t, colMask, pVal.k, 1, colWarpSize))
	dup := pair[int32, bool]{pVal.v, (lower == uint64(pVal.k)) && (getLaneID(t) != 0)}

	// Sort back based on lane ID so each thread originally knows
	// whether or not it duplicated
	dup = warpBitonicSort[pairIntBoolLessThan](t, dup)
	return t.BallotSync(colMask, dup.v)
}

// CheckDuplicatesKernel is checkDuplicates of collision's main.cu: each
// lane of a 32-thread block stores into hasDuplicate (the __device__
// array of that name) whether v[:32] holds a value twice.
//
//gocuda:kernel CheckDuplicatesKernel
func checkDuplicates(t *gocuda.Thread, num int, v []int32, hasDuplicate []int32) {
	hasDuplicate[t.ThreadIdx.X] = int32(b2i(warpHasCollision(t, v[t.ThreadIdx.X])))
}

// CheckDuplicateMaskKernel is checkDuplicateMask of collision's main.cu:
// lane 0 of a 32-thread block stores into duplicateMask (the __device__
// variable of that name) the mask of the lanes whose value of v a lower
// lane also holds.
//
//gocuda:kernel CheckDuplicateMaskKernel
func checkDuplicateMask(t *gocuda.Thread, num int, v []int32, duplicateMask *uint32) {
	mask := warpCollisionMask(t, v[t.ThreadIdx.X])
	if t.ThreadIdx.X == 0 {
		*duplicateMask = mask
	}
}
