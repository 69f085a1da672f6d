package teaching

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSgemm multiplies random matrices with siboehm's five kernels,
// launched as src/runner.cu launches them, and compares with the host's
// C = alpha*A@B + beta*C in float64.
func TestSgemm(t *testing.T) {
	const M, N, K = 128, 192, 64
	const alpha, beta = float32(0.5), float32(3)
	r := rng(M, N, K)
	A, B, C0 := randF32(r, M*K), randF32(r, K*N), randF32(r, M*N)
	want := make([]float32, M*N)
	for i := range M {
		for j := range N {
			var s float64
			for k := range K {
				s += float64(A[i*K+k]) * float64(B[k*N+j])
			}
			want[i*N+j] = float32(float64(alpha)*s + float64(beta)*float64(C0[i*N+j]))
		}
	}
	ceil := func(a, b int) int { return (a + b - 1) / b }
	kernels := []struct {
		name string
		cfg  gocuda.Config
		k    func(M, N, K int, alpha float32, A, B []float32, beta float32, C []float32) func(*gocuda.Thread)
	}{
		{"1_naive", gocuda.Config{Grid: gocuda.Dim3{X: ceil(M, 32), Y: ceil(N, 32)}, Block: gocuda.Dim3{X: 32, Y: 32}}, SgemmNaiveKernel},
		{"2_coalesce", gocuda.Config{Grid: gocuda.Dim3{X: ceil(M, 32), Y: ceil(N, 32)}, Block: gocuda.Dim3{X: 32 * 32}}, SgemmGlobalMemCoalesceKernel},
		{"3_shared", gocuda.Config{Grid: gocuda.Dim3{X: ceil(M, 32), Y: ceil(N, 32)}, Block: gocuda.Dim3{X: 32 * 32}}, SgemmSharedMemBlockKernel},
		{"4_1D", gocuda.Config{Grid: gocuda.Dim3{X: ceil(N, sgemm4BN), Y: ceil(M, sgemm4BM)}, Block: gocuda.Dim3{X: sgemm4BM * sgemm4BN / sgemm4TM}}, Sgemm1DBlocktilingKernel},
		{"5_2D", gocuda.Config{Grid: gocuda.Dim3{X: ceil(N, sgemm5BN), Y: ceil(M, sgemm5BM)}, Block: gocuda.Dim3{X: sgemm5BM * sgemm5BN / (sgemm5TM * sgemm5TN)}}, Sgemm2DBlocktilingKernel},
	}
	for _, k := range kernels {
		t.Run(fmt.Sprint(k.name), func(t *testing.T) {
			got := agree(t, func(f form) ([]float32, error) {
				C := append([]float32(nil), C0...)
				return C, f.launch(k.cfg, k.k(M, N, K, alpha, A, B, beta, C))
			})
			nearSlice(t, want, got, 1e-5, "%s", k.name)
		})
	}
}
