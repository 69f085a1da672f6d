package kernels

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// NBodyVariant names one of the all-pairs n-body kernels NBodyAccel runs,
// those of P&H Appendix B.8 and GPU Gems 3 chapter 31.
type NBodyVariant int

// The all-pairs n-body kernels of P&H Appendix B.8 and GPU Gems 3 chapter
// 31 (Nyland, Harris and Prins, "Fast N-Body Simulation with CUDA").
const (
	// NBodySimple is one thread per body looping over every body in global
	// memory (NBodySimpleKernel).
	NBodySimple NBodyVariant = iota
	// NBodyTiled has each block stage tiles of bodies in shared memory
	// (NBodyTiledKernel).
	NBodyTiled
	// NBodyMultiThread has several threads per body split the body loop
	// and combine their partial sums in shared memory
	// (NBodyMultiThreadKernel).
	NBodyMultiThread
)

var nbodyNames = [...]string{"simple", "tiled", "multiThread"}

// String returns the variant's short name, such as "tiled".
func (v NBodyVariant) String() string {
	if v < 0 || int(v) >= len(nbodyNames) {
		return fmt.Sprintf("NBodyVariant(%d)", int(v))
	}
	return nbodyNames[v]
}

// NBodyVariants returns every NBodyVariant, in order.
func NBodyVariants() []NBodyVariant {
	return []NBodyVariant{NBodySimple, NBodyTiled, NBodyMultiThread}
}

// Launch shapes of the n-body kernels, tuned for gocuda, where a barrier
// is a coroutine switch per thread on the runtime path: a tile must give
// each thread hundreds of interactions to hide its two barriers.
const (
	nbodyBlock     = 256  // threads per block of the simple, tiled and integration kernels
	nbodyTile      = 2048 // bodies per shared tile of the tiled kernel (32 KiB)
	nbodyMultiP    = 64   // bodies per block of the multi-thread kernel
	nbodyMultiQ    = 4    // threads per body of the multi-thread kernel
	nbodyMultiTile = 1024 // bodies per shared tile of the multi-thread kernel
)

// NBodyConfig returns the launch configuration of variant v for n bodies:
// blocks of 256 threads, one per body, or for NBodyMultiThread blocks of
// 64×4 threads, four per body. NBodyIntegrateKernel uses the NBodySimple
// configuration.
func NBodyConfig(v NBodyVariant, n int) gocuda.Config {
	if v == NBodyMultiThread {
		return gocuda.Config{
			Grid:  gocuda.Dim3{X: matmulCeil(n, nbodyMultiP)},
			Block: gocuda.Dim3{X: nbodyMultiP, Y: nbodyMultiQ},
		}
	}
	return gocuda.Config{Grid: gocuda.Dim3{X: matmulCeil(n, nbodyBlock)}, Block: gocuda.Dim3{X: nbodyBlock}}
}

// NBodyAccel computes on dev, with variant v, the gravitational
// acceleration of every body (x, y, z, mass) due to all the bodies,
// softened by eps2 (ε²) as in GPU Gems 3 chapter 31 (with G = 1):
//
//	acc[i] = Σ_j mass_j · r_ij / (|r_ij|² + ε²)^(3/2),  r_ij = pos_j − pos_i
//
// The softening makes the j = i term zero, so no test excludes it; eps2
// must be positive and finite. It returns an error wrapping
// gocuda.ErrInvalidValue if len(acc) differs from len(bodies), eps2 is not
// positive and finite, or v is unknown, and otherwise the launch's error.
func NBodyAccel(dev *gocuda.Device, v NBodyVariant, bodies [][4]float32, acc [][3]float32, eps2 float32) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.NBodyAccel: nil device", gocuda.ErrInvalidValue)
	case v < 0 || int(v) >= len(nbodyNames):
		return fmt.Errorf("%w: kernels.NBodyAccel: unknown variant %v", gocuda.ErrInvalidValue, v)
	case len(acc) != len(bodies):
		return fmt.Errorf("%w: kernels.NBodyAccel: %d accelerations for %d bodies",
			gocuda.ErrInvalidValue, len(acc), len(bodies))
	case !(eps2 > 0) || math.IsInf(float64(eps2), 0):
		return fmt.Errorf("%w: kernels.NBodyAccel: softening eps2 = %v, want positive and finite",
			gocuda.ErrInvalidValue, eps2)
	case len(bodies) == 0:
		return nil
	}
	var kernel func(*gocuda.Thread)
	switch v {
	case NBodySimple:
		kernel = NBodySimpleKernel(bodies, acc, eps2)
	case NBodyTiled:
		kernel = NBodyTiledKernel(bodies, acc, eps2)
	default:
		kernel = NBodyMultiThreadKernel(bodies, acc, eps2)
	}
	return dev.Launch(NBodyConfig(v, len(bodies)), kernel)
}

