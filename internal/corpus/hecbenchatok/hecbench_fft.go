package hecbenchatok

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's fft benchmark (zjin-lcf/HeCBench at f27000a,
// src/fft-cuda/main.cu, fft1D_512.h and ifft1D_512.h, after SHOC's FFT):
// 512-point FFTs and inverse FFTs, one block of 64 threads each, each
// thread a radix-8 butterfly on a local array of eight complex values
// (the FFT2, FFT4 and FFT8 macros, which take pointers to its elements,
// are functions of pointers) with two transposes through a shared array
// between barriers. T is double (main.cu's default, without
// SINGLE_PRECISION).

// Double2 is CUDA's double2.
type Double2 struct{ X, Y float64 }

// The exp_1_8, exp_1_4, exp_3_8 macros and their inverses of main.cu.
var (
	exp18  = Double2{1, -1}
	exp14  = Double2{0, -1}
	exp38  = Double2{-1, -1}
	iexp18 = Double2{1, 1}
	iexp14 = Double2{0, 1}
	iexp38 = Double2{-1, 1}
)

// expI is exp_i of main.cu.
func expI(phi float64) Double2 { return Double2{math.Cos(phi), math.Sin(phi)} }

// cmplxMul is cmplx_mul of main.cu.
func cmplxMul(a, b Double2) Double2 { return Double2{a.X*b.X - a.Y*b.Y, a.X*b.Y + a.Y*b.X} }

// cmFlMul is cm_fl_mul of main.cu.
func cmFlMul(a Double2, b float64) Double2 { return Double2{b * a.X, b * a.Y} }

// cmplxAdd is cmplx_add of main.cu.
func cmplxAdd(a, b Double2) Double2 { return Double2{a.X + b.X, a.Y + b.Y} }

// cmplxSub is cmplx_sub of main.cu.
func cmplxSub(a, b Double2) Double2 { return Double2{a.X - b.X, a.Y - b.Y} }

// fft2 is the FFT2 (and IFFT2) macro of main.cu.
func fft2(a0, a1 *Double2) {
	c0 := *a0
	*a0 = cmplxAdd(c0, *a1)
	*a1 = cmplxSub(c0, *a1)
}

// fft4 is the FFT4 macro of main.cu.
func fft4(a0, a1, a2, a3 *Double2) {
	fft2(a0, a2)
	fft2(a1, a3)
	*a3 = cmplxMul(*a3, exp14)
	fft2(a0, a1)
	fft2(a2, a3)
}

// fft8 is the FFT8 macro of main.cu.
func fft8(a *[8]Double2) {
	fft2(&a[0], &a[4])
	fft2(&a[1], &a[5])
	fft2(&a[2], &a[6])
	fft2(&a[3], &a[7])

	a[5] = cmFlMul(cmplxMul(a[5], exp18), math.Sqrt2/2)
	a[6] = cmplxMul(a[6], exp14)
	a[7] = cmFlMul(cmplxMul(a[7], exp38), math.Sqrt2/2)

	fft4(&a[0], &a[1], &a[2], &a[3])
	fft4(&a[4], &a[5], &a[6], &a[7])
}

// ifft4 is the IFFT4 macro of main.cu.
func ifft4(a0, a1, a2, a3 *Double2) {
	fft2(a0, a2)
	fft2(a1, a3)
	*a3 = cmplxMul(*a3, iexp14)
	fft2(a0, a1)
	fft2(a2, a3)
}

// ifft8 is the IFFT8 macro of main.cu.
func ifft8(a *[8]Double2) {
	fft2(&a[0], &a[4])
	fft2(&a[1], &a[5])
	fft2(&a[2], &a[6])
	fft2(&a[3], &a[7])

	a[5] = cmFlMul(cmplxMul(a[5], iexp18), math.Sqrt2/2)
	a[6] = cmplxMul(a[6], iexp14)
	a[7] = cmFlMul(cmplxMul(a[7], iexp38), math.Sqrt2/2)

	ifft4(&a[0], &a[1], &a[2], &a[3])
	ifft4(&a[4], &a[5], &a[6], &a[7])
}

// Fft1D512Kernel is fft1D_512 of fft1D_512.h.
//
//gocuda:kernel Fft1D512Kernel
func fft1D512(t *gocuda.Thread, work []Double2) {
	smem := gocuda.Shared[float64](t, 8*8*9)

	tid := t.ThreadIdx.X
	gid := t.BlockIdx.X*512 + tid
	hi := tid >> 3
	lo := tid & 7
	var data [8]Double2
	reversed := [8]int{0, 4, 2, 6, 1, 5, 3, 7}

	// starting index of data to/from global memory
	for i := 0; i < 8; i++ {
		data[i] = work[gid+i*64]
	}

	fft8(&data)

	for j := 1; j < 8; j++ {
		data[j] = cmplxMul(data[j], expI((-2*math.Pi*float64(reversed[j])/512)*float64(tid)))
	}

	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*66] = data[reversed[i]].X
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].X = smem[lo*66+hi+i*8]
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*66] = data[reversed[i]].Y
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].Y = smem[lo*66+hi+i*8]
	}
	t.SyncThreads()

	fft8(&data)

	for j := 1; j < 8; j++ {
		data[j] = cmplxMul(data[j], expI((-2*math.Pi*float64(reversed[j])/64)*float64(hi)))
	}

	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*72] = data[reversed[i]].X
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].X = smem[hi*72+lo+i*8]
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*72] = data[reversed[i]].Y
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].Y = smem[hi*72+lo+i*8]
	}

	fft8(&data)

	for i := 0; i < 8; i++ {
		work[gid+i*64] = data[reversed[i]]
	}
}

// Ifft1D512Kernel is ifft1D_512 of ifft1D_512.h.
//
//gocuda:kernel Ifft1D512Kernel
func ifft1D512(t *gocuda.Thread, work []Double2) {
	smem := gocuda.Shared[float64](t, 8*8*9)

	tid := t.ThreadIdx.X
	gid := t.BlockIdx.X*512 + tid
	hi := tid >> 3
	lo := tid & 7
	var data [8]Double2
	reversed := [8]int{0, 4, 2, 6, 1, 5, 3, 7}

	for i := 0; i < 8; i++ {
		data[i] = work[gid+i*64]
	}

	ifft8(&data)

	for j := 1; j < 8; j++ {
		data[j] = cmplxMul(data[j], expI((2*math.Pi*float64(reversed[j])/512)*float64(tid)))
	}

	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*66] = data[reversed[i]].X
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].X = smem[lo*66+hi+i*8]
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*66] = data[reversed[i]].Y
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].Y = smem[lo*66+hi+i*8]
	}
	t.SyncThreads()

	ifft8(&data)

	for j := 1; j < 8; j++ {
		data[j] = cmplxMul(data[j], expI((2*math.Pi*float64(reversed[j])/64)*float64(hi)))
	}

	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*72] = data[reversed[i]].X
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].X = smem[hi*72+lo+i*8]
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		smem[hi*8+lo+i*72] = data[reversed[i]].Y
	}
	t.SyncThreads()
	for i := 0; i < 8; i++ {
		data[i].Y = smem[hi*72+lo+i*8]
	}

	ifft8(&data)

	for i := 0; i < 8; i++ {
		data[i].X = data[i].X / 512
		data[i].Y = data[i].Y / 512
	}

	for i := 0; i < 8; i++ {
		work[gid+i*64] = data[reversed[i]]
	}
}
