package hecbenchrodinia

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the hash kernels of HeCBench (zjin-lcf/HeCBench at
// f27000a): jk3_hash_kernel of src/jenkins-hash-cuda/main.cu (Bob
// Jenkins's lookup3 hashlittle, one key per thread) and
// MurmurHash3_x64_128_kernel of src/murmurhash3-cuda/murmurhash3.cu
// (Austin Appleby's MurmurHash3, one key per thread). The C macros rot, mix
// and final are functions; mix and final return the three words they
// update.

// jhRot is lookup3's rot macro.
func jhRot(x, k uint32) uint32 { return (x << k) | (x >> (32 - k)) }

// jhMix is lookup3's mix macro: mix 3 32-bit values reversibly.
func jhMix(a, b, c uint32) (uint32, uint32, uint32) {
	a -= c
	a ^= jhRot(c, 4)
	c += b
	b -= a
	b ^= jhRot(a, 6)
	a += c
	c -= b
	c ^= jhRot(b, 8)
	b += a
	a -= c
	a ^= jhRot(c, 16)
	c += b
	b -= a
	b ^= jhRot(a, 19)
	a += c
	c -= b
	c ^= jhRot(b, 4)
	b += a
	return a, b, c
}

// jhFinal is lookup3's final macro: final mixing of 3 32-bit values
// (a,b,c) into c.
func jhFinal(a, b, c uint32) (uint32, uint32, uint32) {
	c ^= b
	c -= jhRot(b, 14)
	a ^= c
	a -= jhRot(c, 11)
	b ^= a
	b -= jhRot(a, 25)
	c ^= b
	c -= jhRot(b, 16)
	a ^= c
	a -= jhRot(c, 4)
	b ^= a
	b -= jhRot(a, 14)
	c ^= b
	c -= jhRot(b, 24)
	return a, b, c
}

// mixRemainder is mixRemainder of jenkins-hash's main.cu: the last
// (probably partial) block of 12 bytes, k0..k2, masked to the key's
// remaining length, mixed into c; a zero length returns c unmixed.
func mixRemainder(a, b, c, k0, k1, k2, length uint32) uint32 {
	switch length {
	case 12:
		c += k2
		b += k1
		a += k0
	case 11:
		c += k2 & 0xffffff
		b += k1
		a += k0
	case 10:
		c += k2 & 0xffff
		b += k1
		a += k0
	case 9:
		c += k2 & 0xff
		b += k1
		a += k0
	case 8:
		b += k1
		a += k0
	case 7:
		b += k1 & 0xffffff
		a += k0
	case 6:
		b += k1 & 0xffff
		a += k0
	case 5:
		b += k1 & 0xff
		a += k0
	case 4:
		a += k0
	case 3:
		a += k0 & 0xffffff
	case 2:
		a += k0 & 0xffff
	case 1:
		a += k0 & 0xff
	case 0:
		return c /* zero length strings require no mixing */
	}

	a, b, c = jhFinal(a, b, c)
	return c
}

// toUint3s is a (const uint3*) cast of a pointer to unsigned ints: s
// viewed as len(s)/3 uint3s.
func toUint3s(s []uint32) []uint3 {
	if len(s) < 3 {
		return nil
	}
	return unsafe.Slice((*uint3)(unsafe.Pointer(&s[0])), len(s)/3)
}

// Jk3HashKernel is jk3_hash_kernel of jenkins-hash's main.cu: thread id
// hashes key id, lengths[id] bytes (at most 60) of the 16 words at
// keys[16*id:], with initvals[id], read 12 bytes at a time as uint3s.
//
//gocuda:kernel Jk3HashKernel
func jk3HashKernel(t *gocuda.Thread, lengths []uint32, initvals []uint32, keys []uint32, out []uint32, N int) {
	id := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	if id >= N {
		return
	}
	length := lengths[id]
	initval := initvals[id]
	k := toUint3s(keys[id*16:]) // each key has at most 15 words (60 bytes)

	/* Set up the internal state */
	var a, b, c uint32
	c = 0xdeadbeef + length + initval
	b = c
	a = b

	/*------ all but last block: aligned reads and affect 32 bits of (a,b,c) */
	var v uint3
	for length > 12 {
		v = k[0]
		k = k[1:]
		a += v.X
		b += v.Y
		c += v.Z
		a, b, c = jhMix(a, b, c)
		length -= 12
	}
	v = k[0]

	/*----------------------------- handle the last (probably partial) block */
	out[id] = mixRemainder(a, b, c, v.X, v.Y, v.Z, length)
}

// rotl64 is murmurhash3.cu's rotl64.
func rotl64(x uint64, r int8) uint64 {
	return (x << r) | (x >> (64 - r))
}

// getblock64 is murmurhash3.cu's getblock64: the i-th 8-byte block of p,
// little-endian.
func getblock64(p []uint8, i uint32) uint64 {
	var s uint64 = 0
	for n := uint32(0); n < 8; n++ {
		s |= uint64(p[8*i+n]) << (n * 8)
	}
	return s
}

// fmix64 is murmurhash3.cu's fmix64: force all bits of a hash block to
// avalanche.
func fmix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}

