package difftest

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// A CoalescedOut is what CoalescedKernel writes for one thread.
type CoalescedOut struct {
	Rank, Size, Label, LabelSize int
	Shfl                         int32
	Ballot                       uint32
	Any, All                     bool
	Sum, Scan, Excl              int32
	FSum                         float32
	Half                         int
}

// CoalescedKernel exercises coalesced groups in divergent code, as
// NVIDIA's warp-aggregated atomics samples use them: the lanes with a
// positive value form a group (coalesced_threads) with its rank, size,
// shuffle by rank, ballot, votes, sync, reductions (a whole warp's group
// reduces down to rank 0, any other scans) and scans, split by label
// (labeled_partition) and by a predicate (binary_partition), and a tile
// of 8 split by a predicate. out has one element per thread.
//
//gocuda:kernel CoalescedKernel
func coalescedKernel(t *gocuda.Thread, in []int32, out []CoalescedOut) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	var o CoalescedOut
	if v > 0 {
		g := cg.CoalescedThreads(t)
		o.Rank, o.Size = g.ThreadRank(), g.Size()
		o.Shfl = cg.ShflRank(g, v, 1)
		o.Ballot = g.Ballot(v%2 == 0)
		o.Any, o.All = g.Any(v > 5), g.All(v < 9)
		g.Sync()
		o.Sum = cg.Reduce(g, v, cg.Plus[int32])
		o.Scan = cg.InclusiveScan(g, v, cg.Plus[int32])
		o.Excl = cg.ExclusiveScan(g, v, cg.Plus[int32])
		o.FSum = cg.Reduce(g, float32(v)*0.3, func(a, b float32) float32 { return a + b })
		l := cg.LabeledPartition(g, int(v%3))
		o.Label, o.LabelSize = l.ThreadRank(), l.Size()
	}
	tile := cg.TiledPartition(cg.ThisThreadBlock(t), 8)
	half := cg.BinaryPartition(tile, v > 4)
	o.Half = half.Size()*100 + half.ThreadRank()
	out[i] = o
}
