package difftest

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
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

// BenchmarkSAXPYGridStride: the scalar grid-stride SAXPY, compiled (lanes
// in lockstep) and on the runtime path, against hand-written parallel Go.
func BenchmarkSAXPYGridStride(b *testing.B) {
	const n = 1 << 24
	x, y := randF(n), randF(n)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: dev.Properties().MultiProcessorCount}, Block: gocuda.Dim3{X: 1024}}
	for _, f := range forms {
		b.Run(f.name, func(b *testing.B) {
			for b.Loop() {
				if err := f.launch(cfg, SAXPYKernel(2, x, y)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("handParallel", func(b *testing.B) {
		for b.Loop() {
			bench.SAXPYParallel(2, x, y)
		}
	})
}
