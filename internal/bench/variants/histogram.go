package variants

import (
	"fmt"
	"slices"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

// The variants of kernels.HistogramKernel, the privatized byte histogram
// (per-block bins in shared memory counted with shared-memory atomics,
// merged with global ones; a grid-stride loop over a few blocks per
// worker).

const hgThreads = 256

// HistogramGlobalKernel rewords kernels.HistogramKernel as the textbook's
// first histogram: one element per thread and an atomicAdd on the global
// bins, no privatization.
//
//gocuda:kernel HistogramGlobalKernel
func histogramGlobal(t *gocuda.Thread, data []byte, bins []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(data) {
		atomic.Add(&bins[data[i]], 1)
	}
}

// HistogramRunsKernel rewords kernels.HistogramKernel with each thread
// counting a contiguous run of the data instead of a grid-stride walk.
//
//gocuda:kernel HistogramRunsKernel
func histogramRuns(t *gocuda.Thread, data []byte, bins []uint32) {
	tid := t.ThreadIdx.X
	local := gocuda.Shared[uint32](t, 256)
	for b := tid; b < 256; b += t.BlockDim.X {
		local[b] = 0
	}
	t.SyncThreads()
	threads := t.BlockDim.X * t.GridDim.X
	per := (len(data) + threads - 1) / threads
	lo := (t.BlockIdx.X*t.BlockDim.X + tid) * per
	hi := min(lo+per, len(data))
	for i := lo; i < hi; i++ {
		atomic.Add(&local[data[i]], 1)
	}
	t.SyncThreads()
	for b := tid; b < 256; b += t.BlockDim.X {
		atomic.Add(&bins[b], local[b])
	}
}

// HistogramTextbookKernel rewords kernels.HistogramKernel as Kirk and
// Hwu's privatized kernel with one element per thread: a block of at least
// 256 threads, if tid < 256 around clearing and merging the bins.
//
//gocuda:kernel HistogramTextbookKernel
func histogramTextbook(t *gocuda.Thread, data []byte, bins []uint32) {
	tid := t.ThreadIdx.X
	histoS := gocuda.Shared[uint32](t, kernels.HistogramBins)
	if tid < kernels.HistogramBins {
		histoS[tid] = 0
	}
	t.SyncThreads()
	i := t.BlockIdx.X*t.BlockDim.X + tid
	if i < len(data) {
		atomic.Add(&histoS[data[i]], 1)
	}
	t.SyncThreads()
	if tid < kernels.HistogramBins {
		if v := histoS[tid]; v > 0 {
			atomic.Add(&bins[tid], v)
		}
	}
}

// hgData is BenchmarkHistogram's data: every byte value, unevenly.
func hgData(n int) []byte {
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(uint32(i) * 2654435761 >> 24)
	}
	return data
}

// hgCase is a histogram Impl: run counts the data into cleared bins.
func hgCase(name, kind string, run func(dev *gocuda.Device, runtimePath bool, data []byte, bins []uint32) error) Impl {
	of := ""
	if kind == Reworded {
		of = "privatized"
	}
	return Impl{Name: name, Kind: kind, Of: of, Setup: func(dev *gocuda.Device, n int, runtimePath bool) Instance {
		data := func() []byte { return shared("hgData", n, hgData) }
		bins := func() []uint32 {
			return shared("hgBins", n, func(int) []uint32 { return make([]uint32, kernels.HistogramBins) })
		}
		return Instance{
			Run: func() error { return run(dev, runtimePath, data(), bins()) },
			Check: func() error {
				if err := run(dev, runtimePath, data(), bins()); err != nil {
					return err
				}
				want := make([]uint32, kernels.HistogramBins)
				for _, b := range data() {
					want[b]++
				}
				if !slices.Equal(bins(), want) {
					return fmt.Errorf("bins %v, want %v", bins(), want)
				}
				return nil
			},
		}
	}}
}

func hgLaunch(k func(data []byte, bins []uint32) func(*gocuda.Thread), blocks func(dev *gocuda.Device, n int) int) func(*gocuda.Device, bool, []byte, []uint32) error {
	return func(dev *gocuda.Device, runtimePath bool, data []byte, bins []uint32) error {
		clear(bins)
		return dev.Launch(config(blocks(dev, len(data)), hgThreads, runtimePath), k(data, bins))
	}
}

func histogramAlgo() Algo {
	perElement := func(_ *gocuda.Device, n int) int { return ceil(n, hgThreads) }
	perWorker := func(dev *gocuda.Device, n int) int { return min(4*dev.Workers(), ceil(n, hgThreads)) } // as kernels.Histogram
	return Algo{
		Name: "histogram", Size: 1 << 24, Short: 1 << 16, Test: []int{1, 1000, 70001},
		Impls: []Impl{
			hgCase("privatized", Original, func(dev *gocuda.Device, _ bool, data []byte, bins []uint32) error {
				return kernels.Histogram(dev, data, bins)
			}),
			hgCase("global", Reworded, hgLaunch(HistogramGlobalKernel, perElement)),
			hgCase("runs", Reworded, hgLaunch(HistogramRunsKernel, perWorker)),
			hgCase("textbook", Reworded, hgLaunch(HistogramTextbookKernel, perElement)),
			hgCase(bench.HandSerial, Hand, func(_ *gocuda.Device, _ bool, data []byte, bins []uint32) error {
				bench.HistogramSerial(data, bins)
				return nil
			}),
			hgCase(bench.HandParallel, Hand, func(_ *gocuda.Device, _ bool, data []byte, bins []uint32) error {
				bench.HistogramParallel(data, bins)
				return nil
			}),
		},
	}
}
