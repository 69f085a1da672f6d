package histogram

//go:generate go tool gocuda compile -tags solutions

import "github.com/gocuda/gocuda/gocuda"

// NumBins is the number of bins of a byte histogram: one per byte value.
const NumBins = 256

// Histogram returns how many times each byte value occurs in data,
// computed on dev by HistogramKernel with the launch configuration cfg (a
// one-dimensional grid of one-dimensional blocks of any size). This is the
// host code: it is complete.
func Histogram(dev *gocuda.Device, cfg gocuda.Config, data []byte) ([]uint32, error) {
	hist := make([]uint32, NumBins)
	err := dev.Launch(cfg, kernel(data, hist))
	return hist, err
}
