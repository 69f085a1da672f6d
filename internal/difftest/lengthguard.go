package difftest

import "github.com/gocuda/gocuda/gocuda"

// LengthGuardKernel loads in[g] under guards comparing g with len(in),
// directly, through n := len(in) and beside a test of len(out) (decided
// in the compiled form's unchecked rows), and with m, a length it lowers in blocks
// past the fourth (kept): out[g] = a + 2b + 3c + 4d for the loads each
// guard admits, plus 7 where g < len(in).
//
//gocuda:kernel LengthGuardKernel
func lengthGuard(t *gocuda.Thread, in, out []int32) {
	n := len(in)
	m := len(in)
	if t.BlockIdx.X > 4 {
		m--
	}
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var a, b, c, d int32
	if g < n {
		a = in[g]
	}
	if len(in) > g {
		b = in[g] * 2
	}
	if g < len(out) && g < len(in) {
		c = in[g] * 3
	}
	if g < m {
		d = in[g] * 4
	}
	if n <= g {
		a = 100
	}
	t.SyncThreads()
	if g < len(out) {
		out[g] = a + b + c + d
	}
	if g < n { // out's row checked, and in's length with it
		out[g] += 7
	}
}
