package bench_test

import (
	"fmt"
	"iter"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// BenchmarkSyncThreads measures a block barrier, reported per thread per
// barrier: one block of 256 threads bumping a shared counter and crossing
// a barrier 2000 times a launch (bench.SyncRoundsKernel), on the runtime
// path (impl=syncRounds) and compiled by gocuda compile
// (impl=syncRoundsCompiled). The baseline is what hand-written Go uses for
// 256 threads meeting at a barrier: goroutines and a sync.Cond barrier
// (impl=handParallel). impl=iterPull is not a baseline but the floor of
// the runtime path: one iter.Pull coroutine round trip per thread.
func BenchmarkSyncThreads(b *testing.B) { runSuite(b, "SyncThreads") }

func syncThreadsSuite(tb testing.TB, short bool) []benchCase {
	const threads = 256
	const rounds = 2000 // enough that a launch's own cost (tens of µs) does not count
	report := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*threads*rounds), "ns/thread-barrier")
	}
	dev := newDevice(tb, gocuda.WithWorkers(1)) // a barrier's cost alone, no other worker competing
	name := func(impl string) string { return fmt.Sprintf("threads=%d/impl=%s", threads, impl) }
	var cs []benchCase
	for _, runtimePath := range []bool{true, false} {
		impl := "syncRounds"
		if !runtimePath {
			impl += bench.Compiled
		}
		cs = append(cs, benchCase{name(impl), func(b *testing.B) {
			counts := make([]int32, threads)
			cfg := gocuda.Config{Block: gocuda.Dim3{X: threads}, RuntimePath: runtimePath}
			for b.Loop() {
				must(b, dev.Launch(cfg, bench.SyncRoundsKernel(rounds, counts)))
			}
			if counts[threads-1] != rounds {
				b.Fatalf("thread %d counted %d rounds, want %d", threads-1, counts[threads-1], rounds)
			}
			report(b)
		}})
	}
	return append(cs,
		benchCase{name(bench.HandParallel), func(b *testing.B) {
			for b.Loop() {
				condBarrierRounds(threads, rounds)
			}
			report(b)
		}},
		benchCase{name("iterPull"), func(b *testing.B) {
			nexts := make([]func() (struct{}, bool), threads)
			for i := range nexts {
				next, stop := iter.Pull(func(yield func(struct{}) bool) {
					for yield(struct{}{}) {
					}
				})
				defer stop()
				nexts[i] = next
			}
			for b.Loop() {
				for range rounds {
					for _, next := range nexts {
						next()
					}
				}
			}
			report(b)
		}})
}

// condBarrierRounds starts threads goroutines that meet rounds times at a
// sync.Cond barrier and waits for them.
func condBarrierRounds(threads, rounds int) {
	bar := newCondBarrier(threads)
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			for range rounds {
				bar.wait()
			}
		})
	}
	wg.Wait()
}

// condBarrier is the textbook reusable barrier of hand-written Go.
type condBarrier struct {
	mu      sync.Mutex
	cond    sync.Cond
	n, left int
	phase   int
}

func newCondBarrier(n int) *condBarrier {
	c := &condBarrier{n: n, left: n}
	c.cond.L = &c.mu
	return c
}

func (c *condBarrier) wait() {
	c.mu.Lock()
	defer c.mu.Unlock()
	phase := c.phase
	if c.left--; c.left == 0 {
		c.left, c.phase = c.n, c.phase+1
		c.cond.Broadcast()
		return
	}
	for phase == c.phase {
		c.cond.Wait()
	}
}

// BenchmarkLaunchEmpty measures launch overhead: a 1-block, 1-thread kernel
// that does nothing.
func BenchmarkLaunchEmpty(b *testing.B) {
	dev := newDevice(b)
	cfg := gocuda.Config{}
	kernel := func(*gocuda.Thread) {}
	for b.Loop() {
		must(b, dev.Launch(cfg, kernel))
	}
}

