package hecbenchrodinia

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds three one-kernel pieces of Rodinia 3.1's CUDA versions
// (yuhc/gpu-rodinia at 9c10d3e): backprop's bpnn_adjust_weights_cuda
// (cuda/backprop/backprop_cuda_kernel.cu; bench/rodinia has its
// bpnn_layerforward_CUDA), nn's euclid (cuda/nn/nn_cuda.cu) and
// streamcluster's kernel_compute_cost (cuda/streamcluster/
// streamcluster_cuda.cu).

// backprop.h's HEIGHT, ETA and MOMENTUM (the last two double constants).
const (
	bpHeight   = 16
	bpEta      = 0.3
	bpMomentum = 0.3
)

// BpnnAdjustWeightsKernel is bpnn_adjust_weights_cuda of
// backprop_cuda_kernel.cu: thread (tx, ty) of block (0, by) adds the
// momentum step to the weight from input unit 16·by+ty+1 to hidden unit
// tx+1, in double as C's promotions make it; after a barrier, row 0 of
// block 0 updates the bias weights. Launch it with 16×16 blocks, a grid of
// 1 × in/16.
//
//gocuda:kernel BpnnAdjustWeightsKernel
func bpnnAdjustWeightsCuda(t *gocuda.Thread, delta []float32, hid int, ly []float32, in int, w []float32, oldw []float32) {
	by := t.BlockIdx.Y

	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y

	index := (hid+1)*bpHeight*by + (hid+1)*ty + tx + 1 + (hid + 1)
	indexY := bpHeight*by + ty + 1
	indexX := tx + 1
	//eta = 0.3;
	//momentum = 0.3;

	w[index] = float32(float64(w[index]) + ((bpEta * float64(delta[indexX]) * float64(ly[indexY])) + (bpMomentum * float64(oldw[index]))))
	oldw[index] = float32((bpEta * float64(delta[indexX]) * float64(ly[indexY])) + (bpMomentum * float64(oldw[index])))

	t.SyncThreads()

	if ty == 0 && by == 0 {
		w[indexX] = float32(float64(w[indexX]) + ((bpEta * float64(delta[indexX])) + (bpMomentum * float64(oldw[indexX]))))
		oldw[indexX] = float32((bpEta * float64(delta[indexX])) + (bpMomentum * float64(oldw[indexX])))
	}
}

// latLong is nn_cuda.cu's LatLong.
type latLong struct{ lat, lng float32 }

// EuclidKernel is euclid of nn_cuda.cu: each record's distance from
// (lat, lng), over a 2D grid of 1D blocks. d_locations+globalId is a
// subslice, so dLocations must hold a record for every thread of the grid.
//
//gocuda:kernel EuclidKernel
func euclid(t *gocuda.Thread, dLocations []latLong, dDistances []float32, numRecords int, lat, lng float32) {
	//int globalId = gridDim.x * blockDim.x * blockIdx.y + blockDim.x * blockIdx.x + threadIdx.x;
	globalID := t.BlockDim.X*(t.GridDim.X*t.BlockIdx.Y+t.BlockIdx.X) + t.ThreadIdx.X // more efficient
	latLong := dLocations[globalID:]
	if globalID < numRecords {
		dist := dDistances[globalID:]
		dist[0] = float32(math.Sqrt(float64((lat-latLong[0].lat)*(lat-latLong[0].lat) + (lng-latLong[0].lng)*(lng-latLong[0].lng))))
	}
}

// scPoint is streamcluster's Point: coord, a host pointer the kernel never
// reads, is an index here.
type scPoint struct {
	weight float32
	coord  int
	assign int64   /* number of point where this one is assigned */
	cost   float32 /* cost of that assignment, weight*distance */
}

// dDist is streamcluster_cuda.cu's d_dist: the squared distance of points
// p1 and p2 of the dim × num coordinates coordD.
func dDist(p1, p2 int, num, dim int, coordD []float32) float32 {
	retval := float32(0.0)
	for i := 0; i < dim; i++ {
		tmp := coordD[(i*num)+p1] - coordD[(i*num)+p2]
		retval += tmp * tmp
	}
	return retval
}

// KernelComputeCost is kernel_compute_cost of streamcluster_cuda.cu:
// thread tid weighs reassigning point tid to candidate center x; if that
// is cheaper it marks the point to switch and adds the saving to its
// work_mem row's slot K, otherwise it adds the loss to the slot of its
// center.
//
//gocuda:kernel KernelComputeCost
func kernelComputeCost(t *gocuda.Thread, num, dim int, x int64, p []scPoint, K, stride int,
	coordD, workMemD []float32, centerTableD []int32, switchMembershipD []bool) {
	// block ID and global thread ID
	bid := t.BlockIdx.X + t.GridDim.X*t.BlockIdx.Y
	tid := t.BlockDim.X*bid + t.ThreadIdx.X

	if tid < num {
		lower := workMemD[tid*stride:]

		// cost between this point and point[x]: euclidean distance multiplied by weight
		xCost := dDist(tid, int(x), num, dim, coordD) * p[tid].weight

		// if computed cost is less then original (it saves), mark it as to reassign
		if xCost < p[tid].cost {
			switchMembershipD[tid] = true
			lower[K] += xCost - p[tid].cost
		} else {
			// if computed cost is larger, save the difference
			lower[centerTableD[p[tid].assign]] += p[tid].cost - xCost
		}
	}
}
