package gocuda_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSyncThreadsNeighbourExchange has every thread write its slot of shared
// memory, wait at SyncThreads and read the slot of thread (i+1)%n: each
// thread must see its neighbour's write of this block.
func TestSyncThreadsNeighbourExchange(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	blocks := []gocuda.Dim3{
		{X: 1}, {X: 31}, {X: 32}, {X: 33}, {X: 256}, {X: 300}, {X: 1024},
		{X: 16, Y: 16}, {X: 7, Y: 9}, {X: 5, Y: 4, Z: 3}, {X: 32, Y: 32}, {X: 1, Y: 40},
	}
	for _, block := range blocks {
		t.Run(block.String(), func(t *testing.T) {
			n := size(norm(block))
			grid := gocuda.Dim3{X: 3, Y: 2}
			nb := size(grid)
			out := make([]int, nb*n)
			err := d.Launch(gocuda.Config{Grid: grid, Block: block}, func(th *gocuda.Thread) {
				s := gocuda.Shared[int](th, n)
				i := lin(th.ThreadIdx, th.BlockDim)
				b := lin(th.BlockIdx, th.GridDim)
				s[i] = b*100000 + i
				th.SyncThreads()
				out[b*n+i] = s[(i+1)%n]
				th.SyncThreads() // nobody overwrites s before everyone has read it
				s[i] = -1
			})
			require.NoError(t, err)
			for b := range nb {
				for i := range n {
					require.Equalf(t, b*100000+(i+1)%n, out[b*n+i], "block %d thread %d", b, i)
				}
			}
		})
	}
}

// TestSyncThreadsManyRounds passes a token around the block through shared
// memory, one barrier per step, and checks every thread's view at each step
// against the host.
func TestSyncThreadsManyRounds(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const n, rounds = 100, 40
	got := make([]int, 4*n)
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		buf := gocuda.Shared[int](th, 2*n) // double buffer
		i := th.ThreadIdx.X
		buf[i] = i + th.BlockIdx.X
		for r := range rounds {
			th.SyncThreads()
			src, dst := buf[(r%2)*n:][:n], buf[((r+1)%2)*n:][:n]
			dst[i] = src[(i+n-1)%n] + 1 // rotate right by one and add one
		}
		th.SyncThreads()
		got[th.BlockIdx.X*n+i] = buf[(rounds%2)*n+i]
	})
	require.NoError(t, err)
	for b := range 4 {
		for i := range n {
			want := (i-rounds%n+n)%n + b + rounds
			require.Equalf(t, want, got[b*n+i], "block %d thread %d", b, i)
		}
	}
}

// TestSyncThreadsPredicates checks SyncThreadsCount, SyncThreadsAnd and
// SyncThreadsOr on a 300-thread block against host counts; every thread
// gets the same result.
func TestSyncThreadsPredicates(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const n = 300
	r := rand.New(rand.NewPCG(42, 42))
	random := make([]bool, n)
	for i := range random {
		random[i] = r.IntN(2) == 0
	}
	preds := []struct {
		name string
		f    func(i int) bool
	}{
		{"all", func(int) bool { return true }},
		{"none", func(int) bool { return false }},
		{"i%3==0", func(i int) bool { return i%3 == 0 }},
		{"only-299", func(i int) bool { return i == 299 }},
		{"only-0", func(i int) bool { return i == 0 }},
		{"all-but-150", func(i int) bool { return i != 150 }},
		{"random", func(i int) bool { return random[i] }},
	}
	blocks := []gocuda.Dim3{{X: n}, {X: 10, Y: 30}, {X: 5, Y: 6, Z: 10}}
	for _, block := range blocks {
		for _, p := range preds {
			t.Run(fmt.Sprintf("%v/%s", block, p.name), func(t *testing.T) {
				wantCount := 0
				for i := range n {
					if p.f(i) {
						wantCount++
					}
				}
				const grid = 3
				counts, ands, ors := make([]int, grid*n), make([]bool, grid*n), make([]bool, grid*n)
				err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, func(th *gocuda.Thread) {
					i := lin(th.ThreadIdx, th.BlockDim)
					g := th.BlockIdx.X*n + i
					counts[g] = th.SyncThreadsCount(p.f(i))
					ands[g] = th.SyncThreadsAnd(p.f(i))
					ors[g] = th.SyncThreadsOr(p.f(i))
					// The results do not leak into the next barrier.
					th.SyncThreads()
					if c := th.SyncThreadsCount(true); c != n {
						panic(fmt.Sprintf("SyncThreadsCount(true) = %d", c))
					}
				})
				require.NoError(t, err)
				for g := range grid * n {
					require.Equalf(t, wantCount, counts[g], "SyncThreadsCount in thread %d", g)
					require.Equalf(t, wantCount == n, ands[g], "SyncThreadsAnd in thread %d", g)
					require.Equalf(t, wantCount > 0, ors[g], "SyncThreadsOr in thread %d", g)
				}
			})
		}
	}
}

