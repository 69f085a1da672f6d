package rodinia

import (
	"fmt"
	"math"
	"slices"

	"github.com/gocuda/gocuda/gocuda"
)

// KMeansThreads is THREADS_PER_BLOCK of kmeans/kmeans_cuda.cu
// (THREADS_PER_DIM², 16²): the threads of a block of invert_mapping and
// kmeansPoint, one point per thread.
const KMeansThreads = 16 * 16

// KMeansInvertMappingKernel returns invert_mapping of Rodinia's
// kmeans/kmeans_cuda_kernel.cu: the npoints×nfeatures features, one point
// per row in input, transposed into output, one feature per row, so that
// kmeansPoint's threads read consecutive points. One thread per point;
// threads past npoints do nothing. Launch it over a one-dimensional grid of
// KMeansThreads-thread blocks covering the points (KMeans does).
//
//gocuda:kernel KMeansInvertMappingKernel
func kmeansInvertMapping(t *gocuda.Thread, input, output []float32, npoints, nfeatures int) {
	pointID := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X

	if pointID < npoints {
		for i := 0; i < nfeatures; i++ {
			output[pointID+npoints*i] = input[pointID*nfeatures+i]
		}
	}
}

// KMeansPointKernel returns kmeansPoint of Rodinia's
// kmeans/kmeans_cuda_kernel.cu, as kmeans_cuda.cu builds it (neither
// GPU_DELTA_REDUCTION nor GPU_NEW_CENTER_REDUCTION defined, so no shared
// memory and no barrier): each thread finds the nearest of the nclusters
// centres in clusters (nclusters×nfeatures, row-major) to its point of
// features (the transposed array invert_mapping makes), the squared
// Euclidean distance summed feature by feature in float, the first of
// equal distances winning, and writes its number to membership. Threads
// past npoints do nothing. Blocks are numbered row by row over a
// two-dimensional grid of one-dimensional blocks; launch it as KMeans does.
//
// The original reads features through the texture t_features and the
// centres from the __constant__ array c_clusters (at most 32×34 floats);
// the port reads both as plain global slices, which is what those fetches
// return (point filtering, no normalisation), without the size limit.
// blockClusters and blockDeltas, the outputs of the disabled reductions,
// are kept in the signature and unused, as in kmeans_cuda.cu's build.
//
//gocuda:kernel KMeansPointKernel
func kmeansPoint(t *gocuda.Thread, features []float32, nfeatures, npoints, nclusters int,
	membership []int32, clusters, blockClusters []float32, blockDeltas []int32) {
	// block ID
	blockID := t.GridDim.X*t.BlockIdx.Y + t.BlockIdx.X
	// point/thread ID
	pointID := blockID*t.BlockDim.X*t.BlockDim.Y + t.ThreadIdx.X

	index := int32(-1)

	if pointID < npoints {
		minDist := float32(math.MaxFloat32)
		var dist float32

		// find the cluster center id with min distance to pt
		for i := 0; i < nclusters; i++ {
			clusterBaseIndex := i * nfeatures
			var ans float32

			for j := 0; j < nfeatures; j++ {
				addr := pointID + j*npoints
				diff := features[addr] - clusters[clusterBaseIndex+j]
				ans += diff * diff
			}
			dist = ans

			if dist < minDist {
				minDist = dist
				index = int32(i)
			}
		}
	}

	if pointID < npoints {
		// assign the membership to object point_id
		membership[pointID] = index
	}
}

// KMeansParams are the arguments of Rodinia's kmeans (one number of
// clusters, one loop of cluster.c): the points, their features, the
// clusters and the loop's end.
type KMeansParams struct {
	// Points and Features are the input's size: Points rows of Features
	// floats.
	Points, Features int
	// Clusters is the number of clusters, from 1 to Points.
	Clusters int
	// Threshold ends the loop once no more than it points changed cluster
	// in an iteration.
	Threshold float32
	// MaxIterations bounds the iterations, at least 1: kmeans_clustering.c's
	// do-while loop with loop++ < 500 runs at most 501.
	MaxIterations int
}

// KMeansRunScript are the parameters of Rodinia's run script for kmeans
// (kmeans -o -i kdd_cup: 494020 points of 34 features, 5 clusters, the
// default threshold 0.001), its loop bound.
var KMeansRunScript = KMeansParams{Points: 494020, Features: 34, Clusters: 5, Threshold: 0.001, MaxIterations: 501}

