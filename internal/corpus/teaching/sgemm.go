package teaching

import "github.com/gocuda/gocuda/gocuda"

// This file holds the first five kernels of siboehm/SGEMM_CUDA at 60cba6f
// (src/kernels/*.cuh), the CUTLASS-free SGEMM tutorial "How to Optimize a
// CUDA Matmul Kernel for cuBLAS-like Performance": C = alpha*A@B + beta*C
// for row-major A (M×K), B (K×N) and C (M×N). The template value
// parameters are constants with the values src/runner.cu launches them
// with (for kernel 5, those it picks for matrices under 128 wide); a
// pointer advanced with += is a slice resliced with ptrAdd, since the
// kernels advance B past its end after their last tile.

// SgemmNaiveKernel is sgemm_naive of 1_naive.cuh: one thread per element
// of C, x along the rows.
//
//gocuda:kernel SgemmNaiveKernel
func sgemmNaiveKernel(t *gocuda.Thread, M, N, K int, alpha float32, A, B []float32, beta float32, C []float32) {
	x := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	y := uint32(t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y)

	if x < uint32(M) && y < uint32(N) {
		tmp := float32(0.0)
		for i := 0; i < K; i++ {
			tmp += A[int(x)*K+i] * B[i*N+int(y)]
		}
		C[int(x)*N+int(y)] = alpha*tmp + beta*C[int(x)*N+int(y)]
	}
}

// sgemmBlocksize is the BLOCKSIZE of kernels 2 and 3.
const sgemmBlocksize = 32

// SgemmGlobalMemCoalesceKernel is sgemm_global_mem_coalesce<32> of
// 2_kernel_global_mem_coalesce.cuh: consecutive threads take consecutive
// columns of C.
//
//gocuda:kernel SgemmGlobalMemCoalesceKernel
func sgemmGlobalMemCoalesceKernel(t *gocuda.Thread, M, N, K int, alpha float32, A, B []float32, beta float32, C []float32) {
	cRow := t.BlockIdx.X*sgemmBlocksize + (t.ThreadIdx.X / sgemmBlocksize)
	cCol := t.BlockIdx.Y*sgemmBlocksize + (t.ThreadIdx.X % sgemmBlocksize)

	if cRow < M && cCol < N {
		tmp := float32(0.0)
		for i := 0; i < K; i++ {
			tmp += A[cRow*K+i] * B[i*N+cCol]
		}
		C[cRow*N+cCol] = alpha*tmp + beta*C[cRow*N+cCol]
	}
}

// SgemmSharedMemBlockKernel is sgemm_shared_mem_block<32> of
// 3_kernel_shared_mem_blocking.cuh: a 32×32 tile of C per block, through
// 32×32 tiles of A and B in shared memory.
//
//gocuda:kernel SgemmSharedMemBlockKernel
func sgemmSharedMemBlockKernel(t *gocuda.Thread, M, N, K int, alpha float32, A, B []float32, beta float32, C []float32) {
	cRow := uint32(t.BlockIdx.X)
	cCol := uint32(t.BlockIdx.Y)

	As := gocuda.Shared[float32](t, sgemmBlocksize*sgemmBlocksize)
	Bs := gocuda.Shared[float32](t, sgemmBlocksize*sgemmBlocksize)

	threadCol := uint32(t.ThreadIdx.X % sgemmBlocksize)
	threadRow := uint32(t.ThreadIdx.X / sgemmBlocksize)

	A = ptrAdd(A, int(cRow)*sgemmBlocksize*K)
	B = ptrAdd(B, int(cCol)*sgemmBlocksize)
	C = ptrAdd(C, int(cRow)*sgemmBlocksize*N+int(cCol)*sgemmBlocksize)

	tmp := float32(0.0)
	for bkIdx := 0; bkIdx < K; bkIdx += sgemmBlocksize {
		As[threadRow*sgemmBlocksize+threadCol] = A[int(threadRow)*K+int(threadCol)]
		Bs[threadRow*sgemmBlocksize+threadCol] = B[int(threadRow)*N+int(threadCol)]

		t.SyncThreads()
		A = ptrAdd(A, sgemmBlocksize)
		B = ptrAdd(B, sgemmBlocksize*N)

		for dotIdx := 0; dotIdx < sgemmBlocksize; dotIdx++ {
			tmp += As[int(threadRow)*sgemmBlocksize+dotIdx] *
				Bs[dotIdx*sgemmBlocksize+int(threadCol)]
		}
		t.SyncThreads()
	}
	C[int(threadRow)*N+int(threadCol)] =
		alpha*tmp + beta*C[int(threadRow)*N+int(threadCol)]
}

