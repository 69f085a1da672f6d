package difftest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestTileForce: a helper taking and returning small arrays, inlined and
// its arrays scalarized in the compiled forms (vectorized in the SIMD
// build), agrees with the host bit for bit, on sizes that leave part of
// the last tile empty.
func TestTileForce(t *testing.T) {
	const eps2 = 0.01
	for _, n := range []int{1, 64, 100, 300} {
		bodies := make([][4]float32, n)
		for i, v := range randF(4 * n) {
			bodies[i/4][i%4] = v
		}
		for i := range bodies {
			bodies[i][3] = float32(math.Abs(float64(bodies[i][3])))
		}
		const block = 64
		want := make([][3]float32, n)
		for i := range want { // the host reference, in the kernel's order
			var a [3]float32
			for j := range blocks(n, block) * block {
				var b [4]float32
				if j < n {
					b = bodies[j]
				}
				d := [3]float32{b[0] - bodies[i][0], b[1] - bodies[i][1], b[2] - bodies[i][2]}
				inv := 1 / float32(math.Sqrt(float64(d[0]*d[0]+d[1]*d[1]+d[2]*d[2]+eps2)))
				s := b[3] * inv * inv * inv * (bodies[i][3] * 2)
				for c := range 3 {
					a[c] += d[c] * s
				}
			}
			want[i] = a
		}
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			acc := make([][3]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, block)}, Block: gocuda.Dim3{X: block}}
			err := f.launch(cfg, TileForceKernel(bodies, acc, eps2))
			return bitsOf(flat3(acc)), err
		})
		require.Equal(t, bitsOf(flat3(want)), got, "n=%d", n)
	}
}
