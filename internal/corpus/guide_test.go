package corpus

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func TestGuideVecMatAdd(t *testing.T) {
	for _, n := range []int{1, 100} {
		r := rng(n)
		a, b := randF32(r, n), randF32(r, n)
		got := agree(t, func(f form) ([]float32, error) {
			c := make([]float32, n)
			return c, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}, GuideVecAddKernel(a, b, c))
		})
		for i := range n {
			require.Equal(t, a[i]+b[i], got[i])
		}
	}
	var a, b [guideN][guideN]float32
	r := rng(guideN)
	for i := range guideN {
		for j := range guideN {
			a[i][j], b[i][j] = r.Float32(), r.Float32()
		}
	}
	for _, c := range []struct {
		name string
		cfg  gocuda.Config
		k    func(a, b, c *[guideN][guideN]float32) func(*gocuda.Thread)
	}{
		{"one block", gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: guideN, Y: guideN}}, GuideMatAddKernel},
		{"blocks", gocuda.Config{Grid: gocuda.Dim3{X: blocks(guideN, 16), Y: blocks(guideN, 16)}, Block: gocuda.Dim3{X: 16, Y: 16}}, GuideMatAddBlocksKernel},
	} {
		got := agree(t, func(f form) (*[guideN][guideN]float32, error) {
			var out [guideN][guideN]float32
			return &out, f.launch(c.cfg, c.k(&a, &b, &out))
		})
		for i := range guideN {
			for j := range guideN {
				require.Equal(t, a[i][j]+b[i][j], got[i][j], "%s (%d, %d)", c.name, i, j)
			}
		}
	}
}

func TestGuideMatMul(t *testing.T) {
	const bs = guideBlockSize
	for _, sz := range [][3]int{{1, 1, 1}, {2, 3, 4}} {
		hA, wA, wB := sz[0]*bs, sz[1]*bs, sz[2]*bs
		r := rng(sz[:]...)
		a := guideMatrix{Width: wA, Height: hA, Stride: wA, Elements: randF32(r, hA*wA)}
		b := guideMatrix{Width: wB, Height: wA, Stride: wB, Elements: randF32(r, wA*wB)}
		want := matMulRef(a.Elements, b.Elements, hA, wA, wB)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: wB / bs, Y: hA / bs}, Block: gocuda.Dim3{X: bs, Y: bs}}
		for name, k := range map[string]func(a, b, c guideMatrix) func(*gocuda.Thread){
			"plain": GuideMatMulKernel, "shared": GuideMatMulSharedKernel,
		} {
			got := agree(t, func(f form) ([]float32, error) {
				c := guideMatrix{Width: wB, Height: hA, Stride: wB, Elements: make([]float32, hA*wB)}
				return c.Elements, f.launch(cfg, k(a, b, c))
			})
			require.Equal(t, want, got, "%s %v", name, sz)
		}
	}
}

// printfLines launches kernel on a fresh one-worker device whose printf
// output it returns, sorted.
func printfLines(f form, cfg gocuda.Config, kernel func(*gocuda.Thread)) ([]string, error) {
	var buf bytes.Buffer
	d, err := gocuda.NewDevice(gocuda.WithWorkers(1), gocuda.WithPrintfOutput(&buf))
	if err != nil {
		return nil, err
	}
	cfg.RuntimePath = f.runtime
	err = d.Launch(cfg, kernel)
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	out := strings.TrimRight(buf.String(), "\n")
	if out == "" {
		return nil, err
	}
	lines := strings.Split(out, "\n")
	slices.Sort(lines)
	return lines, err
}

func TestGuideWarpShuffles(t *testing.T) {
	for _, threads := range []int{32, 96} {
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: threads}}
		failures := agree(t, func(f form) ([]string, error) { return printfLines(f, cfg, GuideBcastKernel(42)) })
		require.Empty(t, failures, "bcast")

		sums := agree(t, func(f form) ([]string, error) { return printfLines(f, cfg, GuideWarpReduceKernel()) })
		var want []string
		for range 2 {
			for tid := range threads {
				want = append(want, fmt.Sprintf("Thread %d final value = %d", tid, 31*32/2))
			}
		}
		slices.Sort(want)
		require.Equal(t, want, sums, "warpReduce")

		scan := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, threads)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threads}}, GuideScan4Kernel(out))
		})
		for tid := range threads {
			lane := tid & 31
			var s int32
			for l := lane &^ 7; l <= lane; l++ {
				s += int32(31 - l)
			}
			require.Equal(t, s, scan[tid], "scan4 thread %d", tid)
		}
	}
}
