package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's src/lrn-cuda/kernels.h (zjin-lcf/HeCBench at
// f27000a), oneDNN's reference local response normalization across
// channels, forward and backward: each kernel's grid-stride loop builds,
// per element, a family of [=] lambdas (data_off, get_omega, ker,
// Operation) that capture the kernel's arguments and one another by value
// and call one another. They are Go function literals; nothing assigns to
// what they capture after they are made, so Go's capture by reference
// reads the same values C++'s copies hold. The originals' quirks stay:
// data_off ignores the depth index d (so the threads of all depths write
// the same place, the same value), and the backward get_omega sums the
// squares into an int (`auto sum = 0`), truncating after each addition.

// LrnFwdKernel is lrn_fwd_kernel of lrn-cuda: dst = src · (k + α/size ·
// Σ src² over the size channels around c)^(-3/4).
//
//gocuda:kernel LrnFwdKernel
func lrnFwdKernel(t *gocuda.Thread, src, dst []float32, n, c, d, h, w, strideMb, ndims, wkSize, size int64, alpha, beta, k float32) {
	for idx := int64(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X); idx < wkSize; idx += int64(t.BlockDim.X * t.GridDim.X) {

		dataOff := func(mb, c_, d_, h_, w_ int64) int64 {
			tag := int64(0)
			switch tag {
			case 0:
				return mb*strideMb + c_*h*w + h_*w + w_
			case 1:
				return mb*strideMb + h_*w*c + w_*c + c_
			default:
				return int64(1)
			}
		}

		ker := func(mb, oc, od, oh, ow int64) float32 {
			sum := float32(0)
			halfSize := (size - 1) / 2
			acrossChannel := true
			if acrossChannel {
				cSt := max(oc-halfSize+0, int64(0))
				cEn := min(oc+halfSize+1, c)

				for c_ := cSt; c_ < cEn; c_++ {
					sOff := dataOff(mb, c_, od, oh, ow)
					s := src[sOff]
					sum += s * s
				}
			} else {
				dSt := max(od-halfSize+0, int64(0))
				dEn := min(od+halfSize+1, d)
				hSt := max(oh-halfSize+0, int64(0))
				hEn := min(oh+halfSize+1, h)
				wSt := max(ow-halfSize+0, int64(0))
				wEn := min(ow+halfSize+1, w)
				for d_ := dSt; d_ < dEn; d_++ {
					for h_ := hSt; h_ < hEn; h_++ {
						for w_ := wSt; w_ < wEn; w_++ {
							sOff := dataOff(mb, oc, d_, h_, w_)
							s := src[sOff]
							sum += s * s
						}
					}
				}
			}
			sum = k + alpha*sum/float32(size)
			sOff := dataOff(mb, oc, od, oh, ow)
			s := src[sOff]
			return s * sqrtf(1.0/(sqrtf(sum)*sum))
		}

		operation := func(mb, c_, d_, h_, w_ int64) {
			channel := false
			if channel {
				off := mb*strideMb + h_*w*c + w_*c + c_
				val := ker(mb, c_, 0, h_, w_)
				dst[off] = val
			} else {
				off := dataOff(mb, c_, d_, h_, w_)
				val := ker(mb, c_, d_, h_, w_)
				dst[off] = val
			}
		}

		ni := (idx / (c * d * h * w)) % n
		ci := (idx / (d * h * w)) % c
		di := (idx / (h * w)) % d
		hi := (idx / w) % h
		wi := (idx / 1) % w

		operation(ni, ci, di, hi, wi)
	}
}

