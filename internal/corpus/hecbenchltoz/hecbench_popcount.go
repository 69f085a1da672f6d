package hecbenchltoz

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's popcount benchmark (zjin-lcf/HeCBench at
// f27000a, src/popcount-cuda/main.cu): pc1 to pc6, six ways to count the
// set bits of 64-bit words (bit slicing, a multiply, Kernighan's loop, a
// loop over the bits, a __constant__ table and __popcll).

// main.cu's m1, m2, m4 and h01.
const (
	pcM1  = 0x5555555555555555
	pcM2  = 0x3333333333333333
	pcM4  = 0x0f0f0f0f0f0f0f0f
	pcH01 = 0x0101010101010101
)

// Pc1Kernel is pc1 of popcount-cuda.
//
//gocuda:kernel Pc1Kernel
func pc1Kernel(t *gocuda.Thread, data []uint64, r []int32, length int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= length {
		return
	}
	x := data[i]
	x -= (x >> 1) & pcM1               //put count of each 2 bits into those 2 bits
	x = (x & pcM2) + ((x >> 2) & pcM2) //put count of each 4 bits into those 4 bits
	x = (x + (x >> 4)) & pcM4          //put count of each 8 bits into those 8 bits
	x += x >> 8                        //put count of each 16 bits into their lowest 8 bits
	x += x >> 16                       //put count of each 32 bits into their lowest 8 bits
	x += x >> 32                       //put count of each 64 bits into their lowest 8 bits
	r[i] = int32(x & 0x7f)
}

// Pc2Kernel is pc2 of popcount-cuda.
//
//gocuda:kernel Pc2Kernel
func pc2Kernel(t *gocuda.Thread, data []uint64, r []int32, length int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= length {
		return
	}
	x := data[i]
	x -= (x >> 1) & pcM1               //put count of each 2 bits into those 2 bits
	x = (x & pcM2) + ((x >> 2) & pcM2) //put count of each 4 bits into those 4 bits
	x = (x + (x >> 4)) & pcM4          //put count of each 8 bits into those 8 bits
	r[i] = int32((x * pcH01) >> 56)    //returns left 8 bits of x + (x<<8) + (x<<16) + (x<<24) + ...
}

// Pc3Kernel is pc3 of popcount-cuda.
//
//gocuda:kernel Pc3Kernel
func pc3Kernel(t *gocuda.Thread, data []uint64, r []int32, length int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= length {
		return
	}
	var count int8
	x := data[i]
	for count = 0; x != 0; count++ {
		x &= x - 1
	}
	r[i] = int32(count)
}

// Pc4Kernel is pc4 of popcount-cuda.
//
//gocuda:kernel Pc4Kernel
func pc4Kernel(t *gocuda.Thread, data []uint64, r []int32, length int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= length {
		return
	}
	x := data[i]
	cnt := int8(0)
	for i := int8(0); i < 64; i++ {
		cnt = int8(uint64(cnt) + (x & 0x1))
		x = x >> 1
	}
	r[i] = int32(cnt)
}

// Pc5Kernel is pc5 of popcount-cuda: lut is the __constant__ table of
// the bit counts of the bytes.
//
//gocuda:kernel Pc5Kernel
func pc5Kernel(t *gocuda.Thread, data []uint64, r []int32, length int, lut []uint8) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= length {
		return
	}
	x := data[i]
	i1 := lut[(x & 0xFF)]
	i2 := lut[(x>>8)&0xFF]
	i3 := lut[(x>>16)&0xFF]
	i4 := lut[(x>>24)&0xFF]
	i5 := lut[(x>>32)&0xFF]
	i6 := lut[(x>>40)&0xFF]
	i7 := lut[(x>>48)&0xFF]
	i8 := lut[(x>>56)&0xFF]
	r[i] = (int32(i1) + int32(i2)) + (int32(i3) + int32(i4)) + (int32(i5) + int32(i6)) + (int32(i7) + int32(i8))
}

// Pc6Kernel is pc6 of popcount-cuda.
//
//gocuda:kernel Pc6Kernel
func pc6Kernel(t *gocuda.Thread, data []uint64, r []int32, length int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= length {
		return
	}
	r[i] = int32(bits.OnesCount64(data[i]))
}
