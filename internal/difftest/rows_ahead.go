package difftest

import "github.com/gocuda/gocuda/gocuda"

// RowsAheadKernel is Luitjens's warp-shuffle reduction's load and warp
// sums from offset off: thread tid of block b adds StreamAt(in, i) and
// StreamAt(in, i+blockDim.x), i = off + 2*b*blockDim.x + tid, each warp
// sums its lanes' values with shuffles down, and lane 0 writes the
// warp's sum to out[w], w the warp's index in the grid. Both builds read
// a block's two rows of in ahead where they lie in it (the rowsahead
// pass).
//
//gocuda:kernel RowsAheadKernel
func rowsAheadSums(t *gocuda.Thread, in, out []float32, off int) {
	i := off + t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := DemandSum(t, StreamAt(in, i)+StreamAt(in, i+t.BlockDim.X), 16)
	if t.LaneID() == 0 {
		out[(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)/32] = v
	}
}

// RowsAheadTwiceKernel reads the same two rows of in before and after a
// shuffle, i = 2*b*blockDim.x + tid: out[b*blockDim.x+tid] = v + its
// shuffle down by one, minus x, minus y, where x = StreamAt(in, i), y =
// StreamAt(in, i+blockDim.x) and v = x + y. Both lane loops read the rows
// ahead, each copied once.
//
//gocuda:kernel RowsAheadTwiceKernel
func rowsAheadTwice(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := StreamAt(in, i) + StreamAt(in, i+t.BlockDim.X)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, 32)
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = v - StreamAt(in, i) - StreamAt(in, i+t.BlockDim.X)
}

// RowsAheadMaskedKernel is RowsAheadKernel from offset 0 with only the
// first 16 lanes of each warp loading their pair and adding, by a shuffle
// of width 16, the next lane's (lane 15 its own); the others add zero.
// The lane loop that reads the rows runs under the if's mask of the
// lanes, which a whole warp's code for the rows read ahead still tests.
//
//gocuda:kernel RowsAheadMaskedKernel
func rowsAheadMasked(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	var v float32
	if t.LaneID() < 16 {
		v = StreamAt(in, i) + StreamAt(in, i+t.BlockDim.X)
		v += gocuda.ShflDownSync(t, 0xffff, v, 1, 16)
	}
	v = DemandSum(t, v, 16)
	if t.LaneID() == 0 {
		out[(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)/32] = v
	}
}
