package gocuda

import (
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/probelink"
)

// fakeObserver records what the engine tells an instrumented build's
// observer, copying each block's counts at its end.
type fakeObserver struct {
	mu       sync.Mutex
	launches []*probelink.Launch
	errs     []error
	starts   int
	ends     map[int64]probelink.Block // by linear block index, with copied slices
}

func (o *fakeObserver) LaunchStart(l *probelink.Launch) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.launches = append(o.launches, l)
}

func (o *fakeObserver) LaunchEnd(l *probelink.Launch, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.errs = append(o.errs, err)
}

func (o *fakeObserver) BlockStart(b *probelink.Block) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.starts++
}

func (o *fakeObserver) BlockEnd(b *probelink.Block) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := *b
	c.Syncs, c.WarpSyncs, c.GridSyncs = slices.Clone(b.Syncs), slices.Clone(b.WarpSyncs), slices.Clone(b.GridSyncs)
	c.Shared = slices.Clone(b.Shared)
	o.ends[b.Index] = c
}

func (o *fakeObserver) UndefinedShuffle(*probelink.Block, int, int, string) {}
func (o *fakeObserver) Alloc(unsafe.Pointer, int, string)                   {}
func (o *fakeObserver) Free(unsafe.Pointer, int)                            {}
func (o *fakeObserver) HostWrite(unsafe.Pointer, int)                       {}

// TestProbeEvents checks what an installed observer is told: the launch,
// each block's start and end, per-thread barrier and collective counts,
// and the block's shared allocations.
func TestProbeEvents(t *testing.T) {
	obs := &fakeObserver{ends: map[int64]probelink.Block{}}
	probelink.Set(obs)
	defer probelink.Set(nil)
	dev := newTestDevice(t)

	const threads = 64
	var bases sync.Map // block -> base address of its tile
	cfg := Config{Grid: Dim3{X: 3}, Block: Dim3{X: threads}, SharedMem: 32}
	err := dev.Launch(cfg, func(t *Thread) {
		tile := Shared[float32](t, threads)
		bases.Store(t.BlockIdx.X, uintptr(unsafe.Pointer(&tile[0])))
		tile[t.ThreadIdx.X] = 1
		t.SyncThreads()
		if t.WarpID() == 0 {
			_ = ShflSync(t, FullMask, tile[0], 0, WarpSize)
		}
		t.SyncThreads()
	})
	require.NoError(t, err)

	require.Len(t, obs.launches, 1)
	l := obs.launches[0]
	assert.Equal(t, [3]int{3, 1, 1}, l.Grid)
	assert.Equal(t, [3]int{threads, 1, 1}, l.Block)
	assert.Equal(t, threads, l.Threads)
	assert.Equal(t, 32, l.DynamicShared)
	assert.Equal(t, []error{nil}, obs.errs)
	assert.Equal(t, 3, obs.starts)
	require.Len(t, obs.ends, 3)
	for b := range int64(3) {
		blk := obs.ends[b]
		assert.Equal(t, [3]int{int(b), 0, 0}, blk.Idx)
		for r := range threads {
			assert.EqualValues(t, 2, blk.Syncs[r], "block %d thread %d barriers", b, r)
			assert.EqualValues(t, r < WarpSize, blk.WarpSyncs[r] == 1, "block %d thread %d collectives", b, r)
			assert.Zero(t, blk.GridSyncs[r])
		}
		base, _ := bases.Load(int(b))
		assert.Equal(t, []probelink.Range{{Base: base.(uintptr), Size: threads * 4}}, blk.Shared)
		assert.Equal(t, 32, blk.Dynamic.Size)
		assert.True(t, blk.Shared[0].Contains(base.(uintptr)+4*(threads-1), 4))
		assert.False(t, blk.Shared[0].Contains(base.(uintptr)+4*(threads-1), 8))
	}
}

// TestProbeFailedLaunch checks that a failing launch ends with its error
// and that a launch without an observer pays no probe state.
func TestProbeFailedLaunch(t *testing.T) {
	obs := &fakeObserver{ends: map[int64]probelink.Block{}}
	probelink.Set(obs)
	dev := newTestDevice(t)
	err := dev.Launch(Config{Block: Dim3{X: 4}}, func(t *Thread) {
		var s []int
		_ = s[t.ThreadIdx.X]
	})
	probelink.Set(nil)
	require.ErrorIs(t, err, ErrIllegalAddress)
	require.Len(t, obs.errs, 1)
	assert.ErrorIs(t, obs.errs[0], ErrIllegalAddress)

	l, err := dev.newLaunch(Config{}, func(*Thread) {})
	require.NoError(t, err)
	l.start(false)
	assert.Nil(t, l.probe, "no observer, no probe")
}
