package grid

import (
	"math/rand/v2"
	"testing"
)

// TestResultsOncePerGroup: Results, which computes a vote's, a ballot's
// or a reduction's result once for the group, gives every lane that
// arrived what result gives it lane by lane, for every kind, over lanes
// that arrived in random subsets with random values.
func TestResultsOncePerGroup(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for kind := KindSyncWarp; kind <= KindReduceXor; kind++ {
		for range 200 {
			var lanes [WarpSize]Collective
			for j := range lanes {
				lanes[j] = Collective{Kind: kind, Value: uint64(r.Uint32()), Arg: r.IntN(40), Width: 1 << r.IntN(6)}
				if kind == KindAny || kind == KindAll || kind == KindBallot {
					lanes[j].Value = uint64(r.IntN(2))
				}
			}
			arrived, mask := r.Uint32(), r.Uint32()
			var got [WarpSize]uint64
			Results(kind, lanes[:], mask, arrived, got[:])
			g := group{kind: kind, mask: mask, arrived: arrived}
			for j := range WarpSize {
				want := uint64(0)
				if arrived&(1<<j) != 0 {
					want = result(lanes[:], g, j)
				}
				if got[j] != want {
					t.Fatalf("%v, arrived %#x, lane %d: %#x, want %#x", kind, arrived, j, got[j], want)
				}
			}
		}
	}
}
