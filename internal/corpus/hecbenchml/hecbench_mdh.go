package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's mdh benchmark (zjin-lcf/HeCBench at f27000a,
// src/mdh-cuda/main.cu, Gohara's and Stone's multiple Debye-Hückel
// kernels after APBS): mdh, mdh2 and mdh3, four grid points a thread as
// float4s, the atoms staged through dynamic shared memory a block at a
// time (interleaved in mdh, by component in mdh2 and mdh3), the block
// size shrunk for the last, partial batch. helper_math.h's float4
// operators and functions are the functions below (fast_sqrtf and
// fast_expf, __fsqrt_rn and __expf, are the accurate ones).

// f4SubF is helper_math.h's operator-(float4, float).
func f4SubF(a Float4, b float32) Float4 { return Float4{a.X - b, a.Y - b, a.Z - b, a.W - b} }

// f4Mul is helper_math.h's operator*(float4, float4).
func f4Mul(a, b Float4) Float4 { return Float4{a.X * b.X, a.Y * b.Y, a.Z * b.Z, a.W * b.W} }

// f4Add is helper_math.h's operator+(float4, float4).
func f4Add(a, b Float4) Float4 { return Float4{a.X + b.X, a.Y + b.Y, a.Z + b.Z, a.W + b.W} }

// fMulF4 is helper_math.h's operator*(float, float4).
func fMulF4(a float32, b Float4) Float4 { return Float4{a * b.X, a * b.Y, a * b.Z, a * b.W} }

// fDivF4 is helper_math.h's operator/(float, float4).
func fDivF4(a float32, b Float4) Float4 { return Float4{a / b.X, a / b.Y, a / b.Z, a / b.W} }

// f4DivF is helper_math.h's operator/(float4, float).
func f4DivF(a Float4, b float32) Float4 { return Float4{a.X / b, a.Y / b, a.Z / b, a.W / b} }

// sqrtf4 and expf4 are helper_math.h's sqrtf(float4) and expf(float4).
func sqrtf4(v Float4) Float4 { return Float4{sqrtf(v.X), sqrtf(v.Y), sqrtf(v.Z), sqrtf(v.W)} }

func expf4(v Float4) Float4 { return Float4{expf(v.X), expf(v.Y), expf(v.Z), expf(v.W)} }

// fastSqrtf4 and fastExpf4 are helper_math.h's fast_sqrtf and fast_expf.
func fastSqrtf4(v Float4) Float4 { return sqrtf4(v) }

func fastExpf4(v Float4) Float4 { return expf4(v) }

// MdhKernel is mdh of mdh-cuda: val[4g..4g+3] = Σ over atoms of pre1 ·
// (charge/dist) · exp(-κ(dist - size)) / (1 + κ·size).
//
//gocuda:kernel MdhKernel
func mdhKernel(t *gocuda.Thread, ax, ay, az, gx, gy, gz, charge, size, val []float32, pre1, xkappa float32, natom int) {
	shared := gocuda.DynamicShared[float32](t)
	lid := t.ThreadIdx.X
	lsize := t.BlockDim.X
	igrid := t.BlockIdx.X*lsize + lid
	v := Float4{}
	lgx := asFloat4(gx)[igrid]
	lgy := asFloat4(gy)[igrid]
	lgz := asFloat4(gz)[igrid]
	for jatom := 0; jatom < natom; jatom += lsize {
		if (jatom + lsize) > natom {
			lsize = natom - jatom
		}
		if (jatom + lid) < natom {
			shared[lid*5] = ax[jatom+lid]
			shared[lid*5+1] = ay[jatom+lid]
			shared[lid*5+2] = az[jatom+lid]
			shared[lid*5+3] = charge[jatom+lid]
			shared[lid*5+4] = size[jatom+lid]
		}
		t.SyncThreads()
		for i := 0; i < lsize; i++ {
			dx := f4SubF(lgx, shared[i*5])
			dy := f4SubF(lgy, shared[i*5+1])
			dz := f4SubF(lgz, shared[i*5+2])
			dist := sqrtf4(f4Add(f4Add(f4Mul(dx, dx), f4Mul(dy, dy)), f4Mul(dz, dz)))
			v = f4Add(v, f4DivF(f4Mul(fMulF4(pre1, fDivF4(shared[i*5+3], dist)),
				expf4(fMulF4(-xkappa, f4SubF(dist, shared[i*5+4])))),
				1.0+xkappa*shared[i*5+4]))
		}
		t.SyncThreads()
	}
	asFloat4(val)[igrid] = v
}

