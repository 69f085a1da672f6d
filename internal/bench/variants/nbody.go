package variants

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

// The variants of the n-body kernels of package kernels: NBodySimpleKernel
// (P&H Figure B.8.13, a thread per body looping over every body) and
// NBodyTiledKernel (GPU Gems 3 chapter 31, tiles of bodies in shared
// memory). G = 1, softening eps2 = 0.01.

const (
	nbThreads = 256
	nbEps2    = 0.01
)

// NBodyInlineKernel rewords kernels.NBodySimpleKernel with the interaction
// inline instead of in a helper, an indexed loop and an if around the body.
//
//gocuda:kernel NBodyInlineKernel
func nbodyInline(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32, eps2 float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(bodies) {
		pi := bodies[i]
		var ax, ay, az float32
		for j := 0; j < len(bodies); j++ {
			dx := bodies[j][0] - pi[0]
			dy := bodies[j][1] - pi[1]
			dz := bodies[j][2] - pi[2]
			distSqr := dx*dx + dy*dy + dz*dz + eps2
			invDist := 1 / float32(math.Sqrt(float64(distSqr)))
			s := bodies[j][3] * invDist * invDist * invDist
			ax += dx * s
			ay += dy * s
			az += dz * s
		}
		acc[i] = [3]float32{ax, ay, az}
	}
}

// NBodySoAKernel rewords kernels.NBodySimpleKernel over a structure of
// arrays: positions and masses in separate slices, the accelerations too.
//
//gocuda:kernel NBodySoAKernel
func nbodySoA(t *gocuda.Thread, x, y, z, mass, ax, ay, az []float32, eps2 float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(x) {
		return
	}
	xi, yi, zi := x[i], y[i], z[i]
	var sx, sy, sz float32
	for j := range x {
		dx, dy, dz := x[j]-xi, y[j]-yi, z[j]-zi
		inv := 1 / float32(math.Sqrt(float64(dx*dx+dy*dy+dz*dz+eps2)))
		s := mass[j] * inv * inv * inv
		sx, sy, sz = sx+dx*s, sy+dy*s, sz+dz*s
	}
	ax[i], ay[i], az[i] = sx, sy, sz
}

// NBodyFloat64Kernel rewords kernels.NBodySimpleKernel in float64.
//
//gocuda:kernel NBodyFloat64Kernel
func nbodyFloat64(t *gocuda.Thread, bodies [][4]float64, acc [][3]float64, eps2 float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(bodies) {
		return
	}
	xi, yi, zi := bodies[i][0], bodies[i][1], bodies[i][2]
	var ax, ay, az float64
	for j := range bodies {
		bj := &bodies[j]
		dx, dy, dz := bj[0]-xi, bj[1]-yi, bj[2]-zi
		inv := 1 / math.Sqrt(dx*dx+dy*dy+dz*dz+eps2)
		s := bj[3] * inv * inv * inv
		ax, ay, az = ax+dx*s, ay+dy*s, az+dz*s
	}
	acc[i] = [3]float64{ax, ay, az}
}

// NBodyBlockTileKernel rewords kernels.NBodyTiledKernel as GPU Gems 3's
// calculate_forces writes it: tiles of blockDim bodies, each thread
// loading one, and the tile's interactions in a helper (tile_calculation).
//
//gocuda:kernel NBodyBlockTileKernel
func nbodyBlockTile(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32, eps2 float32) {
	n := len(bodies)
	p := t.BlockDim.X
	shPos := gocuda.Shared[[4]float32](t, p)
	gtid := t.BlockIdx.X*p + t.ThreadIdx.X
	var my [4]float32
	if gtid < n {
		my = bodies[gtid]
	}
	var a [3]float32
	for tile := 0; tile*p < n; tile++ {
		idx := tile*p + t.ThreadIdx.X
		if idx < n {
			shPos[t.ThreadIdx.X] = bodies[idx]
		} else {
			shPos[t.ThreadIdx.X] = [4]float32{} // a massless body adds nothing
		}
		t.SyncThreads()
		a = tileCalculation(my, a, shPos, eps2)
		t.SyncThreads()
	}
	if gtid < n {
		acc[gtid] = a
	}
}

// tileCalculation is GPU Gems 3's tile_calculation: the acceleration of
// body my from every body of the tile, added to a.
func tileCalculation(my [4]float32, a [3]float32, tile [][4]float32, eps2 float32) [3]float32 {
	for j := range tile {
		dx, dy, dz := tile[j][0]-my[0], tile[j][1]-my[1], tile[j][2]-my[2]
		inv := 1 / float32(math.Sqrt(float64(dx*dx+dy*dy+dz*dz+eps2)))
		s := tile[j][3] * inv * inv * inv
		a[0] += dx * s
		a[1] += dy * s
		a[2] += dz * s
	}
	return a
}

// nbodyBodies places n bodies of unit mass on bench's jittered lattice.
func nbodyBodies[T float32 | float64](n int) [][4]T {
	bodies := make([][4]T, n)
	for i := range bodies {
		f := float64(i)
		bodies[i] = [4]T{T(float32(math.Mod(f*0.618034, 1))), T(float32(math.Mod(f*0.414214, 1))), T(float32(math.Mod(f*0.732051, 1))), 1}
	}
	return bodies
}

