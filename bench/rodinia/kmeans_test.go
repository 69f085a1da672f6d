package rodinia_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// kmeansResult is what a k-means run leaves: the centres, the memberships
// and the number of iterations.
type kmeansResult struct {
	clusters   []float32
	membership []int32
	iterations int
}

// kmeansSerial runs KMeansSerial on features with p.
func kmeansSerial(features []float32, p rodinia.KMeansParams) kmeansResult {
	r := kmeansResult{clusters: make([]float32, p.Clusters*p.Features), membership: make([]int32, p.Points)}
	r.iterations = rodinia.KMeansSerial(features, p, r.clusters, r.membership)
	return r
}

// TestKMeans: KMeans on both paths, and KMeansParallel, cluster as
// KMeansSerial does, bit for bit (every distance and sum has the same
// operations in the same order), iteration counts included: one partial
// block, a grid whose last blocks are past the points (the square grid
// rounds up), one cluster, as many clusters as points, a threshold that
// stops early, and an iteration bound.
func TestKMeans(t *testing.T) {
	cases := []struct {
		rodinia.KMeansParams
		blobs int
	}{
		{rodinia.KMeansParams{Points: 100, Features: 3, Clusters: 4, Threshold: 0.001, MaxIterations: 501}, 4},
		{rodinia.KMeansParams{Points: 1300, Features: 34, Clusters: 5, Threshold: 0.001, MaxIterations: 501}, 7},
		{rodinia.KMeansParams{Points: 700, Features: 5, Clusters: 1, Threshold: 0.001, MaxIterations: 501}, 3},
		{rodinia.KMeansParams{Points: 9, Features: 2, Clusters: 9, Threshold: 0.001, MaxIterations: 501}, 2},
		{rodinia.KMeansParams{Points: 3000, Features: 8, Clusters: 12, Threshold: 50, MaxIterations: 501}, 12},
		{rodinia.KMeansParams{Points: 3000, Features: 8, Clusters: 12, Threshold: 0.001, MaxIterations: 2}, 12},
	}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, c := range cases {
			p := c.KMeansParams
			t.Run(fmt.Sprintf("points=%d/features=%d/clusters=%d/threshold=%g/max=%d", p.Points, p.Features, p.Clusters, p.Threshold, p.MaxIterations), func(t *testing.T) {
				features := rodinia.KMeansInput(p.Points, p.Features, c.blobs, seed)
				want := kmeansSerial(features, p)

				clusters, membership := make([]float32, p.Clusters*p.Features), make([]int32, p.Points)
				iterations, err := rodinia.KMeans(dev, features, p, clusters, membership)
				require.NoError(t, err)
				require.Equal(t, want.iterations, iterations, "iterations")
				require.NoError(t, gocudatest.Equal(clusters, want.clusters), "clusters")
				require.NoError(t, gocudatest.Equal(membership, want.membership), "membership")

				par := kmeansResult{clusters: make([]float32, p.Clusters*p.Features), membership: make([]int32, p.Points)}
				par.iterations = rodinia.KMeansParallel(features, p, par.clusters, par.membership)
				require.Equal(t, want, par, "KMeansParallel")
			})
		}
	})
}

// TestKMeansInvertMappingKernel: invert_mapping transposes the features,
// threads past the points (a grid of more blocks than needed) writing
// nothing.
func TestKMeansInvertMappingKernel(t *testing.T) {
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		const npoints, nfeatures = 300, 7
		in := rodinia.KMeansInput(npoints, nfeatures, 2, seed)
		out := make([]float32, npoints*nfeatures+5)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: rodinia.KMeansThreads}}
		require.NoError(t, dev.Launch(cfg, rodinia.KMeansInvertMappingKernel(in, out, npoints, nfeatures)))
		for i := range npoints {
			for j := range nfeatures {
				require.Equal(t, in[i*nfeatures+j], out[j*npoints+i], "point %d, feature %d", i, j)
			}
		}
		require.Equal(t, make([]float32, 5), out[npoints*nfeatures:], "past the array")
	})
}

