// Package nvidia links gocuda's NVIDIA GPU back end into a program:
// import it for its side effect, and gocuda.WithGPU (or GOCUDA_DEVICE=gpu)
// opens a GPU.
//
//	import _ "github.com/gocuda/gocuda/nvidia"
//
//	dev, err := gocuda.NewDevice(gocuda.WithGPU(0))
//
// The driver, libcuda.so.1, is loaded at run time without cgo; no CUDA
// toolkit is needed to build or run. Kernels run from the PTX that gocuda
// compile -gpu wrote beside their CPU forms, which the driver compiles for
// the GPU at the first launch. A launch copies its slices and pointers to
// the GPU and back. See docs/gpu.md.
package nvidia
