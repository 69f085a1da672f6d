package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMethodsForms: methods that synchronize, generic and with pointer
// receivers, agree on both paths and with the host.
func TestMethodsForms(t *testing.T) {
	for _, bs := range []int{32, 128} {
		n := 3 * bs
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 3*n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, MethodsKernel(out))
		})
		for i := range n {
			b := i / bs * bs
			var si int32
			var sf float32
			for k := b; k < b+bs; k++ {
				si += 2 * int32(k%7)
				sf += 0.5 * float32(k%5)
			}
			want := []int32{si, int32(sf), 32 + 31*32/2}
			require.Equal(t, want, got[3*i:3*i+3], "block size %d thread %d", bs, i)
		}
	}
}

// TestFuncParamForms: a helper reached through a parameter of function
// type agrees on both paths and with the host.
func TestFuncParamForms(t *testing.T) {
	const bs = 64
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*bs)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, FuncParamKernel(out))
	})
	for i, v := range got {
		tid, next := int32(i%bs), int32((i%bs+1)%bs)
		require.Equal(t, (tid+next)+(tid+1+next+1), v, "thread %d", i)
	}
}

// TestKernelMethodsForms: kernels that are methods, value and pointer
// receivers, agree on both paths and with the host.
func TestKernelMethodsForms(t *testing.T) {
	const bs = 32
	in := randInts(2 * bs)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*bs)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, StencilMethodKernel(smoother{3}, in, out))
	})
	for i, v := range got {
		b, tid := i/bs*bs, i%bs
		require.Equal(t, in[i]+3*(in[b+(tid+bs-1)%bs]+in[b+(tid+1)%bs]), v, "thread %d", i)
	}
	sums := agree(t, func(f form) ([]int32, error) {
		c := &tally{make([]int32, 4)}
		return c.sums, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, WarpTallyKernel(c))
	})
	require.Equal(t, []int32{496, 496, 496, 496}, sums)
}
