package reduce

//go:generate go tool gocuda compile -tags solutions

import "github.com/gocuda/gocuda/gocuda"

// Sum returns the sum of in, computed on dev: SumKernel sums each block's
// segment of blockSize elements (a power of two) and the host adds up the
// blocks' partial sums. This is the host code: it is complete.
func Sum(dev *gocuda.Device, in []int64, blockSize int) (int64, error) {
	partial := make([]int64, (len(in)+blockSize-1)/blockSize)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: len(partial)}, Block: gocuda.Dim3{X: blockSize}}
	err := dev.Launch(cfg, kernel(in, partial))
	var sum int64
	for _, p := range partial {
		sum += p
	}
	return sum, err
}
