package hecbenchrodinia

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds scaled_masked_softmax_warp_forward of HeCBench's
// softmax-fused (src/softmax-fused-cuda/main.cu, Megatron-LM's fused
// kernel, "extended softmax from native aten pytorch"): a warp per one or
// two rows of up to 1024 elements, held in registers, with warp_reduce's
// butterfly shuffles under a ReduceOp template policy (Add, Max: types
// with a method here). main instantiates input_t = output_t = Half,
// acc_t = float, which the port fixes; log2_elements, a template value
// parameter, is a kernel argument, and the register arrays its constexprs
// size have their largest sizes (WARP_BATCH ≤ 2, WARP_ITERATIONS ≤ 32,
// ELEMENTS_PER_LDG_STG ≤ 4).

// C10_WARP_SIZE of main.cu.
const c10WarpSize = 32

// The largest WARP_BATCH, WARP_ITERATIONS and ELEMENTS_PER_LDG_STG.
const (
	smMaxWarpBatch      = 2
	smMaxWarpIterations = 1024 / c10WarpSize
	smMaxElementsPerLdg = 4
)

// copyVectorHalf is copy_vector<Half, N>, its two specializations: one
// element, or four through a float2.
func copyVectorHalf(dst, src []intrinsic.Half, elementsPerLdg int) {
	if elementsPerLdg == 1 {
		dst[0] = src[0]
	} else {
		copy(dst[:4], src[:4])
	}
}

// copyVectorU8 is copy_vector<uint8_t, N>, its two specializations: one
// byte, or four through a uchar4.
func copyVectorU8(dst, src []uint8, elementsPerLdg int) {
	if elementsPerLdg == 1 {
		dst[0] = src[0]
	} else {
		copy(dst[:4], src[:4])
	}
}

// smReduceOp is the interface of main.cu's ReduceOp template template
// parameter (Add, Max): a functor on two Ts.
type smReduceOp[T any] interface {
	apply(a, b T) T
}

// smAdd is Add<T>.
type smAdd[T float32 | float64] struct{}

func (smAdd[T]) apply(a, b T) T { return a + b }

// smMax is Max<T>.
type smMax[T float32 | float64] struct{}

func (smMax[T]) apply(a, b T) T {
	if a < b {
		return b
	}
	return a
}

// warpShflXorNative is WARP_SHFL_XOR_NATIVE.
func warpShflXorNative[T any](t *gocuda.Thread, value T, laneMask int, width int, mask uint32) T {
	return gocuda.ShflXorSync(t, mask, value, laneMask, width)
}

// smWarpReduce is warp_reduce<acc_t, WARP_BATCH, WARP_SIZE, ReduceOp>:
// each of sum's warpBatch values reduced across warpSize lanes.
func smWarpReduce[R smReduceOp[T], T float32 | float64](t *gocuda.Thread, sum []T, warpBatch, warpSize int) {
	var r R
	for offset := warpSize / 2; offset > 0; offset /= 2 {
		for i := 0; i < warpBatch; i++ {
			b := warpShflXorNative(t, sum[i], offset, warpSize, 0xffffffff)
			sum[i] = r.apply(sum[i], b)
		}
	}
}

