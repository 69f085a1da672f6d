package jam

import "github.com/gocuda/gocuda/gocuda"

// gathers calls a helper whose loop reads at indices it loads: not
// jammed, the loads may fail.
//
// Unchanged: the helper's loop reads at indices it loads, which may
// fail.
func gathers(t *gocuda.Thread, in, out []float32, idx []int, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	gather(in, out[i:i+1], idx[i*run:(i+1)*run])
}

// A helper: gather adds in at idx's elements into out[0].
func gather(in, out []float32, idx []int) {
	var s float32
	for _, j := range idx {
		s += in[j]
	}
	out[0] = s
}
