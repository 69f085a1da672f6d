package gridsync

//go:generate go tool gocuda compile -tags solutions

import "github.com/gocuda/gocuda/gocuda"

// BlockSize is the number of threads per block.
const BlockSize = 256

// Center returns in with the mean of its elements subtracted from each,
// computed on dev by CenterKernel in one cooperative launch. This is the
// host code: it is complete.
//
// A cooperative launch may have only as many blocks as the device keeps
// resident at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor times
// the number of multiprocessors), so the grid is sized to the device, not
// to the data, and the kernel loops with a grid stride.
func Center(dev *gocuda.Device, in []float64) ([]float64, error) {
	out := make([]float64, len(in))
	block := gocuda.Dim3{X: BlockSize}
	perWorker, err := dev.MaxActiveBlocksPerMultiprocessor(block, 0)
	if err != nil {
		return nil, err
	}
	blocks := max(1, min(perWorker*dev.Workers(), (len(in)+BlockSize-1)/BlockSize))
	var sum float64 // global memory for the kernel's total, zero at the start
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: block}
	err = dev.LaunchCooperative(cfg, kernel(in, out, &sum))
	return out, err
}
