package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

var lastSites = sitesOf("probe.lastBlockKernel.func1",
	Site{Kind: Write, Line: 3, Expr: "partial[b]"},
	Site{Kind: FenceOp, Line: 4, Expr: "atomic.ThreadFence()"},
	Site{Kind: AtomicOp, Line: 5, Expr: "atomic.Inc(&count[0], n)"},
	Site{Kind: Barrier, Line: 6, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 8, Expr: "partial[i]"},
	Site{Kind: Write, Line: 10, Expr: "count[0]"},
)

// lastBlockKernel is the CUDA C++ Programming Guide's example for
// __threadfence (the sum of NVIDIA's threadFenceReduction sample), as
// gocuda check rewrites it: each block's thread 0 stores its partial sum,
// fences (if fence), and takes a ticket; the block with the last ticket
// adds the partial sums into total[0] and resets the counter for the next
// launch, as the sample does.
func lastBlockKernel(partial, total []float32, count []uint32, fence bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := lastSites
		tid, b := t.ThreadIdx.X, t.BlockIdx.X
		last := gocuda.Shared[bool](t, 1)
		if tid == 0 {
			*Index(t, &s[0], partial, b) = float32(b + 1)
			if fence {
				atomic.ThreadFence()
				Fence(t, &s[1])
			}
			ticket := After(t, &s[2], atomic.Inc(Atomic(t, &s[2], &count[0]), uint32(t.GridDim.X)))
			last[0] = ticket == uint32(t.GridDim.X-1)
		}
		Sync(t, &s[3], t).SyncThreads()
		if last[0] {
			var sum float32
			for i := tid; i < t.GridDim.X; i += t.BlockDim.X {
				sum += *Index(t, &s[4], partial, i)
			}
			atomic.Add(&total[0], sum)
			if tid == 0 {
				Store(t, &s[5], count, 0, 0)
			}
		}
	}
}

// TestFenceOrdersLastBlock: with the fence, the last block's reads of the
// other blocks' partial sums are ordered after their stores, and its
// reset of the counter after their atomics on it; without it, each read
// is a race between blocks, with the fence's hint: a read after a write,
// as they happened (the ticket orders them in time), also where the
// writing block ends after the last one reads; and the reset races with
// the atomics (one hazard: a cell keeps one atomic of another thread).
func TestFenceOrdersLastBlock(t *testing.T) {
	const blocks, threads = 8, 32
	s := lastSites
	for _, fence := range []bool{true, false} {
		partial, total, count := make([]float32, blocks), make([]float32, 1), make([]uint32, 1)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, blocks, threads, lastBlockKernel(partial, total, count, fence)))
		})
		assert.Equal(t, float32(blocks*(blocks+1)/2), total[0])
		if fence {
			assert.Empty(t, got)
			continue
		}
		require.NotEmpty(t, got)
		hazards := map[string]int{}
		for _, r := range got {
			assert.Equal(t, []any{"racecheck", "ERROR", "__global__", hintFence}, []any{r.Tool, r.Severity, r.Space, r.Detail})
			sites := []*Site{siteAt(r.Accesses[0]), siteAt(r.Accesses[1])}
			kinds := []string{r.Accesses[0].Kind, r.Accesses[1].Kind}
			if r.What == "Potential RAW hazard" {
				assert.Equal(t, []*Site{&s[0], &s[4]}, sites)
				assert.Equal(t, []string{"Write", "Read"}, kinds)
			} else {
				assert.Equal(t, "Potential WAW hazard", r.What)
				assert.Equal(t, []*Site{&s[2], &s[5]}, sites)
				assert.Equal(t, []string{"Atomic", "Write"}, kinds)
			}
			hazards[r.What] += r.Count
		}
		assert.Equal(t, map[string]int{"Potential RAW hazard": blocks - 1, "Potential WAW hazard": 1}, hazards,
			"one hazard per other block's partial sum, one of the reset")
	}
}

