package kernels_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// The example of Blelloch's "Prefix Sums and Their Applications", by every
// variant.
func ExampleScan() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	in := []int32{3, 1, 7, 0, 4, 1, 6, 3}
	out := make([]int32, len(in))
	for _, v := range kernels.ScanVariants() {
		if err := kernels.Scan(dev, v, in, out, false); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-12v exclusive %v\n", v, out)
	}
	if err := kernels.Scan(dev, kernels.ScanHillisSteele, in, out, true); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%-12v inclusive %v\n", kernels.ScanHillisSteele, out)
	// Output:
	// hillisSteele exclusive [0 3 4 11 11 15 16 22]
	// blelloch     exclusive [0 3 4 11 11 15 16 22]
	// warpShuffle  exclusive [0 3 4 11 11 15 16 22]
	// lookback     exclusive [0 3 4 11 11 15 16 22]
	// coarsened    exclusive [0 3 4 11 11 15 16 22]
	// hillisSteele inclusive [3 4 11 11 15 16 22 25]
}

// Launching the coarsened look-back kernel with a configuration of one's
// own: zeroed tile status and ticket, as a CUDA program would cudaMemset
// them.
func ExampleCoarsenedScanKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	const n, threads, items = 100000, 32, 256
	in, out := make([]float32, n), make([]float32, n)
	for i := range in {
		in[i] = 1
	}
	tiles := (n + threads*items - 1) / (threads * items)
	status := make([]kernels.ScanTileState[float32], tiles)
	var ticket uint32
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: tiles}, Block: gocuda.Dim3{X: threads}}
	if err := dev.Launch(cfg, kernels.CoarsenedScanKernel(in, out, status, &ticket, true, items)); err != nil {
		log.Fatal(err)
	}
	fmt.Println(out[0], out[n/2], out[n-1])
	// Output: 1 50001 100000
}