// NBodyStep advances the bodies by one time step dt on dev: it computes
// acc with NBodyAccel and variant v, then runs NBodyIntegrateKernel (v +=
// a·dt, then x += v·dt). It returns NBodyAccel's errors, an error wrapping
// gocuda.ErrInvalidValue if len(vel) differs from len(bodies) or dt is not
// finite, and otherwise the integration launch's error.
func NBodyStep(dev *gocuda.Device, v NBodyVariant, bodies [][4]float32, vel, acc [][3]float32, eps2, dt float32) error {
	switch {
	case len(vel) != len(bodies):
		return fmt.Errorf("%w: kernels.NBodyStep: %d velocities for %d bodies",
			gocuda.ErrInvalidValue, len(vel), len(bodies))
	case math.IsNaN(float64(dt)) || math.IsInf(float64(dt), 0):
		return fmt.Errorf("%w: kernels.NBodyStep: time step %v", gocuda.ErrInvalidValue, dt)
	}
	if err := NBodyAccel(dev, v, bodies, acc, eps2); err != nil || len(bodies) == 0 {
		return err
	}
	return dev.Launch(NBodyConfig(NBodySimple, len(bodies)), NBodyIntegrateKernel(bodies, vel, acc, dt))
}

// nbodyInteract is GPU Gems 3's bodyBodyInteraction:
// it returns (ax, ay, az) plus the acceleration of a body at (xi, yi, zi)
// due to a body of mass mj at (xj, yj, zj), softened by eps2. It takes
// scalars so that the compiler inlines it into the kernels' inner loops.
func nbodyInteract(ax, ay, az, xi, yi, zi, xj, yj, zj, mj, eps2 float32) (float32, float32, float32) {
	dx, dy, dz := xj-xi, yj-yi, zj-zi
	inv := 1 / float32(math.Sqrt(float64(dx*dx+dy*dy+dz*dz+eps2)))
	s := mj * inv * inv * inv
	return ax + dx*s, ay + dy*s, az + dz*s
}

// NBodySimpleKernel returns the one-thread-per-body n-body kernel of P&H
// Figure B.8.13: each thread loops over every body in global memory,
// accumulating its body's acceleration (see NBodyAccel for the formula).
// Launch it with NBodyConfig(NBodySimple, len(bodies)). It never
// synchronizes; every thread streams the whole body array.
//
//gocuda:kernel NBodySimpleKernel
func nBodySimple(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32, eps2 float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(bodies) {
		return
	}
	xi, yi, zi := bodies[i][0], bodies[i][1], bodies[i][2]
	var ax, ay, az float32
	for j := range bodies {
		bj := &bodies[j]
		ax, ay, az = nbodyInteract(ax, ay, az, xi, yi, zi, bj[0], bj[1], bj[2], bj[3], eps2)
	}
	acc[i] = [3]float32{ax, ay, az}
}

