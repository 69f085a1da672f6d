package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// nextTimes returns, for each thread of blocks of bs threads, k times the
// next thread's v in its block (gain.next on the host).
func nextTimes(v []int32, bs int, k int32) []int32 {
	out := make([]int32, len(v))
	for i := range v {
		b := i / bs * bs
		out[i] = k * v[b+(i-b+1)%bs]
	}
	return out
}

// TestMethodValueForms: method values, in a variable made before its
// receiver changes and passed to a helper, agree on both paths and with
// the host.
func TestMethodValueForms(t *testing.T) {
	for _, bs := range []int{32, 96} {
		n := 2 * bs
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 3*n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, MethodValueKernel(out))
		})
		tid := make([]int32, n)
		for i := range tid {
			tid[i] = int32(i % bs)
		}
		a := nextTimes(tid, bs, 2)
		b := nextTimes(nextTimes(a, bs, 3), bs, 3)
		c := nextTimes(b, bs, 2)
		for i := range n {
			require.Equal(t, []int32{a[i], b[i], c[i]}, got[3*i:3*i+3], "block size %d thread %d", bs, i)
		}
	}
}

// relayHost is relay{n}.run on the host, for blocks of bs threads.
func relayHost(v []int32, bs, n int) []int32 {
	for range n {
		v = addNext(v, bs)
	}
	return v
}

// addNext adds to each value the next thread's in its block.
func addNext(v []int32, bs int) []int32 {
	next := nextTimes(v, bs, 1)
	out := make([]int32, len(v))
	for i := range v {
		out[i] = v[i] + next[i]
	}
	return out
}

// warpSums returns each thread's warp's sum of v.
func warpSums(v []int32) []int32 {
	out := make([]int32, len(v))
	for w := 0; w < len(v); w += 32 {
		var sum int32
		for _, x := range v[w : w+32] {
			sum += x
		}
		for i := w; i < w+32; i++ {
			out[i] = sum
		}
	}
	return out
}

// TestPromotedForms: methods promoted from embedded fields, by value and
// through a pointer, one and two fields deep, called and as method
// values, agree on both paths and with the host.
func TestPromotedForms(t *testing.T) {
	const bs, rounds = 64, 3
	n := 2 * bs
	var sums []int32
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*n)
		sink := &warpSink{make([]int32, n)}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, PromotedKernel(solver{relay{rounds}, sink, 5}, out))
		sums = sink.sums
		return append(out, sink.sums...), err
	})
	v := make([]int32, n)
	for i := range v {
		v[i] = int32(i % bs)
	}
	v = relayHost(v, bs, rounds)
	for i := range v {
		v[i] += rounds * int32(i%bs)
	}
	require.Equal(t, warpSums(v), sums)
	v = relayHost(relayHost(v, bs, rounds), bs, rounds)
	totals := warpSums(v)
	for i := range n {
		require.Equal(t, []int32{5 * v[i], 32 + totals[i]}, got[2*i:2*i+2], "thread %d", i)
	}
}

// TestGenericPromotedForms: a generic type's promoted method through
// method values agrees on both paths and with the host.
func TestGenericPromotedForms(t *testing.T) {
	const bs = 64
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, 2*bs)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, GenericPromotedKernel(out))
	})
	for i, v := range got {
		require.Equal(t, 0.5*float32((i%bs+1)%bs)+0.5*3, v, "thread %d", i)
	}
}

// TestMethodValueLoopForms: method values made in a loop, plain ones
// across barriers, with a pointer receiver on a local, and a method
// promoted through an embedded pointer agree on both paths and with the
// host.
func TestMethodValueLoopForms(t *testing.T) {
	const bs, k = 64, 3
	n := 2 * bs
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*n)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, MethodValueLoopKernel(out, k, gainRef{&gain{5}}))
	})
	v := make([]int32, n)
	for i := range v {
		v[i] = int32(i % bs)
	}
	for range 2 {
		v = nextTimes(v, bs, k)
		for i := range v {
			v[i] += k
		}
	}
	v = nextTimes(v, bs, 5)
	sums := warpSums(v)
	for i := range n {
		require.Equal(t, []int32{v[i] + k, 32 + sums[i]}, got[2*i:2*i+2], "thread %d", i)
	}
}
