package hecbenchwarp

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's dwconv1d benchmark (zjin-lcf/HeCBench at
// f27000a, src/dwconv1d-cuda/src/timex.cu, BlinkDL's RWKV "TimeX"
// depthwise causal convolution): kernel_forward<F> and
// kernel_backward<F>, four time steps a thread, BF (or BB) batch rows a
// block staged in shared memory by float4 loads, sums kept in local
// float4 arrays reached by pointer. F is float; Tmax, BF and BB, passed
// by the compiler's -D flags, are run.py's 768, 8 and 2. The F4 macro's
// float4 loads and stores go through package unsafe; the pointers into
// shared memory offset from its start are subslices, and float4 *s = ss
// + j is a pointer to the array element.

// dwTmax, dwBF and dwBB are run.py's T_MAX, B_GROUP_FORWARD and
// B_GROUP_BACKWARD.
const (
	dwTmax = 768
	dwBF   = 8
	dwBB   = 2
)

// Float4 is CUDA's float4.
type Float4 struct{ X, Y, Z, W float32 }

// f4 is timex.cu's F4 macro: the float4 at element b of a (b a multiple
// of 4).
func f4(a []float32, b int32) *Float4 {
	return (*Float4)(unsafe.Pointer(&a[b>>2<<2]))
}

// DwconvForwardKernel is kernel_forward of dwconv1d-cuda: x[b][c][t] =
// eps + sum over u <= t of w[c][T−1−(t−u)]·k[b][c][u].
//
//gocuda:kernel DwconvForwardKernel
func dwconvForwardKernel(t *gocuda.Thread, w_, k_, x []float32, eps float32, B, C, T int32) {
	i := int32(t.BlockIdx.Y)
	tt := int32(t.ThreadIdx.X) << 2
	ti := tt + T*i
	tj := T * (B * C) / dwBF

	ww := gocuda.Shared[float32](t, dwTmax)
	kk := gocuda.Shared[float32](t, dwTmax*dwBF)
	*f4(ww, tt) = *f4(w_, tt+T*(i%C))
	for j := int32(0); j < dwBF; j++ {
		*f4(kk, tt+dwTmax*j) = *f4(k_, ti+tj*j)
	}
	t.SyncThreads()

	var ss [dwBF]Float4
	for j := 0; j < dwBF; j++ {
		ss[j] = Float4{eps, eps, eps, eps}
	}
	for u := int32(0); u <= tt; u++ {
		w := ww[T-tt+u-4:]
		for j := int32(0); j < dwBF; j++ {
			s := &ss[j]
			k := kk[u+dwTmax*j]
			s.X += w[3] * k
			s.Y += w[2] * k
			s.Z += w[1] * k
			s.W += w[0] * k
		}
	}
	for j := int32(0); j < dwBF; j++ {
		s := &ss[j]
		w := ww[T-3:]
		k := kk[dwTmax*j+tt+1:]
		s.Y += w[2] * k[0]
		s.Z += w[1] * k[0]
		s.Z += w[2] * k[1]
		s.W += w[0] * k[0]
		s.W += w[1] * k[1]
		s.W += w[2] * k[2]
		*f4(x, ti+tj*j) = *s
	}
}

// DwconvBackwardKernel is kernel_backward of dwconv1d-cuda: the gradients
// gw (per batch row) and gk of the forward convolution from gwk.
//
//gocuda:kernel DwconvBackwardKernel
func dwconvBackwardKernel(t *gocuda.Thread, w_, k_, gwk_, gw, gk []float32, B, C, T int32) {
	i := int32(t.BlockIdx.Y)
	tt := int32(t.ThreadIdx.X) << 2
	ti := tt + T*i
	tj := T * (B * C) / dwBB

	ww := gocuda.Shared[float32](t, dwTmax)
	kk := gocuda.Shared[float32](t, dwTmax*dwBB)
	gg := gocuda.Shared[float32](t, dwTmax*dwBB)
	*f4(ww, tt) = *f4(w_, tt+T*(i%C))
	for j := int32(0); j < dwBB; j++ {
		*f4(kk, tt+dwTmax*j) = *f4(k_, ti+tj*j)
		*f4(gg, tt+dwTmax*j) = *f4(gwk_, ti+tj*j)
	}
	t.SyncThreads()

	var ss [dwBB]Float4
	for j := 0; j < dwBB; j++ {
		ss[j] = Float4{0, 0, 0, 0}
	}
	for u := int32(0); u <= tt; u++ {
		for j := int32(0); j < dwBB; j++ {
			s := &ss[j]
			g := gg[dwTmax*j+T-tt+u-4:]
			k := kk[u+dwTmax*j]
			s.X += g[3] * k
			s.Y += g[2] * k
			s.Z += g[1] * k
			s.W += g[0] * k
		}
	}
	for j := int32(0); j < dwBB; j++ {
		s := &ss[j]
		k := kk[dwTmax*j+tt+1:]
		g := gg[dwTmax*j+T-3:]
		s.Y += g[2] * k[0]
		s.Z += g[1] * k[0]
		s.Z += g[2] * k[1]
		s.W += g[0] * k[0]
		s.W += g[1] * k[1]
		s.W += g[2] * k[2]
		*f4(gw, ti+tj*j) = *s
	}

	for j := 0; j < dwBB; j++ {
		ss[j] = Float4{0, 0, 0, 0}
	}
	for u := tt + 3; u < T; u++ {
		w := ww[u]
		for j := int32(0); j < dwBB; j++ {
			s := &ss[j]
			g := gg[dwTmax*j+T+tt-u-1:]
			s.X += g[0] * w
			s.Y += g[1] * w
			s.Z += g[2] * w
			s.W += g[3] * w
		}
	}
	for j := int32(0); j < dwBB; j++ {
		s := &ss[j]
		g := gg[dwTmax*j+T-3:]
		w := ww[tt:]
		s.X += g[2] * w[0]
		s.X += g[1] * w[1]
		s.X += g[0] * w[2]
		s.Y += g[2] * w[1]
		s.Y += g[1] * w[2]
		s.Z += g[2] * w[2]
		*f4(gk, ti+tj*j) = *s
	}
}
