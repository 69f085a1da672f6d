package hecbenchatok

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's aes benchmark (zjin-lcf/HeCBench at f27000a,
// src/aes-cuda/kernels.cu, after AMD's APP SDK AESEncryptDecrypt): AES
// encryption and decryption of 16-byte blocks, one block of 1×4 threads
// each, a thread a row of the state (a uchar4), the rounds a loop of two
// barriers around the shared state's MixColumns. uchar4's operators are
// functions.

// Uchar4 is CUDA's uchar4.
type Uchar4 struct{ X, Y, Z, W uint8 }

// xor4 is uchar4's operator^.
func xor4(a, b Uchar4) Uchar4 { return Uchar4{a.X ^ b.X, a.Y ^ b.Y, a.Z ^ b.Z, a.W ^ b.W} }

// galoisMultiplication is galoisMultiplication of kernels.cu.
func galoisMultiplication(a, b uint8) uint8 {
	var p uint8
	for i := uint32(0); i < 8; i++ {
		if b&1 == 1 {
			p ^= a
		}
		hiBitSet := a & 0x80
		a <<= 1
		if hiBitSet == 0x80 {
			a ^= 0x1b
		}
		b >>= 1
	}
	return p
}

// sboxRead is sboxRead of kernels.cu.
func sboxRead(sbox []uint8, block Uchar4) Uchar4 {
	return Uchar4{sbox[block.X], sbox[block.Y], sbox[block.Z], sbox[block.W]}
}

// mixColumns is mixColumns of kernels.cu.
func mixColumns(block []Uchar4, galiosCoeff []Uchar4, j uint32) Uchar4 {
	bw := uint32(4)

	var x, y, z, w uint8

	x = galoisMultiplication(block[0].X, galiosCoeff[(bw-j)%bw].X)
	y = galoisMultiplication(block[0].Y, galiosCoeff[(bw-j)%bw].X)
	z = galoisMultiplication(block[0].Z, galiosCoeff[(bw-j)%bw].X)
	w = galoisMultiplication(block[0].W, galiosCoeff[(bw-j)%bw].X)

	for k := uint32(1); k < 4; k++ {
		x ^= galoisMultiplication(block[k].X, galiosCoeff[(k+bw-j)%bw].X)
		y ^= galoisMultiplication(block[k].Y, galiosCoeff[(k+bw-j)%bw].X)
		z ^= galoisMultiplication(block[k].Z, galiosCoeff[(k+bw-j)%bw].X)
		w ^= galoisMultiplication(block[k].W, galiosCoeff[(k+bw-j)%bw].X)
	}

	return Uchar4{x, y, z, w}
}

// shiftRows is shiftRows of kernels.cu.
func shiftRows(row Uchar4, j uint32) Uchar4 {
	r := row
	for i := uint32(0); i < j; i++ {
		x, y, z, w := r.X, r.Y, r.Z, r.W
		r = Uchar4{y, z, w, x}
	}
	return r
}

// shiftRowsInv is shiftRowsInv of kernels.cu.
func shiftRowsInv(row Uchar4, j uint32) Uchar4 {
	r := row
	for i := uint32(0); i < j; i++ {
		x, y, z, w := r.X, r.Y, r.Z, r.W
		r = Uchar4{w, x, y, z}
	}
	return r
}

// AESEncryptKernel is AESEncrypt of kernels.cu.
//
//gocuda:kernel AESEncryptKernel
func aesEncrypt(t *gocuda.Thread, output, input, roundKey []Uchar4, sbox []uint8, width, rounds uint32) {
	block0 := gocuda.Shared[Uchar4](t, 4)
	block1 := gocuda.Shared[Uchar4](t, 4)

	bx := uint32(t.BlockIdx.X)
	by := uint32(t.BlockIdx.Y)

	localIdy := uint32(t.ThreadIdx.Y)

	globalIndex := ((by*width/4)+bx)*4 + localIdy
	localIndex := localIdy

	var galiosCoeff [4]Uchar4
	galiosCoeff[0] = Uchar4{2, 0, 0, 0}
	galiosCoeff[1] = Uchar4{3, 0, 0, 0}
	galiosCoeff[2] = Uchar4{1, 0, 0, 0}
	galiosCoeff[3] = Uchar4{1, 0, 0, 0}

	block0[localIndex] = input[globalIndex]

	block0[localIndex] = xor4(block0[localIndex], roundKey[localIndex])

	for r := uint32(1); r < rounds; r++ {
		block0[localIndex] = sboxRead(sbox, block0[localIndex])

		block0[localIndex] = shiftRows(block0[localIndex], localIndex)

		t.SyncThreads()
		block1[localIndex] = mixColumns(block0, galiosCoeff[:], localIndex)

		t.SyncThreads()
		block0[localIndex] = xor4(block1[localIndex], roundKey[r*4+localIndex])
	}
	block0[localIndex] = sboxRead(sbox, block0[localIndex])

	block0[localIndex] = shiftRows(block0[localIndex], localIndex)

	output[globalIndex] = xor4(block0[localIndex], roundKey[rounds*4+localIndex])
}

// AESDecryptKernel is AESDecrypt of kernels.cu.
//
//gocuda:kernel AESDecryptKernel
func aesDecrypt(t *gocuda.Thread, output, input, roundKey []Uchar4, sbox []uint8, width, rounds uint32) {
	block0 := gocuda.Shared[Uchar4](t, 4)
	block1 := gocuda.Shared[Uchar4](t, 4)

	bx := uint32(t.BlockIdx.X)
	by := uint32(t.BlockIdx.Y)

	localIdy := uint32(t.ThreadIdx.Y)

	globalIndex := ((by*width/4)+bx)*4 + localIdy
	localIndex := localIdy

	var galiosCoeff [4]Uchar4
	galiosCoeff[0] = Uchar4{14, 0, 0, 0}
	galiosCoeff[1] = Uchar4{11, 0, 0, 0}
	galiosCoeff[2] = Uchar4{13, 0, 0, 0}
	galiosCoeff[3] = Uchar4{9, 0, 0, 0}

	block0[localIndex] = input[globalIndex]

	block0[localIndex] = xor4(block0[localIndex], roundKey[4*rounds+localIndex])

	for r := rounds - 1; r > 0; r-- {
		block0[localIndex] = shiftRowsInv(block0[localIndex], localIndex)

		block0[localIndex] = sboxRead(sbox, block0[localIndex])

		t.SyncThreads()
		block1[localIndex] = xor4(block0[localIndex], roundKey[r*4+localIndex])

		t.SyncThreads()
		block0[localIndex] = mixColumns(block1, galiosCoeff[:], localIndex)
	}

	block0[localIndex] = shiftRowsInv(block0[localIndex], localIndex)

	block0[localIndex] = sboxRead(sbox, block0[localIndex])

	output[globalIndex] = xor4(block0[localIndex], roundKey[localIndex])
}