// nbodyCase is an n-body Impl: run computes the accelerations of n bodies
// into acc (float64 for every variant, converted), checked against
// bench.NBodySerial within 1e-4 of the largest component, since the
// variants add the same terms in other orders and precisions.
func nbodyCase(name, kind, of string, run func(dev *gocuda.Device, runtimePath bool, n int) ([][3]float64, error)) Impl {
	return Impl{Name: name, Kind: kind, Of: of, Setup: func(dev *gocuda.Device, n int, runtimePath bool) Instance {
		return Instance{
			Run: func() error { _, err := run(dev, runtimePath, n); return err },
			Check: func() error {
				got, err := run(dev, runtimePath, n)
				if err != nil {
					return err
				}
				want := make([][3]float32, n)
				bench.NBodySerial(nbodyBodies[float32](n), want, nbEps2)
				var top float64
				for _, a := range want {
					for _, c := range a {
						top = max(top, math.Abs(float64(c)))
					}
				}
				for i := range want {
					for c := range 3 {
						if d := math.Abs(got[i][c] - float64(want[i][c])); d > 1e-4*top || d != d {
							return fmt.Errorf("body %d component %d = %v, want %v", i, c, got[i][c], want[i][c])
						}
					}
				}
				return nil
			},
		}
	}}
}

// nbody32 runs f over the shared float32 bodies and accelerations and
// returns the accelerations in float64.
func nbody32(f func(dev *gocuda.Device, runtimePath bool, bodies [][4]float32, acc [][3]float32) error) func(*gocuda.Device, bool, int) ([][3]float64, error) {
	return func(dev *gocuda.Device, runtimePath bool, n int) ([][3]float64, error) {
		bodies := shared("bodies32", n, nbodyBodies[float32])
		acc := shared("acc32", n, func(n int) [][3]float32 { return make([][3]float32, n) })
		clear(acc)
		err := f(dev, runtimePath, bodies, acc)
		out := make([][3]float64, n)
		for i, a := range acc {
			out[i] = [3]float64{float64(a[0]), float64(a[1]), float64(a[2])}
		}
		return out, err
	}
}

func nbodyLaunch(k func(bodies [][4]float32, acc [][3]float32, eps2 float32) func(*gocuda.Thread)) func(*gocuda.Device, bool, int) ([][3]float64, error) {
	return nbody32(func(dev *gocuda.Device, runtimePath bool, bodies [][4]float32, acc [][3]float32) error {
		return dev.Launch(config(ceil(len(bodies), nbThreads), nbThreads, runtimePath), k(bodies, acc, nbEps2))
	})
}

func nbodyAlgo() Algo {
	orig := func(v kernels.NBodyVariant) Impl {
		return nbodyCase(v.String(), Original, "", nbody32(func(dev *gocuda.Device, _ bool, bodies [][4]float32, acc [][3]float32) error {
			return kernels.NBodyAccel(dev, v, bodies, acc, nbEps2)
		}))
	}
	return Algo{
		Name: "nbody", Size: 4096, Short: 256, Test: []int{1, 300},
		Impls: []Impl{
			orig(kernels.NBodySimple), orig(kernels.NBodyTiled),
			nbodyCase("inline", Reworded, "simple", nbodyLaunch(NBodyInlineKernel)),
			nbodyCase("soa", Reworded, "simple", func(dev *gocuda.Device, runtimePath bool, n int) ([][3]float64, error) {
				soa := shared("bodiesSoA", n, func(n int) [][]float32 {
					b := nbodyBodies[float32](n)
					s := make([][]float32, 7)
					for c := range s {
						s[c] = make([]float32, n)
					}
					for i, p := range b {
						s[0][i], s[1][i], s[2][i], s[3][i] = p[0], p[1], p[2], p[3]
					}
					return s
				})
				err := dev.Launch(config(ceil(n, nbThreads), nbThreads, runtimePath),
					NBodySoAKernel(soa[0], soa[1], soa[2], soa[3], soa[4], soa[5], soa[6], nbEps2))
				out := make([][3]float64, n)
				for i := range out {
					out[i] = [3]float64{float64(soa[4][i]), float64(soa[5][i]), float64(soa[6][i])}
				}
				return out, err
			}),
			nbodyCase("float64", Reworded, "simple", func(dev *gocuda.Device, runtimePath bool, n int) ([][3]float64, error) {
				bodies := shared("bodies64", n, nbodyBodies[float64])
				acc := shared("acc64", n, func(n int) [][3]float64 { return make([][3]float64, n) })
				err := dev.Launch(config(ceil(n, nbThreads), nbThreads, runtimePath), NBodyFloat64Kernel(bodies, acc, nbEps2))
				return acc, err
			}),
			nbodyCase("blockTile", Reworded, "tiled", nbodyLaunch(NBodyBlockTileKernel)),
			nbodyCase(bench.HandSerial, Hand, "", nbody32(func(_ *gocuda.Device, _ bool, bodies [][4]float32, acc [][3]float32) error {
				bench.NBodySerial(bodies, acc, nbEps2)
				return nil
			})),
			nbodyCase(bench.HandParallel, Hand, "", nbody32(func(_ *gocuda.Device, _ bool, bodies [][4]float32, acc [][3]float32) error {
				bench.NBodyParallel(bodies, acc, nbEps2)
				return nil
			})),
		},
	}
}
