package build

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// tile keeps a body's position and its acceleration in arrays, which a
// helper takes and returns, as GPU Gems 3's calculate_forces does.
//
// build inlines the helper, which takes and returns small arrays used at
// constant indexes, and replaces every array by its parts (scalar
// replacement of written arrays): my0..my2 (my3 is never read), a0..a2,
// the helper's copy of a passed by value and its result assigned back
// part by part, and the store of a as the parts' composite literal.
func tile(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32, eps2 float32) {
	sh := gocuda.Shared[[4]float32](t, 64)
	i := t.BlockIdx.X*64 + t.ThreadIdx.X
	var my [4]float32
	if i < len(bodies) {
		my = bodies[i]
	}
	var a [3]float32
	sh[t.ThreadIdx.X] = bodies[i%len(bodies)]
	t.SyncThreads()
	a = pull(my, a, sh, eps2)
	if i < len(bodies) {
		acc[i] = a
	}
}

// pull adds the pull of every body of tile on body my to a.
func pull(my [4]float32, a [3]float32, tile [][4]float32, eps2 float32) [3]float32 {
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
