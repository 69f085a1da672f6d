package difftest

import "github.com/gocuda/gocuda/gocuda"

// SwitchCasesKernel picks, as Rodinia's SRAD picks a pixel's neighbours, a
// value for thread i by a switch without a tag (its init declaring a
// variable the cases read, a case whose condition is the same for every
// thread, a default), then walks a loop whose switch continues it for
// some threads: out[i] is what the cases chose.
//
//gocuda:kernel SwitchCasesKernel
func switchLanes(t *gocuda.Thread, in, out []float32, w int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) || i >= len(in) {
		return
	}
	var d float32
	switch x := i % w; {
	case x == 0:
		d = in[i]
	case w < 4:
		d = 2 * in[i]
	case x == w-1:
		d = -in[i]
	default:
		d = in[i] * 0.5
	}
	for k := range 4 {
		switch {
		case d < float32(k)-1:
			continue
		case d > 0:
			d += float32(k)
		default:
			d -= 0.25
		}
	}
	out[i] = d
}
