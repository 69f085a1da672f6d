package scan

//go:generate go tool gocuda compile -tags solutions

import "github.com/gocuda/gocuda/gocuda"

// BlockScan returns the inclusive prefix sums of in within each segment of
// blockSize elements, computed on dev by ScanKernel: out[i] is the sum of
// in[s:i+1], where s is the start of i's segment, (i/blockSize)*blockSize.
// This is the host code: it is complete.
func BlockScan(dev *gocuda.Device, in []int32, blockSize int) ([]int32, error) {
	out := make([]int32, len(in))
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (len(in) + blockSize - 1) / blockSize},
		Block: gocuda.Dim3{X: blockSize},
	}
	err := dev.Launch(cfg, kernel(in, out))
	return out, err
}
