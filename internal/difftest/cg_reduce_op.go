package difftest

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// A TileReduceOut holds one thread's reductions over its tile, floating-
// point results as their bits: NaN payloads and the sign of zero show.
type TileReduceOut struct {
	Sum, Min, Max uint32
	ISum          int32
	DSum          uint64
}

// TileReduceOpKernel reduces each thread's element of in over tiles of
// size threads with cg.Plus, cg.Less and cg.Greater, which the compiled
// form applies in place (compiled.TileReduceOp): float32 sums, minima and
// maxima, a wrapping int32 sum of the elements' bits, and a float64 sum
// that overflows, its operator's type argument inferred. A block size
// that is not a multiple of size leaves a partial last tile. out has one
// element per thread of the grid.
//
//gocuda:kernel TileReduceOpKernel
func tileReduceOp(t *gocuda.Thread, in []float32, out []TileReduceOut, size int) {
	block := cg.ThisThreadBlock(t)
	tile := cg.TiledPartition(block, size)
	i := t.BlockIdx.X*block.Size() + block.ThreadRank()
	v := in[i]
	var o TileReduceOut
	o.Sum = math.Float32bits(cg.Reduce(tile, v, cg.Plus[float32]))
	o.Min = math.Float32bits(cg.Reduce(tile, v, cg.Less[float32]))
	o.Max = math.Float32bits(cg.Reduce(tile, v, cg.Greater[float32]))
	o.ISum = cg.Reduce(tile, int32(math.Float32bits(v)), cg.Plus[int32])
	o.DSum = math.Float64bits(cg.Reduce(tile, float64(v)*1e300, cg.Plus))
	out[i] = o
}
