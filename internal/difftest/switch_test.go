package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSwitchStagesForms: switches holding barriers and collectives agree
// on both paths and with the host.
func TestSwitchStagesForms(t *testing.T) {
	for _, bs := range []int{32, 64} {
		for _, op := range []int{-1, 0, 1, 2, 3} {
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, 2*bs)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, SwitchStagesKernel(out, op))
			})
			s := make([]int32, bs)
			for i := range s {
				s[i] = int32(i)
			}
			v := make([]int32, bs)
			for stage := range 3 {
				next := append([]int32(nil), s...)
				for tid := range bs {
					switch (op + stage) % 4 {
					case 0, 3:
						v[tid] += s[(tid+1)%bs]
					case 1:
						w := tid / 32 * 32
						v[tid] += int32(32*w + 31*32/2)
					default:
						v[tid] -= s[bs-1-tid]
						next[tid] = v[tid]
					}
				}
				s = next
			}
			for tid := range bs {
				want := v[tid]
				switch {
				case op > 2:
					want *= 2
				case op < 0:
					want = -want
				}
				require.Equal(t, want, got[tid], "block size %d op %d thread %d", bs, op, tid)
				require.Equal(t, want, got[bs+tid], "block size %d op %d thread %d", bs, op, tid)
			}
		}
	}
}

// TestSwitchLoopForms: a loop's own break inside a case compiles and
// agrees with the host.
func TestSwitchLoopForms(t *testing.T) {
	for _, op := range []int{0, 1} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 32)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}, SwitchLoopKernel(out, op))
		})
		for i, v := range got {
			want := int32(i)
			if op == 1 {
				want += 0 + 1 + 2
			}
			require.Equal(t, want, v, "op %d thread %d", op, i)
		}
	}
}
