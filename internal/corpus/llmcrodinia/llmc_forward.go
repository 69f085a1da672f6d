package llmcrodinia

import (
	"math"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds the forward-pass kernels of karpathy/llm.c,
// train_gpt2_fp32.cu (the float32 GPT-2 trainer, at commit f1e2ace of
// the repository's master), and encoder_backward_kernel. Pointer
// arithmetic (inp + idx * C) is a subslice or the address of an element;
// __ldcs and __stcs, cache hints, are plain loads and stores; a nullptr
// argument is a nil slice.

// float4 is CUDA's float4 vector type.
type float4 struct{ X, Y, Z, W float32 }

// toFloat4s is a reinterpret_cast<const float4*> of a float pointer: s
// viewed as len(s)/4 float4s.
func toFloat4s(s []float32) []float4 {
	if len(s) < 4 {
		return nil
	}
	return unsafe.Slice((*float4)(unsafe.Pointer(&s[0])), len(s)/4)
}

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once.
func expf(x float32) float32  { return float32(math.Exp(float64(x))) }
func logf(x float32) float32  { return float32(math.Log(float64(x))) }
func tanhf(x float32) float32 { return float32(math.Tanh(float64(x))) }
func coshf(x float32) float32 { return float32(math.Cosh(float64(x))) }
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }
func fmaxf(x, y float32) float32 {
	return float32(math.Max(float64(x), float64(y)))
}

// addFloat4 is add_float4.
func addFloat4(a, b float4) float4 {
	return float4{a.X + b.X, a.Y + b.Y, a.Z + b.Z, a.W + b.W}
}

// EncoderForwardKernel is encoder_forward_kernel3 of train_gpt2_fp32.cu:
// out[b,t,:] = wte[inp[b,t],:] + wpe[t,:], one float4 per thread. Launch
// it with N/4 threads, C a multiple of 4.
//
//gocuda:kernel EncoderForwardKernel
func encoderForwardKernel3(t *gocuda.Thread, out []float4, inp []int32, wte, wpe []float4, B, T, C int) {
	C4 := C / 4
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	N := B * T * C4
	if idx < N {
		bt := idx / C4
		b := bt / T
		t_ := bt % T
		c4 := idx % C4
		ix := int(inp[b*T+t_])
		out[b*T*C4+t_*C4+c4] = addFloat4(wte[ix*C4+c4], wpe[t_*C4+c4])
	}
}

// EncoderBackwardKernel is encoder_backward_kernel of
// train_gpt2_fp32.cu ("really bad naive kernel with atomicAdd"): each
// thread adds one element of dout to dwte and dwpe.
//
//gocuda:kernel EncoderBackwardKernel
func encoderBackwardKernel(t *gocuda.Thread, dwte, dwpe []float32, dout []float32, inp []int32, B, T, C int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	N := B * T * C

	if idx < N {
		bt := idx / C
		b := bt / T
		t_ := bt % T
		c := idx % C

		ix := int(inp[b*T+t_])

		doutBtc := &dout[b*T*C+t_*C+c]
		dwteIx := &dwte[ix*C+c]
		dwpeTc := &dwpe[t_*C+c]

		atomic.Add(dwteIx, *doutBtc)
		atomic.Add(dwpeTc, *doutBtc)
	}
}

// LayernormForwardKernel is layernorm_forward_kernel3 of
// train_gpt2_fp32.cu: one 32-thread tile per row of C, the mean and the
// reciprocal standard deviation by cg::reduce, then the normalized row
// scaled by weight and shifted by bias. mean and rstd may be nil.
//
//gocuda:kernel LayernormForwardKernel
func layernormForwardKernel3(t *gocuda.Thread, out, mean, rstd []float32, inp, weight, bias []float32, N, C int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= N {
		return
	}

	// the row of input that this group of threads is responsible for
	x := inp[idx*C:]

	// mean
	sum := float32(0.0)
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		sum += x[i]
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	m := sum / float32(C)
	if warp.ThreadRank() == 0 && mean != nil {
		mean[idx] = m
	}

	// rstd
	sum = 0.0
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		diff := x[i] - m
		sum += diff * diff
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	s := intrinsic.Rsqrtf(sum/float32(C) + 1e-5)
	if warp.ThreadRank() == 0 && rstd != nil {
		rstd[idx] = s
	}

	// final normalization and scaling by weight/bias
	o := out[idx*C:]
	for c := warp.ThreadRank(); c < C; c += warp.Size() {
		// load and store using the .cs "streaming" hint to the compiler,
		// indicating that this data will not be reused soon, and can be streamed through the caches
		// this allows the threads to get more cache-hits for the (shared) weight and bias parameters
		n := s * (x[c] - m)
		o[c] = n*weight[c] + bias[c]
	}
}

// vecAt is vec_at: the index-th float of a float4, through
// reinterpret_cast<const float*>.
func vecAt(vec *float4, index int) float32 {
	return (*[4]float32)(unsafe.Pointer(vec))[index]
}

