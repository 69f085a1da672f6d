package difftest

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestAgreeDoWhile runs AgreeDoWhileKernel against a host reference: each
// block's loop runs until the minimum of its slice, raised by 3 a trip, is
// not negative.
func TestAgreeDoWhile(t *testing.T) {
	const blocks, bs = 3, 64
	in := make([]int32, blocks*bs)
	for i := range in {
		in[i] = int32(i%23) - 11 - int32(i/bs)*7
	}
	got := agree(t, func(f form) ([]int32, error) {
		data, out := slices.Clone(in), make([]int32, 2*len(in))
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}
		err := f.launch(cfg, AgreeDoWhileKernel(data, out))
		return append(data, out...), err
	})
	want := slices.Clone(in)
	var out []int32
	for b := range blocks {
		slice := want[b*bs : (b+1)*bs]
		for trips := int32(1); ; trips++ {
			m := slices.Min(slice)
			for i := range slice {
				slice[i] += 3
			}
			if m >= 0 {
				for range bs {
					out = append(out, m, trips)
				}
				break
			}
		}
	}
	require.Equal(t, append(want, out...), got)
}

// TestAgreeContinue runs AgreeContinueKernel against the sum of the
// multiples of k in the array, which each block counts whole.
func TestAgreeContinue(t *testing.T) {
	const blocks, bs, k = 2, 32, 3
	for _, n := range []int{0, 1, 31, 32, 100, 257} {
		in := randInts(n)
		var want int32
		for _, v := range in {
			if v%k == 0 {
				want += v
			}
		}
		got := agree(t, func(f form) ([]int32, error) {
			total := make([]int32, blocks)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}
			return total, f.launch(cfg, AgreeContinueKernel(in, k, total))
		})
		require.Equal(t, []int32{want, want}, got, "n=%d", n)
	}
}

// TestAgreeIf runs AgreeIfKernel against reversing or rotating each
// block's slice; where thread 0 disagrees with its block, the compiled
// form fails the launch with a *gocuda.DeadlockError naming a thread of
// each side. (The runtime path, like a GPU since Volta, lets the two sides'
// barriers complete each other: code CUDA leaves undefined.)
func TestAgreeIf(t *testing.T) {
	const blocks, bs = 4, 32
	in := randInts(blocks * bs)
	flag := []bool{true, false, false, true}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}
	got := agree(t, func(f form) ([]int32, error) {
		data := slices.Clone(in)
		return data, f.launch(cfg, AgreeIfKernel(data, flag, false))
	})
	for b := range blocks {
		s := in[b*bs : (b+1)*bs]
		for tx := range bs {
			want := s[(tx+1)%bs]
			if flag[b] {
				want = s[bs-1-tx]
			}
			require.Equal(t, want, got[b*bs+tx], "block %d, thread %d", b, tx)
		}
	}
	err := forms[0].launch(cfg, AgreeIfKernel(slices.Clone(in), flag, true))
	var dl *gocuda.DeadlockError
	require.True(t, errors.As(err, &dl), "compiled: %v", err)
	require.ErrorIs(t, err, gocuda.ErrLaunchTimeout)
	require.Len(t, dl.Waiting, 2)
	sides := []gocuda.Dim3{dl.Waiting[0].Thread, dl.Waiting[1].Thread}
	require.Contains(t, sides, gocuda.Dim3{}, "thread 0 is on one side: %v", err)
	require.NotEqual(t, sides[0], sides[1], "a thread of each side: %v", err)
}

// TestWyllie runs WyllieKernel on random lists against each element's
// distance to the list's last element, where every element but the last
// ends pointing. A list is one block's: the kernel's threads read what
// others write without a barrier between (as HeCBench's does), which
// across blocks, run by different goroutines, is a data race of Go's.
func TestWyllie(t *testing.T) {
	const bs = 128
	for _, n := range []int{1, 2, 33, 100} {
		order := rand.Perm(n) // order[k] is the k-th element of the list
		list := make([]int64, n)
		for k, e := range order {
			succ := int64(-1)
			if k+1 < n {
				succ = int64(order[k+1])
			}
			list[e] = succ<<32 | 1
		}
		got := agree(t, func(f form) ([]int64, error) {
			l := slices.Clone(list)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}
			return l, f.launch(cfg, WyllieKernel(l, int32(n)))
		})
		last := int64(order[n-1])
		for k, e := range order {
			want := list[e] // the last element and the one before it keep theirs
			if k < n-2 {
				want = last<<32 | int64(n-1-k)
			}
			require.Equal(t, want, got[e], "n=%d, element %d at %d", n, e, k)
		}
	}
}
