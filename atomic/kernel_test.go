package atomic_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// newDevice returns a device with 4 workers, closed when the test ends, so
// that blocks of one launch run on several goroutines at once.
func newDevice(t *testing.T) *gocuda.Device {
	t.Helper()
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(4))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	return dev
}

// launch runs kernel on dev over blocks blocks of threads threads.
func launch(t *testing.T, dev *gocuda.Device, blocks, threads int, kernel func(*gocuda.Thread)) {
	t.Helper()
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}
	if err := dev.Launch(cfg, kernel); err != nil {
		t.Fatal(err)
	}
}

// TestKernelCounters has every thread of many blocks on 4 workers update
// counters in device memory: the counts must be exact, and the tickets Add
// hands out must be every number below the thread count once.
func TestKernelCounters(t *testing.T) {
	dev := newDevice(t)
	const blocks, threads = 301, 96 // a grid that does not divide evenly among the workers
	const n = blocks * threads
	buf, err := mem.Malloc[int64](dev, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Free()
	counter := buf.Slice()
	tickets := make([]int64, n)
	var sum float64
	var ring uint32
	var hi uint32
	launch(t, dev, blocks, threads, func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		tickets[i] = atomic.Add(&counter[0], 1)
		atomic.Add(&sum, float64(i))
		atomic.Inc(&ring, 6) // a ring of 7
		atomic.Max(&hi, uint32(i))
	})
	host := make([]int64, 1)
	if err := buf.CopyToHost(host); err != nil {
		t.Fatal(err)
	}
	if host[0] != n || sum != float64(n)*(n-1)/2 || ring != n%7 || hi != n-1 {
		t.Errorf("counter %d, sum %v, ring %d, max %d; want %d, %v, %d, %d", host[0], sum, ring, hi, n, float64(n)*(n-1)/2, n%7, n-1)
	}
	checkTickets(t, tickets, 0)
}

// TestKernelHistogram builds a histogram the way CUDA kernels do: each
// block counts its part of the data in shared memory with atomic adds, then
// adds its counts to the global histogram with one atomic add per bin.
func TestKernelHistogram(t *testing.T) {
	dev := newDevice(t)
	const bins = 64
	for _, n := range []int{0, 1, 255, 256, 100_003} {
		r := rand.New(rand.NewPCG(uint64(n), 7))
		data := make([]uint8, n)
		want := make([]uint32, bins)
		for i := range data {
			data[i] = uint8(r.IntN(bins))
			want[data[i]]++
		}
		hist := make([]uint32, bins)
		const threads = 256
		blocks := max(1, min(40, (n+threads-1)/threads))
		launch(t, dev, blocks, threads, func(t *gocuda.Thread) {
			local := gocuda.Shared[uint32](t, bins)
			for b := t.ThreadIdx.X; b < bins; b += t.BlockDim.X { // shared memory starts undefined on a GPU
				local[b] = 0
			}
			t.SyncThreads()
			stride := t.GridDim.X * t.BlockDim.X
			for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += stride {
				atomic.Add(&local[data[i]], 1)
			}
			t.SyncThreads()
			for b := t.ThreadIdx.X; b < bins; b += t.BlockDim.X {
				if local[b] != 0 {
					atomic.Add(&hist[b], local[b])
				}
			}
		})
		if !slices.Equal(hist, want) {
			t.Errorf("n=%d: histogram %v, want %v", n, hist, want)
		}
	}
}

// TestKernelFloatMinMax reduces seeded random floats with NaNs among them to
// their minimum and maximum with Min and Max on global memory.
func TestKernelFloatMinMax(t *testing.T) {
	dev := newDevice(t)
	const n = 50_000
	r := rand.New(rand.NewPCG(3, 4))
	data := make([]float32, n)
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for i := range data {
		data[i] = float32(r.NormFloat64())
		if i%101 == 0 {
			data[i] = float32(math.NaN())
			continue
		}
		lo, hi = min(lo, data[i]), max(hi, data[i])
	}
	out := []float32{float32(math.NaN()), float32(math.NaN())}
	launch(t, dev, (n+127)/128, 128, func(t *gocuda.Thread) {
		if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
			atomic.Min(&out[0], data[i])
			atomic.Max(&out[1], data[i])
		}
	})
	if out[0] != lo || out[1] != hi {
		t.Errorf("Min, Max = %v, %v; want %v, %v", out[0], out[1], lo, hi)
	}
}
