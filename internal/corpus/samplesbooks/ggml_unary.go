package samplesbooks

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the element-wise kernels of ggml's CUDA backend,
// ggml-org/llama.cpp's ggml/src/ggml-cuda/unary.cu (at 036be503):
// unary_op_kernel, unary_op_kernel_strided and unary_gated_op_kernel,
// templates over the operation, a __device__ function passed as a
// template argument (float (*op)(float)), and the element type (float or
// half; half is left out). The operation is a func argument here, and the
// op_ functions are Go functions. ggml_cuda_pdl_lc and ggml_cuda_pdl_sync,
// the hooks of programmatic dependent launch, do nothing in a launch
// without that attribute and are left out.

// opRelu is op_relu of unary.cu.
func opRelu(x float32) float32 { return float32(math.Max(float64(x), 0)) }

// opSigmoid is op_sigmoid of unary.cu.
func opSigmoid(x float32) float32 { return 1.0 / (1.0 + expf(-x)) }

// opHardswish is op_hardswish of unary.cu.
func opHardswish(x float32) float32 {
	return x * float32(math.Min(1.0, math.Max(0.0, float64((x+3.0)/6.0))))
}

// opSoftplus is op_softplus of unary.cu.
func opSoftplus(x float32) float32 {
	if x > 20.0 {
		return x
	}
	return logf(1.0 + expf(x))
}

// opElu is op_elu of unary.cu.
func opElu(x float32) float32 {
	if x > 0 {
		return x
	}
	return float32(math.Expm1(float64(x)))
}

// opGeluQuick is op_gelu_quick of unary.cu.
func opGeluQuick(x float32) float32 {
	const geluQuickCoef = -1.702
	return x * (1.0 / (1.0 + expf(geluQuickCoef*x)))
}

// UnaryOpKernel is unary_op_kernel<op, float> of ggml's unary.cu: dst[i]
// = op(x[i]) for the first k elements, threads past k returning.
//
//gocuda:kernel UnaryOpKernel
func unaryOpKernel(t *gocuda.Thread, op func(float32) float32, x, dst []float32, k int) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	if i >= k {
		return
	}

	dst[i] = op(x[i])
}

// UnaryOpKernelStrided is unary_op_kernel_strided<op, float> of ggml's
// unary.cu: thread i decomposes its linear index into a 4D position
// (ne0 fastest) and applies op from x's strides (sx0..sx3) to dst's
// (sd0..sd3), for tensors that are not contiguous.
//
//gocuda:kernel UnaryOpKernelStrided
func unaryOpKernelStrided(t *gocuda.Thread, op func(float32) float32, x, dst []float32,
	ne0, ne1, ne2, ne3, neTotal, sx0, sx1, sx2, sx3, sd0, sd1, sd2, sd3 int64) {
	i := int64(t.BlockDim.X)*int64(t.BlockIdx.X) + int64(t.ThreadIdx.X)
	if i >= neTotal {
		return
	}

	ne01 := ne0 * ne1
	ne012 := ne01 * ne2
	i3 := i / ne012
	rem := i - i3*ne012
	i2 := rem / ne01
	rem -= i2 * ne01
	i1 := rem / ne0
	i0 := rem - i1*ne0
	srcOff := i0*sx0 + i1*sx1 + i2*sx2 + i3*sx3
	dstOff := i0*sd0 + i1*sd1 + i2*sd2 + i3*sd3
	dst[dstOff] = op(x[srcOff])
}

// UnaryGatedOpKernel is unary_gated_op_kernel<op, float> of ggml's
// unary.cu, the gated linear units (reglu, geglu, swiglu): dst[i] is op
// of x at row i/n, column i%n (rows o0 apart) times the gate g at the
// same place (rows o1 apart).
//
//gocuda:kernel UnaryGatedOpKernel
func unaryGatedOpKernel(t *gocuda.Thread, op func(float32) float32, x, g, dst []float32, k, n, o0, o1 int64) {
	i := int64(t.BlockDim.X)*int64(t.BlockIdx.X) + int64(t.ThreadIdx.X)

	if i >= k {
		return
	}

	// The gate is at an offset in the same tensor or in a separate one.
	j0 := (i/n)*o0 + (i % n)
	j1 := j0
	if o0 != o1 {
		j1 = (i/n)*o1 + (i % n)
	}

	dst[i] = op(x[j0]) * g[j1]
}
