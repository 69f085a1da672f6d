package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLabeledSIMTForms: a labeled continue and break of an outer loop,
// taken inside an inner loop by some lanes, both loops' trip counts
// differing between lanes, agree on both paths and with the host.
func TestLabeledSIMTForms(t *testing.T) {
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 128)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, LabeledSIMTKernel(out))
	})
	for id, v := range got {
		lane := id % 32
		var want int32
	outer:
		for i := 0; i < 2+lane%4; i++ {
			for k := 0; k < 1+(lane+i)%3; k++ {
				if (lane+i+k)%7 == 3 {
					continue outer
				}
				if (lane*i+k)%11 == 5 {
					break outer
				}
				src := -1
				for j := range 32 {
					if labeledAt(j, i, k) {
						src = j
					}
				}
				want += int32(src*100 + i*10 + k)
			}
			want++
		}
		require.Equal(t, want, v, "thread %d", id)
	}
}

// TestLabeledUniformInnerForms: a labeled continue and break of a loop
// whose trip count differs between lanes, from a switch in a counted inner
// loop, agree on both paths and with the host.
func TestLabeledUniformInnerForms(t *testing.T) {
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 64)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, LabeledUniformInnerKernel(out))
	})
	for id, v := range got {
		lane := id % 32
		var want int32
	loop:
		for i := 0; i < 1+lane%5; i++ {
			for k := range 4 {
				switch (lane + i*k) % 6 {
				case 5:
					continue loop
				case 4:
					break loop
				}
				var b int32
				for j := range 32 {
					if labeledUniformAt(j, i, k) && (j+k)%3 == 0 {
						b++
					}
				}
				want += b + int32(k)
			}
			want *= 2
		}
		require.Equal(t, want, v, "thread %d", id)
	}
}
