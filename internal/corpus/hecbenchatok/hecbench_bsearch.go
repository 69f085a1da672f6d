package hecbenchatok

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's bsearch benchmark (zjin-lcf/HeCBench at
// f27000a, src/bsearch-cuda/main.cu): four binary searches of keys in a
// strictly ascending array, Real_t float, size_t uint64; the fourth
// computes the first probe once per block into a shared scalar after an
// early return of the threads past the keys.

// KernelBSKernel is kernel_BS<float> of main.cu.
//
//gocuda:kernel KernelBSKernel
func kernelBS(t *gocuda.Thread, accA, accZ []float32, accR []uint64, zSize, n uint64) {
	i := uint64(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if i >= zSize {
		return
	}
	z := accZ[i]
	low := uint64(0)
	high := n
	for high-low > 1 {
		mid := low + (high-low)/2
		if z < accA[mid] {
			high = mid
		} else {
			low = mid
		}
	}
	accR[i] = low
}

// KernelBS2Kernel is kernel_BS2<float> of main.cu.
//
//gocuda:kernel KernelBS2Kernel
func kernelBS2(t *gocuda.Thread, accA, accZ []float32, accR []uint64, zSize, n uint64) {
	i := uint64(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if i >= zSize {
		return
	}
	nbits := uint(0)
	for n>>nbits != 0 {
		nbits++
	}
	k := uint64(1) << (nbits - 1)
	z := accZ[i]
	idx := uint64(0)
	if accA[k] <= z {
		idx = k
	}
	for {
		k >>= 1
		if k == 0 {
			break
		}
		r := idx | k
		if r < n && z >= accA[r] {
			idx = r
		}
	}
	accR[i] = idx
}

// KernelBS3Kernel is kernel_BS3<float> of main.cu.
//
//gocuda:kernel KernelBS3Kernel
func kernelBS3(t *gocuda.Thread, accA, accZ []float32, accR []uint64, zSize, n uint64) {
	i := uint64(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if i >= zSize {
		return
	}
	nbits := uint(0)
	for n>>nbits != 0 {
		nbits++
	}
	k := uint64(1) << (nbits - 1)
	z := accZ[i]
	idx := uint64(0)
	if accA[k] <= z {
		idx = k
	}
	for {
		k >>= 1
		if k == 0 {
			break
		}
		r := idx | k
		w := n
		if r < n {
			w = r
		}
		if z >= accA[w] {
			idx = r
		}
	}
	accR[i] = idx
}

// KernelBS4Kernel is kernel_BS4<float> of main.cu.
//
//gocuda:kernel KernelBS4Kernel
func kernelBS4(t *gocuda.Thread, accA, accZ []float32, accR []uint64, zSize, n uint64) {
	k := gocuda.Shared[uint64](t, 1)

	i := uint64(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if i >= zSize {
		return
	}
	lid := uint64(t.ThreadIdx.X)

	if lid == 0 {
		nbits := uint(0)
		for n>>nbits != 0 {
			nbits++
		}
		k[0] = uint64(1) << (nbits - 1)
	}
	t.SyncThreads()

	p := k[0]
	z := accZ[i]
	idx := uint64(0)
	if accA[p] <= z {
		idx = p
	}
	for {
		p >>= 1
		if p == 0 {
			break
		}
		r := idx | p
		w := n
		if r < n {
			w = r
		}
		if z >= accA[w] {
			idx = r
		}
	}
	accR[i] = idx
}
