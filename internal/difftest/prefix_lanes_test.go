package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPrefixLanes runs PrefixLanesKernel in whole and partial warps, for
// values of k that send even or odd warps through the warp-uniform branch
// and checks both forms against a host reference of each warp.
func TestPrefixLanes(t *testing.T) {
	for _, bs := range warpBlocks {
		for _, k := range []int{0, 1, 2, 6} {
			n := 2 * bs
			in := randInts(n)
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, PrefixLanesKernel(in, out, k))
				return out, err
			})
			require.Equal(t, prefixLanesWant(in, bs, k), got, "block %d k %d", bs, k)
		}
	}
}

// prefixLanesWant is PrefixLanesKernel's output for blocks of bs threads,
// warp by warp.
func prefixLanesWant(in []int32, bs, k int) []int32 {
	out := make([]int32, len(in))
	for b := 0; b < len(in); b += bs {
		for w := 0; w < bs; w += 32 {
			lanes := min(32, bs-w)
			x := in[b+w : b+w+lanes]
			v := make([]int32, lanes)
			for j := range v {
				v[j] = x[j] + x[(j^1)%lanes]
				if j^1 >= lanes {
					v[j] = x[j] + x[j]
				}
			}
			if (w/32)%2 == k%2 {
				d := slicesClone(v)
				for j := range v {
					src := j
					if j+3 < lanes {
						src = j + 3
					}
					v[j] = d[src] - d[j]
				}
			}
			for j := range v {
				for t := 0; t < j%5+k; t++ {
					v[j] = 3*v[j] + int32(t)
				}
			}
			u := slicesClone(v)
			for j := range v {
				if j >= 2 {
					v[j] += u[j-2]
				} else {
					v[j] += u[j]
				}
			}
			var sum int32
			for j := range v {
				sum += v[j]
			}
			for j := range v {
				out[b+w+j] = v[j] ^ sum
			}
		}
	}
	return out
}

func slicesClone(v []int32) []int32 { return append([]int32(nil), v...) }
