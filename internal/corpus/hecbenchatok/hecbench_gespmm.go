package hecbenchatok

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's ge-spmm benchmark (zjin-lcf/HeCBench at
// f27000a, src/ge-spmm-cuda/kernels.h, Huang et al.'s GE-SpMM): a CSR
// sparse matrix times a dense one, one warp a row of A (blocks of 32 ×
// tile_row), each warp staging 32 of its row's nonzeros in dynamic shared
// memory (the extern int array, its second part a float view) between two
// __syncwarp barriers of a loop whose trip count is the row's, and each
// lane accumulating 1, 2, 4 or 8 columns of C, guarded in the grid's last
// column of blocks. T is float.

// SpmmTest1Kernel is spmm_test1<float> of kernels.h.
//
//gocuda:kernel SpmmTest1Kernel
func spmmTest1(t *gocuda.Thread, aNrows, bNcols int, aCsrRowPtr, aCsrColInd []int32, aCsrVal, bDnVal, cDnVal []float32) {
	sh := gocuda.DynamicShared[int32](t)
	colIndSh := sh
	valSh := asF32(sh[t.BlockDim.Y<<5:])
	shmemOffset := t.ThreadIdx.Y << 5
	threadIdx := shmemOffset + t.ThreadIdx.X

	rid := t.BlockDim.Y*t.BlockIdx.X + t.ThreadIdx.Y

	if rid < aNrows {
		cid := t.BlockIdx.Y<<5 + t.ThreadIdx.X
		lb := int(aCsrRowPtr[rid])
		hb := int(aCsrRowPtr[rid+1])
		ptr := lb + t.ThreadIdx.X
		var offset int
		var acc float32

		if t.BlockIdx.Y != t.GridDim.Y-1 {
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					offset = int(colIndSh[shmemOffset+kk]) + cid
					acc += valSh[shmemOffset+kk] * bDnVal[offset]
				}
				t.SyncWarp(0xffffffff)
			}
			cDnVal[rid*bNcols+cid] = acc
		} else {
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					offset = int(colIndSh[shmemOffset+kk]) + cid
					if cid < bNcols {
						acc += valSh[shmemOffset+kk] * bDnVal[offset]
					}
				}
				t.SyncWarp(0xffffffff)
			}
			if cid < bNcols {
				cDnVal[rid*bNcols+cid] = acc
			}
		}
	}
}

// asF32 is a (float*) cast of an int pointer.
func asF32(s []int32) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// SpmmTest2Kernel is spmm_test2<float> of kernels.h.
//
//gocuda:kernel SpmmTest2Kernel
func spmmTest2(t *gocuda.Thread, aNrows, bNcols int, aCsrRowPtr, aCsrColInd []int32, aCsrVal, bDnVal, cDnVal []float32) {
	sh := gocuda.DynamicShared[int32](t)
	colIndSh := sh
	valSh := asF32(sh[t.BlockDim.Y<<5:])
	shmemOffset := t.ThreadIdx.Y << 5
	threadIdx := shmemOffset + t.ThreadIdx.X

	rid := t.BlockDim.Y*t.BlockIdx.X + t.ThreadIdx.Y

	if rid < aNrows {
		cid := t.BlockIdx.Y<<6 + t.ThreadIdx.X
		lb := int(aCsrRowPtr[rid])
		hb := int(aCsrRowPtr[rid+1])
		ptr := lb + t.ThreadIdx.X
		var offset int
		var acc1, acc2, val float32

		if t.BlockIdx.Y != t.GridDim.Y-1 {
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					offset = int(colIndSh[shmemOffset+kk]) + cid
					val = valSh[shmemOffset+kk]
					acc1 += val * bDnVal[offset]
					acc2 += val * bDnVal[offset+32]
				}
				t.SyncWarp(0xffffffff)
			}
			offset = rid*bNcols + cid
			cDnVal[offset] = acc1
			cDnVal[offset+32] = acc2
		} else {
			nout := (bNcols - cid + 31) / 32
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					val = valSh[shmemOffset+kk]
					offset = int(colIndSh[shmemOffset+kk]) + cid
					if nout > 0 {
						acc1 += val * bDnVal[offset]
					}
					if nout > 1 {
						acc2 += val * bDnVal[offset+32]
					}
				}
				t.SyncWarp(0xffffffff)
			}
			offset = rid*bNcols + cid
			if nout > 0 {
				cDnVal[offset] = acc1
			}
			if nout > 1 {
				cDnVal[offset+32] = acc2
			}
		}
	}
}

