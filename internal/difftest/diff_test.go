package difftest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// both runs launch with the compiled form and on the runtime path.
func both(t *testing.T, f func(t *testing.T, cfg func(gocuda.Config) gocuda.Config)) {
	for _, runtime := range []bool{false, true} {
		t.Run(fmt.Sprintf("runtimePath=%v", runtime), func(t *testing.T) {
			f(t, func(c gocuda.Config) gocuda.Config { c.RuntimePath = runtime; return c })
		})
	}
}

func TestMatMulTiled(t *testing.T) {
	for _, sz := range [][3]int{{0, 0, 0}, {1, 1, 1}, {16, 16, 16}, {17, 33, 5}, {64, 48, 80}} {
		m, k, n := sz[0], sz[1], sz[2]
		a, b := randF(m*k), randF(k*n)
		want := make([]float32, m*n)
		for i := range m {
			for j := range n {
				var s float32
				for p := range k {
					s += a[i*k+p] * b[p*n+j]
				}
				want[i*n+j] = s
			}
		}
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			both(t, func(t *testing.T, cfg func(gocuda.Config) gocuda.Config) {
				c := make([]float32, m*n)
				grid := gocuda.Dim3{X: (n + 15) / 16, Y: (m + 15) / 16}
				if m*n == 0 {
					return
				}
				err := gocuda.Launch(cfg(gocuda.Config{Grid: grid, Block: gocuda.Dim3{X: 16, Y: 16}}), MatMulTiledKernel(a, b, c, m, k, n))
				require.NoError(t, err)
				require.Equal(t, want, c)
			})
		})
	}
}

func randF(n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(rand.IntN(16)) / 4
	}
	return s
}
