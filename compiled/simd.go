package compiled

import (
	mathbits "math/bits"
	"os"

	"github.com/klauspost/cpuid/v2"
)

// SIMD reports whether the vector steps of generated code run: code
// generated for the SIMD build (under SIMDBuild, built with
// GOEXPERIMENT=simd on amd64) runs eight consecutive threads of a
// loop at a time with AVX2 where this is true, and each thread alone
// where it is false. It starts as whether the CPU has AVX2. A test may
// clear it, before any launch, to run the scalar form of the same build;
// it must not change while a kernel runs.
var SIMD = cpuid.CPU.Supports(cpuid.AVX2)

// SIMD512 reports whether the vector steps of generated code run sixteen
// threads at a time with AVX-512 (F, CD, BW, DQ and VL, the set
// archsimd's 512-bit vectors need) before they run eight at a time: it
// starts as whether the CPU has them, unless the environment sets
// GOCUDA_SIMD512=off, and is only read where SIMD is set. A test may clear
// it, as SIMD, to run the eight-lane steps on a CPU that has AVX-512.
var SIMD512 = cpuid.CPU.Supports(cpuid.AVX2, cpuid.AVX512F, cpuid.AVX512CD, cpuid.AVX512BW, cpuid.AVX512DQ, cpuid.AVX512VL) &&
	os.Getenv("GOCUDA_SIMD512") != "off"

// ExitedBits returns the bits of the lanes k (0 to 7) whose threads,
// rank+k, have returned, from the body's record of exited threads.
func ExitedBits(exited []bool, rank int) uint8 {
	var bits uint8
	for k, e := range exited[rank : rank+8] {
		if e {
			bits |= 1 << k
		}
	}
	return bits
}

// SetExited records the threads rank+k of the lanes k set in bits as
// returned.
func SetExited(exited []bool, rank int, bits uint8) {
	for k := range 8 {
		if bits&(1<<k) != 0 {
			exited[rank+k] = true
		}
	}
}

// LaneBits are, for each byte b, the eight int32 lanes set (-1) where
// b's bit is: generated code loads one and converts it to a mask
// (Int32x8.ToMask), which AVX2 has no instruction to make from bits.
var LaneBits = func() (t [256][8]int32) {
	for b := range t {
		for k := range 8 {
			if b&(1<<k) != 0 {
				t[b][k] = -1
			}
		}
	}
	return t
}()

// FirstLane returns the lane (0 to 7) of the lowest bit set in bits, 8
// for none: generated code records the first active lane's thread as
// where a step fails.
func FirstLane(bits uint8) int { return mathbits.TrailingZeros8(bits) }

// ExitedBits16 is ExitedBits for a step of sixteen lanes: lanes k (0 to
// 15).
func ExitedBits16(exited []bool, rank int) uint16 {
	var bits uint16
	for k, e := range exited[rank : rank+16] {
		if e {
			bits |= 1 << k
		}
	}
	return bits
}

// SetExited16 is SetExited for a step of sixteen lanes.
func SetExited16(exited []bool, rank int, bits uint16) {
	for k := range 16 {
		if bits&(1<<k) != 0 {
			exited[rank+k] = true
		}
	}
}

// FirstLane16 is FirstLane for a step of sixteen lanes: 16 for none.
func FirstLane16(bits uint16) int { return mathbits.TrailingZeros16(bits) }

// EvenBits returns bits spread over the even bits of a uint16: bit k of
// bits is bit 2k of the result. A vector step of sixteen lanes storing at
// stride 2 under a mask stores lane k at element 2k of a vector: its
// mask is the lanes' mask spread so.
func EvenBits(bits uint8) uint16 {
	x := uint16(bits)
	x = (x | x<<4) & 0x0f0f
	x = (x | x<<2) & 0x3333
	return (x | x<<1) & 0x5555
}

// ExitedBits4 is ExitedBits for a step of four 64-bit lanes: lanes k
// (0 to 3).
func ExitedBits4(exited []bool, rank int) uint8 {
	var bits uint8
	for k, e := range exited[rank : rank+4] {
		if e {
			bits |= 1 << k
		}
	}
	return bits
}

// LaneBits64 are LaneBits for four int64 lanes (Int64x4.ToMask), for
// each of the sixteen values of four lanes' bits.
var LaneBits64 = func() (t [16][4]int64) {
	for b := range t {
		for k := range 4 {
			if b&(1<<k) != 0 {
				t[b][k] = -1
			}
		}
	}
	return t
}()

// Reach returns n-i clamped to [-1, limit], computed without overflow:
// how far past index i the bound n lies, which the vector steps compare
// with each lane's distance from i (lane k of i+k < n is k < n-i).
func Reach(n, i, limit int) int {
	if n < i {
		return -1
	}
	if d := uint(n) - uint(i); d < uint(limit) { // n-i as unsigned cannot wrap
		return int(d)
	}
	return limit
}

// Trip returns k. The SIMD build's vector steps write the counter of a
// loop they unroll as Trip(k), not the constant k: in the kernel the
// counter is a variable, so expressions of it are evaluated at run time,
// with Go's wrapping arithmetic, where the same expressions of a constant
// would have to fit their types when compiled (uint32(int32(0)^-5) does
// not build; uint32(int32(k)^-5) with k a variable 0 does).
func Trip(k int) int { return k }