// TestSyncThreadsPredicatesSkipExited: threads that have returned do not
// count, as on hardware: the result covers the arriving threads only.
func TestSyncThreadsPredicatesSkipExited(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	const n, live = 256, 100 // threads below 156 return at once
	counts, ands := make([]int, n), make([]bool, n)
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		if i < n-live {
			return
		}
		counts[i] = th.SyncThreadsCount(true)
		ands[i] = th.SyncThreadsAnd(i >= n-live)
	})
	require.NoError(t, err)
	for i := n - live; i < n; i++ {
		require.Equal(t, live, counts[i])
		require.True(t, ands[i])
	}
}

// TestBarriersInSomeBlocks: even blocks synchronize, odd blocks do not; the
// blocks of one launch need not agree on that.
func TestBarriersInSomeBlocks(t *testing.T) {
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			d := newDevice(t, gocuda.WithWorkers(workers))
			const n, grid = 64, 50
			out := make([]int, grid*n)
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
				i, b := th.ThreadIdx.X, th.BlockIdx.X
				if b%2 == 1 {
					out[b*n+i] = -(b*n + i)
					return
				}
				s := gocuda.Shared[int](th, n)
				s[i] = b*n + i
				th.SyncThreads()
				out[b*n+i] = s[n-1-i]
			})
			require.NoError(t, err)
			for b := range grid {
				for i := range n {
					want := -(b*n + i)
					if b%2 == 0 {
						want = b*n + n - 1 - i
					}
					require.Equalf(t, want, out[b*n+i], "block %d thread %d", b, i)
				}
			}
		})
	}
}

// TestBarrierNotReachedFirstByThread0: threads below skip return without
// reaching any barrier, so the first thread at a barrier is not thread 0;
// the remaining threads exchange values among themselves.
func TestBarrierNotReachedFirstByThread0(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const n, grid = 256, 4
	for _, block := range []gocuda.Dim3{{X: n}, {X: 4, Y: 8, Z: 8}} {
		for _, skip := range []int{1, 2, 31, 32, 100, 255} {
			t.Run(fmt.Sprintf("%v/skip=%d", block, skip), func(t *testing.T) {
				out := make([]int, grid*n)
				for i := range out {
					out[i] = -1
				}
				live := n - skip
				err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, func(th *gocuda.Thread) {
					i, b := lin(th.ThreadIdx, th.BlockDim), th.BlockIdx.X
					s := gocuda.Shared[int](th, n)
					if i < skip {
						return
					}
					for round := range 3 {
						s[i] = b*1000 + i + round
						th.SyncThreads()
						v := s[skip+(i-skip+1)%live]
						th.SyncThreads()
						out[b*n+i] = v
					}
				})
				require.NoError(t, err)
				for b := range grid {
					for i := range n {
						want := -1
						if i >= skip {
							want = b*1000 + skip + (i-skip+1)%live + 2
						}
						require.Equalf(t, want, out[b*n+i], "block %d thread %d", b, i)
					}
				}
			})
		}
	}
}

// TestThreadZeroReturnsWhileOthersSync: thread 0 returns between the
// barriers the others use, and thread 0 alone reaching a barrier late.
func TestThreadZeroReturnsWhileOthersSync(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	const n = 64
	t.Run("thread0-returns-after-first-barrier", func(t *testing.T) {
		out := make([]int, n)
		err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
			i := th.ThreadIdx.X
			s := gocuda.Shared[int](th, n)
			s[i] = i * 3
			th.SyncThreads() // thread 0 is the first here
			if i == 0 {
				return
			}
			v := s[(i+1)%n]
			th.SyncThreads()
			s[i] = v + 1
			th.SyncThreads()
			out[i] = s[n-i]
		})
		require.NoError(t, err)
		for i := 1; i < n; i++ {
			want := ((n-i+1)%n)*3 + 1
			require.Equalf(t, want, out[i], "thread %d", i)
		}
	})
	t.Run("only-last-thread-syncs", func(t *testing.T) {
		var got int
		err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
			if th.ThreadIdx.X == n-1 {
				got = th.SyncThreadsCount(true) // everyone else has returned
			}
		})
		require.NoError(t, err)
		require.Equal(t, 1, got)
	})
}

// TestEarlyReturnTreeReduction: threads with i >= live return before the
// first barrier; the live threads sum their block's values with a tree of
// barrier-separated rounds in shared memory.
func TestEarlyReturnTreeReduction(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const bs = 256
	r := rand.New(rand.NewPCG(7, 11))
	lives := []int{0, 1, 2, 3, 31, 32, 33, 100, 127, 128, 129, 200, 255, 256}
	grid := len(lives)
	vals := make([]int64, grid*bs)
	for i := range vals {
		vals[i] = r.Int64N(1 << 40)
	}
	want := make([]int64, grid)
	for b, live := range lives {
		for i := range live {
			want[b] += vals[b*bs+i]
		}
	}
	got := make([]int64, grid)
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, func(th *gocuda.Thread) {
		i, b := th.ThreadIdx.X, th.BlockIdx.X
		live := lives[b]
		s := gocuda.Shared[int64](th, bs)
		if i >= live {
			return
		}
		s[i] = vals[b*bs+i]
		top := 1
		for top < live {
			top *= 2
		}
		for stride := top / 2; stride > 0; stride /= 2 {
			th.SyncThreads()
			if i < stride && i+stride < live {
				s[i] += s[i+stride]
			}
		}
		if i == 0 {
			got[b] = s[0]
		}
	})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestCooperativeOrderDeterministic: a block's threads take turns in a fixed