// BenchmarkLaunchShort measures what a launch adds to a kernel that runs
// for a few microseconds: a 1-block, 1-thread kernel summing 16384
// float32 (impl=kernel), and the same loop called in place
// (impl=handSerial). The difference is the hand-over to a worker and
// back; a worker that blocked in between costs a wake-up on each side.
func BenchmarkLaunchShort(b *testing.B) {
	dev := newDevice(b)
	x := make([]float32, 1<<14)
	for i := range x {
		x[i] = float32(i % 7)
	}
	want := bench.ReduceSerial(x)
	var got float32
	kernel := func(*gocuda.Thread) { got = bench.ReduceSerial(x) }
	b.Run("impl=kernel", func(b *testing.B) {
		for b.Loop() {
			must(b, dev.Launch(gocuda.Config{}, kernel))
		}
		if got != want {
			b.Fatalf("sum %v, want %v", got, want)
		}
	})
	b.Run("impl="+bench.HandSerial, func(b *testing.B) {
		for b.Loop() {
			got = bench.ReduceSerial(x)
		}
	})
}

// BenchmarkBlockReduce sums 2^24 float32s with a warp-shuffle block reduction
// and a shared-memory tree reduction of the same shape (each thread first
// adds a contiguous run of n/4096 elements, the coarsening that suits a
// CPU's caches), each on the runtime path and compiled (…Compiled), and
// with hand-written Go, serial and parallel.
func BenchmarkBlockReduce(b *testing.B) { runSuite(b, "BlockReduce") }

func blockReduceSuite(tb testing.TB, short bool) []benchCase {
	const n, block, blocks = 1 << 24, 256, 16
	const run = n / (blocks * block)
	type inputs struct {
		x    []float32
		want float64
	}
	in := sync.OnceValue(func() inputs {
		x := make([]float32, n)
		var want float64
		for i := range x {
			x[i] = float32(i % 7)
			want += float64(x[i])
		}
		return inputs{x, want}
	})
	dev := newDevice(tb)
	partial := make([]float64, blocks)
	name := func(impl string) string { return fmt.Sprintf("n=%d/impl=%s", n, impl) }
	timed := func(sum func(x []float32) (float64, error)) func(b *testing.B) {
		return func(b *testing.B) {
			in := in()
			b.SetBytes(4 * n)
			for b.Loop() {
				got, err := sum(in.x)
				must(b, err)
				if got != in.want {
					b.Fatalf("sum = %v, want %v", got, in.want)
				}
			}
		}
	}
	var cs []benchCase
	for _, k := range []struct {
		name   string
		kernel func(x []float32, partial []float64, run int) func(*gocuda.Thread)
	}{
		{"warpShuffle", bench.BlockReduceShuffleKernel},
		{"sharedTree", bench.BlockReduceTreeKernel},
		{"groupTree", bench.BlockReduceGroupKernel},
		{"tileShuffle", bench.BlockReduceTileKernel},
	} {
		for _, runtimePath := range []bool{true, false} {
			impl := k.name
			if !runtimePath {
				impl += bench.Compiled
			}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}, RuntimePath: runtimePath}
			cs = append(cs, benchCase{name(impl), timed(func(x []float32) (float64, error) {
				err := dev.Launch(cfg, k.kernel(x, partial, run))
				var s float64
				for _, p := range partial {
					s += p
				}
				return s, err
			})})
		}
	}
	return append(cs,
		benchCase{name(bench.HandSerial), timed(sumSerial)},
		benchCase{name(bench.HandParallel), timed(sumParallel)})
}

// sumSerial is BenchmarkBlockReduce's serial baseline: the sum in float64,
// as the kernels' threads add, with eight independent accumulators as
// bench.ReduceSerial keeps (one would wait on each addition's latency,
// which the compiled kernels, interleaving threads' sums, do not).
func sumSerial(x []float32) (float64, error) {
	var s0, s1, s2, s3, s4, s5, s6, s7 float64
	for len(x) >= 8 {
		v := x[:8:8]
		s0 += float64(v[0])
		s1 += float64(v[1])
		s2 += float64(v[2])
		s3 += float64(v[3])
		s4 += float64(v[4])
		s5 += float64(v[5])
		s6 += float64(v[6])
		s7 += float64(v[7])
		x = x[8:]
	}
	for _, v := range x {
		s0 += float64(v)
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)), nil
}

// sumParallel is BenchmarkBlockReduce's parallel baseline.
func sumParallel(x []float32) (float64, error) {
	var mu sync.Mutex
	var total float64
	bench.Parallel(len(x), func(lo, hi int) {
		s, _ := sumSerial(x[lo:hi])
		mu.Lock()
		total += s
		mu.Unlock()
	})
	return total, nil
}
