package hecbenchrodinia

import "github.com/gocuda/gocuda/gocuda"

// This file holds the shared-memory tridiagonal solvers of HeCBench's
// tridiagonal (src/tridiagonal-cuda/pcr_kernels.cu and cyclic_kernels.cu:
// NVIDIA's port, by Nikolai Sakharnykh, of Yao Zhang and John Owens's UC
// Davis kernels, 2009): parallel cyclic reduction and cyclic reduction, a
// system per block in dynamic shared memory, with and without branches
// at the systems' ends. NATIVE_DIVIDE is not defined, so divisions are
// plain.

// PcrSmallSystemsKernel is pcr_small_systems_kernel: block b solves the
// system_size-unknown system b (sub-diagonal a, diagonal b, super-diagonal
// c, right side d) by parallel cyclic reduction, a thread per unknown.
// Launch it with system_size threads and (system_size+1)·5 floats of
// dynamic shared memory; iterations is log2(system_size/2).
//
//gocuda:kernel PcrSmallSystemsKernel
func pcrSmallSystemsKernel(t *gocuda.Thread, aD, bD, cD, dD []float32, xD []float32, systemSize, numSystems, iterations int) {
	shared := gocuda.DynamicShared[float32](t)

	thid := t.ThreadIdx.X
	blid := t.BlockIdx.X

	delta := 1

	a := shared
	b := a[systemSize+1:]
	c := b[systemSize+1:]
	d := c[systemSize+1:]
	x := d[systemSize+1:]

	a[thid] = aD[thid+blid*systemSize]
	b[thid] = bD[thid+blid*systemSize]
	c[thid] = cD[thid+blid*systemSize]
	d[thid] = dD[thid+blid*systemSize]

	var aNew, bNew, cNew, dNew float32

	t.SyncThreads()

	// parallel cyclic reduction
	for j := 0; j < iterations; j++ {
		i := thid

		if i < delta {
			tmp2 := c[i] / b[i+delta]
			bNew = b[i] - a[i+delta]*tmp2
			dNew = d[i] - d[i+delta]*tmp2
			aNew = 0
			cNew = -c[i+delta] * tmp2
		} else if (systemSize - i - 1) < delta {
			tmp := a[i] / b[i-delta]
			bNew = b[i] - c[i-delta]*tmp
			dNew = d[i] - d[i-delta]*tmp
			aNew = -a[i-delta] * tmp
			cNew = 0
		} else {
			tmp1 := a[i] / b[i-delta]
			tmp2 := c[i] / b[i+delta]
			bNew = b[i] - c[i-delta]*tmp1 - a[i+delta]*tmp2
			dNew = d[i] - d[i-delta]*tmp1 - d[i+delta]*tmp2
			aNew = -a[i-delta] * tmp1
			cNew = -c[i+delta] * tmp2
		}

		t.SyncThreads()

		b[i] = bNew
		d[i] = dNew
		a[i] = aNew
		c[i] = cNew

		delta *= 2
		t.SyncThreads()
	}

	if thid < delta {
		addr1 := thid
		addr2 := thid + delta
		tmp3 := b[addr2]*b[addr1] - c[addr1]*a[addr2]
		x[addr1] = (b[addr2]*d[addr1] - c[addr1]*d[addr2]) / tmp3
		x[addr2] = (d[addr2]*b[addr1] - d[addr1]*a[addr2]) / tmp3
	}

	t.SyncThreads()

	xD[thid+blid*systemSize] = x[thid]
}