// Mdh2Kernel is mdh2 of mdh-cuda: mdh with the atoms' components stored
// one after another in shared memory.
//
//gocuda:kernel Mdh2Kernel
func mdh2Kernel(t *gocuda.Thread, ax, ay, az, gx, gy, gz, charge, size, val []float32, pre1, xkappa float32, natom int) {
	shared := gocuda.DynamicShared[float32](t)
	lid := t.ThreadIdx.X
	lsize := t.BlockDim.X
	igrid := t.BlockIdx.X*lsize + lid
	v := Float4{}
	lgx := asFloat4(gx)[igrid]
	lgy := asFloat4(gy)[igrid]
	lgz := asFloat4(gz)[igrid]
	for jatom := 0; jatom < natom; jatom += lsize {
		if (jatom + lsize) > natom {
			lsize = natom - jatom
		}
		if (jatom + lid) < natom {
			shared[lid] = ax[jatom+lid]
			shared[lid+lsize] = ay[jatom+lid]
			shared[lid+2*lsize] = az[jatom+lid]
			shared[lid+3*lsize] = charge[jatom+lid]
			shared[lid+4*lsize] = size[jatom+lid]
		}
		t.SyncThreads()
		for i := 0; i < lsize; i++ {
			dx := f4SubF(lgx, shared[i])
			dy := f4SubF(lgy, shared[i+lsize])
			dz := f4SubF(lgz, shared[i+2*lsize])
			dist := sqrtf4(f4Add(f4Add(f4Mul(dx, dx), f4Mul(dy, dy)), f4Mul(dz, dz)))
			v = f4Add(v, f4DivF(f4Mul(fMulF4(pre1, fDivF4(shared[i+3*lsize], dist)),
				expf4(fMulF4(-xkappa, f4SubF(dist, shared[i+4*lsize])))),
				1.0+xkappa*shared[i+4*lsize]))
		}
		t.SyncThreads()
	}
	asFloat4(val)[igrid] = v
}

// Mdh3Kernel is mdh3 of mdh-cuda: mdh2 with fast_sqrtf and fast_expf.
//
//gocuda:kernel Mdh3Kernel
func mdh3Kernel(t *gocuda.Thread, ax, ay, az, gx, gy, gz, charge, size, val []float32, pre1, xkappa float32, natom int) {
	shared := gocuda.DynamicShared[float32](t)
	lid := t.ThreadIdx.X
	lsize := t.BlockDim.X
	igrid := t.BlockIdx.X*lsize + lid
	v := Float4{}
	lgx := asFloat4(gx)[igrid]
	lgy := asFloat4(gy)[igrid]
	lgz := asFloat4(gz)[igrid]
	for jatom := 0; jatom < natom; jatom += lsize {
		if (jatom + lsize) > natom {
			lsize = natom - jatom
		}
		if (jatom + lid) < natom {
			shared[lid] = ax[jatom+lid]
			shared[lid+lsize] = ay[jatom+lid]
			shared[lid+2*lsize] = az[jatom+lid]
			shared[lid+3*lsize] = charge[jatom+lid]
			shared[lid+4*lsize] = size[jatom+lid]
		}
		t.SyncThreads()
		for i := 0; i < lsize; i++ {
			dx := f4SubF(lgx, shared[i])
			dy := f4SubF(lgy, shared[i+lsize])
			dz := f4SubF(lgz, shared[i+2*lsize])
			dist := fastSqrtf4(f4Add(f4Add(f4Mul(dx, dx), f4Mul(dy, dy)), f4Mul(dz, dz)))
			v = f4Add(v, f4DivF(f4Mul(fMulF4(pre1, fDivF4(shared[i+3*lsize], dist)),
				fastExpf4(fMulF4(-xkappa, f4SubF(dist, shared[i+4*lsize])))),
				1.0+xkappa*shared[i+4*lsize]))
		}
		t.SyncThreads()
	}
	asFloat4(val)[igrid] = v
}