// The template parameters of kernel 4 (BM, BN, BK, TM) as runner.cu
// launches it.
const (
	sgemm4BM = 64
	sgemm4BN = 64
	sgemm4BK = 8
	sgemm4TM = 8
)

// Sgemm1DBlocktilingKernel is sgemm1DBlocktiling<64, 64, 8, 8> of
// 4_kernel_1D_blocktiling.cuh: a 64×64 tile of C per block of 512
// threads, TM results a thread.
//
//gocuda:kernel Sgemm1DBlocktilingKernel
func sgemm1DBlocktilingKernel(t *gocuda.Thread, M, N, K int, alpha float32, A, B []float32, beta float32, C []float32) {
	cRow := uint32(t.BlockIdx.Y)
	cCol := uint32(t.BlockIdx.X)

	threadCol := t.ThreadIdx.X % sgemm4BN
	threadRow := t.ThreadIdx.X / sgemm4BN

	As := gocuda.Shared[float32](t, sgemm4BM*sgemm4BK)
	Bs := gocuda.Shared[float32](t, sgemm4BK*sgemm4BN)

	A = ptrAdd(A, int(cRow)*sgemm4BM*K)
	B = ptrAdd(B, int(cCol)*sgemm4BN)
	C = ptrAdd(C, int(cRow)*sgemm4BM*N+int(cCol)*sgemm4BN)

	t.Assert(sgemm4BM*sgemm4BK == t.BlockDim.X)
	t.Assert(sgemm4BN*sgemm4BK == t.BlockDim.X)
	innerColA := uint32(t.ThreadIdx.X % sgemm4BK)
	innerRowA := uint32(t.ThreadIdx.X / sgemm4BK)
	innerColB := uint32(t.ThreadIdx.X % sgemm4BN)
	innerRowB := uint32(t.ThreadIdx.X / sgemm4BN)

	threadResults := [sgemm4TM]float32{0.0}

	for bkIdx := uint32(0); bkIdx < uint32(K); bkIdx += sgemm4BK {
		As[innerRowA*sgemm4BK+innerColA] = A[int(innerRowA)*K+int(innerColA)]
		Bs[innerRowB*sgemm4BN+innerColB] = B[int(innerRowB)*N+int(innerColB)]
		t.SyncThreads()

		A = ptrAdd(A, sgemm4BK)
		B = ptrAdd(B, sgemm4BK*N)

		for dotIdx := uint32(0); dotIdx < sgemm4BK; dotIdx++ {
			tmpB := Bs[int(dotIdx)*sgemm4BN+threadCol]
			for resIdx := uint32(0); resIdx < sgemm4TM; resIdx++ {
				threadResults[resIdx] +=
					As[(uint32(threadRow)*sgemm4TM+resIdx)*sgemm4BK+dotIdx] * tmpB
			}
		}
		t.SyncThreads()
	}

	for resIdx := 0; resIdx < sgemm4TM; resIdx++ {
		C[(threadRow*sgemm4TM+resIdx)*N+threadCol] =
			alpha*threadResults[resIdx] +
				beta*C[(threadRow*sgemm4TM+resIdx)*N+threadCol]
	}
}

// The template parameters of kernel 5 (BM, BN, BK, TM, TN) as runner.cu
// picks them for matrices under 128 wide.
const (
	sgemm5BM = 64
	sgemm5BN = 64
	sgemm5BK = 8
	sgemm5TM = 8
	sgemm5TN = 8
)