// TestKMeansSerial: a run that converged (fewer iterations than the bound,
// threshold below 1) ends at a fixed point, checked in float64: every
// point is in a nearest cluster, and every centre is the mean of its
// points; the clusters found are the input's blobs, well apart.
func TestKMeansSerial(t *testing.T) {
	p := rodinia.KMeansParams{Points: 2000, Features: 6, Clusters: 5, Threshold: 0.001, MaxIterations: 501}
	features := rodinia.KMeansInput(p.Points, p.Features, p.Clusters, seed)
	r := kmeansSerial(features, p)
	require.Less(t, r.iterations, p.MaxIterations)
	require.Greater(t, r.iterations, 1)

	nf := p.Features
	dist := func(i, c int) float64 {
		var d float64
		for j := range nf {
			x := float64(features[i*nf+j]) - float64(r.clusters[c*nf+j])
			d += x * x
		}
		return d
	}
	sums, counts := make([]float64, p.Clusters*nf), make([]int, p.Clusters)
	for i, m := range r.membership {
		for c := range p.Clusters {
			require.LessOrEqual(t, dist(i, int(m)), dist(i, c)*(1+1e-5), "point %d: cluster %d nearer than %d", i, c, m)
		}
		counts[m]++
		for j := range nf {
			sums[int(m)*nf+j] += float64(features[i*nf+j])
		}
	}
	for c := range p.Clusters {
		require.Positive(t, counts[c], "cluster %d", c)
		for j := range nf {
			require.InDelta(t, sums[c*nf+j]/float64(counts[c]), float64(r.clusters[c*nf+j]), 1e-5, "centre %d, feature %d", c, j)
		}
	}
}

// TestKMeansErrors: bad arguments, and a point at no finite distance from
// any centre, are errors matching gocuda.ErrInvalidValue, and panics for
// the baselines.
func TestKMeansErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	ok := rodinia.KMeansParams{Points: 10, Features: 2, Clusters: 3, Threshold: 0.001, MaxIterations: 5}
	bad := func(f func(p *rodinia.KMeansParams)) rodinia.KMeansParams { p := ok; f(&p); return p }
	features, clusters, membership := make([]float32, 20), make([]float32, 6), make([]int32, 10)
	for name, p := range map[string]rodinia.KMeansParams{
		"no points":       bad(func(p *rodinia.KMeansParams) { p.Points = 0 }),
		"no features":     bad(func(p *rodinia.KMeansParams) { p.Features = 0 }),
		"no clusters":     bad(func(p *rodinia.KMeansParams) { p.Clusters = 0 }),
		"too many":        bad(func(p *rodinia.KMeansParams) { p.Clusters = 11 }),
		"no iterations":   bad(func(p *rodinia.KMeansParams) { p.MaxIterations = 0 }),
		"feature lengths": bad(func(p *rodinia.KMeansParams) { p.Features = 3 }),
	} {
		_, err := rodinia.KMeans(dev, features, p, clusters, membership)
		require.ErrorIs(t, err, gocuda.ErrInvalidValue, name)
	}
	_, err := rodinia.KMeans(nil, features, ok, clusters, membership)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "nil device")
	_, err = rodinia.KMeans(dev, features, ok, clusters[:5], membership)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "short clusters")
	_, err = rodinia.KMeans(dev, features, ok, clusters, membership[:9])
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "short membership")
	nan := slices.Clone(features)
	nan[7] = float32(math.NaN())
	_, err = rodinia.KMeans(dev, nan, ok, clusters, membership)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "a NaN feature")
	require.Panics(t, func() { rodinia.KMeansSerial(nan, ok, clusters, membership) })
	require.Panics(t, func() { rodinia.KMeansSerial(features[:19], ok, clusters, membership) })
	require.Panics(t, func() { rodinia.KMeansParallel(features, ok, clusters, membership[:1]) })
}

// TestKMeansInput: the input is deterministic in its seed and finite.
func TestKMeansInput(t *testing.T) {
	a, b := rodinia.KMeansInput(50, 4, 3, seed), rodinia.KMeansInput(50, 4, 3, seed)
	require.Equal(t, a, b)
	require.NotEqual(t, a, rodinia.KMeansInput(50, 4, 3, seed+1))
	require.False(t, slices.ContainsFunc(a, func(x float32) bool { return math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) }))
}
