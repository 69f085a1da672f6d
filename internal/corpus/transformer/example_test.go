package transformer_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/transformer"
)

// fwtBatch1Kernel of NVIDIA's cuda-samples (fastWalshTransform) computes
// the Walsh-Hadamard transform of each block's 2^log2N elements in shared
// memory: radix-4 butterflies, then one radix-2 stage for an odd power.
// Here two batches of 2^3 small integers (exact in float32), N/4 threads
// a block as the sample launches it; the second batch, the first one
// reversed, flips the sign of the odd-parity coefficients.
func ExampleFwtBatch1Kernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const log2N, batches = 3, 2
	const N = 1 << log2N
	for _, runtime := range []bool{false, true} {
		d := make([]float32, batches*N)
		for i := range N {
			d[i], d[N+i] = float32(i+1), float32(N-i)
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: batches}, Block: gocuda.Dim3{X: N / 4}, SharedMem: N * 4, RuntimePath: runtime}
		if err := dev.Launch(cfg, transformer.FwtBatch1Kernel(d, d, log2N)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(d[:N], d[N:])
	}
	// Output:
	// [36 -4 -8 0 -16 0 0 0] [36 4 8 0 16 0 0 0]
	// [36 -4 -8 0 -16 0 0 0] [36 4 8 0 16 0 0 0]
}
