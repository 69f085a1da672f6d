package grid_test

import (
	"errors"
	"fmt"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/grid"
)

// thread is what a kernel sees in these tests: its index and a barrier.
type thread struct {
	b     *grid.Block
	id, n int
	run   func(int)
}

func (t *thread) sync(op grid.Op, pred bool) int {
	if !t.b.Active() {
		t.b.Promote(t.n, t.id, t.run)
	}
	return t.b.Sync(t.id, op, pred)
}

// runBlock runs n threads of body the way gocuda's executor does: direct
// calls on this goroutine until a thread reaches a barrier, then Finish. It
// returns what the block failed with, after unwinding it.
func runBlock(b *grid.Block, n int, body func(*thread)) (failure any) {
	failure = runDirect(b, n, body)
	b.Abort()
	return failure
}

func runDirect(b *grid.Block, n int, body func(*thread)) (failure any) {
	defer func() { failure = recover() }()
	var run func(int)
	run = func(i int) { body(&thread{b: b, id: i, n: n, run: run}) }
	for i := range n {
		run(i)
		if b.Active() {
			b.Finish()
			return nil
		}
	}
	return nil
}

// noFailure fails the test with a readable message if the block failed.
func noFailure(t *testing.T, failure any) {
	t.Helper()
	if failure != nil {
		t.Fatalf("block failed: %v", failure)
	}
}

func newBlock(t *testing.T) *grid.Block {
	b := &grid.Block{Reporter: testReporter{}}
	t.Cleanup(b.Close)
	return b
}

// event is one thread running one segment: the code between two barriers.
type event struct{ round, thread int }

// checkRounds asserts barrier semantics on a log of segments: every segment
// of round r runs before any of round r+1, and each of the expected threads
// runs each round once.
func checkRounds(t *testing.T, log []event, rounds int, inRound func(r, thread int) bool, n int) {
	t.Helper()
	seen := make(map[event]int)
	last := 0
	for _, e := range log {
		require.GreaterOrEqual(t, e.round, last, "round %d segment after round %d started: %v", e.round, last, log)
		last = e.round
		seen[e]++
	}
	for r := range rounds {
		for i := range n {
			want := 0
			if inRound(r, i) {
				want = 1
			}
			require.Equal(t, want, seen[event{r, i}], "round %d thread %d", r, i)
		}
	}
}

func TestBlockBarrierSeparatesRounds(t *testing.T) {
	for _, n := range []int{1, 2, 3, 32, 33, 256, 1024} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			b := newBlock(t)
			const rounds = 5
			var log []event
			body := func(th *thread) {
				for r := range rounds {
					log = append(log, event{r, th.id})
					th.sync(grid.OpSync, false)
				}
			}
			noFailure(t, runBlock(b, n, body))
			checkRounds(t, log, rounds, func(int, int) bool { return true }, n)

			first := log
			log = nil
			noFailure(t, runBlock(b, n, body))
			require.Equal(t, first, log, "the same block runs the same way every time")
		})
	}
}

