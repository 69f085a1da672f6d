package samplesbooks

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestFindTopK runs findTopK on 2 batch items of 3 classes of 1000 scores
// (main's shuffled p/numPriors, spread so that no two land in one bin:
// the result is then exact) against the top classwiseTopK scores above
// the threshold, sorted by index as main compares them.
func TestFindTopK(t *testing.T) {
	const batch, classes, priors, topK = 2, 3, 1000, 10
	const threshold = float32(0.4)
	r := rng(batch, classes, priors)
	scores := make([]float32, batch*classes*priors)
	for bc := range batch * classes {
		s := scores[bc*priors : (bc+1)*priors]
		for p := range s {
			s[p] = float32(p) / priors
		}
		r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	}
	wantIdx := make([][]int32, batch*classes)
	wantCount := make([]int32, batch*classes)
	for bc := range batch * classes {
		s := scores[bc*priors : (bc+1)*priors]
		var above []int32
		for i, v := range s {
			if v > threshold {
				above = append(above, int32(i))
			}
		}
		slices.SortFunc(above, func(a, b int32) int { return -cmpF(s[a], s[b]) })
		above = above[:min(topK, len(above))]
		slices.Sort(above)
		wantIdx[bc] = above
		wantCount[bc] = int32(len(above))
	}
	for _, g := range both(t, func(f form) ([]int32, error) {
		indices, count := make([]int32, batch*classes*topK), make([]int32, batch*classes)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: classes, Y: batch}, Block: gocuda.Dim3{X: scoreBlockSize}},
			FindTopKKernel(indices, count, scores, threshold, topK, classes, priors))
		return append(indices, count...), err
	}) {
		for bc := range batch * classes {
			idx := slices.Clone(g[bc*topK : (bc+1)*topK])
			slices.Sort(idx)
			require.Equal(t, wantIdx[bc], idx, "class %d", bc)
			require.Equal(t, wantCount[bc], g[batch*classes*topK+bc], "count %d", bc)
		}
	}
}

func cmpF(a, b float32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestShuffleBroadcast runs shuffle-cuda's two 8-lane broadcasts on one
// block of 256 (main's BUF_SIZE), as verifyBroadcast checks them: every
// element arg, and every element 0+1+...+7.
func TestShuffleBroadcast(t *testing.T) {
	const n, pattern = 256, int32(-559038737) // 0xDEADBEEF as an int
	got := agree(t, func(f form) ([]int32, error) {
		a, b := make([]int32, n), make([]int32, n)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}, BcastShflSg8Kernel(pattern, a)); err != nil {
			return nil, err
		}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}, BcastShflXorSg8Kernel(b))
		return append(a, b...), err
	})
	for i := range n {
		require.Equal(t, pattern, got[i], "broadcast %d", i)
		require.Equal(t, int32(28), got[n+i], "xor broadcast %d", i)
	}
}

// TestTransposeShfl runs transpose_shfl with blocks of 8, 16 and 32 as main
// does, against matrixTransposeCPUReference: each group reversed.
func TestTransposeShfl(t *testing.T) {
	const total = 1 << 10
	in := make([]float32, total)
	for i := range in {
		in[i] = float32(i) * 10
	}
	for _, sg := range []int{8, 16, 32} {
		want := make([]float32, total)
		for i := range total / sg {
			for j := range sg {
				want[i*sg+j] = in[i*sg+sg-j-1]
			}
		}
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, total)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: total / sg}, Block: gocuda.Dim3{X: sg}}, TransposeShflKernel(out, in))
			return out, err
		})
		require.Equal(t, want, got, "groups of %d", sg)
	}
}

// TestAtomicAggregate runs k of atomicAggregate-cuda for each ds of main
// (32 down to 1 counters) on 64 blocks of 256: counter i gets one
// increment per thread whose threadIdx.x % ds is i.
func TestAtomicAggregate(t *testing.T) {
	const blocks, block = 64, 256
	for ds := 32; ds >= 1; ds /= 2 {
		got := agree(t, func(f form) ([]int32, error) {
			d := make([]int32, ds)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}, AtomicAggregateKernel(d, ds))
			return d, err
		})
		for i, v := range got {
			require.Equal(t, int32(blocks*block/ds), v, "ds %d counter %d", ds, i)
		}
	}
}