// NBodyTiledKernel returns the shared-memory n-body kernel of P&H Figure
// B.8.14 and GPU Gems 3 (calculate_forces): the block walks the bodies a
// tile at a time; its threads load the tile into shared memory together,
// synchronize, each accumulates the whole tile into its own body's
// acceleration, and synchronize again before the next tile is loaded.
// Launch it with NBodyConfig(NBodyTiled, len(bodies)) (or any 1D block).
//
// GPU Gems uses one body per thread per tile (a tile of blockDim bodies);
// here a tile is 2048 bodies, eight per thread of a 256-thread block, so
// that each thread's 2048 interactions per tile dwarf what its two
// barriers cost on the runtime path. Tiles of 512 to 3072 bodies and
// blocks of 64 to 1024 threads measure about the same; BenchmarkNBody
// sets the kernel beside hand-written parallel Go doing the same
// arithmetic.
//
//gocuda:kernel NBodyTiledKernel
func nBodyTiled(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32, eps2 float32) {
	n := len(bodies)
	tile := gocuda.Shared[[4]float32](t, nbodyTile)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var xi, yi, zi float32
	if i < n { // threads past the end still help load tiles
		xi, yi, zi = bodies[i][0], bodies[i][1], bodies[i][2]
	}
	var ax, ay, az float32
	for start := 0; start < n; start += nbodyTile {
		for k := t.ThreadIdx.X; k < nbodyTile && start+k < n; k += t.BlockDim.X {
			tile[k] = bodies[start+k]
		}
		t.SyncThreads()
		cur := tile[:min(nbodyTile, n-start)]
		for j := range cur {
			bj := &cur[j]
			ax, ay, az = nbodyInteract(ax, ay, az, xi, yi, zi, bj[0], bj[1], bj[2], bj[3], eps2)
		}
		t.SyncThreads() // the tile is overwritten next
	}
	if i < n {
		acc[i] = [3]float32{ax, ay, az}
	}
}

// NBodyMultiThreadKernel returns the n-body kernel with several threads per
// body of GPU Gems 3 section 31.4.3 (and the CUDA SDK's nbody, whose
// blocks are p×q×1): a block of 64×4 threads computes 64 bodies, the q = 4
// threads of column x sharing body x. The block loads tiles of 1024 bodies
// into shared memory; thread row y accumulates its quarter of each tile,
// and at the end the four partial accelerations of each body are combined
// through shared memory by row 0. Launch it with
// NBodyConfig(NBodyMultiThread, len(bodies)) (any 2D block whose Y divides
// 1024 works).
//
// On a GPU the extra threads keep the multiprocessors busy when there are
// too few bodies for one thread each; on a CPU they only add barriers.
//
//gocuda:kernel NBodyMultiThreadKernel
func nBodyMultiThread(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32, eps2 float32) {
	n := len(bodies)
	tile := gocuda.Shared[[4]float32](t, nbodyMultiTile)
	p, q := t.BlockDim.X, t.BlockDim.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	partial := gocuda.Shared[[3]float32](t, p*q) // partial[ty*p+tx]
	i := t.BlockIdx.X*p + tx
	var xi, yi, zi float32
	if i < n {
		xi, yi, zi = bodies[i][0], bodies[i][1], bodies[i][2]
	}
	part := nbodyMultiTile / q // bodies of each tile per thread row
	var ax, ay, az float32
	for start := 0; start < n; start += nbodyMultiTile {
		for k := ty*p + tx; k < nbodyMultiTile && start+k < n; k += p * q {
			tile[k] = bodies[start+k]
		}
		t.SyncThreads()
		lo := ty * part
		for j := lo; j < lo+part && start+j < n; j++ {
			bj := &tile[j]
			ax, ay, az = nbodyInteract(ax, ay, az, xi, yi, zi, bj[0], bj[1], bj[2], bj[3], eps2)
		}
		t.SyncThreads()
	}
	partial[ty*p+tx] = [3]float32{ax, ay, az}
	t.SyncThreads()
	if ty == 0 && i < n {
		for y := 1; y < q; y++ {
			s := &partial[y*p+tx]
			ax, ay, az = ax+s[0], ay+s[1], az+s[2]
		}
		acc[i] = [3]float32{ax, ay, az}
	}
}

// NBodyIntegrateKernel returns the integration step of GPU Gems 3's
// simulation (integrateBodies), one thread per body: semi-implicit Euler,
// the velocity first (v += a·dt) and then the position with the new
// velocity (x += v·dt), which is leapfrog's kick-drift. Masses are
// unchanged. Launch it with NBodyConfig(NBodySimple, len(bodies)).
//
//gocuda:kernel NBodyIntegrateKernel
func nBodyIntegrate(t *gocuda.Thread, bodies [][4]float32, vel, acc [][3]float32, dt float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(bodies) {
		return
	}
	b, v, a := &bodies[i], &vel[i], &acc[i]
	for d := range 3 {
		v[d] += a[d] * dt
		b[d] += v[d] * dt
	}
}
