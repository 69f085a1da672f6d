package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds the shuffle demonstrations of chapter 5 of
// "Professional CUDA C Programming" (deeperlearning/professional-cuda-c-
// programming at ee58310, examples/chapter05/simpleShfl.cu), which the
// book runs on one block of BDIMX (16) threads, or of BDIMX/SEGM (4)
// threads for those that move SEGM (4) ints a thread. The book predates
// CUDA 9: its __shfl, __shfl_up, __shfl_down and __shfl_xor with a width
// are the full-mask _sync forms (mask 0xffffffff) that replaced them.
// int4 is a Go struct, and the int* a helper takes to a thread's local
// array is a slice of it.

// BDIMX and SEGM of simpleShfl.cu.
const (
	shflBdimx = 16
	shflSegm  = 4
)

// int4 is CUDA's int4.
type int4 struct{ x, y, z, w int32 }

// ShflBroadcastKernel is test_shfl_broadcast of simpleShfl.cu: every lane
// gets lane srcLane's value.
//
//gocuda:kernel ShflBroadcastKernel
func shflBroadcastKernel(t *gocuda.Thread, dOut, dIn []int32, srcLane int) {
	value := dIn[t.ThreadIdx.X]
	value = gocuda.ShflSync(t, 0xffffffff, value, srcLane, shflBdimx)
	dOut[t.ThreadIdx.X] = value
}

// ShflWrapKernel is test_shfl_wrap of simpleShfl.cu: a rotation of the
// segment by offset, the source lane threadIdx.x+offset computed in
// unsigned arithmetic and passed as an int, as C converts it.
//
//gocuda:kernel ShflWrapKernel
func shflWrapKernel(t *gocuda.Thread, dOut, dIn []int32, offset int) {
	value := dIn[t.ThreadIdx.X]
	value = gocuda.ShflSync(t, 0xffffffff, value, int(int32(uint32(t.ThreadIdx.X)+uint32(offset))), shflBdimx)
	dOut[t.ThreadIdx.X] = value
}

// ShflWrapPlusKernel is test_shfl_wrap_plus of simpleShfl.cu: each lane
// adds the rotated value to its own.
//
//gocuda:kernel ShflWrapPlusKernel
func shflWrapPlusKernel(t *gocuda.Thread, dOut, dIn []int32, offset int) {
	value := dIn[t.ThreadIdx.X]
	value += gocuda.ShflSync(t, 0xffffffff, value, int(int32(uint32(t.ThreadIdx.X)+uint32(offset))), shflBdimx)
	dOut[t.ThreadIdx.X] = value
}

// ShflUpKernel is test_shfl_up of simpleShfl.cu: a shift up by delta
// lanes, the lowest delta lanes keeping their own values.
//
//gocuda:kernel ShflUpKernel
func shflUpKernel(t *gocuda.Thread, dOut, dIn []int32, delta uint32) {
	value := dIn[t.ThreadIdx.X]
	value = gocuda.ShflUpSync(t, 0xffffffff, value, int(delta), shflBdimx)
	dOut[t.ThreadIdx.X] = value
}

// ShflDownKernel is test_shfl_down of simpleShfl.cu: a shift down by delta
// lanes, the highest delta lanes keeping their own values.
//
//gocuda:kernel ShflDownKernel
func shflDownKernel(t *gocuda.Thread, dOut, dIn []int32, delta uint32) {
	value := dIn[t.ThreadIdx.X]
	value = gocuda.ShflDownSync(t, 0xffffffff, value, int(delta), shflBdimx)
	dOut[t.ThreadIdx.X] = value
}

// ShflXorKernel is test_shfl_xor of simpleShfl.cu: a butterfly exchange
// with lane threadIdx.x^mask.
//
//gocuda:kernel ShflXorKernel
func shflXorKernel(t *gocuda.Thread, dOut, dIn []int32, mask int) {
	value := dIn[t.ThreadIdx.X]
	value = gocuda.ShflXorSync(t, 0xffffffff, value, mask, shflBdimx)
	dOut[t.ThreadIdx.X] = value
}

// ShflXorArrayKernel is test_shfl_xor_array of simpleShfl.cu: each lane
// holds SEGM ints in a local array and exchanges all four with its
// butterfly partner.
//
//gocuda:kernel ShflXorArrayKernel
func shflXorArrayKernel(t *gocuda.Thread, dOut, dIn []int32, mask int) {
	idx := t.ThreadIdx.X * shflSegm
	var value [shflSegm]int32

	for i := 0; i < shflSegm; i++ {
		value[i] = dIn[idx+i]
	}

	value[0] = gocuda.ShflXorSync(t, 0xffffffff, value[0], mask, shflBdimx)
	value[1] = gocuda.ShflXorSync(t, 0xffffffff, value[1], mask, shflBdimx)
	value[2] = gocuda.ShflXorSync(t, 0xffffffff, value[2], mask, shflBdimx)
	value[3] = gocuda.ShflXorSync(t, 0xffffffff, value[3], mask, shflBdimx)

	for i := 0; i < shflSegm; i++ {
		dOut[idx+i] = value[i]
	}
}

