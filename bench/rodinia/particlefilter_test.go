package rodinia_test

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// pfResult is what a particle filter run leaves: the estimate, the
// particles and the generators.
type pfResult struct {
	xe, ye         float64
	arrayX, arrayY []float64
	seeds          []int32
}

// TestParticleFilter: ParticleFilter on both paths, and
// ParticleFilterParallel, leave the estimate, the particles and the
// generators ParticleFilterSerial leaves, bit for bit (the resampling only
// compares), for one frame (no resampling), a single partial block, several
// blocks and Rodinia's run script.
func TestParticleFilter(t *testing.T) {
	cases := []rodinia.ParticleFilterParams{
		{IszX: 16, IszY: 16, Nfr: 1, Nparticles: 10},
		{IszX: 32, IszY: 32, Nfr: 4, Nparticles: 100},
		{IszX: 64, IszY: 48, Nfr: 5, Nparticles: 300},
		rodinia.ParticleFilterRunScript,
	}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, p := range cases {
			t.Run(fmt.Sprintf("%dx%dx%d/particles=%d", p.IszX, p.IszY, p.Nfr, p.Nparticles), func(t *testing.T) {
				video, seeds := rodinia.ParticleFilterInput(p, seed)
				run := func(f func(seeds []int32, x, y []float64) (float64, float64)) pfResult {
					r := pfResult{arrayX: make([]float64, p.Nparticles), arrayY: make([]float64, p.Nparticles), seeds: slices.Clone(seeds)}
					r.xe, r.ye = f(r.seeds, r.arrayX, r.arrayY)
					return r
				}
				want := run(func(s []int32, x, y []float64) (float64, float64) {
					return rodinia.ParticleFilterSerial(video, s, p, x, y)
				})
				require.False(t, math.IsNaN(want.xe) || math.IsNaN(want.ye))
				got := run(func(s []int32, x, y []float64) (float64, float64) {
					xe, ye, err := rodinia.ParticleFilter(dev, video, s, p, x, y)
					require.NoError(t, err)
					return xe, ye
				})
				require.Equal(t, want, got, "ParticleFilter")
				par := run(func(s []int32, x, y []float64) (float64, float64) {
					return rodinia.ParticleFilterParallel(video, s, p, x, y)
				})
				require.Equal(t, want, par, "ParticleFilterParallel")
			})
		}
	})
}

// TestParticleFilterKernel: each thread finds the first CDF entry at or
// above its point (sort.SearchFloat64s), the last particle if there is
// none, on a grid with threads past the particles.
func TestParticleFilterKernel(t *testing.T) {
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		const n = 300
		cdf, u := make([]float64, n), make([]float64, n)
		arrayX, arrayY := make([]float64, n), make([]float64, n)
		for i := range n {
			cdf[i] = float64(i/3) / 90 // steps of three equal entries, past 1 at the end
			u[i] = 1.2 * float64((i*37)%n) / n
			arrayX[i], arrayY[i] = float64(i), -float64(i)
		}
		xj, yj := make([]float64, n+1), make([]float64, n+1)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: rodinia.ParticleFilterThreads}}
		require.NoError(t, dev.Launch(cfg, rodinia.ParticleFilterKernel(arrayX, arrayY, cdf, u, xj, yj, n)))
		for i := range n {
			want := min(sort.SearchFloat64s(cdf, u[i]), n-1)
			require.Equal(t, float64(want), xj[i], "particle %d", i)
			require.Equal(t, -float64(want), yj[i], "particle %d", i)
		}
		require.Zero(t, xj[n], "past the particles")
	})
}

// TestParticleFilterInput: the video's frame 0 has the disk of radius 5
// at 228 around the object's start and the background at 100, each with
// noise of deviation 5; the input is deterministic in its seed.
func TestParticleFilterInput(t *testing.T) {
	p := rodinia.ParticleFilterParams{IszX: 64, IszY: 64, Nfr: 3, Nparticles: 4}
	video, seeds := rodinia.ParticleFilterInput(p, seed)
	mean := func(inDisk bool) float64 {
		var sum, count float64
		for x := range p.IszX {
			for y := range p.IszY {
				if d := math.Hypot(float64(x-32), float64(y-32)); (d < 5) == inDisk && (inDisk || d > 8) {
					sum += float64(video[(x*p.IszY+y)*p.Nfr])
					count++
				}
			}
		}
		return sum / count
	}
	require.InDelta(t, 228, mean(true), 3, "the disk")
	require.InDelta(t, 100, mean(false), 0.5, "the background")
	video2, seeds2 := rodinia.ParticleFilterInput(p, seed)
	require.Equal(t, video, video2)
	require.Equal(t, seeds, seeds2)
}

// TestParticleFilterErrors: bad arguments are errors matching
// gocuda.ErrInvalidValue, and panics for the baselines.
func TestParticleFilterErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	p := rodinia.ParticleFilterParams{IszX: 16, IszY: 16, Nfr: 2, Nparticles: 10}
	video, seeds := rodinia.ParticleFilterInput(p, seed)
	x, y := make([]float64, 10), make([]float64, 10)
	for name, c := range map[string]struct {
		p     rodinia.ParticleFilterParams
		video []int32
		seeds []int32
		x     []float64
	}{
		"no frames":    {rodinia.ParticleFilterParams{IszX: 16, IszY: 16, Nparticles: 10}, video[:0], seeds, x},
		"short video":  {p, video[1:], seeds, x},
		"short seeds":  {p, video, seeds[1:], x},
		"short arrayX": {p, video, seeds, x[1:]},
	} {
		_, _, err := rodinia.ParticleFilter(dev, c.video, c.seeds, c.p, c.x, y)
		require.ErrorIs(t, err, gocuda.ErrInvalidValue, name)
	}
	_, _, err := rodinia.ParticleFilter(nil, video, seeds, p, x, y)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "nil device")
	require.Panics(t, func() { rodinia.ParticleFilterSerial(video[1:], seeds, p, x, y) })
	require.Panics(t, func() { rodinia.ParticleFilterParallel(video, seeds, p, x, y[1:]) })
}
