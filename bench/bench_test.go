package bench_test

import (
	"fmt"
	"iter"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

// saxpyKernel is the CUDA programming guide's SAXPY: one thread per element.
func saxpyKernel(n int, a float32, x, y []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		if i < n {
			y[i] = a*x[i] + y[i]
		}
	}
}

func BenchmarkSAXPY(b *testing.B) {
	dev, err := gocuda.NewDevice()
	if err != nil {
		b.Fatal(err)
	}
	defer dev.Close()
	for _, n := range []int{1 << 24} {
		x, y := make([]float32, n), make([]float32, n)
		for i := range x {
			x[i], y[i] = float32(i%1000), 1
		}
		const block = 256
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + block - 1) / block}, Block: gocuda.Dim3{X: block}}
		kernel := saxpyKernel(n, 0.5, x, y)
		run := map[string]func(){
			"gocuda":       func() { must(b, dev.Launch(cfg, kernel)) },
			"handSerial":   func() { bench.SAXPYSerial(0.5, x, y) },
			"handParallel": func() { bench.SAXPYParallel(0.5, x, y) },
		}
		for _, name := range []string{"gocuda", "handSerial", "handParallel"} {
			b.Run(fmt.Sprintf("n=%d/%s", n, name), func(b *testing.B) {
				b.SetBytes(int64(12 * n))
				for b.Loop() {
					run[name]()
				}
			})
		}
	}
}

// BenchmarkSyncThreads measures a block barrier: one block of 256 threads
// crossing 100 barriers per launch, reported per thread per barrier. The
// baselines are what a hand-written Go program would use for 256 threads
// meeting at a barrier (goroutines and a sync.Cond barrier), and the floor
// of gocuda's cooperative path: one iter.Pull coroutine round trip per
// thread.
func BenchmarkSyncThreads(b *testing.B) {
	const threads, rounds = 256, 100
	report := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*threads*rounds), "ns/thread-barrier")
	}
	b.Run("gocuda", func(b *testing.B) {
		dev, err := gocuda.NewDevice(gocuda.WithWorkers(1))
		if err != nil {
			b.Fatal(err)
		}
		defer dev.Close()
		cfg := gocuda.Config{Block: gocuda.Dim3{X: threads}}
		kernel := func(t *gocuda.Thread) {
			for range rounds {
				t.SyncThreads()
			}
		}
		for b.Loop() {
			must(b, dev.Launch(cfg, kernel))
		}
		report(b)
	})
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
		report(b)
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
		report(b)
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
