package samplesbooks

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// runShfl launches one block of the given size of a simpleShfl.cu kernel
// on both paths and returns its output, as long as its input.
func runShfl(t *testing.T, in []int32, block int, kernel func(dOut, dIn []int32) func(*gocuda.Thread)) []int32 {
	t.Helper()
	return agree(t, func(f form) ([]int32, error) {
		out := make([]int32, len(in))
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: block}}, kernel(out, in))
		return out, err
	})
}

// mod is the non-negative remainder of a by m.
func mod(a, m int) int { return (a%m + m) % m }

// TestBookShuffles runs simpleShfl.cu's one-value kernels on one block of
// BDIMX (16) lanes, one segment of width 16, with the arguments the
// book's main passes them (and a few more), against the shuffles'
// definitions: __shfl reads lane srcLane modulo the width; __shfl_up and
// __shfl_down read delta lanes below or above, a lane with no such lane
// in its segment keeping its own value; __shfl_xor reads lane
// laneId^laneMask, and, as the hardware's shfl.bfly does, only the mask's
// low five bits count and a lane past the segment's end leaves the
// caller its own value (the book's mask -8 reads lanes 16 and up, so
// every lane keeps its value).
func TestBookShuffles(t *testing.T) {
	in := bookInts(shflBdimx, 16)
	ref := func(f func(i int) int32) []int32 {
		out := make([]int32, shflBdimx)
		for i := range out {
			out[i] = f(i)
		}
		return out
	}
	xorLane := func(i, mask int) int {
		if j := i ^ (mask & 31); j < shflBdimx {
			return j
		}
		return i
	}
	for _, src := range []int{2, 15, 17} {
		got := runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflBroadcastKernel(o, i, src) })
		require.Equal(t, ref(func(int) int32 { return in[mod(src, shflBdimx)] }), got, "broadcast %d", src)
	}
	for _, off := range []int{-2, 2, 5} {
		got := runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflWrapKernel(o, i, off) })
		require.Equal(t, ref(func(i int) int32 { return in[mod(i+off, shflBdimx)] }), got, "wrap %d", off)
		got = runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflWrapPlusKernel(o, i, off) })
		require.Equal(t, ref(func(i int) int32 { return in[i] + in[mod(i+off, shflBdimx)] }), got, "wrap plus %d", off)
	}
	for _, d := range []int{1, 2, 7} {
		got := runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflUpKernel(o, i, uint32(d)) })
		require.Equal(t, ref(func(i int) int32 {
			if i >= d {
				return in[i-d]
			}
			return in[i]
		}), got, "up %d", d)
		got = runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflDownKernel(o, i, uint32(d)) })
		require.Equal(t, ref(func(i int) int32 {
			if i+d < shflBdimx {
				return in[i+d]
			}
			return in[i]
		}), got, "down %d", d)
	}
	for _, m := range []int{1, 3, 8} {
		got := runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflXorKernel(o, i, m) })
		require.Equal(t, ref(func(i int) int32 { return in[xorLane(i, m)] }), got, "xor %d", m)
		got = runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflXorPlusKernel(o, i, m) })
		require.Equal(t, ref(func(i int) int32 { return in[i] + in[xorLane(i, m)] }), got, "xor plus %d", m)
	}
}

// TestBookShuffleXorMinus8 runs test_shfl_xor with the book's mask -8,
// whose low five bits, 24, send every lane of the 16-wide segment past
// its end: on the hardware each lane keeps its own value.
func TestBookShuffleXorMinus8(t *testing.T) {
	in := bookInts(shflBdimx, 17)
	got := runShfl(t, in, shflBdimx, func(o, i []int32) func(*gocuda.Thread) { return ShflXorKernel(o, i, -8) })
	require.Equal(t, in, got)
}

// TestBookShuffleArrays runs simpleShfl.cu's kernels that hold SEGM ints a
// lane, on one block of BDIMX/SEGM (4) lanes as the book does, against
// what each moves: lane l's element k is in[l*SEGM+k].
func TestBookShuffleArrays(t *testing.T) {
	const lanes = shflBdimx / shflSegm
	in := bookInts(shflBdimx, 4)
	at := func(l, k int) int32 { return in[l*shflSegm+k] }
	for _, m := range []int{1, 2} {
		// The whole array of lane l^m.
		want := make([]int32, shflBdimx)
		for l := range lanes {
			for k := range shflSegm {
				want[l*shflSegm+k] = at(l^m, k)
			}
		}
		got := runShfl(t, in, lanes, func(o, i []int32) func(*gocuda.Thread) { return ShflXorArrayKernel(o, i, m) })
		require.Equal(t, want, got, "xor array %d", m)
		got = runShfl(t, in, lanes, func(o, i []int32) func(*gocuda.Thread) { return ShflXorInt4Kernel(o, i, m) })
		require.Equal(t, want, got, "xor int4 %d", m)
	}
	for _, c := range [][3]int{{1, 0, 3}, {2, 1, 2}, {1, 2, 2}} {
		m, s, d := c[0], c[1], c[2]
		name := fmt.Sprint(c)

		// Element s of each lane becomes element d of its partner.
		want := slices.Clone(in)
		for l := range lanes {
			want[l*shflSegm+s] = at(l^m, d)
		}
		got := runShfl(t, in, lanes, func(o, i []int32) func(*gocuda.Thread) { return ShflXorElementKernel(o, i, m, s, d) })
		require.Equal(t, want, got, "xor element %s", name)

		// swap: the lanes below m (pred) trade element s (firstIdx) with
		// their partner's element d (secondIdx); the others receive in
		// element d what the partner sends: its element s if the partner
		// swapped, its element d if not.
		want = slices.Clone(in)
		for l := range lanes {
			p := l ^ m
			sent := at(p, d)
			if p < m {
				sent = at(p, s)
			}
			if l < m {
				want[l*shflSegm+s] = sent
			} else {
				want[l*shflSegm+d] = sent
			}
		}
		if s != d {
			got = runShfl(t, in, lanes, func(o, i []int32) func(*gocuda.Thread) { return ShflSwapKernel(o, i, m, s, d) })
			require.Equal(t, want, got, "swap %s", name)
		}
	}
	// xor array swap with mask 1, as in the book: even lanes (whose low
	// bit differs from 1) trade element s with the odd partner's element d.
	for _, c := range [][2]int{{0, 3}, {1, 2}} {
		s, d := c[0], c[1]
		want := slices.Clone(in)
		for e := 0; e < lanes; e += 2 {
			want[e*shflSegm+s], want[(e+1)*shflSegm+d] = at(e+1, d), at(e, s)
		}
		got := runShfl(t, in, lanes, func(o, i []int32) func(*gocuda.Thread) { return ShflXorArraySwapKernel(o, i, 1, s, d) })
		require.Equal(t, want, got, "xor array swap %v", c)
	}
	for _, off := range []int{0, 1, 3} {
		want := slices.Clone(in)
		for l := range lanes {
			want[l*shflSegm] = at((off+l)%shflSegm, 3)
		}
		got := runShfl(t, in, lanes, func(o, i []int32) func(*gocuda.Thread) { return ShflArrayKernel(o, i, off) })
		require.Equal(t, want, got, "array %d", off)
	}
}
