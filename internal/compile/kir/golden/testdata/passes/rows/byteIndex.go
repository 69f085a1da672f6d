package rows

import "github.com/gocuda/gocuda/gocuda"

// byteIndex copies in[uint8(g)] to out[g], g the thread's global index.
//
// rows rebases the byte index by its wide form, g itself: the row's
// check also requires the row's indexes below 256 (RebasedSlice.Fit),
// past which they wrap and the row runs as written.
func byteIndex(t *gocuda.Thread, in, out []float32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if g < len(out) {
		out[g] = in[uint8(g)]
	}
}
