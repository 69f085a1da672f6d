package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's moe-sum benchmark (zjin-lcf/HeCBench at
// f27000a, src/moe-sum-cuda/kernels.h, after vLLM's moe_sum): the sum of
// each token's TOPK expert outputs, a token a block, the template's TOPK
// an argument; scalar_t is float.

// MoeSumKernel is moe_sum_kernel<float, TOPK> of moe-sum-cuda (__ldg is a
// plain load).
//
//gocuda:kernel MoeSumKernel
func moeSumKernel(t *gocuda.Thread, out, input []float32, d, topk int) {
	outputBase := int64(t.BlockIdx.X) * int64(d)
	inputBase := outputBase * int64(topk)
	for idx := t.ThreadIdx.X; idx < d; idx += t.BlockDim.X {
		x := float32(0.0)
		for k := 0; k < topk; k++ {
			x += input[inputBase+int64(k*d)+int64(idx)]
		}
		out[outputBase+int64(idx)] = x
	}
}

// MoeSumKernelVec4 is moe_sum_kernel_vec4<TOPK> of moe-sum-cuda: the same
// on float4s (d divisible by 4).
//
//gocuda:kernel MoeSumKernelVec4
func moeSumKernelVec4(t *gocuda.Thread, out, input []float32, d, topk int) {
	d4 := d >> 2 // divisible by 4
	outputBase4 := int((int64(t.BlockIdx.X) * int64(d)) >> 2)
	inputBase4 := int((int64(t.BlockIdx.X) * int64(d) * int64(topk)) >> 2)

	input4 := asFloat4(input)
	out4 := asFloat4(out)

	for idx := t.ThreadIdx.X; idx < d4; idx += t.BlockDim.X {
		acc := Float4{0., 0., 0., 0.}

		for k := 0; k < topk; k++ {
			v := input4[inputBase4+k*d4+idx]
			acc.X += v.X
			acc.Y += v.Y
			acc.Z += v.Z
			acc.W += v.W
		}
		out4[outputBase4+idx] = acc
	}
}