// Sgemm2DBlocktilingKernel is sgemm2DBlocktiling<64, 64, 8, 8, 8> of
// 5_kernel_2D_blocktiling.cuh: a 64×64 tile of C per block of 64 threads,
// TM×TN results a thread from register caches of As and Bs.
//
//gocuda:kernel Sgemm2DBlocktilingKernel
func sgemm2DBlocktilingKernel(t *gocuda.Thread, M, N, K int, alpha float32, A, B []float32, beta float32, C []float32) {
	cRow := uint32(t.BlockIdx.Y)
	cCol := uint32(t.BlockIdx.X)

	const totalResultsBlocktile = uint32(sgemm5BM * sgemm5BN)
	const numThreadsBlocktile = totalResultsBlocktile / (sgemm5TM * sgemm5TN)

	t.Assert(numThreadsBlocktile == uint32(t.BlockDim.X))

	threadCol := t.ThreadIdx.X % (sgemm5BN / sgemm5TN)
	threadRow := t.ThreadIdx.X / (sgemm5BN / sgemm5TN)

	As := gocuda.Shared[float32](t, sgemm5BM*sgemm5BK)
	Bs := gocuda.Shared[float32](t, sgemm5BK*sgemm5BN)

	A = ptrAdd(A, int(cRow)*sgemm5BM*K)
	B = ptrAdd(B, int(cCol)*sgemm5BN)
	C = ptrAdd(C, int(cRow)*sgemm5BM*N+int(cCol)*sgemm5BN)

	innerRowA := uint32(t.ThreadIdx.X / sgemm5BK)
	innerColA := uint32(t.ThreadIdx.X % sgemm5BK)
	strideA := numThreadsBlocktile / sgemm5BK
	innerRowB := uint32(t.ThreadIdx.X / sgemm5BN)
	innerColB := uint32(t.ThreadIdx.X % sgemm5BN)
	strideB := numThreadsBlocktile / sgemm5BN

	threadResults := [sgemm5TM * sgemm5TN]float32{0.0}
	regM := [sgemm5TM]float32{0.0}
	regN := [sgemm5TN]float32{0.0}

	for bkIdx := uint32(0); bkIdx < uint32(K); bkIdx += sgemm5BK {
		for loadOffset := uint32(0); loadOffset < sgemm5BM; loadOffset += strideA {
			As[(innerRowA+loadOffset)*sgemm5BK+innerColA] =
				A[int(innerRowA+loadOffset)*K+int(innerColA)]
		}
		for loadOffset := uint32(0); loadOffset < sgemm5BK; loadOffset += strideB {
			Bs[(innerRowB+loadOffset)*sgemm5BN+innerColB] =
				B[int(innerRowB+loadOffset)*N+int(innerColB)]
		}
		t.SyncThreads()

		A = ptrAdd(A, sgemm5BK)
		B = ptrAdd(B, sgemm5BK*N)

		for dotIdx := uint32(0); dotIdx < sgemm5BK; dotIdx++ {
			for i := uint32(0); i < sgemm5TM; i++ {
				regM[i] = As[(uint32(threadRow)*sgemm5TM+i)*sgemm5BK+dotIdx]
			}
			for i := uint32(0); i < sgemm5TN; i++ {
				regN[i] = Bs[dotIdx*sgemm5BN+uint32(threadCol)*sgemm5TN+i]
			}
			for resIdxM := uint32(0); resIdxM < sgemm5TM; resIdxM++ {
				for resIdxN := uint32(0); resIdxN < sgemm5TN; resIdxN++ {
					threadResults[resIdxM*sgemm5TN+resIdxN] +=
						regM[resIdxM] * regN[resIdxN]
				}
			}
		}
		t.SyncThreads()
	}

	for resIdxM := 0; resIdxM < sgemm5TM; resIdxM++ {
		for resIdxN := 0; resIdxN < sgemm5TN; resIdxN++ {
			C[(threadRow*sgemm5TM+resIdxM)*N+threadCol*sgemm5TN+resIdxN] =
				alpha*threadResults[resIdxM*sgemm5TN+resIdxN] +
					beta*C[(threadRow*sgemm5TM+resIdxM)*N+threadCol*sgemm5TN+resIdxN]
		}
	}
}