// ScaledMaskedSoftmaxWarpForwardKernel is
// scaled_masked_softmax_warp_forward<Half, Half, float, log2_elements> of
// softmax-fused's main.cu: the softmax of each row of src scaled by scale,
// the elements whose mask byte is 1 set to -10000 first (a row all masked
// gives zeros), the mask per batch and query (pad_batches != 1, BERT) or
// per query (GPT-2). Launch it as scaled_masked_softmax_forward does:
// blocks of (WARP_SIZE, 128/WARP_SIZE), a grid of (query_seq_len /
// batches per block, attn_heads, batches). src, dst and mask extend past
// their last row to every address the kernel forms (3·31 elements).
//
//gocuda:kernel ScaledMaskedSoftmaxWarpForwardKernel
func scaledMaskedSoftmaxWarpForward(t *gocuda.Thread, dst []intrinsic.Half, src []intrinsic.Half, mask []uint8, scale float32,
	microBatchSize int, elementCount int, padBatches int, log2Elements int) {
	nextPowerOfTwo := 1 << log2Elements
	WARP_SIZE := c10WarpSize
	if nextPowerOfTwo < c10WarpSize {
		WARP_SIZE = nextPowerOfTwo
	}
	WARP_ITERATIONS := nextPowerOfTwo / WARP_SIZE
	WARP_BATCH := 1
	if nextPowerOfTwo <= 128 {
		WARP_BATCH = 2
	}
	ELEMENTS_PER_LDG_STG := 4
	if WARP_ITERATIONS < 4 {
		ELEMENTS_PER_LDG_STG = 1
	}

	// blockDim/threadIdx = (WARP_SIZE, WARPS_PER_BLOCK, 1)
	// gridDim/blockIdx = (seq_len, attn_heads, batches)
	firstBatch := (t.BlockDim.Y*(t.BlockIdx.X+t.GridDim.X*(t.BlockIdx.Y+t.GridDim.Y*t.BlockIdx.Z)) + t.ThreadIdx.Y) * WARP_BATCH

	var padFirstBatch int
	if padBatches != 1 { // bert style
		padFirstBatch = (t.BlockDim.Y*(t.BlockIdx.X+t.GridDim.X*t.BlockIdx.Z) + t.ThreadIdx.Y) * WARP_BATCH
	} else { // gpt2 style
		padFirstBatch = (t.BlockDim.Y*t.BlockIdx.X + t.ThreadIdx.Y) * WARP_BATCH
	}

	// micro_batch_size might not be a multiple of WARP_BATCH. Check how
	// many batches have to computed within this WARP.
	localBatches := microBatchSize - firstBatch
	if localBatches > WARP_BATCH {
		localBatches = WARP_BATCH
	}

	// there might be multiple batches per warp. compute the index within the
	// batch
	localIdx := t.ThreadIdx.X

	src = src[firstBatch*elementCount+ELEMENTS_PER_LDG_STG*localIdx:]
	dst = dst[firstBatch*elementCount+ELEMENTS_PER_LDG_STG*localIdx:]
	mask = mask[padFirstBatch*elementCount+ELEMENTS_PER_LDG_STG*localIdx:]

	// load data from global memory
	var elements [smMaxWarpBatch][smMaxWarpIterations]float32
	var tempData [smMaxElementsPerLdg]intrinsic.Half
	var tempMask [smMaxElementsPerLdg]uint8
	for i := 0; i < localBatches; i++ {
		for it := 0; it < WARP_ITERATIONS; it += ELEMENTS_PER_LDG_STG {
			elementIndex := ELEMENTS_PER_LDG_STG*localIdx + it*WARP_SIZE
			if elementIndex < elementCount {

				itrIdx := i*elementCount + it*WARP_SIZE
				copyVectorHalf(tempData[:], src[itrIdx:], ELEMENTS_PER_LDG_STG)
				copyVectorU8(tempMask[:], mask[itrIdx:], ELEMENTS_PER_LDG_STG)

				for element := 0; element < ELEMENTS_PER_LDG_STG; element++ {
					if tempMask[element] != 1 {
						elements[i][it+element] = intrinsic.Half2Float(tempData[element]) * scale
					} else {
						elements[i][it+element] = float32(-10000.0)
					}
				}
			} else {
				for element := 0; element < ELEMENTS_PER_LDG_STG; element++ {
					elements[i][it+element] = float32(math.Inf(-1))
				}
			}
		}
	}

	// compute max_value
	var maxValue [smMaxWarpBatch]float32
	for i := 0; i < WARP_BATCH; i++ {
		maxValue[i] = elements[i][0]
		for it := 1; it < WARP_ITERATIONS; it++ {
			if !(maxValue[i] > elements[i][it]) {
				maxValue[i] = elements[i][it]
			}
		}
	}
	smWarpReduce[smMax[float32]](t, maxValue[:], WARP_BATCH, WARP_SIZE)

	// compute scale value to account for full mask
	var maskValue [smMaxWarpBatch]float32
	for i := 0; i < WARP_BATCH; i++ {
		if maxValue[i] == float32(-10000.0) {
			maskValue[i] = 0.0
		} else {
			maskValue[i] = 1.0
		}
	}

	sum := [smMaxWarpBatch]float32{0.0}
	for i := 0; i < WARP_BATCH; i++ {
		for it := 0; it < WARP_ITERATIONS; it++ {
			elements[i][it] = expf((elements[i][it] - maxValue[i]))
			sum[i] += elements[i][it]
		}
	}
	smWarpReduce[smAdd[float32]](t, sum[:], WARP_BATCH, WARP_SIZE)

	// store result
	var out [smMaxElementsPerLdg]intrinsic.Half
	for i := 0; i < localBatches; i++ {
		for it := 0; it < WARP_ITERATIONS; it += ELEMENTS_PER_LDG_STG {
			elementIndex := ELEMENTS_PER_LDG_STG*localIdx + it*WARP_SIZE
			if elementIndex < elementCount {
				for element := 0; element < ELEMENTS_PER_LDG_STG; element++ {
					if maskValue[i] != 0 {
						out[element] = intrinsic.Float2HalfRN(elements[i][it+element] / sum[i])
					} else {
						out[element] = intrinsic.Float2HalfRN(0)
					}
				}
				copyVectorHalf(dst[i*elementCount+it*WARP_SIZE:], out[:], ELEMENTS_PER_LDG_STG)
			} else {
				break
			}
		}
	}
}
