package difftest

import "github.com/gocuda/gocuda/gocuda"

// ScalarPartsKernel copies each thread's body into a local array and
// reads its parts at constant indexes (compiled: one variable per part
// read), then the same for an array it also writes (one per part read or
// written), and a body changed after the copy, whose copy keeps the old
// value. Thread bad reads past the end of bodies.
//
//gocuda:kernel ScalarPartsKernel
func scalarParts(t *gocuda.Thread, bodies [][4]float32, out []float32, bad int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	at := i
	if i == bad {
		at = len(bodies)
	}
	pi := bodies[at]
	var sum float32
	for j := range bodies {
		dx := bodies[j][0] - pi[0]
		dy := bodies[j][1] - pi[1]
		sum += dx*dx + dy*dy + pi[3]
	}
	w := bodies[at]
	w[1] += 1
	out[i] = sum + w[0] + w[1]
}