// SoftmaxForwardKernel is softmax_forward_kernel5 of train_gpt2_fp32.cu:
// the autoregressive (lower-triangular) softmax of each row of the (N, T,
// T) attention scores scaled by inv_temperature, one 32-thread tile per
// row, with the online softmax over float4s and cg::reduce for the
// maximum and the sum. Blocks run the rows backwards. T must be a
// multiple of 4.
//
//gocuda:kernel SoftmaxForwardKernel
func softmaxForwardKernel5(t *gocuda.Thread, out []float32, invTemperature float32, inp []float32, N, T int) {
	// inp, out shape: (N, T, T), where N = B * NH
	// fuses the multiplication by scale inside attention
	// directly autoregressive, so we only compute the lower triangular part
	// uses the online softmax algorithm
	t.Assert(T%4 == 0)
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	// micro-optimization: we iterate backwards so that
	// after the softmax backward operation completes, the cache retains the
	// part of the matrix close to the upper left corner, which benefits the
	// matmul operation that immediately follows.
	// int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank(); // forward order
	idx := (t.GridDim.X-t.BlockIdx.X-1)*warp.MetaGroupSize() + warp.MetaGroupRank() // backward order
	if idx >= N*T {
		return
	}
	ownPos := idx % T
	posBy4 := ownPos / 4

	// one row of inp, i.e. inp[idx, :] of shape (T,)
	x := inp[idx*T:]

	// not INF, so we don't get NaNs accidentally when subtracting two values.
	maxval := float32(-math.MaxFloat32)
	sumval := float32(0.0)

	xVec := toFloat4s(x)
	for i := warp.ThreadRank(); i < posBy4; i += warp.Size() {
		v := xVec[i]
		oldMaxval := maxval
		for k := 0; k < 4; k++ {
			maxval = fmaxf(maxval, vecAt(&v, k))
		}
		sumval *= expf(invTemperature * (oldMaxval - maxval))
		for k := 0; k < 4; k++ {
			sumval += expf(invTemperature * (vecAt(&v, k) - maxval))
		}
	}

	if 4*posBy4+warp.ThreadRank() <= ownPos {
		oldMaxval := maxval
		maxval = fmaxf(maxval, x[4*posBy4+warp.ThreadRank()])
		sumval *= expf(invTemperature * (oldMaxval - maxval))
		sumval += expf(invTemperature * (x[4*posBy4+warp.ThreadRank()] - maxval))
	}

	globalMaxval := cg.Reduce(warp, maxval, cg.Greater[float32])
	sumval *= expf(invTemperature * (maxval - globalMaxval))

	sum := cg.Reduce(warp, sumval, cg.Plus[float32])
	norm := 1. / sum

	// divide the whole row by the sum
	for i := warp.ThreadRank(); i <= ownPos; i += warp.Size() {
		// recalculation is faster than doing the round-trip through memory.
		ev := expf(invTemperature * (x[i] - globalMaxval))
		out[idx*T+i] = ev * norm
	}
}

// PermuteKernel is permute_kernel of train_gpt2_fp32.cu: QKV of shape
// (B, N, 3, NH, d) split into Q, K and V of shape (B, NH, N, d).
//
//gocuda:kernel PermuteKernel
func permuteKernel(t *gocuda.Thread, q, k, v []float32, inp []float32, B, N, NH, d int) {
	// okay so now, this kernel wants Q,K,V to all be of shape (B, NH, N, d)
	// but instead, we have a single tensor QKV (inp) of shape (B, N, 3, NH, d)
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	// Q[b][nh_][n][d_] = inp[b][n][0][nh_][d_]
	if idx < B*NH*N*d {
		b := idx / (NH * N * d)
		rest := idx % (NH * N * d)
		nh_ := rest / (N * d)
		rest = rest % (N * d)
		n := rest / d
		d_ := rest % d
		inpIdx := (b * N * 3 * NH * d) + (n * 3 * NH * d) + (0 * NH * d) + (nh_ * d) + d_
		q[idx] = inp[inpIdx]
		k[idx] = inp[inpIdx+NH*d]
		v[idx] = inp[inpIdx+2*(NH*d)]
	}
}

// UnpermuteKernel is unpermute_kernel of train_gpt2_fp32.cu: inp of shape
// (B, NH, N, d) written to out as (B, N, NH, d).
//
//gocuda:kernel UnpermuteKernel
func unpermuteKernel(t *gocuda.Thread, inp []float32, out []float32, B, N, NH, d int) {
	// out has shape (B, nh, N, d) but we need to unpermute it to (B, N, nh, d)
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	// out[b][n][nh_][d_] <- inp[b][nh_][n][d_]
	if idx < B*NH*N*d {
		b := idx / (NH * N * d)
		rest := idx % (NH * N * d)
		nh_ := rest / (N * d)
		rest = rest % (N * d)
		n := rest / d
		d_ := rest % d
		otherIdx := (b * NH * N * d) + (n * NH * d) + (nh_ * d) + d_
		out[otherIdx] = inp[idx]
	}
}

// geluScalingFactor is GELU_SCALING_FACTOR, the macro sqrtf(2.0f / M_PI).
func geluScalingFactor() float32 { return sqrtf(float32(2.0 / math.Pi)) }

// GeluForwardKernel is gelu_forward_kernel of train_gpt2_fp32.cu: the
// tanh approximation of GELU, elementwise.
//
//gocuda:kernel GeluForwardKernel
func geluForwardKernel(t *gocuda.Thread, out []float32, inp []float32, N int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < N {
		xi := inp[i]
		cube := 0.044715 * xi * xi * xi
		out[i] = 0.5 * xi * (1.0 + tanhf(geluScalingFactor()*(xi+cube)))
	}
}

// GeluBackwardKernel is gelu_backward_kernel of train_gpt2_fp32.cu: the
// derivative of the tanh GELU times dout, elementwise.
//
//gocuda:kernel GeluBackwardKernel
func geluBackwardKernel(t *gocuda.Thread, dinp []float32, inp, dout []float32, N int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < N {
		x := inp[i]
		cube := 0.044715 * x * x * x
		tanhArg := geluScalingFactor() * (x + cube)
		tanhOut := tanhf(tanhArg)
		coshfOut := coshf(tanhArg)
		sechOut := 1.0 / (coshfOut * coshfOut)
		localGrad := 0.5*(1.0+tanhOut) + x*0.5*sechOut*geluScalingFactor()*(1.0+3.0*0.044715*x*x)
		dinp[i] = localGrad * dout[i]
	}
}
