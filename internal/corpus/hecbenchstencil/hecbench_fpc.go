package hecbenchstencil

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's fpc (src/fpc-cuda/main.cu at f27000a), the
// frequent-pattern compression size estimate: fpc_kernel, an else-if
// chain, and fpc2_kernel, the seven patterns as __device__ functions f1 to
// f7 that set a flag through a pointer to a local bool; both sum the
// sizes into a __shared__ unsigned by atomicAdd. ulong is uint64 (unsigned
// long on the original's Linux); (int)value keeps the low 32 bits.

// myAbs is fpc's my_abs (__host__ __device__): |x| by the sign mask.
func myAbs(x int32) uint32 {
	t := uint32(x >> 31)
	return (uint32(x) ^ t) - t
}

// f1 is fpc's f1: the zero pattern (000).
func f1(value uint64, mask *bool) uint32 {
	if value == 0 {
		*mask = true
	}
	return 1
}

// f2 is fpc's f2: a sign-extended byte (001, 010).
func f2(value uint64, mask *bool) uint32 {
	if myAbs(int32(value)) <= 0xFF {
		*mask = true
	}
	return 1
}

// f3 is fpc's f3: a sign-extended halfword (011).
func f3(value uint64, mask *bool) uint32 {
	if myAbs(int32(value)) <= 0xFFFF {
		*mask = true
	}
	return 2
}

// f4 is fpc's f4: a halfword padded with zeros (100).
func f4(value uint64, mask *bool) uint32 {
	if (value & 0xFFFF) == 0 {
		*mask = true
	}
	return 2
}

// f5 is fpc's f5: two sign-extended bytes (101).
func f5(value uint64, mask *bool) uint32 {
	if myAbs(int32(value&0xFFFF)) <= 0xFF &&
		myAbs(int32((value>>16)&0xFFFF)) <= 0xFF {
		*mask = true
	}
	return 2
}

// f6 is fpc's f6: a repeated byte (110).
func f6(value uint64, mask *bool) uint32 {
	byte0 := uint32(value & 0xFF)
	byte1 := uint32((value >> 8) & 0xFF)
	byte2 := uint32((value >> 16) & 0xFF)
	byte3 := uint32((value >> 24) & 0xFF)
	if byte0 == byte1 && byte0 == byte2 && byte0 == byte3 {
		*mask = true
	}
	return 1
}

// f7 is fpc's f7: uncompressed (111).
func f7(value uint64, mask *bool) uint32 {
	*mask = true
	return 4
}

// FpcKernel is fpc_kernel: each thread classifies its word, the block sums
// the sizes in shared memory, its last thread adds the sum to cmp_size.
//
//gocuda:kernel FpcKernel
func fpcKernel(t *gocuda.Thread, values []uint64, cmpSize []uint32) {
	compressable := gocuda.Shared[uint32](t, 1)
	lid := t.ThreadIdx.X
	WGS := t.BlockDim.X
	gid := t.BlockIdx.X*WGS + lid

	value := values[gid]
	var inc uint32

	if value == 0 { // 000
		inc = 1
	} else if myAbs(int32(value)) <= 0xFF { // 001 010
		inc = 1
	} else if myAbs(int32(value)) <= 0xFFFF { // 011
		inc = 2
	} else if (value & 0xFFFF) == 0 { //100
		inc = 2
	} else if myAbs(int32(value&0xFFFF)) <= 0xFF &&
		myAbs(int32((value>>16)&0xFFFF)) <= 0xFF { //101
		inc = 2
	} else if ((value & 0xFF) == ((value >> 8) & 0xFF)) &&
		((value & 0xFF) == ((value >> 16) & 0xFF)) &&
		((value & 0xFF) == ((value >> 24) & 0xFF)) { //110
		inc = 1
	} else {
		inc = 4
	}

	if lid == 0 {
		compressable[0] = 0
	}
	t.SyncThreads()

	atomic.Add(&compressable[0], inc)
	t.SyncThreads()
	if lid == WGS-1 {
		atomic.Add(&cmpSize[0], compressable[0])
	}
}

// Fpc2Kernel is fpc2_kernel: all seven pattern functions are called, each
// setting its own local flag through a pointer, and the first flag set
// picks the size.
//
//gocuda:kernel Fpc2Kernel
func fpc2Kernel(t *gocuda.Thread, values []uint64, cmpSize []uint32) {
	compressable := gocuda.Shared[uint32](t, 1)
	lid := t.ThreadIdx.X
	WGS := t.BlockDim.X
	gid := t.BlockIdx.X*WGS + lid

	var inc uint32

	m1 := false
	m2 := false
	m3 := false
	m4 := false
	m5 := false
	m6 := false
	m7 := false

	value := values[gid]
	inc1 := f1(value, &m1)
	inc2 := f2(value, &m2)
	inc3 := f3(value, &m3)
	inc4 := f4(value, &m4)
	inc5 := f5(value, &m5)
	inc6 := f6(value, &m6)
	inc7 := f7(value, &m7)

	if m1 {
		inc = inc1
	} else if m2 {
		inc = inc2
	} else if m3 {
		inc = inc3
	} else if m4 {
		inc = inc4
	} else if m5 {
		inc = inc5
	} else if m6 {
		inc = inc6
	} else {
		inc = inc7
	}

	if lid == 0 {
		compressable[0] = 0
	}
	t.SyncThreads()

	atomic.Add(&compressable[0], inc)
	t.SyncThreads()
	if lid == WGS-1 {
		atomic.Add(&cmpSize[0], compressable[0])
	}
}
