package rodinia

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The sizes of streamcluster/streamcluster_cuda.cu.
const (
	// StreamclusterThreads is THREADS_PER_BLOCK: the threads of a block of
	// kernel_compute_cost, one point per thread.
	StreamclusterThreads = 512
	// streamclusterMaxBlocks is MAXBLOCKS: the most blocks along x.
	streamclusterMaxBlocks = 65536
)

// StreamclusterPoint is Point of streamcluster_header.cu as
// kernel_compute_cost reads it: a point's weight, the point it is
// assigned to (its centre) and the cost of that assignment, weight times
// squared distance. Its coordinates are in StreamclusterPoints.Coord.
type StreamclusterPoint struct {
	Weight float32
	Assign int
	Cost   float32
}

// StreamclusterComputeCostKernel returns kernel_compute_cost of Rodinia's
// streamcluster/streamcluster_cuda.cu: for each of the num points, one per
// thread, the cost of assigning it to point x instead (its squared
// distance to x, from the dim×num coordinates coordD, one dimension per
// row, times its weight). A point that would save marks itself in
// switchMembershipD and adds the saving to column K of its row of
// workMemD (stride floats per point); one that would not adds the loss to
// its centre's column (centerTableD of its centre). Threads past num do
// nothing. Blocks are numbered row by row over a two-dimensional grid;
// launch it as Streamcluster does.
//
// The original reads the points' weights, centres and costs from a copy of
// the host's Point array on the device, coord pointers included; p has
// those fields only. x is a long in the original.
//
//gocuda:kernel StreamclusterComputeCostKernel
func streamclusterComputeCost(t *gocuda.Thread, num, dim, x int, p []StreamclusterPoint, K, stride int,
	coordD, workMemD []float32, centerTableD []int32, switchMembershipD []bool) {
	// block ID and global thread ID
	bid := t.BlockIdx.X + t.GridDim.X*t.BlockIdx.Y
	tid := t.BlockDim.X*bid + t.ThreadIdx.X

	if tid < num {
		lower := workMemD[tid*stride:]

		// cost between this point and point[x]: euclidean distance multiplied by weight
		xCost := streamclusterDDist(tid, x, num, dim, coordD) * p[tid].Weight

		// if computed cost is less then original (it saves), mark it as to reassign
		if xCost < p[tid].Cost {
			switchMembershipD[tid] = true
			lower[K] += xCost - p[tid].Cost
		} else {
			// if computed cost is larger, save the difference
			lower[centerTableD[p[tid].Assign]] += p[tid].Cost - xCost
		}
	}
}

// streamclusterDDist is d_dist: the squared distance between points p1
// and p2 of the dim×num coordinates coordD.
func streamclusterDDist(p1, p2, num, dim int, coordD []float32) float32 {
	var retval float32
	for i := 0; i < dim; i++ {
		tmp := coordD[(i*num)+p1] - coordD[(i*num)+p2]
		retval += tmp * tmp
	}
	return retval
}

// StreamclusterPoints is Points of streamcluster_header.cu: Num points of
// Dim coordinates each, one point per row of Coord, and their weights,
// centres and costs.
type StreamclusterPoints struct {
	Num, Dim int
	Coord    []float32
	P        []StreamclusterPoint
}

// StreamclusterInput returns num points of dim coordinates uniform in
// [0, 1] and of weight 1, as streamcluster's synthetic SimStream and
// streamCluster make them, from seed.
func StreamclusterInput(num, dim int, seed uint64) *StreamclusterPoints {
	r := newRand(seed)
	s := &StreamclusterPoints{Num: num, Dim: dim, Coord: make([]float32, num*dim), P: make([]StreamclusterPoint, num)}
	for i := range s.Coord {
		s.Coord[i] = lrand48(r) / math.MaxInt32
	}
	for i := range s.P {
		s.P[i].Weight = 1
	}
	return s
}

