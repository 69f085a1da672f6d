package bench_test

import (
	"fmt"
	"iter"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

// BenchmarkSyncThreads measures a block barrier: one block of 256 threads
// crossing 100 barriers per launch, reported per thread per barrier. gocuda
// is a kernel doing nothing but barriers, on the runtime path; compiled and
// runtime are bench.SyncRoundsKernel (a shared counter bumped between
// barriers, 2000 rounds a launch) compiled by gocuda compile and on the
// runtime path. The
// baselines are what a hand-written Go program would use for 256 threads
// meeting at a barrier (goroutines and a sync.Cond barrier), and the floor
// of gocuda's runtime path: one iter.Pull coroutine round trip per thread.
func BenchmarkSyncThreads(b *testing.B) {
	const threads, rounds = 256, 100
	const kernelRounds = 2000 // enough that a launch's own cost (tens of µs) does not count
	report := func(b *testing.B, rounds int) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*threads*rounds), "ns/thread-barrier")
	}
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	defer dev.Close()
	cfg := gocuda.Config{Block: gocuda.Dim3{X: threads}}
	b.Run("gocuda", func(b *testing.B) {
		kernel := func(t *gocuda.Thread) {
			for range rounds {
				t.SyncThreads()
			}
		}
		for b.Loop() {
			must(b, dev.Launch(cfg, kernel))
		}
		report(b, rounds)
	})
	for _, runtime := range []bool{false, true} {
		name := "compiled"
		if runtime {
			name = "runtime"
		}
		b.Run(name, func(b *testing.B) {
			counts := make([]int32, threads)
			cfg := cfg
			cfg.RuntimePath = runtime
			for b.Loop() {
				must(b, dev.Launch(cfg, bench.SyncRoundsKernel(kernelRounds, counts)))
			}
			if counts[threads-1] != kernelRounds {
				b.Fatalf("thread %d counted %d rounds, want %d", threads-1, counts[threads-1], kernelRounds)
			}
			report(b, kernelRounds)
		})
	}
	b.Run("goroutineBarrier", func(b *testing.B) {
		for b.Loop() {
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
		report(b, rounds)
	})
	b.Run("iterPullRoundTrip", func(b *testing.B) {
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
		report(b, rounds)
	})
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
	dev, err := gocuda.NewDevice()
	if err != nil {
		b.Fatal(err)
	}
	defer dev.Close()
	cfg := gocuda.Config{}
	kernel := func(*gocuda.Thread) {}
	for b.Loop() {
		must(b, dev.Launch(cfg, kernel))
	}
}

func must(b *testing.B, err error) {
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkBlockReduce sums 2^24 float32s with a warp-shuffle block reduction
// and a shared-memory tree reduction of the same shape (each thread first
// adds a contiguous run of n/4096 elements, the coarsening that suits a
// CPU's caches), each on the runtime path and compiled (…Compiled), and
// with hand-written Go, serial and parallel.
func BenchmarkBlockReduce(b *testing.B) {
	const n, block, blocks = 1 << 24, 256, 16
	x := make([]float32, n)
	var want float64
	for i := range x {
		x[i] = float32(i % 7)
		want += float64(x[i])
	}
	dev, err := gocuda.NewDevice()
	if err != nil {
		b.Fatal(err)
	}
	defer dev.Close()
	partial := make([]float64, blocks)
	const run = n / (blocks * block)
	sumPartial := func() float64 {
		var s float64
		for _, p := range partial {
			s += p
		}
		return s
	}
	check := func(b *testing.B, got float64) {
		if got != want {
			b.Fatalf("sum = %v, want %v", got, want)
		}
	}
	kernels := []struct {
		name   string
		kernel func(*gocuda.Thread)
	}{
		{"warpShuffle", bench.BlockReduceShuffleKernel(x, partial, run)},
		{"sharedTree", bench.BlockReduceTreeKernel(x, partial, run)},
	}
	for _, k := range kernels {
		for _, runtime := range []bool{true, false} {
			name := k.name
			if !runtime {
				name += "Compiled"
			}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}, RuntimePath: runtime}
			b.Run(fmt.Sprintf("n=%d/%s", n, name), func(b *testing.B) {
				b.SetBytes(4 * n)
				for b.Loop() {
					must(b, dev.Launch(cfg, k.kernel))
					check(b, sumPartial())
				}
			})
		}
	}
	b.Run(fmt.Sprintf("n=%d/handSerial", n), func(b *testing.B) {
		b.SetBytes(4 * n)
		for b.Loop() {
			var s float64
			for _, v := range x {
				s += float64(v)
			}
			check(b, s)
		}
	})
	b.Run(fmt.Sprintf("n=%d/handParallel", n), func(b *testing.B) {
		b.SetBytes(4 * n)
		for b.Loop() {
			var mu sync.Mutex
			var total float64
			bench.Parallel(n, func(lo, hi int) {
				var s float64
				for _, v := range x[lo:hi] {
					s += float64(v)
				}
				mu.Lock()
				total += s
				mu.Unlock()
			})
			check(b, total)
		}
	})
}