// TestOrdering works the release and acquisition rules on entries: what a
// fence and an atomic release, whom an acquisition reaches, and chains of
// them through a second location.
func TestOrdering(t *testing.T) {
	// Block 1's thread 3 fenced at epoch 1 having passed 2 barriers, then
	// made an atomic on c1: a release.
	o := &ordering{}
	c1, c2 := o.loc(0x100), o.loc(0x200)
	o.publish(c1, release{block: 1, rank: 3, epoch: 1, syncs: 2, self: 1})
	// Block 5's thread 0 observed it at epoch 1 having passed 1 barrier.
	acq := acquisition{rank: 0, epoch: 1, syncs: 1, loc: c1, n: 1}
	o.acqs = map[uint32][]acquisition{5: {acq}}
	at := func(block uint32, rank uint16, syncs uint32, epoch uint16) *entry {
		return &entry{site: 1, block: block, rank: rank, syncs: syncs, epoch: epoch}
	}
	atomicAt := func(block uint32, rank uint16, syncs uint32, epoch uint16) *entry {
		e := at(block, rank, syncs, epoch)
		e.flags = entryAtomic
		return e
	}
	for _, tc := range []struct {
		name string
		e, x *entry
		want bool
	}{
		{"the releaser's access before its fence, the acquirer after", at(1, 3, 2, 0), at(5, 0, 1, 1), true},
		{"the releaser's access after its fence", at(1, 3, 2, 1), at(5, 0, 1, 1), false},
		{"the releaser's atomic", atomicAt(1, 3, 2, 1), at(5, 0, 1, 1), true},
		{"the releaser's atomic of a later epoch", atomicAt(1, 3, 2, 2), at(5, 0, 1, 1), false},
		{"another thread's, before a barrier the releaser passed", at(1, 7, 1, 0), at(5, 0, 1, 1), true},
		{"another thread's, after it", at(1, 7, 2, 0), at(5, 0, 1, 1), false},
		{"the acquirer's access before the acquisition", at(1, 3, 2, 0), at(5, 0, 1, 0), false},
		{"the acquirer's block after its next barrier", at(1, 3, 2, 0), at(5, 9, 2, 0), true},
		{"the acquirer's block before it", at(1, 3, 2, 0), at(5, 9, 1, 0), false},
		{"a block that acquired nothing", at(1, 3, 2, 0), at(6, 0, 9, 9), false},
		{"either way round", at(5, 0, 1, 1), at(1, 3, 2, 0), true},
	} {
		assert.Equal(t, tc.want, o.ordered(tc.e, tc.x), tc.name)
	}
	// Block 5 then fences and releases on c2, inheriting its acquisition;
	// block 9 observes c2: block 1's access reaches it through block 5.
	o.publish(c2, release{block: 5, rank: 0, epoch: 3, syncs: 3, inherits: []acquisition{acq}})
	o.acqs[9] = []acquisition{{rank: 2, epoch: 1, syncs: 0, loc: c2, n: 1}}
	assert.True(t, o.ordered(at(1, 3, 2, 0), at(9, 2, 0, 1)), "through a chain")
	assert.False(t, o.ordered(at(1, 3, 2, 1), at(9, 2, 0, 1)), "not what the chain's start did not release")
	assert.False(t, (&ordering{}).ordered(at(1, 3, 2, 0), at(5, 0, 1, 1)), "no release yet")
}

var handoffSites = sitesOf("probe.handoffKernel.func1",
	Site{Kind: Write, Line: 3, Expr: "data[0]"},
	Site{Kind: AtomicOp, Line: 4, Expr: "atomic.Exch(&flag[0], 1)"},
	Site{Kind: AtomicOp, Line: 5, Expr: "atomic.CAS(&done[0], 1, 1)"},
	Site{Kind: AtomicOp, Line: 8, Expr: "atomic.CAS(&flag[0], 1, 1)"},
	Site{Kind: Read, Line: 9, Expr: "data[0]"},
	Site{Kind: AtomicOp, Line: 10, Expr: "atomic.Exch(&done[0], 1)"},
)

// handoffKernel hands data[0] from block 0 to block 1 through a flag with
// no fence, and block 0 waits for block 1 to have read it before it ends:
// block 0's store is the run of a page it made, which its end would
// otherwise publish after block 1's read.
func handoffKernel(data []float32, flag, done []int32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := handoffSites
		switch {
		case t.ThreadIdx.X != 0:
		case t.BlockIdx.X == 0:
			*Index(t, &s[0], data, 0) = 1
			After(t, &s[1], atomic.Exch(Atomic(t, &s[1], &flag[0]), 1))
			for After(t, &s[2], atomic.CAS(Atomic(t, &s[2], &done[0]), 1, 1)) != 1 {
			}
		default:
			for After(t, &s[3], atomic.CAS(Atomic(t, &s[3], &flag[0]), 1, 1)) != 1 {
			}
			_ = *Index(t, &s[4], data, 0)
			After(t, &s[5], atomic.Exch(Atomic(t, &s[5], &done[0]), 1))
		}
	}
}

// TestAtomicOrdersInTime: a store, then an atomic another block observes
// before it reads the stored element, is a race without a fence, and a
// read after a write, as it happened: the block that wrote runs on, and
// ends, after the read (a cooperative launch, so that the two blocks run
// at once).
func TestAtomicOrdersInTime(t *testing.T) {
	s := handoffSites
	data, flag, done := make([]float32, 1), make([]int32, 1), make([]int32, 1)
	got := checkReports(t, func(dev *gocuda.Device) {
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}
		require.NoError(t, dev.LaunchCooperative(cfg, handoffKernel(data, flag, done)))
	})
	require.Len(t, got, 1)
	assert.Equal(t, "Potential RAW hazard", got[0].What)
	assert.Equal(t, []*Site{&s[0], &s[4]}, []*Site{siteAt(got[0].Accesses[0]), siteAt(got[0].Accesses[1])})
}
