package heldout

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kmeansPoint of Rodinia 3.1's kmeans (yuhc/gpu-rodinia
// at 9c10d3e, cuda/kmeans/kmeans_cuda_kernel.cu). The texture t_features
// and the __constant__ array c_clusters are arguments read as slices,
// after the kernel's own; its code under GPU_DELTA_REDUCTION and
// GPU_NEW_CENTER_REDUCTION, which kmeans does not define, is left out as
// the preprocessor leaves it out.

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
