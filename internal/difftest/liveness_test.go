package difftest

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLiveness runs LivenessKernel against its host reference.
func TestLiveness(t *testing.T) {
	const n = 96
	in := make([]int32, n)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range in {
		in[i] = rng.Int32N(1000) - 500
	}
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, n)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}, LivenessKernel(in, out))
	})
	for i := range n {
		a := in[i]
		b := [3]int32{a * 2, a + 7, -a}[i%3]
		c := a ^ 5
		for k := 0; k < i%4; k++ {
			if k != 2 {
				c = a + int32(k)
			}
		}
		require.Equal(t, a+b*3+c*5, got[i], "thread %d", i)
	}
}

// TestLaneLiveness runs LaneLivenessKernel against its host reference:
// lane l's shuffles read lanes l^1 and l^2.
func TestLaneLiveness(t *testing.T) {
	const n = 128
	in := make([]int32, n)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range in {
		in[i] = rng.Int32N(1000) - 500
	}
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, n)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: n / 2}}, LaneLivenessKernel(in, out))
	})
	w := make([]int32, n)
	for i := range n {
		s := in[i^1]
		w[i] = in[i] * 3
		for k := int32(0); k < s&3; k++ {
			w[i] = s + k
		}
	}
	for i := range n {
		require.Equal(t, w[i]*7+in[i^2], got[i], "thread %d", i)
	}
}
