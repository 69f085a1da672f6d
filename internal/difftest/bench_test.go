package difftest

import (
	"testing"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

func BenchmarkMatMulTiled(b *testing.B) {
	const n = 1024
	a, bb, c := randF(n*n), randF(n*n), make([]float32, n*n)
	for _, runtime := range []bool{false} {
		name := "compiled"
		if runtime {
			name = "runtime"
		}
		b.Run(name, func(b *testing.B) {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / 16, Y: n / 16}, Block: gocuda.Dim3{X: 16, Y: 16}, RuntimePath: runtime}
			for b.Loop() {
				if err := dev.Launch(cfg, MatMulTiledKernel(a, bb, c, n, n, n)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("handParallel", func(b *testing.B) {
		for b.Loop() {
			bench.MatMulParallel(a, bb, c, n, n, n)
		}
	})
}
