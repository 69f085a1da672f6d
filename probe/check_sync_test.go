package probe

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

var divergentSites = sitesOf("probe.divergentKernel.func1",
	Site{Kind: Barrier, Line: 4, Expr: "t.SyncThreads()"},
	Site{Kind: Barrier, Line: 6, Expr: "t.SyncThreads()"},
	Site{Kind: Barrier, Line: 8, Expr: "t.SyncThreadsCount(true)"},
	Site{Kind: Branch, Line: 3, Expr: "t.ThreadIdx.X < 16"},
	Site{Kind: Write, Line: 11, Expr: "own[0]"},
)

// divergentKernel has threads below 16 and the others meet at barriers
// as mode says: "skip" (the others skip the barrier and go on working),
// "exit" (the others return at once: exited threads, which a barrier does
// not wait for), "uniform" (all reach
// it), "other" (the others reach another SyncThreads), "count" (the others
// reach a SyncThreadsCount: a deadlock).
func divergentKernel(mode string) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := divergentSites
		low := Cond(t, &s[3], t.ThreadIdx.X < 16)
		switch {
		case low || mode == "uniform":
			Sync(t, &s[0], t).SyncThreads()
		case mode == "other":
			Sync(t, &s[1], t).SyncThreads()
		case mode == "count":
			Sync(t, &s[2], t).SyncThreadsCount(true)
		case mode == "skip":
			own := make([]int32, 1)
			*Index(t, &s[4], own, 0) = 1 // work after skipping the barrier
		}
	}
}

func TestSynccheckBarriers(t *testing.T) {
	const blocks, threads = 2, 32
	s := divergentSites
	mixed := func(count int, second *Site) *Report {
		return &Report{
			Tool: "synccheck", Severity: "ERROR", What: whatDivergent, Kernel: "probe.divergentKernel",
			Accesses: []Access{at("Barrier", &s[0], x(0), x(0)), at("Barrier", second, x(16), x(0))},
			Detail:   "threads of the block meet at different barriers: every thread must reach the same __syncthreads()",
			Count:    count,
		}
	}
	for _, tc := range []struct {
		mode   string
		blocks int
		err    error
		want   []*Report
	}{
		{"skip", blocks, nil, []*Report{{
			Tool: "synccheck", Severity: "ERROR", What: whatDivergent, Kernel: "probe.divergentKernel",
			Accesses: []Access{at("Barrier", &s[0], x(0), x(0))},
			Detail:   "Only 16 out of 32 threads reached the barrier", Count: blocks,
		}}},
		{"exit", blocks, nil, nil},
		{"uniform", blocks, nil, nil},
		{"other", blocks, nil, []*Report{mixed(16*blocks, &s[1])}},
		// One block: a deadlock fails the launch, whose other blocks may
		// or may not have run.
		{"count", 1, new(gocuda.DeadlockError), []*Report{mixed(16, &s[2]), {
			Tool: "synccheck", Severity: "ERROR", What: whatDeadlock, Kernel: "probe.divergentKernel",
			Accesses: []Access{at("SyncThreads", &s[0], x(0), x(0)), at("SyncThreadsCount", &s[2], x(16), x(0))},
			Detail:   "threads wait for each other forever: 16 at SyncThreads, 16 at SyncThreadsCount", Count: 1,
		}}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			got := checkReports(t, func(dev *gocuda.Device) {
				err := launch1D(dev, tc.blocks, threads, divergentKernel(tc.mode))
				if tc.err == nil {
					require.NoError(t, err)
				} else {
					require.ErrorAs(t, err, &tc.err)
				}
			})
			assert.Equal(t, tc.want, got)
		})
	}
}

var shuffleSites = sitesOf("probe.shuffleKernel.func1",
	Site{Kind: Collective, Line: 6, Expr: "mask"},
	Site{Kind: Write, Line: 6, Expr: "out[lane]"},
)

// shuffleKernel has every lane read lane src's value with mask; lane gone
// returns first.
func shuffleKernel(out []int32, mask uint32, src, gone int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := shuffleSites
		lane := t.LaneID()
		if lane == gone {
			return
		}
		*Index(t, &s[1], out, lane) = gocuda.ShflSync(t, Mask(t, &s[0], mask), int32(lane), src, 32)
	}
}

func TestSynccheckWarp(t *testing.T) {
	s := shuffleSites
	for _, tc := range []struct {
		name      string
		mask      uint32
		src, gone int
		err       error
		want      []*Report
	}{
		{"valid", 0xffffffff, 5, -1, nil, nil},
		{"mask leaves out the caller", 0xfffffffe, 5, -1, gocuda.ErrInvalidValue, []*Report{{
			Tool: "synccheck", Severity: "ERROR", What: whatInvalid, Kernel: "probe.shuffleKernel",
			Accesses: []Access{at("Collective", &s[0], x(0), x(0))},
			Detail:   "mask 0xfffffffe leaves out the calling lane 0", Count: 1,
		}}},
		{"source lane exited", 0xffffffff, 5, 5, nil, []*Report{{
			Tool: "synccheck", Severity: "WARNING", What: whatShuffle, Kernel: "probe.shuffleKernel",
			Accesses: []Access{at("ShflSync", &s[0], x(0), x(0))},
			Detail:   "ShflSync of lane 0 reads lane 5, which has exited, does not exist or is not in the mask", Count: 31,
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := make([]int32, 32)
			got := checkReports(t, func(dev *gocuda.Device) {
				err := launch1D(dev, 1, 32, shuffleKernel(out, tc.mask, tc.src, tc.gone))
				if tc.err == nil {
					require.NoError(t, err)
				} else {
					require.ErrorIs(t, err, tc.err)
				}
			})
			assert.Equal(t, tc.want, got)
			if tc.want == nil {
				for lane, v := range out {
					assert.Equal(t, int32(tc.src), v, "lane %d", lane)
				}
			}
		})
	}
}

var gridExitSites = sitesOf("probe.gridExitKernel.func1",
	Site{Kind: Barrier, Line: 5, Expr: "t.SyncGrid()"},
)

// gridExitKernel meets at a grid barrier, except block gone, which
// returns first.
func gridExitKernel(gone int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		if t.BlockIdx.X == gone {
			return
		}
		Sync(t, &gridExitSites[0], t).SyncGrid()
	}
}

func TestSynccheckGridDeadlock(t *testing.T) {
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}
	for _, tc := range []struct {
		name string
		gone int
		want []*Report
	}{
		{"every block", -1, nil},
		{"block 1 returns", 1, []*Report{{
			Tool: "synccheck", Severity: "ERROR", What: whatGrid, Kernel: "probe.gridExitKernel", Block: x(1),
			Accesses: []Access{at("SyncGrid", &gridExitSites[0], x(0), x(0))},
			Detail:   "1 blocks wait at SyncGrid for 1 blocks that returned without reaching it", Count: 1,
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := checkReports(t, func(dev *gocuda.Device) {
				err := dev.LaunchCooperative(cfg, gridExitKernel(tc.gone))
				var dead *gocuda.GridDeadlockError
				assert.Equal(t, tc.gone >= 0, errors.As(err, &dead), "%v", err)
			})
			assert.Equal(t, tc.want, got)
		})
	}
}
