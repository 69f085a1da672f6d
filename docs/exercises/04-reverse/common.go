package reverse

//go:generate go tool gocuda compile -tags solutions

import "github.com/gocuda/gocuda/gocuda"

// Reverse returns in reversed, computed on dev by ReverseKernel with blocks
// of blockSize threads. This is the host code: it is complete.
func Reverse(dev *gocuda.Device, in []int32, blockSize int) ([]int32, error) {
	out := make([]int32, len(in))
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (len(in) + blockSize - 1) / blockSize},
		Block: gocuda.Dim3{X: blockSize},
	}
	err := dev.Launch(cfg, kernel(in, out))
	return out, err
}