// PcrBranchFreeKernel is pcr_branch_free_kernel: pcr_small_systems_kernel
// with the ends' branches replaced by indices wrapped modulo system_size
// (a power of two), relying on a[0] = c[system_size-1] = 0.
//
//gocuda:kernel PcrBranchFreeKernel
func pcrBranchFreeKernel(t *gocuda.Thread, aD, bD, cD, dD []float32, xD []float32, systemSize, numSystems, iterations int) {
	shared := gocuda.DynamicShared[float32](t)

	thid := t.ThreadIdx.X
	blid := t.BlockIdx.X

	delta := 1

	a := shared
	b := a[systemSize+1:]
	c := b[systemSize+1:]
	d := c[systemSize+1:]
	x := d[systemSize+1:]

	a[thid] = aD[thid+blid*systemSize]
	b[thid] = bD[thid+blid*systemSize]
	c[thid] = cD[thid+blid*systemSize]
	d[thid] = dD[thid+blid*systemSize]

	var aNew, bNew, cNew, dNew float32

	t.SyncThreads()

	// parallel cyclic reduction
	for j := 0; j < iterations; j++ {
		i := thid

		iRight := i + delta
		iRight = iRight & (systemSize - 1)

		iLeft := i - delta
		iLeft = iLeft & (systemSize - 1)

		tmp1 := a[i] / b[iLeft]
		tmp2 := c[i] / b[iRight]

		bNew = b[i] - c[iLeft]*tmp1 - a[iRight]*tmp2
		dNew = d[i] - d[iLeft]*tmp1 - d[iRight]*tmp2
		aNew = -a[iLeft] * tmp1
		cNew = -c[iRight] * tmp2

		t.SyncThreads()

		b[i] = bNew
		d[i] = dNew
		a[i] = aNew
		c[i] = cNew

		delta *= 2
		t.SyncThreads()
	}

	if thid < delta {
		addr1 := thid
		addr2 := thid + delta
		tmp3 := b[addr2]*b[addr1] - c[addr1]*a[addr2]
		x[addr1] = (b[addr2]*d[addr1] - c[addr1]*d[addr2]) / tmp3
		x[addr2] = (d[addr2]*b[addr1] - d[addr1]*a[addr2]) / tmp3
	}

	t.SyncThreads()

	xD[thid+blid*systemSize] = x[thid]
}

// CyclicSmallSystemsKernel is cyclic_small_systems_kernel: block b solves
// system b by cyclic reduction, forward elimination halving the active
// threads each step, then backward substitution doubling them. Launch it
// with system_size/2 threads and (system_size+1)·5 floats of dynamic
// shared memory; iterations is log2(system_size/2).
//
//gocuda:kernel CyclicSmallSystemsKernel
func cyclicSmallSystemsKernel(t *gocuda.Thread, aD, bD, cD, dD []float32, xD []float32, systemSize, numSystems, iterations int) {
	shared := gocuda.DynamicShared[float32](t)

	thid := t.ThreadIdx.X
	blid := t.BlockIdx.X

	stride := 1
	halfSize := systemSize >> 1
	thidNum := halfSize

	a := shared
	b := a[systemSize:]
	c := b[systemSize:]
	d := c[systemSize:]
	x := d[systemSize:]

	a[thid] = aD[thid+blid*systemSize]
	a[thid+thidNum] = aD[thid+thidNum+blid*systemSize]

	b[thid] = bD[thid+blid*systemSize]
	b[thid+thidNum] = bD[thid+thidNum+blid*systemSize]

	c[thid] = cD[thid+blid*systemSize]
	c[thid+thidNum] = cD[thid+thidNum+blid*systemSize]

	d[thid] = dD[thid+blid*systemSize]
	d[thid+thidNum] = dD[thid+thidNum+blid*systemSize]

	t.SyncThreads()

	// forward elimination
	for j := 0; j < iterations; j++ {
		t.SyncThreads()

		stride <<= 1
		delta := stride >> 1
		if thid < thidNum {
			i := stride*thid + stride - 1

			if i == systemSize-1 {
				tmp := a[i] / b[i-delta]
				b[i] = b[i] - c[i-delta]*tmp
				d[i] = d[i] - d[i-delta]*tmp
				a[i] = -a[i-delta] * tmp
				c[i] = 0
			} else {
				tmp1 := a[i] / b[i-delta]
				tmp2 := c[i] / b[i+delta]
				b[i] = b[i] - c[i-delta]*tmp1 - a[i+delta]*tmp2
				d[i] = d[i] - d[i-delta]*tmp1 - d[i+delta]*tmp2
				a[i] = -a[i-delta] * tmp1
				c[i] = -c[i+delta] * tmp2
			}
		}
		thidNum >>= 1
	}

	if thid < 2 {
		addr1 := stride - 1
		addr2 := (stride << 1) - 1
		tmp3 := b[addr2]*b[addr1] - c[addr1]*a[addr2]
		x[addr1] = (b[addr2]*d[addr1] - c[addr1]*d[addr2]) / tmp3
		x[addr2] = (d[addr2]*b[addr1] - d[addr1]*a[addr2]) / tmp3
	}

	// backward substitution
	thidNum = 2
	for j := 0; j < iterations; j++ {
		delta := stride >> 1
		t.SyncThreads()
		if thid < thidNum {
			i := stride*thid + (stride >> 1) - 1
			if i == delta-1 {
				x[i] = (d[i] - c[i]*x[i+delta]) / b[i]
			} else {
				x[i] = (d[i] - a[i]*x[i-delta] - c[i]*x[i+delta]) / b[i]
			}
		}
		stride >>= 1
		thidNum <<= 1
	}

	t.SyncThreads()

	xD[thid+blid*systemSize] = x[thid]
	xD[thid+halfSize+blid*systemSize] = x[thid+halfSize]
}

