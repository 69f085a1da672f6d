package gocuda

import "github.com/gocuda/gocuda/internal/grid"

// Reducible is the set of types the warp reductions of sm_80 take.
type Reducible interface{ ~int32 | ~uint32 }

// ReduceAddSync is __reduce_add_sync: the sum of v over the lanes of mask,
// wrapping as 32-bit arithmetic does.
func ReduceAddSync[T Reducible](t *Thread, mask uint32, v T) T {
	return T(t.warp(grid.Collective{Kind: grid.KindReduceAdd, Mask: mask, Value: uint64(uint32(v))}))
}

// ReduceMinSync is __reduce_min_sync: the least v over the lanes of mask,
// compared as signed for int32 and unsigned for uint32.
func ReduceMinSync[T Reducible](t *Thread, mask uint32, v T) T {
	kind := grid.KindReduceMinU
	if signed[T]() {
		kind = grid.KindReduceMin
	}
	return T(t.warp(grid.Collective{Kind: kind, Mask: mask, Value: uint64(uint32(v))}))
}

// ReduceMaxSync is __reduce_max_sync: the greatest v over the lanes of mask.
func ReduceMaxSync[T Reducible](t *Thread, mask uint32, v T) T {
	kind := grid.KindReduceMaxU
	if signed[T]() {
		kind = grid.KindReduceMax
	}
	return T(t.warp(grid.Collective{Kind: kind, Mask: mask, Value: uint64(uint32(v))}))
}

// ReduceAndSync is __reduce_and_sync: the bitwise AND of v over mask's lanes.
func ReduceAndSync(t *Thread, mask uint32, v uint32) uint32 {
	return uint32(t.warp(grid.Collective{Kind: grid.KindReduceAnd, Mask: mask, Value: uint64(v)}))
}

// ReduceOrSync is __reduce_or_sync: the bitwise OR of v over mask's lanes.
func ReduceOrSync(t *Thread, mask uint32, v uint32) uint32 {
	return uint32(t.warp(grid.Collective{Kind: grid.KindReduceOr, Mask: mask, Value: uint64(v)}))
}

// ReduceXorSync is __reduce_xor_sync: the bitwise XOR of v over mask's lanes.
func ReduceXorSync(t *Thread, mask uint32, v uint32) uint32 {
	return uint32(t.warp(grid.Collective{Kind: grid.KindReduceXor, Mask: mask, Value: uint64(v)}))
}

func signed[T Reducible]() bool {
	var zero T
	return zero-1 < zero
}