func (p KMeansParams) check(name string, features, clusters []float32, membership []int32) error {
	if p.Points < 1 || p.Features < 1 || p.Clusters < 1 || p.Clusters > p.Points || p.MaxIterations < 1 ||
		len(features) != p.Points*p.Features || len(clusters) != p.Clusters*p.Features || len(membership) != p.Points {
		return fmt.Errorf("%w: rodinia.%s: %d points of %d features (len %d), %d clusters (len %d), len(membership) = %d, %d iterations",
			gocuda.ErrInvalidValue, name, p.Points, p.Features, len(features), p.Clusters, len(clusters), len(membership), p.MaxIterations)
	}
	return nil
}

// KMeans clusters the p.Points×p.Features features (one point per row) on
// dev as kmeans_clustering.c and kmeans_cuda.cu do, and returns the
// number of iterations run. It transposes the features with
// KMeansInvertMappingKernel (allocateMemory), takes the first p.Clusters
// points as the centres, then each iteration launches KMeansPointKernel
// over a square grid of blocks covering the points and, on the host, counts
// the points that changed cluster and sums each cluster's points in point
// order (kmeansCuda's CPU_DELTA_REDUCE and CPU_CENTER_REDUCE), and takes
// the averages as the new centres; it stops when no more than
// p.Threshold points changed or after p.MaxIterations. On return clusters
// holds the centres (p.Clusters×p.Features) and membership each point's
// cluster. Errors wrap gocuda.ErrInvalidValue for a nil device, bad
// parameters or lengths, or a point at no finite distance from any centre
// (NaN or huge features), or are the launches'.
func KMeans(dev *gocuda.Device, features []float32, p KMeansParams, clusters []float32, membership []int32) (int, error) {
	if dev == nil {
		return 0, nilDevice("KMeans")
	}
	if err := p.check("KMeans", features, clusters, membership); err != nil {
		return 0, err
	}
	numBlocks := (p.Points + KMeansThreads - 1) / KMeansThreads
	perDim := int(math.Sqrt(float64(numBlocks)))
	for perDim*perDim < numBlocks {
		perDim++
	}
	numBlocks = perDim * perDim

	featureD := make([]float32, len(features))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: numBlocks}, Block: gocuda.Dim3{X: KMeansThreads}}
	if err := dev.Launch(cfg, KMeansInvertMappingKernel(features, featureD, p.Points, p.Features)); err != nil {
		return 0, err
	}
	membershipNew, membershipD := make([]int32, p.Points), make([]int32, p.Points)
	for i := range membershipNew {
		membershipNew[i] = -1
	}
	red := newKMeansReduction(features, p, clusters, membership)
	cfg = gocuda.Config{Grid: gocuda.Dim3{X: perDim, Y: perDim}, Block: gocuda.Dim3{X: KMeansThreads}}
	for c := 1; ; c++ {
		copy(membershipD, membershipNew)
		if err := dev.Launch(cfg, KMeansPointKernel(featureD, p.Features, p.Points, p.Clusters, membershipD, clusters, nil, nil)); err != nil {
			return c, err
		}
		copy(membershipNew, membershipD)
		delta, err := red.reduce(membershipNew, serialFor)
		if err != nil {
			return c, err
		}
		red.average()
		if !(float32(delta) > p.Threshold) || c >= p.MaxIterations {
			return c, nil
		}
	}
}

// kmeansReduction is the host side of kmeansCuda and kmeans_clustering:
// the sums of each cluster's points and their numbers, and the centres
// and memberships they update.
type kmeansReduction struct {
	p          KMeansParams
	features   []float32
	clusters   []float32
	membership []int32
	newCenters []float32
	newLen     []int32
}

// newKMeansReduction starts kmeans_clustering: the first p.Clusters points
// picked as the centres (its pick with rand() commented out), every
// membership -1.
func newKMeansReduction(features []float32, p KMeansParams, clusters []float32, membership []int32) *kmeansReduction {
	initial := make([]int, p.Points)
	for i := range initial {
		initial[i] = i
	}
	initialPoints, n := p.Points, 0
	for i := 0; i < p.Clusters && initialPoints >= 0; i++ {
		copy(clusters[i*p.Features:][:p.Features], features[initial[n]*p.Features:][:p.Features])
		initial[n], initial[initialPoints-1] = initial[initialPoints-1], initial[n]
		initialPoints--
		n++
	}
	for i := range membership {
		membership[i] = -1
	}
	return &kmeansReduction{p: p, features: features, clusters: clusters, membership: membership,
		newCenters: make([]float32, p.Clusters*p.Features), newLen: make([]int32, p.Clusters)}
}

