package samplesbooks

import (
	"math"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds per_token_group_quant_8bit_kernel of vLLM's
// csrc/quantization/fp8/per_token_group_quant.cu (vllm-project/vllm at
// 43462c8b), with GroupReduceMax and the helpers of
// csrc/quantization/vectorization_utils.cuh it calls
// (vectorize_with_alignment<VEC_SIZE> and DefaultVecOp, the version
// whose VEC_SIZE is a template parameter): each group of group_size
// values is quantized to 8 bits with one scale, by 16 threads. Two [&]
// lambdas drive it: scalar_op_cache copies a value to shared memory and
// raises local_absmax, which it captures by reference and which the
// 16-lane shuffle reduction then overwrites; scalar_op_quant, made after
// the barrier, reads the scale y_s by reference. Both are passed to the
// helper, which also wraps a copy of the first in a DefaultVecOp for its
// vectorized middle part. The helper reads the input's address, as the
// original does, to find the aligned middle. T is float (float32),
// DST_DTYPE int8_t (int8); vec_n_t<float, 4> and <int8_t, 4> are arrays;
// the template flags IS_COLUMN_MAJOR and SCALE_UE8M0 are arguments.

// vqVec is vec_size = 16 / sizeof(float).
const vqVec = 4

// defaultVecOp is DefaultVecOp<VEC_SIZE, InT, OutT, ScaOp>: the scalar
// operation over each element of a vector.
type defaultVecOp[InT, OutT any] struct {
	scalarOp func(dst *OutT, src InT)
}

func (o defaultVecOp[InT, OutT]) apply(dst *[vqVec]OutT, src *[vqVec]InT) {
	for i := 0; i < vqVec; i++ {
		o.scalarOp(&dst[i], src[i])
	}
}

// vectorizeWithAlignment is vectorize_with_alignment<VEC_SIZE> (the
// overload that builds a DefaultVecOp from the scalar operation): it
// applies scalarOp to the elements before in's first 16-byte boundary and
// after the last whole vector, and the vector operation to the vectors
// between, threads tid, tid+stride, ... taking turns.
func vectorizeWithAlignment[InT, OutT any](in []InT, out []OutT, length, tid, stride int, scalarOp func(dst *OutT, src InT)) {
	vecOp := defaultVecOp[InT, OutT]{scalarOp}
	var zero InT
	width := vqVec * int(unsafe.Sizeof(zero))
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(in)))

	misalignmentOffset := int(addr & uintptr(width-1))
	alignmentBytes := width - misalignmentOffset
	prefixElems := alignmentBytes & (width - 1)
	prefixElems /= int(unsafe.Sizeof(zero))
	prefixElems = min(prefixElems, length)

	// 1. The elements before the boundary, one by one.
	for i := tid; i < prefixElems; i += stride {
		scalarOp(&out[i], in[i])
	}

	in = in[prefixElems:]
	out = out[prefixElems:]
	length -= prefixElems

	// 2. The whole vectors.
	numVec := length / vqVec
	for i := tid; i < numVec; i += stride {
		var tmp [vqVec]OutT
		src := [vqVec]InT(in[i*vqVec : (i+1)*vqVec])
		vecOp.apply(&tmp, &src)
		copy(out[i*vqVec:(i+1)*vqVec], tmp[:])
	}

	// 3. The tail.
	tailStart := numVec * vqVec
	for i := tid + tailStart; i < length; i += stride {
		scalarOp(&out[i], in[i])
	}
}

// groupReduceMax is GroupReduceMax of per_token_group_quant.cu: the
// maximum over a 16-lane group by shuffles under the mask 0xffff.
func groupReduceMax(t *gocuda.Thread, val float32, tid int) float32 {
	mask := uint32(0xffff)

	val = float32(math.Max(float64(val), float64(gocuda.ShflXorSync(t, mask, val, 8, 32))))
	val = float32(math.Max(float64(val), float64(gocuda.ShflXorSync(t, mask, val, 4, 32))))
	val = float32(math.Max(float64(val), float64(gocuda.ShflXorSync(t, mask, val, 2, 32))))
	val = float32(math.Max(float64(val), float64(gocuda.ShflXorSync(t, mask, val, 1, 32))))
	return val
}

// PerTokenGroupQuant8bitKernel is per_token_group_quant_8bit_kernel<
// float, int8_t, IS_COLUMN_MAJOR, SCALE_UE8M0> of vLLM: the 16 threads of
// each group stage its values in shared memory while finding their
// largest magnitude, take the scale y_s = absmax/max_8bit (rounded up to
// a power of two under SCALE_UE8M0), lane 0 stores it, and after a
// barrier they write each value divided by y_s, clamped to
// [min_8bit, max_8bit], as an int8.
//
//gocuda:kernel PerTokenGroupQuant8bitKernel
func perTokenGroupQuant8bitKernel(t *gocuda.Thread, isColumnMajor, scaleUE8M0 bool, input []float32, outputQ []int8, outputS []float32,
	groupSize, numGroups, groupsPerBlock int, eps, min8bit, max8bit float32, scaleNumRows, scaleStride int) {
	const threadsPerGroup = 16
	localGroupID := int64(t.ThreadIdx.X / threadsPerGroup)
	laneID := t.ThreadIdx.X % threadsPerGroup

	blockGroupID := int64(t.BlockIdx.X * groupsPerBlock)
	globalGroupID := blockGroupID + localGroupID
	blockGroupOffset := globalGroupID * int64(groupSize)

	localAbsmax := eps

	groupInput := input[blockGroupOffset:]
	groupOutput := outputQ[blockGroupOffset:]
	var scaleOutput []float32

	if isColumnMajor {
		const numElemsPerPack = 1 // sizeof(scale_packed_t) / sizeof(float)
		scaleNumRowsElement := scaleNumRows * numElemsPerPack
		rowIdx := int(globalGroupID) / scaleNumRowsElement
		colIdxRaw := int(globalGroupID) % scaleNumRowsElement
		colIdx := colIdxRaw / numElemsPerPack
		packIdx := colIdxRaw % numElemsPerPack
		scaleOutput = outputS[colIdx*scaleStride*numElemsPerPack+rowIdx*numElemsPerPack+packIdx:]
	} else {
		scaleOutput = outputS[globalGroupID:]
	}

	// Shared memory holds each group's values, so that global memory is
	// read once.
	smem := gocuda.DynamicShared[float32](t)
	smemGroup := smem[localGroupID*int64(groupSize):]

	// Copy global to shared, raising local_absmax.
	scalarOpCache := func(dst *float32, src float32) {
		absV := float32(math.Abs(float64(src)))
		localAbsmax = float32(math.Max(float64(localAbsmax), float64(absV)))
		*dst = src
	}

	vectorizeWithAlignment(groupInput, smemGroup, groupSize, laneID, threadsPerGroup, scalarOpCache)

	localAbsmax = groupReduceMax(t, localAbsmax, laneID)

	yS := localAbsmax / max8bit
	if scaleUE8M0 {
		yS = float32(math.Exp2(math.Ceil(math.Log2(math.Max(math.Abs(float64(yS)), float64(float32(1e-10)))))))
	}

	ySQuant := yS

	if laneID == 0 {
		scaleOutput[0] = ySQuant
	}

	t.SyncThreads()

	// Quantize shared to global 8-bit.
	scalarOpQuant := func(dst *int8, src float32) {
		q := float32(math.Min(math.Max(float64(src/yS), float64(min8bit)), float64(max8bit)))
		*dst = int8(q)
	}

	vectorizeWithAlignment(smemGroup, groupOutput, groupSize, laneID, threadsPerGroup, scalarOpQuant)
}