// SpmmTest3Kernel is spmm_test3<float> of kernels.h.
//
//gocuda:kernel SpmmTest3Kernel
func spmmTest3(t *gocuda.Thread, aNrows, bNcols int, aCsrRowPtr, aCsrColInd []int32, aCsrVal, bDnVal, cDnVal []float32) {
	sh := gocuda.DynamicShared[int32](t)
	colIndSh := sh
	valSh := asF32(sh[t.BlockDim.Y<<5:])
	shmemOffset := t.ThreadIdx.Y << 5
	threadIdx := shmemOffset + t.ThreadIdx.X

	rid := t.BlockDim.Y*t.BlockIdx.X + t.ThreadIdx.Y

	if rid < aNrows {
		cid := t.BlockIdx.Y<<7 + t.ThreadIdx.X
		lb := int(aCsrRowPtr[rid])
		hb := int(aCsrRowPtr[rid+1])
		ptr := lb + t.ThreadIdx.X
		var offset int
		var acc1, acc2, acc3, acc4, val float32

		if t.BlockIdx.Y != t.GridDim.Y-1 {
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					offset = int(colIndSh[shmemOffset+kk]) + cid
					val = valSh[shmemOffset+kk]
					acc1 += val * bDnVal[offset]
					acc2 += val * bDnVal[offset+32]
					acc3 += val * bDnVal[offset+64]
					acc4 += val * bDnVal[offset+96]
				}
				t.SyncWarp(0xffffffff)
			}
			offset = rid*bNcols + cid
			cDnVal[offset] = acc1
			cDnVal[offset+32] = acc2
			cDnVal[offset+64] = acc3
			cDnVal[offset+96] = acc4
		} else {
			nout := (bNcols - cid + 31) / 32
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					val = valSh[shmemOffset+kk]
					offset = int(colIndSh[shmemOffset+kk]) + cid
					if nout > 0 {
						acc1 += val * bDnVal[offset]
					}
					if nout > 1 {
						acc2 += val * bDnVal[offset+32]
					}
					if nout > 2 {
						acc3 += val * bDnVal[offset+64]
					}
					if nout > 3 {
						acc4 += val * bDnVal[offset+96]
					}
				}
				t.SyncWarp(0xffffffff)
			}
			offset = rid*bNcols + cid
			if nout > 0 {
				cDnVal[offset] = acc1
			}
			if nout > 1 {
				cDnVal[offset+32] = acc2
			}
			if nout > 2 {
				cDnVal[offset+64] = acc3
			}
			if nout > 3 {
				cDnVal[offset+96] = acc4
			}
		}
	}
}

// SpmmTest4Kernel is spmm_test4<float> of kernels.h.
//
//gocuda:kernel SpmmTest4Kernel
func spmmTest4(t *gocuda.Thread, aNrows, bNcols int, aCsrRowPtr, aCsrColInd []int32, aCsrVal, bDnVal, cDnVal []float32) {
	sh := gocuda.DynamicShared[int32](t)
	colIndSh := sh
	valSh := asF32(sh[t.BlockDim.Y<<5:])
	shmemOffset := t.ThreadIdx.Y << 5
	threadIdx := shmemOffset + t.ThreadIdx.X

	rid := t.BlockDim.Y*t.BlockIdx.X + t.ThreadIdx.Y

	if rid < aNrows {
		cid := t.BlockIdx.Y<<8 + t.ThreadIdx.X
		lb := int(aCsrRowPtr[rid])
		hb := int(aCsrRowPtr[rid+1])
		ptr := lb + t.ThreadIdx.X
		var offset int
		var acc1, acc2, acc3, acc4, acc5, acc6, acc7, acc8, val float32

		if t.BlockIdx.Y != t.GridDim.Y-1 {
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					offset = int(colIndSh[shmemOffset+kk]) + cid
					val = valSh[shmemOffset+kk]
					acc1 += val * bDnVal[offset]
					acc2 += val * bDnVal[offset+32]
					acc3 += val * bDnVal[offset+64]
					acc4 += val * bDnVal[offset+96]
					acc5 += val * bDnVal[offset+128]
					acc6 += val * bDnVal[offset+160]
					acc7 += val * bDnVal[offset+192]
					acc8 += val * bDnVal[offset+224]
				}
				t.SyncWarp(0xffffffff)
			}
			offset = rid*bNcols + cid
			cDnVal[offset] = acc1
			cDnVal[offset+32] = acc2
			cDnVal[offset+64] = acc3
			cDnVal[offset+96] = acc4
			cDnVal[offset+128] = acc5
			cDnVal[offset+160] = acc6
			cDnVal[offset+192] = acc7
			cDnVal[offset+224] = acc8
		} else {
			nout := (bNcols - cid + 31) / 32
			for jj := lb; jj < hb; jj += 32 {
				if ptr < hb {
					valSh[threadIdx] = aCsrVal[ptr]
					colIndSh[threadIdx] = int32(bNcols) * aCsrColInd[ptr]
				}
				t.SyncWarp(0xffffffff)
				ptr += 32

				for kk := 0; kk < 32 && jj+kk < hb; kk++ {
					val = valSh[shmemOffset+kk]
					offset = int(colIndSh[shmemOffset+kk]) + cid
					if nout > 0 {
						acc1 += val * bDnVal[offset]
					}
					if nout > 1 {
						acc2 += val * bDnVal[offset+32]
					}
					if nout > 2 {
						acc3 += val * bDnVal[offset+64]
					}
					if nout > 3 {
						acc4 += val * bDnVal[offset+96]
					}
					if nout > 4 {
						acc5 += val * bDnVal[offset+128]
					}
					if nout > 5 {
						acc6 += val * bDnVal[offset+160]
					}
					if nout > 6 {
						acc7 += val * bDnVal[offset+192]
					}
					if nout > 7 {
						acc8 += val * bDnVal[offset+224]
					}
				}
				t.SyncWarp(0xffffffff)
			}
			offset = rid*bNcols + cid
			if nout > 0 {
				cDnVal[offset] = acc1
			}
			if nout > 1 {
				cDnVal[offset+32] = acc2
			}
			if nout > 2 {
				cDnVal[offset+64] = acc3
			}
			if nout > 3 {
				cDnVal[offset+96] = acc4
			}
			if nout > 4 {
				cDnVal[offset+128] = acc5
			}
			if nout > 5 {
				cDnVal[offset+160] = acc6
			}
			if nout > 6 {
				cDnVal[offset+192] = acc7
			}
			if nout > 7 {
				cDnVal[offset+224] = acc8
			}
		}
	}
}
