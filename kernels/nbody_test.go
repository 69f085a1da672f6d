package kernels_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

const nbodyEps2 = 0.01

// nbodyBodies returns n bodies at random in the unit cube with masses from
// 0.5 to 1.5.
func nbodyBodies(seed uint64, n int) [][4]float32 {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	bodies := make([][4]float32, n)
	for i := range bodies {
		bodies[i] = [4]float32{r.Float32(), r.Float32(), r.Float32(), 0.5 + r.Float32()}
	}
	return bodies
}

// nbodyRef computes the accelerations in float64, and for each component
// the sum of the magnitudes of its terms: float32 rounding errors are
// relative to that, not to the (possibly cancelling) sum itself.
func nbodyRef(bodies [][4]float32, eps2 float64) (acc, scale [][3]float64) {
	acc, scale = make([][3]float64, len(bodies)), make([][3]float64, len(bodies))
	for i, bi := range bodies {
		for _, bj := range bodies {
			var d [3]float64
			for c := range 3 {
				d[c] = float64(bj[c]) - float64(bi[c])
			}
			d2 := d[0]*d[0] + d[1]*d[1] + d[2]*d[2] + eps2
			s := float64(bj[3]) / (d2 * math.Sqrt(d2))
			for c := range 3 {
				acc[i][c] += d[c] * s
				scale[i][c] += math.Abs(d[c] * s)
			}
		}
	}
	return acc, scale
}

// nbodyClose fails t at the first acceleration component further than
// 1e-4 of its scale from the reference.
func nbodyClose(t *testing.T, want, scale [][3]float64, got [][3]float32) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		for c := range 3 {
			if d := math.Abs(float64(got[i][c]) - want[i][c]); !(d <= 1e-4*scale[i][c]+1e-30) {
				t.Fatalf("acc[%d][%d] = %v, want %v (scale %v)", i, c, got[i][c], want[i][c], scale[i][c])
			}
		}
	}
}

func TestNBodyAccel(t *testing.T) {
	dev := newDevice(t)
	// Around the tiles: 256 threads per block, tiles of 2048 (tiled) and
	// 1024 (multi-thread), 64 bodies per multi-thread block.
	for _, n := range []int{0, 1, 2, 63, 64, 65, 256, 257, 1024, 1025, 2048, 2049, 4100} {
		bodies := nbodyBodies(1, n)
		want, scale := nbodyRef(bodies, nbodyEps2)
		for _, v := range kernels.NBodyVariants() {
			t.Run(fmt.Sprintf("%v/n=%d", v, n), func(t *testing.T) {
				acc := make([][3]float32, n)
				for i := range acc {
					acc[i] = [3]float32{float32(math.NaN()), 0, 0}
				}
				require.NoError(t, kernels.NBodyAccel(dev, v, bodies, acc, nbodyEps2))
				nbodyClose(t, want, scale, acc)
			})
		}
	}
}

// TestNBodyBaselines checks the hand-written baselines against the
// reference, and that they do exactly the kernels' arithmetic: the simple
// and tiled kernels add the same terms in the same order, so they agree to
// the bit.
func TestNBodyBaselines(t *testing.T) {
	dev := newDevice(t)
	bodies := nbodyBodies(2, 3000)
	want, scale := nbodyRef(bodies, nbodyEps2)
	serial, parallel := make([][3]float32, len(bodies)), make([][3]float32, len(bodies))
	bench.NBodySerial(bodies, serial, nbodyEps2)
	bench.NBodyParallel(bodies, parallel, nbodyEps2)
	nbodyClose(t, want, scale, serial)
	require.Equal(t, serial, parallel)
	for _, v := range []kernels.NBodyVariant{kernels.NBodySimple, kernels.NBodyTiled} {
		acc := make([][3]float32, len(bodies))
		require.NoError(t, kernels.NBodyAccel(dev, v, bodies, acc, nbodyEps2))
		require.Equal(t, serial, acc, v.String())
	}
}

func TestNBodyStep(t *testing.T) {
	dev := newDevice(t)
	const n, dt = 300, 0.01
	start := nbodyBodies(3, n)
	a, scale := nbodyRef(start, nbodyEps2)
	for _, v := range kernels.NBodyVariants() {
		t.Run(v.String(), func(t *testing.T) {
			bodies := append([][4]float32(nil), start...)
			vel, acc := make([][3]float32, n), make([][3]float32, n)
			for i := range vel {
				vel[i] = [3]float32{float32(i%3) - 1, 0.5, float32(i) / n}
			}
			v0 := append([][3]float32(nil), vel...)
			require.NoError(t, kernels.NBodyStep(dev, v, bodies, vel, acc, nbodyEps2, dt))
			nbodyClose(t, a, scale, acc)
			// The integration, from the accelerations the step computed.
			for i := range bodies {
				require.Equal(t, start[i][3], bodies[i][3], "mass %d", i)
				for c := range 3 {
					wantV := float64(v0[i][c]) + float64(acc[i][c])*dt
					wantX := float64(start[i][c]) + wantV*dt
					tol := 1e-6 * (1 + math.Abs(wantV) + math.Abs(wantX) + math.Abs(float64(acc[i][c]))*dt)
					require.InDelta(t, wantV, vel[i][c], tol, "vel[%d][%d]", i, c)
					require.InDelta(t, wantX, bodies[i][c], tol, "pos[%d][%d]", i, c)
				}
			}
		})
	}
}

func TestNBodyErrors(t *testing.T) {
	dev := newDevice(t)
	bodies, acc, vel := make([][4]float32, 4), make([][3]float32, 4), make([][3]float32, 4)
	for name, err := range map[string]error{
		"nil device": kernels.NBodyAccel(nil, kernels.NBodySimple, bodies, acc, 1),
		"variant":    kernels.NBodyAccel(dev, kernels.NBodyVariant(3), bodies, acc, 1),
		"short acc":  kernels.NBodyAccel(dev, kernels.NBodyTiled, bodies, acc[:3], 1),
		"zero eps2":  kernels.NBodyAccel(dev, kernels.NBodyTiled, bodies, acc, 0),
		"NaN eps2":   kernels.NBodyAccel(dev, kernels.NBodyTiled, bodies, acc, float32(math.NaN())),
		"inf eps2":   kernels.NBodyAccel(dev, kernels.NBodyTiled, bodies, acc, float32(math.Inf(1))),
		"short vel":  kernels.NBodyStep(dev, kernels.NBodyTiled, bodies, vel[:3], acc, 1, 0.1),
		"NaN dt":     kernels.NBodyStep(dev, kernels.NBodyTiled, bodies, vel, acc, 1, float32(math.NaN())),
		"step acc":   kernels.NBodyStep(dev, kernels.NBodyTiled, bodies, vel, acc[:1], 1, 0.1),
	} {
		assert.ErrorIs(t, err, gocuda.ErrInvalidValue, name)
	}
}

func TestNBodyVariantString(t *testing.T) {
	var names []string
	for _, v := range kernels.NBodyVariants() {
		names = append(names, v.String())
	}
	assert.Equal(t, []string{"simple", "tiled", "multiThread"}, names)
	assert.Equal(t, "NBodyVariant(7)", kernels.NBodyVariant(7).String())
}