func TestBlockBarrierResults(t *testing.T) {
	const n = 300
	preds := map[string]func(i, r int) bool{
		"all":   func(int, int) bool { return true },
		"none":  func(int, int) bool { return false },
		"third": func(i, _ int) bool { return i%3 == 0 },
		"last":  func(i, _ int) bool { return i == n-1 },
		"round": func(i, r int) bool { return i < r*50 },
	}
	for name, pred := range preds {
		t.Run(name, func(t *testing.T) {
			for _, op := range []grid.Op{grid.OpCount, grid.OpAnd, grid.OpOr, grid.OpSync} {
				var got [4][n]int
				noFailure(t, runBlock(newBlock(t), n, func(th *thread) {
					for r := range 4 {
						got[r][th.id] = th.sync(op, pred(th.id, r))
					}
				}))
				for r := range 4 {
					for i := range n {
						require.Equal(t, got[r][0], got[r][i], "%v round %d: thread %d disagrees with thread 0", op, r, i)
					}
					count := 0
					for i := range n {
						if pred(i, r) {
							count++
						}
					}
					want := map[grid.Op]int{grid.OpCount: count, grid.OpAnd: b2i(count == n), grid.OpOr: b2i(count > 0), grid.OpSync: 0}[op]
					assert.Equal(t, want, got[r][0], "%v round %d", op, r)
				}
			}
		})
	}
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// TestBlockExits covers threads that return before, between and after
// barriers, and drivers that are not thread 0.
func TestBlockExits(t *testing.T) {
	const n, rounds = 100, 6
	for name, lastRound := range map[string]func(i int) int{
		"none":        func(int) int { return rounds },
		"upperHalf":   func(i int) int { return map[bool]int{true: 0, false: rounds}[i >= n/2] },
		"staircase":   func(i int) int { return i % (rounds + 1) },
		"lowFirst":    func(i int) int { return map[bool]int{true: 0, false: rounds}[i < 37] },
		"onlyLast":    func(i int) int { return map[bool]int{true: rounds, false: 0}[i == n-1] },
		"driverLeads": func(i int) int { return map[bool]int{true: 2, false: rounds}[i == 0] },
		"alternating": func(i int) int { return (i % 2) * rounds },
	} {
		t.Run(name, func(t *testing.T) {
			var log []event
			noFailure(t, runBlock(newBlock(t), n, func(th *thread) {
				for r := range lastRound(th.id) {
					log = append(log, event{r, th.id})
					th.sync(grid.OpSync, false)
				}
			}))
			checkRounds(t, log, rounds, func(r, i int) bool { return r < lastRound(i) }, n)
		})
	}
}

// TestBlockCountsLiveThreads checks that a barrier counts the threads that
// arrive, not the block size, as threads drop out.
func TestBlockCountsLiveThreads(t *testing.T) {
	const n = 64
	counts := make([]int, 0, n)
	noFailure(t, runBlock(newBlock(t), n, func(th *thread) {
		for r := 0; r <= th.id; r++ {
			c := th.sync(grid.OpCount, true)
			if th.id == n-1 {
				counts = append(counts, c)
			}
		}
	}))
	for r, c := range counts {
		require.Equal(t, n-r, c, "round %d", r)
	}
}

func TestBlockThreadPanic(t *testing.T) {
	for _, culprit := range []int{0, 1, 17, 63} {
		t.Run(fmt.Sprint(culprit), func(t *testing.T) {
			b := newBlock(t)
			after := 0
			failure := runBlock(b, 64, func(th *thread) {
				th.sync(grid.OpSync, false)
				if th.id == culprit {
					panic(fmt.Sprintf("thread %d", th.id))
				}
				th.sync(grid.OpSync, false)
				after++
			})
			if culprit == 0 { // the driver's own panic comes back as is
				require.Equal(t, "thread 0", failure)
			} else {
				var p *threadPanic
				require.ErrorAs(t, failure.(error), &p)
				assert.Equal(t, culprit, p.thread)
				assert.Equal(t, fmt.Sprintf("thread %d", culprit), p.Value)
				assert.Contains(t, p.Site.Function, "TestBlockThreadPanic")
				assert.NotEmpty(t, p.Stack)
			}
			assert.Zero(t, after, "no thread passes the barrier the culprit never reached")
			assert.False(t, b.Active())
			// The block is reusable.
			var log []event
			noFailure(t, runBlock(b, 64, func(th *thread) {
				log = append(log, event{0, th.id})
				th.sync(grid.OpSync, false)
			}))
			checkRounds(t, log, 1, func(int, int) bool { return true }, 64)
		})
	}
}

func TestBlockMismatchedBarriersDeadlock(t *testing.T) {
	failure := runBlock(newBlock(t), 8, func(th *thread) {
		if th.id%4 == 3 {
			th.sync(grid.OpCount, true)
		} else {
			th.sync(grid.OpSync, false)
		}
	})
	var d *deadlock
	require.ErrorAs(t, failure.(error), &d)
	want := []waiter{{0, "SyncThreads"}, {1, "SyncThreads"}, {2, "SyncThreads"}, {3, "SyncThreadsCount"},
		{4, "SyncThreads"}, {5, "SyncThreads"}, {6, "SyncThreads"}, {7, "SyncThreadsCount"}}
	assert.Equal(t, want, d.waiting)

	plainBlock := new(grid.Block) // no Reporter: a plain error
	t.Cleanup(plainBlock.Close)
	plain := runBlock(plainBlock, 8, func(th *thread) {
		th.sync(grid.Op(th.id%2), false)
	})
	require.ErrorContains(t, plain.(error), "thread 1 at SyncThreadsCount")
}

// TestBlockDriverSwallowsFailure checks that a driver that recovers the
// failure cannot make the block look successful, nor run any thread twice,
// whether it then reaches another barrier or returns.
func TestBlockDriverSwallowsFailure(t *testing.T) {
	for _, syncAgain := range []bool{true, false} {
		t.Run(fmt.Sprint("syncAgain=", syncAgain), func(t *testing.T) {
			b := newBlock(t)
			starts := make([]int, 4)
			failure := runBlock(b, 4, func(th *thread) {
				starts[th.id]++
				if th.id == 0 {
					func() {
						defer func() { _ = recover() }()
						th.sync(grid.OpSync, false)
					}()
					if syncAgain {
						th.sync(grid.OpSync, false)
					}
					return
				}
				if th.id == 2 {
					panic(errors.New("thread 2 failed"))
				}
				th.sync(grid.OpSync, false)
			})
			var p *threadPanic
			require.ErrorAs(t, failure.(error), &p)
			assert.Equal(t, 2, p.thread)
			assert.Equal(t, []int{1, 1, 1, 0}, starts, "thread 3 never starts; none starts twice")
			assert.False(t, b.Active())
		})
	}
}

// TestBlockReusesFibers checks that coroutines are pooled: running many
// blocks does not grow the number of goroutines past the largest block.
func TestBlockReusesFibers(t *testing.T) {
	b := newBlock(t)
	body := func(th *thread) { th.sync(grid.OpSync, false) }
	noFailure(t, runBlock(b, 128, body))
	base := runtime.NumGoroutine()
	for i := range 200 {
		noFailure(t, runBlock(b, 1+i%128, body))
	}
	assert.LessOrEqual(t, runtime.NumGoroutine(), base)
}

func TestOpString(t *testing.T) {
	assert.Equal(t, "SyncThreads", grid.OpSync.String())
	assert.Equal(t, "SyncThreadsCount", grid.OpCount.String())
	assert.Equal(t, "SyncThreadsAnd", grid.OpAnd.String())
	assert.Equal(t, "SyncThreadsOr", grid.OpOr.String())
}
