package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// specCase runs the specialized kernels with type argument T on both
// forms (and, in the SIMD build, with the vector steps off) against the
// host.
func specCase[T specNumber](t *testing.T, conv func(int32) T) {
	for _, n := range []int{1, 7, 64, 1000, 4099} {
		in := make([]T, n)
		for i, v := range randInts(n) {
			in[i] = conv(v)
		}
		k := conv(3)
		got := agreeSIMD(t, func(f form) ([]T, error) {
			out := make([]T, n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}, SpecAxpyKernel(in, out, k, n))
		})
		for i := range got {
			var next T
			if i+1 < n {
				next = in[i+1]
			}
			require.Equal(t, next*k+in[i], got[i], "%T n=%d element %d", k, n, i)
		}
		if n%64 == 0 {
			relayed := agreeSIMD(t, func(f form) ([]T, error) {
				out := make([]T, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / 64}, Block: gocuda.Dim3{X: 64}}, SpecRelayKernel(in, out, k))
			})
			for i := range relayed {
				next := i/64*64 + (i+1)%64
				require.Equal(t, in[next]*k+k, relayed[i], "%T n=%d element %d", k, n, i)
			}
		}
		sums := agreeSIMD(t, func(f form) ([]T, error) {
			partial := make([]T, blocks(n, 128))
			return partial, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 128)}, Block: gocuda.Dim3{X: 64}}, SpecTreeKernel(in, partial))
		})
		for b := range sums {
			var want T
			for _, v := range in[b*128 : min(n, (b+1)*128)] {
				want += v
			}
			if _, float := any(want).(float32); !float { // float sums in tree order differ from the host's
				require.Equal(t, want, sums[b], "%T n=%d block %d", k, n, b)
			}
		}
	}
}

// TestSpecializedForms: each lane type, and a type of the constraint
// that is none (the generic body), agree across forms and with the host.
func TestSpecializedForms(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func(*testing.T)
	}{
		{"float32", func(t *testing.T) { specCase(t, func(v int32) float32 { return float32(v) / 4 }) }},
		{"int32", func(t *testing.T) { specCase(t, func(v int32) int32 { return v }) }},
		{"uint32", func(t *testing.T) { specCase(t, func(v int32) uint32 { return uint32(v) }) }},
		{"celsius", func(t *testing.T) { specCase(t, func(v int32) celsius { return celsius(v) / 2 }) }},
		{"float64", func(t *testing.T) { specCase(t, func(v int32) float64 { return float64(v) / 8 }) }},
	} {
		t.Run(fmt.Sprint(c.name), c.run)
	}
}