// murmurHash3X64128 is MurmurHash3_x64_128 of murmurhash3.cu: the 128-bit
// hash of the len bytes of key with seed, into out[0] and out[1].
func murmurHash3X64128(key []uint8, len uint32, seed uint32, out []uint64) {
	data := key
	nblocks := len / 16

	h1 := uint64(seed)
	h2 := uint64(seed)

	const c1 uint64 = 0x87c37b91114253d5
	const c2 uint64 = 0x4cf5ad432745937f

	for i := uint32(0); i < nblocks; i++ {
		k1 := getblock64(data, i*2+0)
		k2 := getblock64(data, i*2+1)

		k1 *= c1
		k1 = rotl64(k1, 31)
		k1 *= c2
		h1 ^= k1

		h1 = rotl64(h1, 27)
		h1 += h2
		h1 = h1*5 + 0x52dce729

		k2 *= c2
		k2 = rotl64(k2, 33)
		k2 *= c1
		h2 ^= k2

		h2 = rotl64(h2, 31)
		h2 += h1
		h2 = h2*5 + 0x38495ab5
	}

	tail := data[nblocks*16:]

	var k1 uint64 = 0
	var k2 uint64 = 0

	switch len & 15 {
	case 15:
		k2 ^= uint64(tail[14]) << 48
		fallthrough
	case 14:
		k2 ^= uint64(tail[13]) << 40
		fallthrough
	case 13:
		k2 ^= uint64(tail[12]) << 32
		fallthrough
	case 12:
		k2 ^= uint64(tail[11]) << 24
		fallthrough
	case 11:
		k2 ^= uint64(tail[10]) << 16
		fallthrough
	case 10:
		k2 ^= uint64(tail[9]) << 8
		fallthrough
	case 9:
		k2 ^= uint64(tail[8]) << 0
		k2 *= c2
		k2 = rotl64(k2, 33)
		k2 *= c1
		h2 ^= k2
		fallthrough

	case 8:
		k1 ^= uint64(tail[7]) << 56
		fallthrough
	case 7:
		k1 ^= uint64(tail[6]) << 48
		fallthrough
	case 6:
		k1 ^= uint64(tail[5]) << 40
		fallthrough
	case 5:
		k1 ^= uint64(tail[4]) << 32
		fallthrough
	case 4:
		k1 ^= uint64(tail[3]) << 24
		fallthrough
	case 3:
		k1 ^= uint64(tail[2]) << 16
		fallthrough
	case 2:
		k1 ^= uint64(tail[1]) << 8
		fallthrough
	case 1:
		k1 ^= uint64(tail[0]) << 0
		k1 *= c1
		k1 = rotl64(k1, 31)
		k1 *= c2
		h1 ^= k1
	}

	h1 ^= uint64(len)
	h2 ^= uint64(len)

	h1 += h2
	h2 += h1

	h1 = fmix64(h1)
	h2 = fmix64(h2)

	h1 += h2
	h2 += h1

	out[0] = h1
	out[1] = h2
}

// MurmurHash3Kernel is MurmurHash3_x64_128_kernel of murmurhash3.cu:
// thread i hashes the length[i] bytes of dKeys at offset dLength[i], with
// seed i, into dOut[2i] and dOut[2i+1].
//
//gocuda:kernel MurmurHash3Kernel
func murmurHash3X64128Kernel(t *gocuda.Thread, dKeys []uint8, dLength []uint32, length []uint32, dOut []uint64, numKeys uint32) {
	i := uint32(t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)
	if i < numKeys {
		murmurHash3X64128(dKeys[dLength[i]:], length[i], i, dOut[i*2:])
	}
}