// reduce takes the new memberships: it counts the points whose cluster
// changed and updates membership, and sums each cluster's points in point
// order, as kmeansCuda's host loop does, the features' columns split by
// split (each sum's order is the same however they are split). A point
// with no nearest centre (kmeansPoint's -1: NaN or infinite distances,
// where Rodinia would index before its arrays) is an error wrapping
// gocuda.ErrInvalidValue.
func (r *kmeansReduction) reduce(membershipNew []int32, split func(n int, f func(lo, hi int))) (int, error) {
	if i := slices.Index(membershipNew, -1); i >= 0 {
		return 0, fmt.Errorf("%w: rodinia.KMeans: point %d is at no finite distance from any centre", gocuda.ErrInvalidValue, i)
	}
	delta := 0
	for i, id := range membershipNew {
		r.newLen[id]++
		if id != r.membership[i] {
			delta++
			r.membership[i] = id
		}
	}
	nf := r.p.Features
	split(nf, func(lo, hi int) {
		for i, id := range membershipNew {
			point, sum := r.features[i*nf:][:nf], r.newCenters[int(id)*nf:][:nf]
			for j := lo; j < hi; j++ {
				sum[j] += point[j]
			}
		}
	})
	return delta, nil
}

// average replaces the centres of the clusters with points by their
// points' averages and clears the sums, as kmeans_clustering's loop does.
func (r *kmeansReduction) average() {
	nf := r.p.Features
	for i := range r.p.Clusters {
		for j := range nf {
			if r.newLen[i] > 0 {
				r.clusters[i*nf+j] = r.newCenters[i*nf+j] / float32(r.newLen[i])
			}
			r.newCenters[i*nf+j] = 0
		}
		r.newLen[i] = 0
	}
}

// KMeansSerial computes what KMeans computes in one goroutine, on the
// features as given (no transposition), as Rodinia's OpenMP kmeans does:
// the hand-written serial baseline. Each distance and each sum gets the
// same operations in the same order as KMeans's, so the results are
// equal. It panics where KMeans returns an error.
func KMeansSerial(features []float32, p KMeansParams, clusters []float32, membership []int32) int {
	return kmeansHost(features, p, clusters, membership, "KMeansSerial", serialFor)
}

// KMeansParallel is KMeansSerial with the points' assignments split over
// GOMAXPROCS goroutines, and the sums by feature: the hand-written
// parallel baseline.
func KMeansParallel(features []float32, p KMeansParams, clusters []float32, membership []int32) int {
	return kmeansHost(features, p, clusters, membership, "KMeansParallel", parallelFor)
}

func kmeansHost(features []float32, p KMeansParams, clusters []float32, membership []int32,
	name string, split func(n int, f func(lo, hi int))) int {
	if err := p.check(name, features, clusters, membership); err != nil {
		panic(err)
	}
	red := newKMeansReduction(features, p, clusters, membership)
	membershipNew := make([]int32, p.Points)
	nf := p.Features
	for c := 1; ; c++ {
		split(p.Points, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				membershipNew[i] = kmeansNearest(features[i*nf:][:nf], clusters, p.Clusters)
			}
		})
		delta, err := red.reduce(membershipNew, split)
		if err != nil {
			panic(err)
		}
		red.average()
		if !(float32(delta) > p.Threshold) || c >= p.MaxIterations {
			return c
		}
	}
}

// kmeansNearest is the number of the centre nearest to point, the first
// of equal ones, as kmeansPoint finds it.
func kmeansNearest(point, clusters []float32, nclusters int) int32 {
	index, minDist := int32(-1), float32(math.MaxFloat32)
	nf := len(point)
	for i := range nclusters {
		var ans float32
		for j, x := range clusters[i*nf:][:nf] {
			diff := point[j] - x
			ans += diff * diff
		}
		if ans < minDist {
			minDist, index = ans, int32(i)
		}
	}
	return index
}

// KMeansInput returns npoints points of nfeatures features scattered
// around nblobs random centres in [0, 1)^nfeatures, made from seed: a
// stand-in for Rodinia's kdd_cup file, which the package does not ship.
func KMeansInput(npoints, nfeatures, nblobs int, seed uint64) []float32 {
	r := newRand(seed)
	centres := make([]float32, nblobs*nfeatures)
	for i := range centres {
		centres[i] = r.Float32()
	}
	f := make([]float32, npoints*nfeatures)
	for i := range npoints {
		c := centres[r.IntN(nblobs)*nfeatures:][:nfeatures]
		for j := range nfeatures {
			f[i*nfeatures+j] = c[j] + 0.1*float32(r.NormFloat64())
		}
	}
	return f
}
