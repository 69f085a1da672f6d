package grid_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/grid"
)

type undefinedRead struct{ thread, src int }

type recorder struct{ reads []undefinedRead }

func (r *recorder) UndefinedShuffle(thread, src int, c grid.Collective) {
	r.reads = append(r.reads, undefinedRead{thread, src})
}

// TestObserverSeesUndefinedShuffles: a shuffle reading a lane that exited,
// does not exist or is outside the mask gets the caller's own value, and
// the Observer hears of each such read; defined reads, including shfl_up
// below delta, are not reported.
func TestObserverSeesUndefinedShuffles(t *testing.T) {
	b := newBlock(t)
	rec := &recorder{}
	b.Observer = rec
	const n = 40 // warp 1 has lanes 0..7
	got := make([]uint64, n)
	warp := func(th *thread, c grid.Collective) uint64 {
		if !th.b.Active() {
			th.b.Promote(th.n, th.id, th.run)
		}
		return th.b.Warp(th.id, c)
	}
	noFailure(t, runBlock(b, n, func(th *thread) {
		if th.id == 3 {
			return // exits: lanes reading it get their own value
		}
		v := uint64(100 + th.id)
		switch {
		case th.id < 32:
			got[th.id] = warp(th, grid.Collective{Kind: grid.KindShfl, Mask: ^uint32(0), Value: v, Arg: 3, Width: 32})
		default: // the partial warp reads lane 12, which does not exist, and shifts up by one
			got[th.id] = warp(th, grid.Collective{Kind: grid.KindShfl, Mask: ^uint32(0), Value: v, Arg: 12, Width: 32})
			got[th.id] += 1000 * warp(th, grid.Collective{Kind: grid.KindShflUp, Mask: 0xff, Value: v, Arg: 1, Width: 32})
		}
	}))
	var want []undefinedRead
	for i := range n {
		if i == 3 {
			continue
		}
		own := uint64(100 + i)
		if i >= 32 {
			up := own
			if i > 32 {
				up = own - 1
			}
			require.Equal(t, own+1000*up, got[i], "thread %d", i)
			want = append(want, undefinedRead{i, 12})
			continue
		}
		require.Equal(t, own, got[i], "thread %d", i)
		want = append(want, undefinedRead{i, 3})
	}
	require.ElementsMatch(t, want, rec.reads)
}
