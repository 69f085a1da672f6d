package build

import "github.com/gocuda/gocuda/gocuda"

// parts copies a body's position into a local array and reads its parts,
// as the inline n-body variant does.
//
// build replaces the array by the parts read (scalar replacement), each
// defined from its element of the copied body: pi0, pi1, pi2.
func parts(t *gocuda.Thread, bodies [][4]float32, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(bodies) {
		pi := bodies[i]
		out[i] = pi[0]*pi[0] + pi[1]*pi[1] + pi[2]*pi[2]
	}
}
