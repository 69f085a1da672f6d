package llmcrodinia

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds invert_mapping and kmeansPoint of Rodinia 3.1's kmeans
// (yuhc/gpu-rodinia at 9c10d3e, cuda/kmeans/kmeans_cuda_kernel.cu), and
// hotspotOpt1 of its hotspot3D (cuda/hotspot3D/opt1.cu). kmeansPoint's
// texture t_features and __constant__ array c_clusters are arguments read
// as slices, after the kernel's own; its code under GPU_DELTA_REDUCTION and
// GPU_NEW_CENTER_REDUCTION, which kmeans does not define, is left out as
// the preprocessor leaves it out.

// InvertMappingKernel is invert_mapping of kmeans_cuda_kernel.cu: the
// npoints × nfeatures input transposed, one thread per point.
//
//gocuda:kernel InvertMappingKernel
func invertMapping(t *gocuda.Thread, input, output []float32, npoints, nfeatures int) {
	pointID := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X /* id of thread */
	var i int

	if pointID < npoints {
		for i = 0; i < nfeatures; i++ {
			output[pointID+npoints*i] = input[pointID*nfeatures+i]
		}
	}
	return
}

// KmeansPointKernel is kmeansPoint of kmeans_cuda_kernel.cu: each point's
// nearest cluster center (squared Euclidean distance, the features read
// through the texture t_features in their inverted layout, the centers
// from c_clusters) stored as its membership. The grid is two-dimensional,
// the blocks one-dimensional.
//
//gocuda:kernel KmeansPointKernel
func kmeansPoint(t *gocuda.Thread, features []float32, nfeatures, npoints, nclusters int,
	membership []int32, clusters, blockClusters []float32, blockDeltas []int32,
	tFeatures, cClusters []float32) {

	// block ID
	blockID := t.GridDim.X*t.BlockIdx.Y + t.BlockIdx.X
	// point/thread ID
	pointID := blockID*t.BlockDim.X*t.BlockDim.Y + t.ThreadIdx.X

	index := -1

	if pointID < npoints {
		var i, j int
		minDist := float32(math.MaxFloat32)
		var dist float32 /* distance square between a point to cluster center */

		/* find the cluster center id with min distance to pt */
		for i = 0; i < nclusters; i++ {
			clusterBaseIndex := i * nfeatures /* base index of cluster centers for inverted array */
			ans := float32(0.0)               /* Euclidean distance sqaure */

			for j = 0; j < nfeatures; j++ {
				addr := pointID + j*npoints /* appropriate index of data point */
				diff := (tFeatures[addr] -
					cClusters[clusterBaseIndex+j]) /* distance between a data point to cluster centers */
				ans += diff * diff /* sum of squares */
			}
			dist = ans

			/* see if distance is smaller than previous ones:
			if so, change minimum distance and save index of cluster center */
			if dist < minDist {
				minDist = dist
				index = i
			}
		}
	}

	if pointID < npoints {
		/* assign the membership to object point_id */
		membership[pointID] = int32(index)
	}
}

// HotspotOpt1Kernel is hotspotOpt1 of hotspot3D/opt1.cu: one step of the
// 3D thermal stencil, each thread marching up the z column of its (x, y)
// cell with the three z values in registers. Launch it with 64×4 blocks
// over an nx × ny grid.
//
//gocuda:kernel HotspotOpt1Kernel
func hotspotOpt1(t *gocuda.Thread, p, tIn, tOut []float32, sdc float32,
	nx, ny, nz int,
	ce, cw float32,
	cn, cs float32,
	ct, cb float32,
	cc float32) {
	ambTemp := float32(80.0)

	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	j := t.BlockDim.Y*t.BlockIdx.Y + t.ThreadIdx.Y

	c := i + j*nx
	xy := nx * ny

	var W, E, N, S int
	if i == 0 {
		W = c
	} else {
		W = c - 1
	}
	if i == nx-1 {
		E = c
	} else {
		E = c + 1
	}
	if j == 0 {
		N = c
	} else {
		N = c - nx
	}
	if j == ny-1 {
		S = c
	} else {
		S = c + nx
	}

	var temp1, temp2, temp3 float32
	temp2 = tIn[c]
	temp1 = temp2
	temp3 = tIn[c+xy]
	tOut[c] = cc*temp2 + cw*tIn[W] + ce*tIn[E] + cs*tIn[S] +
		cn*tIn[N] + cb*temp1 + ct*temp3 + sdc*p[c] + ct*ambTemp
	c += xy
	W += xy
	E += xy
	N += xy
	S += xy

	for k := 1; k < nz-1; k++ {
		temp1 = temp2
		temp2 = temp3
		temp3 = tIn[c+xy]
		tOut[c] = cc*temp2 + cw*tIn[W] + ce*tIn[E] + cs*tIn[S] +
			cn*tIn[N] + cb*temp1 + ct*temp3 + sdc*p[c] + ct*ambTemp
		c += xy
		W += xy
		E += xy
		N += xy
		S += xy
	}
	temp1 = temp2
	temp2 = temp3
	tOut[c] = cc*temp2 + cw*tIn[W] + ce*tIn[E] + cs*tIn[S] +
		cn*tIn[N] + cb*temp1 + ct*temp3 + sdc*p[c] + ct*ambTemp
	return
}
