package bench

import "math"

// NBodySerial computes the softened gravitational acceleration of every
// body (x, y, z, mass) due to all the bodies, as the n-body kernels of
// package kernels do (GPU Gems 3 chapter 31, G = 1):
//
//	acc[i] = Σ_j mass_j · r_ij / d³,  d² = |r_ij|² + eps2,  r_ij = pos_j − pos_i
//
// with the same float32 operations in the same order: the serial baseline.
// eps2 must be positive, which makes the j = i term zero.
func NBodySerial(bodies [][4]float32, acc [][3]float32, eps2 float32) {
	nbodyRange(bodies, acc, eps2, 0, len(bodies))
}

// NBodyParallel computes the same accelerations as NBodySerial with the
// bodies split into GOMAXPROCS contiguous ranges, one goroutine each: the
// hand-written parallel baseline.
func NBodyParallel(bodies [][4]float32, acc [][3]float32, eps2 float32) {
	Parallel(len(bodies), func(lo, hi int) { nbodyRange(bodies, acc, eps2, lo, hi) })
}

// nbodyRange computes acc[lo:hi].
func nbodyRange(bodies [][4]float32, acc [][3]float32, eps2 float32, lo, hi int) {
	for i := lo; i < hi; i++ {
		xi, yi, zi := bodies[i][0], bodies[i][1], bodies[i][2]
		var ax, ay, az float32
		for j := range bodies {
			bj := &bodies[j]
			dx, dy, dz := bj[0]-xi, bj[1]-yi, bj[2]-zi
			inv := 1 / float32(math.Sqrt(float64(dx*dx+dy*dy+dz*dz+eps2)))
			s := bj[3] * inv * inv * inv
			ax, ay, az = ax+dx*s, ay+dy*s, az+dz*s
		}
		acc[i] = [3]float32{ax, ay, az}
	}
}