// order, so a log appended to without atomics (under the cooperative path)
// comes out the same on every run; barrier phases never interleave.
func TestCooperativeOrderDeterministic(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const grid, phases = 6, 4
	block := gocuda.Dim3{X: 10, Y: 7}
	n := size(block)
	run := func() [][]int {
		logs := make([][]int, grid)
		err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, func(th *gocuda.Thread) {
			i, b := lin(th.ThreadIdx, th.BlockDim), th.BlockIdx.X
			// Thread 0 leaves before the first barrier in odd blocks,
			// and some threads leave halfway.
			if b%2 == 1 && i == 0 {
				return
			}
			for p := range phases {
				logs[b] = append(logs[b], p*10000+i)
				if p == 2 && i%5 == 3 {
					return
				}
				th.SyncThreads()
			}
		})
		require.NoError(t, err)
		return logs
	}
	first := run()
	for b, log := range first {
		// Each phase holds each live thread once, and phases come in order.
		var wantSets [phases][]int
		for p := range phases {
			for i := range n {
				if (b%2 == 1 && i == 0) || (p == 3 && i%5 == 3) {
					continue
				}
				wantSets[p] = append(wantSets[p], p*10000+i)
			}
		}
		off := 0
		for p := range phases {
			got := slices.Clone(log[off : off+len(wantSets[p])])
			slices.Sort(got)
			require.Equalf(t, wantSets[p], got, "block %d phase %d", b, p)
			off += len(wantSets[p])
		}
		require.Len(t, log, off)
	}
	for range 5 {
		require.Equal(t, first, run(), "the order of a block's threads changed between runs")
	}
}

// TestRandomExitsAndBarriers runs blocks whose threads leave after random
// numbers of barriers (thread 0 and the first thread at a barrier
// included). Before each barrier a thread writes its slot of a double
// buffer; after it, it reads a neighbour's slot and the barrier's count.
// A host model of CUDA's rule that exited threads do not hold barriers up
// gives every value read.
func TestRandomExitsAndBarriers(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const rounds, grid = 8, 8
	iters := 30
	if raceEnabled {
		iters = 8
	}
	r := rand.New(rand.NewPCG(2024, 7))
	for iter := range iters {
		block := gocuda.Dim3{X: 1 + r.IntN(40), Y: 1 + r.IntN(4), Z: 1 + r.IntN(3)}
		n := size(block)
		// exits[b*n+i]: the barriers thread i of block b passes before it
		// returns. Some blocks are biased to early or late exits.
		exits := make([]int, grid*n)
		for b := range grid {
			bias := r.IntN(3)
			for i := range n {
				e := r.IntN(rounds + 1)
				switch bias {
				case 1:
					e = min(e, r.IntN(rounds+1))
				case 2:
					e = max(e, r.IntN(rounds+1))
				}
				exits[b*n+i] = e
			}
		}
		neighbour := func(i, p int) int { return (i*7 + p*13 + 1) % n }
		value := func(b, i, p int) int { return b<<20 | i<<8 | p }
		const none = -1
		reads := make([]int, grid*n*rounds)
		counts := make([]int, grid*n*rounds)
		for i := range reads {
			reads[i], counts[i] = none, none
		}
		err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, func(th *gocuda.Thread) {
			i, b := lin(th.ThreadIdx, th.BlockDim), th.BlockIdx.X
			buf := gocuda.Shared[int](th, 2*n)
			e := exits[b*n+i]
			for p := 0; ; p++ {
				buf[(p%2)*n+i] = value(b, i, p)
				if p == e {
					return
				}
				c := th.SyncThreadsCount(i%3 == p%3)
				g := (b*n+i)*rounds + p
				counts[g] = c
				if j := neighbour(i, p); exits[b*n+j] > p {
					reads[g] = buf[(p%2)*n+j]
				}
			}
		})
		require.NoError(t, err, "iteration %d, block %v", iter, block)
		for b := range grid {
			for i := range n {
				for p := range rounds {
					g := (b*n+i)*rounds + p
					wantRead, wantCount := none, none
					if exits[b*n+i] > p { // thread i passed barrier p
						wantCount = 0
						for k := range n {
							if exits[b*n+k] > p && k%3 == p%3 {
								wantCount++
							}
						}
						if j := neighbour(i, p); exits[b*n+j] > p {
							wantRead = value(b, j, p)
						}
					}
					require.Equalf(t, wantCount, counts[g], "iteration %d block %v: SyncThreadsCount of thread %d at barrier %d", iter, block, i, p)
					require.Equalf(t, wantRead, reads[g], "iteration %d block %v: thread %d after barrier %d", iter, block, i, p)
				}
			}
		}
	}
}
