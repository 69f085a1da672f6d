package histogram

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// inputs returns the test inputs of n bytes: random, and all alike (every
// thread contending for one bin).
func inputs(n int) map[string][]byte {
	r := rand.New(rand.NewPCG(1, uint64(n)))
	random, same := make([]byte, n), make([]byte, n)
	for i := range random {
		random[i] = byte(r.IntN(NumBins))
		same[i] = 200
	}
	return map[string][]byte{"random": random, "same": same}
}

// TestHistogram checks Histogram against a loop on the host for several
// launch configurations and inputs, and stops at the first case that
// fails.
func TestHistogram(t *testing.T) {
	dev := check.NewDevice(t)
	configs := []gocuda.Config{
		{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 256}},
		{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 256}},
		{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}},   // fewer threads than bins
		{Grid: gocuda.Dim3{X: 30}, Block: gocuda.Dim3{X: 500}}, // more threads than bins
	}
	for _, cfg := range configs {
		for _, n := range []int{1, 255, 1000, 100_003} {
			for _, kind := range []string{"random", "same"} {
				data := inputs(n)[kind]
				name := fmt.Sprintf("grid=%d,block=%d/n=%d,%s", cfg.Grid.X, cfg.Block.X, n, kind)
				ok := t.Run(name, func(t *testing.T) {
					var hist []uint32
					err := check.Call(t, func() (err error) {
						hist, err = Histogram(dev, cfg, data)
						return err
					})
					check.NoError(t, err, "Histogram "+name)
					if msg := verify(hist, data, cfg.Block.X); msg != "" {
						t.Fatalf("grid of %d blocks × %d threads, %d %s bytes: %s",
							cfg.Grid.X, cfg.Block.X, n, kind, msg)
					}
				})
				if !ok {
					return
				}
			}
		}
	}
}

// TestHistogramOrders runs HistogramKernel in both thread orders (see
// check.Orders), to catch a missing barrier.
func TestHistogramOrders(t *testing.T) {
	dev := check.NewDevice(t)
	data := inputs(10_000)["random"]
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 128}}
	for _, o := range check.Orders {
		ok := t.Run(o.Name, func(t *testing.T) {
			hist := make([]uint32, NumBins)
			err := check.Call(t, func() error {
				return dev.Launch(cfg, o.Wrap(func(t *gocuda.Thread) { HistogramKernel(t, data, hist) }))
			})
			check.NoError(t, err, "HistogramKernel run "+o.Name)
			if msg := verify(hist, data, cfg.Block.X); msg != "" {
				t.Fatalf("4 blocks × 128 threads, %d random bytes, kernel run %s: %s%s", len(data), o.Name, msg, check.Hint(o))
			}
		})
		if !ok {
			return
		}
	}
}

// verify compares hist with data's histogram, computed by blocks of
// threads threads, and describes the first difference.
func verify(hist []uint32, data []byte, threads int) string {
	if len(hist) != NumBins {
		return fmt.Sprintf("the histogram has %d bins, want %d", len(hist), NumBins)
	}
	want := make([]uint32, NumBins)
	for _, b := range data {
		want[b]++
	}
	var total uint64
	for _, c := range hist {
		total += uint64(c)
	}
	for b := range NumBins {
		if hist[b] == want[b] {
			continue
		}
		msg := fmt.Sprintf("hist[%d] = %d, want %d (the bins count %d bytes in all, want %d).\nhint: ",
			b, hist[b], want[b], total, len(data))
		switch {
		case total == 0:
			return msg + "the histogram is empty: each block counts its bytes into shared bins, then adds its bins\n" +
				"to hist with atomic.Add."
		case b >= threads && hist[b] == 0:
			return msg + fmt.Sprintf("bins from %d on stay empty, and the blocks have %d threads: each thread must add\n"+
				"several bins to hist, for k := tid; k < NumBins; k += t.BlockDim.X.", threads, threads)
		case total < uint64(len(data)):
			return msg + "counts were lost. Every increment must be atomic (atomic.Add), in shared memory and in\n" +
				"hist. The block's bins may be added to hist only after t.SyncThreads(), when every thread of\n" +
				"the block has counted its bytes. Does the grid-stride loop visit every byte?"
		case total > uint64(len(data)):
			return msg + "bytes were counted twice: the grid-stride loop starts at the thread's global index and\n" +
				"steps by t.BlockDim.X*t.GridDim.X, and each block adds each of its bins to hist once."
		}
		return msg + "every byte b of data adds one to bin b."
	}
	return ""
}
