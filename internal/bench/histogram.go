package bench

import (
	"fmt"
	"slices"
	"sync"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// histogramKernel compares byte histograms: the privatized shared-memory
// kernel (kernels.Histogram: per-block bins counted with shared-memory
// atomics, merged with global ones) against hand-written Go.
func histogramKernel() Kernel {
	return Kernel{
		Name: "histogram", Bench: "Histogram", Metric: GBps, SizeKey: "n",
		Sizes: []int{1 << 24}, Quick: []int{1 << 20},
		Work: func(n int) float64 { return float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			type inputs struct {
				data []byte
				want []uint32
			}
			in := sync.OnceValue(func() inputs {
				data, want := make([]byte, n), make([]uint32, kernels.HistogramBins)
				for i := range data {
					data[i] = byte(uint32(i) * 2654435761 >> 24) // every value, unevenly
				}
				HistogramSerial(data, want)
				return inputs{data, want}
			})
			bins := sync.OnceValue(func() []uint32 { return make([]uint32, kernels.HistogramBins) }) // shared: see Kernel.Setup
			variant := func(name string, run func(data []byte, bins []uint32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(in().data, bins()) }, Check: func() error {
					bins := bins()
					if err := run(in().data, bins); err != nil {
						return err
					}
					if !slices.Equal(bins, in().want) {
						return fmt.Errorf("histogram differs from the serial count")
					}
					return nil
				}}
			}
			return []Variant{
				variant("privatized", func(data []byte, bins []uint32) error { return kernels.Histogram(dev, data, bins) }),
				variant(HandSerial, func(data []byte, bins []uint32) error { HistogramSerial(data, bins); return nil }),
				variant(HandParallel, func(data []byte, bins []uint32) error { HistogramParallel(data, bins); return nil }),
			}
		},
	}
}

// HistogramSerial counts the byte values of data into bins, which must
// have kernels.HistogramBins elements and are cleared first: the serial
// baseline.
func HistogramSerial(data []byte, bins []uint32) {
	clear(bins)
	for _, b := range data {
		bins[b]++
	}
}

// HistogramParallel is HistogramSerial with data split into GOMAXPROCS
// ranges, each counted into bins of its own and merged: the hand-written
// parallel baseline, privatized as the kernel is.
func HistogramParallel(data []byte, bins []uint32) {
	var mu sync.Mutex
	clear(bins)
	Parallel(len(data), func(lo, hi int) {
		var own [kernels.HistogramBins]uint32
		for _, b := range data[lo:hi] {
			own[b]++
		}
		mu.Lock()
		for i, c := range own {
			bins[i] += c
		}
		mu.Unlock()
	})
}