// ShflXorInt4Kernel is test_shfl_xor_int4 of simpleShfl.cu: the same
// exchange with the four ints in an int4's fields.
//
//gocuda:kernel ShflXorInt4Kernel
func shflXorInt4Kernel(t *gocuda.Thread, dOut, dIn []int32, mask int) {
	idx := t.ThreadIdx.X * shflSegm
	var value int4

	value.x = dIn[idx]
	value.y = dIn[idx+1]
	value.z = dIn[idx+2]
	value.w = dIn[idx+3]

	value.x = gocuda.ShflXorSync(t, 0xffffffff, value.x, mask, shflBdimx)
	value.y = gocuda.ShflXorSync(t, 0xffffffff, value.y, mask, shflBdimx)
	value.z = gocuda.ShflXorSync(t, 0xffffffff, value.z, mask, shflBdimx)
	value.w = gocuda.ShflXorSync(t, 0xffffffff, value.w, mask, shflBdimx)

	dOut[idx] = value.x
	dOut[idx+1] = value.y
	dOut[idx+2] = value.z
	dOut[idx+3] = value.w
}

// ShflXorElementKernel is test_shfl_xor_element of simpleShfl.cu: element
// srcIdx of each lane's array becomes element dstIdx of its partner's,
// both indices chosen at run time.
//
//gocuda:kernel ShflXorElementKernel
func shflXorElementKernel(t *gocuda.Thread, dOut, dIn []int32, mask, srcIdx, dstIdx int) {
	idx := t.ThreadIdx.X * shflSegm
	var value [shflSegm]int32

	for i := 0; i < shflSegm; i++ {
		value[i] = dIn[idx+i]
	}

	value[srcIdx] = gocuda.ShflXorSync(t, 0xffffffff, value[dstIdx], mask, shflBdimx)

	for i := 0; i < shflSegm; i++ {
		dOut[idx+i] = value[i]
	}
}

// ShflXorArraySwapKernel is test_shfl_xor_array_swap of simpleShfl.cu: the
// lanes whose low bit differs from mask swap two elements before and after
// the exchange, so that element srcIdx of one lane trades places with
// element dstIdx of its partner.
//
//gocuda:kernel ShflXorArraySwapKernel
func shflXorArraySwapKernel(t *gocuda.Thread, dOut, dIn []int32, mask, srcIdx, dstIdx int) {
	idx := t.ThreadIdx.X * shflSegm
	var value [shflSegm]int32

	for i := 0; i < shflSegm; i++ {
		value[i] = dIn[idx+i]
	}

	pred := (t.ThreadIdx.X & 1) != mask

	if pred {
		tmp := value[srcIdx]
		value[srcIdx] = value[dstIdx]
		value[dstIdx] = tmp
	}

	value[dstIdx] = gocuda.ShflXorSync(t, 0xffffffff, value[dstIdx], mask, shflBdimx)

	if pred {
		tmp := value[srcIdx]
		value[srcIdx] = value[dstIdx]
		value[dstIdx] = tmp
	}

	for i := 0; i < shflSegm; i++ {
		dOut[idx+i] = value[i]
	}
}

// shflSwap is swap of simpleShfl.cu: the same trade through the caller's
// array, the lanes below mask swapping around the exchange.
func shflSwap(t *gocuda.Thread, value []int32, laneIdx, mask, firstIdx, secondIdx int) {
	pred := (laneIdx/mask + 1) == 1

	if pred {
		tmp := value[firstIdx]
		value[firstIdx] = value[secondIdx]
		value[secondIdx] = tmp
	}

	value[secondIdx] = gocuda.ShflXorSync(t, 0xffffffff, value[secondIdx], mask, shflBdimx)

	if pred {
		tmp := value[firstIdx]
		value[firstIdx] = value[secondIdx]
		value[secondIdx] = tmp
	}
}

// ShflSwapKernel is test_shfl_swap of simpleShfl.cu: swap on each lane's
// local array.
//
//gocuda:kernel ShflSwapKernel
func shflSwapKernel(t *gocuda.Thread, dOut, dIn []int32, mask, firstIdx, secondIdx int) {
	idx := t.ThreadIdx.X * shflSegm
	var value [shflSegm]int32

	for i := 0; i < shflSegm; i++ {
		value[i] = dIn[idx+i]
	}

	shflSwap(t, value[:], t.ThreadIdx.X, mask, firstIdx, secondIdx)

	for i := 0; i < shflSegm; i++ {
		dOut[idx+i] = value[i]
	}
}

// ShflArrayKernel is test_shfl_array of simpleShfl.cu: element 0 of each
// lane's array becomes element 3 of lane (offset+threadIdx.x)%SEGM.
//
//gocuda:kernel ShflArrayKernel
func shflArrayKernel(t *gocuda.Thread, dOut, dIn []int32, offset int) {
	idx := t.ThreadIdx.X * shflSegm
	var value [shflSegm]int32

	for i := 0; i < shflSegm; i++ {
		value[i] = dIn[idx+i]
	}

	lane := (uint32(offset) + uint32(t.ThreadIdx.X)) % shflSegm
	value[0] = gocuda.ShflSync(t, 0xffffffff, value[3], int(lane), shflBdimx)

	for i := 0; i < shflSegm; i++ {
		dOut[idx+i] = value[i]
	}
}

// ShflXorPlusKernel is test_shfl_xor_plus of simpleShfl.cu: each lane adds
// its butterfly partner's value to its own.
//
//gocuda:kernel ShflXorPlusKernel
func shflXorPlusKernel(t *gocuda.Thread, dOut, dIn []int32, mask int) {
	value := dIn[t.ThreadIdx.X]
	value += gocuda.ShflXorSync(t, 0xffffffff, value, mask, shflBdimx)
	dOut[t.ThreadIdx.X] = value
}