// LrnBwdKernel is lrn_bwd_kernel of lrn-cuda: the gradient of LRN with
// respect to src, dst holding the incoming gradient: A - 2αβ·src/size ·
// B, where A is ω^(-3/4)·dst at the element and B sums src·ω^(-3/4)·dst/ω
// over the channel window, ω from get_omega.
//
//gocuda:kernel LrnBwdKernel
func lrnBwdKernel(t *gocuda.Thread, src, dst, diffSrcMem []float32, n, c, d, h, w, strideMb, ndims, wkSize, size int64, alpha, beta, k float32) {
	for idx := int64(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X); idx < wkSize; idx += int64(t.BlockDim.X * t.GridDim.X) {

		dataOff := func(mb, c_, d_, h_, w_ int64) int64 {
			tag := int64(0)
			switch tag {
			case 0:
				return mb*strideMb + c_*h*w + h_*w + w_
			case 1:
				return mb*strideMb + h_*w*c + w_*c + c_
			default:
				return int64(1)
			}
		}

		getOmega := func(mb, oc, od, oh, ow int64) float32 {
			// The original's `auto sum = 0` is an int.
			sum := int32(0)
			halfSize := (size - 1) / 2
			acrossChannel := true
			if acrossChannel {
				cSt := max(oc-halfSize+0, int64(0))
				cEn := min(oc+halfSize+1, c)

				for c_ := cSt; c_ < cEn; c_++ {
					sOff := dataOff(mb, c_, od, oh, ow)
					s := src[sOff]
					sum = int32(float32(sum) + s*s)
				}
			} else {
				dSt := max(od-halfSize+0, int64(0))
				dEn := min(od+halfSize+1, d)
				hSt := max(oh-halfSize+0, int64(0))
				hEn := min(oh+halfSize+1, h)
				wSt := max(ow-halfSize+0, int64(0))
				wEn := min(ow+halfSize+1, w)
				for d_ := dSt; d_ < dEn; d_++ {
					for h_ := hSt; h_ < hEn; h_++ {
						for w_ := wSt; w_ < wEn; w_++ {
							sOff := dataOff(mb, oc, d_, h_, w_)
							s := src[sOff]
							sum = int32(float32(sum) + s*s)
						}
					}
				}
			}
			return k + alpha*float32(sum)/float32(size)
		}

		ker := func(mb, oc, od, oh, ow int64) float32 {
			a, b := float32(0), float32(0)
			halfSize := (size - 1) / 2
			acrossChannel := true
			if acrossChannel {
				cSt := max(oc-halfSize+0, int64(0))
				cEn := min(oc+halfSize+1, c)

				for c_ := cSt; c_ < cEn; c_++ {
					off := dataOff(mb, c_, od, oh, ow)
					omega := getOmega(mb, c_, od, oh, ow)
					omegaInBeta := sqrtf(1.0 / (sqrtf(omega) * omega))

					dstVal := dst[off]
					tmp := omegaInBeta * dstVal
					if c_ == oc {
						a = tmp
					}
					srcVal := src[off]
					b += srcVal * tmp / omega
				}
			} else {
				dSt := max(od-halfSize+0, int64(0))
				dEn := min(od+halfSize+1, d)
				hSt := max(oh-halfSize+0, int64(0))
				hEn := min(oh+halfSize+1, h)
				wSt := max(ow-halfSize+0, int64(0))
				wEn := min(ow+halfSize+1, w)
				for d_ := dSt; d_ < dEn; d_++ {
					for h_ := hSt; h_ < hEn; h_++ {
						for w_ := wSt; w_ < wEn; w_++ {
							off := dataOff(mb, oc, d_, h_, w_)
							omega := getOmega(mb, oc, d_, h_, w_)
							omegaInBeta := sqrtf(1.0 / (sqrtf(omega) * omega))

							dstVal := dst[off]
							tmp := omegaInBeta * dstVal
							if d_ == od && h_ == oh && w_ == ow {
								a = tmp
							}
							srcVal := src[off]
							b += srcVal * tmp / omega
						}
					}
				}
			}
			off := dataOff(mb, oc, od, oh, ow)
			srcVal := src[off]
			b *= 2.0 * alpha * beta * srcVal / float32(size)
			return a - b
		}

		operation := func(mb, c_, d_, h_, w_ int64) {
			channel := false
			if channel {
				off := mb*strideMb + h_*w*c + w_*c + c_
				val := ker(mb, c_, 0, h_, w_)
				dst[off] = val
			} else {
				off := dataOff(mb, c_, d_, h_, w_)
				val := ker(mb, c_, d_, h_, w_)
				diffSrcMem[off] = val
			}
		}

		ni := (idx / (c * d * h * w)) % n
		ci := (idx / (d * h * w)) % c
		di := (idx / (h * w)) % d
		hi := (idx / w) % h
		wi := (idx / 1) % w

		operation(ni, ci, di, hi, wi)
	}
}