// CyclicBranchFreeKernel is cyclic_branch_free_kernel:
// cyclic_small_systems_kernel with the forward elimination's end branch
// replaced by a right index wrapped modulo system_size.
//
//gocuda:kernel CyclicBranchFreeKernel
func cyclicBranchFreeKernel(t *gocuda.Thread, aD, bD, cD, dD []float32, xD []float32, systemSize, numSystems, iterations int) {
	shared := gocuda.DynamicShared[float32](t)

	thid := t.ThreadIdx.X
	blid := t.BlockIdx.X

	stride := 1
	halfSize := systemSize >> 1
	thidNum := halfSize

	a := shared
	b := a[systemSize:]
	c := b[systemSize:]
	d := c[systemSize:]
	x := d[systemSize:]

	a[thid] = aD[thid+blid*systemSize]
	a[thid+thidNum] = aD[thid+thidNum+blid*systemSize]

	b[thid] = bD[thid+blid*systemSize]
	b[thid+thidNum] = bD[thid+thidNum+blid*systemSize]

	c[thid] = cD[thid+blid*systemSize]
	c[thid+thidNum] = cD[thid+thidNum+blid*systemSize]

	d[thid] = dD[thid+blid*systemSize]
	d[thid+thidNum] = dD[thid+thidNum+blid*systemSize]

	t.SyncThreads()

	// forward elimination
	for j := 0; j < iterations; j++ {
		t.SyncThreads()

		stride <<= 1
		delta := stride >> 1
		if thid < thidNum {
			i := stride*thid + stride - 1
			iRight := i + delta
			iRight = iRight & (systemSize - 1)
			tmp1 := a[i] / b[i-delta]
			tmp2 := c[i] / b[iRight]
			b[i] = b[i] - c[i-delta]*tmp1 - a[iRight]*tmp2
			d[i] = d[i] - d[i-delta]*tmp1 - d[iRight]*tmp2
			a[i] = -a[i-delta] * tmp1
			c[i] = -c[iRight] * tmp2
		}

		thidNum >>= 1
	}

	if thid < 2 {
		addr1 := stride - 1
		addr2 := (stride << 1) - 1
		tmp3 := b[addr2]*b[addr1] - c[addr1]*a[addr2]
		x[addr1] = (b[addr2]*d[addr1] - c[addr1]*d[addr2]) / tmp3
		x[addr2] = (d[addr2]*b[addr1] - d[addr1]*a[addr2]) / tmp3
	}

	// backward substitution
	thidNum = 2
	for j := 0; j < iterations; j++ {
		delta := stride >> 1
		t.SyncThreads()
		if thid < thidNum {
			i := stride*thid + (stride >> 1) - 1
			if i == delta-1 {
				x[i] = (d[i] - c[i]*x[i+delta]) / b[i]
			} else {
				x[i] = (d[i] - a[i]*x[i-delta] - c[i]*x[i+delta]) / b[i]
			}
		}
		stride >>= 1
		thidNum <<= 1
	}

	t.SyncThreads()

	xD[thid+blid*systemSize] = x[thid]
	xD[thid+halfSize+blid*systemSize] = x[thid+halfSize]
}
