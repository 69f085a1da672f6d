package difftest

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// TileForceKernel is GPU Gems 3's calculate_forces over positions and
// masses in [4]float32: each thread loads one body into a shared tile,
// then adds the tile's pull to its acceleration in a helper that takes
// the thread's body and acceleration as arrays and returns the
// acceleration (scalar replacement reads through it: the SIMD build's
// vector steps keep each part of them in a vector). Threads past the
// end load massless bodies. Launch it with a 1D block.
//
//gocuda:kernel TileForceKernel
func tileForce(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32, eps2 float32) {
	n := len(bodies)
	p := t.BlockDim.X
	sh := gocuda.Shared[[4]float32](t, p)
	gtid := t.BlockIdx.X*p + t.ThreadIdx.X
	var my [4]float32
	if gtid < n {
		my = bodies[gtid]
	}
	a := [3]float32{0, 0, 0}
	for tile := 0; tile*p < n; tile++ {
		if idx := tile*p + t.ThreadIdx.X; idx < n {
			sh[t.ThreadIdx.X] = bodies[idx]
		} else {
			sh[t.ThreadIdx.X] = [4]float32{}
		}
		t.SyncThreads()
		a = tileForces(my, a, sh, eps2)
		t.SyncThreads()
	}
	if gtid < n {
		acc[gtid] = a
	}
}

// tileForces adds the pull of every body of tile on body my to a, one
// component at a time, and returns it; it writes its copy of a, and
// scales its copy of my's mass, which its caller does not see.
func tileForces(my [4]float32, a [3]float32, tile [][4]float32, eps2 float32) [3]float32 {
	my[3] *= 2
	for j := range tile {
		d := [3]float32{tile[j][0] - my[0], tile[j][1] - my[1], tile[j][2] - my[2]}
		inv := 1 / float32(math.Sqrt(float64(d[0]*d[0]+d[1]*d[1]+d[2]*d[2]+eps2)))
		s := tile[j][3] * inv * inv * inv * my[3]
		a[0] += d[0] * s
		a[1] += d[1] * s
		a[2] += d[2] * s
	}
	return a
}
