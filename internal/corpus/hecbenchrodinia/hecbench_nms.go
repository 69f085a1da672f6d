package hecbenchrodinia

import "github.com/gocuda/gocuda/gocuda"

// This file holds the two kernels of HeCBench's nms (src/nms-cuda/main.cu,
// from "Work-Efficient Parallel Non-Maximum Suppression Kernels", David
// Oro et al., 2019): generate_nms_bitmap marks, for every pair of
// detections, whether the higher-scored one suppresses the other, and
// reduce_nms_bitmap ANDs each row of that bitmap with __syncthreads_and.

// MAX_DETECTIONS and N_PARTITIONS of main.cu.
const (
	nmsMaxDetections = 4096
	nmsPartitions    = 32
)

// GenerateNmsBitmapKernel is generate_nms_bitmap of nms's main.cu: thread
// (i, j) clears nmsbitmap[i][j] when detection j (x, y, window z, score w)
// scores higher than i and overlaps it by othreshold or more of its area.
//
//gocuda:kernel GenerateNmsBitmapKernel
func generateNmsBitmap(t *gocuda.Thread, rects []float4, nmsbitmap []uint8, othreshold float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if rects[i].W < rects[j].W {
		area := (rects[j].Z + 1.0) * (rects[j].Z + 1.0)
		w := fmaxf(0.0, fminf(rects[i].X+rects[i].Z, rects[j].X+rects[j].Z)-fmaxf(rects[i].X, rects[j].X)+1.0)
		h := fmaxf(0.0, fminf(rects[i].Y+rects[i].Z, rects[j].Y+rects[j].Z)-fmaxf(rects[i].Y, rects[j].Y)+1.0)
		nmsbitmap[i*nmsMaxDetections+j] = b2u8(((w*h)/area) < othreshold && (rects[j].Z != 0))
	}
}

// computeNmsPointMask is compute_nms_point_mask: the block's AND of cond,
// by __syncthreads_and, stored through pointsbitmap.
func computeNmsPointMask(t *gocuda.Thread, pointsbitmap *uint8, cond int, idx int, ndetections int) {
	*pointsbitmap = b2u8(t.SyncThreadsAnd(cond != 0))
}

// ReduceNmsBitmapKernel is reduce_nms_bitmap of nms's main.cu: block b,
// of MAX_DETECTIONS/N_PARTITIONS threads, ANDs row b of nmsbitmap into
// pointsbitmap[b], one __syncthreads_and per partition, each folding in
// the previous partitions' result.
//
//gocuda:kernel ReduceNmsBitmapKernel
func reduceNmsBitmap(t *gocuda.Thread, nmsbitmap []uint8, pointsbitmap []uint8, ndetections int) {
	idx := t.BlockIdx.X*nmsMaxDetections + t.ThreadIdx.X

	computeNmsPointMask(t, &pointsbitmap[t.BlockIdx.X], int(nmsbitmap[idx]), idx, ndetections)

	for i := 0; i < (nmsPartitions - 1); i++ {
		idx += nmsMaxDetections / nmsPartitions
		computeNmsPointMask(t, &pointsbitmap[t.BlockIdx.X], b2i(pointsbitmap[t.BlockIdx.X] != 0 && nmsbitmap[idx] != 0), idx, ndetections)
	}
}
