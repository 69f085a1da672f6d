package gocuda_test

import (
	"errors"
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// A device describes itself as cudaGetDeviceProperties describes a GPU.
func ExampleDevice_Properties() {
	dev, _ := gocuda.NewDevice(gocuda.WithWorkers(3), gocuda.WithGlobalMem(512<<20))
	defer dev.Close()

	p := dev.Properties()
	fmt.Printf("compute capability %d.%d\n", p.Major, p.Minor)
	fmt.Println("multiprocessors:", p.MultiProcessorCount)
	fmt.Println("global memory:", p.TotalGlobalMem>>20, "MiB")
	fmt.Println("warp size:", p.WarpSize)
	fmt.Println("max threads per block:", p.MaxThreadsPerBlock)
	fmt.Println("max block:", p.MaxThreadsDim)
	fmt.Println("shared memory per block:", p.SharedMemPerBlock, "opt-in:", p.SharedMemPerBlockOptin)
	// Output:
	// compute capability 9.0
	// multiprocessors: 3
	// global memory: 512 MiB
	// warp size: 32
	// max threads per block: 1024
	// max block: [1024 1024 64]
	// shared memory per block: 49152 opt-in: 232448
}

// Several devices can be open at once, each with its own workers and
// memory; an ordinal selects one, as cudaSetDevice does.
func ExampleDeviceByOrdinal() {
	small, _ := gocuda.NewDevice(gocuda.WithWorkers(1), gocuda.WithGlobalMem(1<<20))
	big, _ := gocuda.NewDevice(gocuda.WithWorkers(4), gocuda.WithGlobalMem(1<<30))
	defer big.Close()

	for _, d := range []*gocuda.Device{small, big} {
		got, err := gocuda.DeviceByOrdinal(d.Ordinal())
		fmt.Println(got == d, err, got.Properties().MultiProcessorCount)
	}

	ordinal := small.Ordinal()
	small.Close()
	_, err := gocuda.DeviceByOrdinal(ordinal)
	fmt.Println(errors.Is(err, gocuda.ErrInvalidDevice))
	// Output:
	// true <nil> 1
	// true <nil> 4
	// true
}