// Streamcluster runs the start of Rodinia's pkmedian (streamcluster's
// streamcluster_cuda_cpu.cpp, one thread) on the points on dev: the
// facility cost z from the points' distances to the first, speedy's greedy
// opening of centres until there are kmin, the feasible centres drawn by
// weight, then one local search (pFL, to an improvement under 10%) of
// 3·kmax·ln kmax pgain calls per round, each launching
// StreamclusterComputeCostKernel and reducing its rows on the host as
// streamcluster_cuda.cu's pgain does. It leaves each point's centre and
// cost in s.P and returns the solution's cost and number of centres. The
// random draws are made from seed. Errors wrap gocuda.ErrInvalidValue for
// a nil device, bad arguments (kmin from 2 to kmax, fewer than s.Num) or
// fewer than kmin distinct points (where Rodinia loops forever), or are
// the launches'.
//
// Left out from pkmedian: the shuffle of the points before speedy (the
// input is random already), the branch for no more points than kmax, and
// the bisection on z that repeats the local search; from streamCluster,
// the reading of the points in chunks.
func Streamcluster(dev *gocuda.Device, s *StreamclusterPoints, kmin, kmax int, seed uint64) (float32, int, error) {
	if dev == nil {
		return 0, 0, nilDevice("Streamcluster")
	}
	if err := s.check("Streamcluster", kmin, kmax); err != nil {
		return 0, 0, err
	}
	coord := make([]float32, s.Num*s.Dim) // coord_h, transposed on pgain's first call
	for i := range s.Dim {
		for j := range s.Num {
			coord[s.Num*i+j] = s.Coord[j*s.Dim+i]
		}
	}
	numBlocks := int(float32(s.Num+StreamclusterThreads-1) / float32(StreamclusterThreads))
	numBlocksY := int(float32(numBlocks+streamclusterMaxBlocks-1) / float32(streamclusterMaxBlocks))
	numBlocksX := int(float32(numBlocks+numBlocksY-1) / float32(numBlocksY))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: numBlocksX, Y: numBlocksY}, Block: gocuda.Dim3{X: StreamclusterThreads}}
	return streamclusterPKMedian(s, kmin, kmax, seed, func(g *scGain) error {
		return dev.Launch(cfg, StreamclusterComputeCostKernel(s.Num, s.Dim, g.x, s.P, g.k, g.stride,
			coord, g.workMem, g.centerTable, g.switchMembership))
	})
}

func (s *StreamclusterPoints) check(name string, kmin, kmax int) error {
	if s == nil || s.Num < 1 || s.Dim < 1 || len(s.Coord) != s.Num*s.Dim || len(s.P) != s.Num ||
		kmin < 2 || kmax < kmin || kmax >= s.Num {
		return fmt.Errorf("%w: rodinia.%s: points, kmin %d, kmax %d (from 2, fewer than the points)",
			gocuda.ErrInvalidValue, name, kmin, kmax)
	}
	return nil
}

// StreamclusterSerial computes what Streamcluster computes in one
// goroutine, the points' costs of opening x computed on the host from the
// points' rows of coordinates: the hand-written serial baseline. The costs
// get the kernel's operations in the same order, so the results are
// equal. It panics where Streamcluster returns an error.
func StreamclusterSerial(s *StreamclusterPoints, kmin, kmax int, seed uint64) (float32, int) {
	return streamclusterHost(s, kmin, kmax, seed, "StreamclusterSerial", serialFor)
}

// StreamclusterParallel is StreamclusterSerial with the points' costs
// split over GOMAXPROCS goroutines: the hand-written parallel baseline.
func StreamclusterParallel(s *StreamclusterPoints, kmin, kmax int, seed uint64) (float32, int) {
	return streamclusterHost(s, kmin, kmax, seed, "StreamclusterParallel", parallelFor)
}

func streamclusterHost(s *StreamclusterPoints, kmin, kmax int, seed uint64, name string, split func(n int, f func(lo, hi int))) (float32, int) {
	if err := s.check(name, kmin, kmax); err != nil {
		panic(err)
	}
	cost, k, err := streamclusterPKMedian(s, kmin, kmax, seed, func(g *scGain) error {
		split(s.Num, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				p := &s.P[i]
				xCost := scDist(s.Coord[i*s.Dim:][:s.Dim], s.Coord[g.x*s.Dim:][:s.Dim]) * p.Weight
				if xCost < p.Cost {
					g.switchMembership[i] = true
					g.workMem[i*g.stride+g.k] += xCost - p.Cost
				} else {
					g.workMem[i*g.stride+int(g.centerTable[p.Assign])] += p.Cost - xCost
				}
			}
		})
		return nil
	})
	if err != nil {
		panic(err)
	}
	return cost, k
}
