package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// jaccardCSR is main.cu's matrix in CSR form.
type jaccardCSR struct {
	n, e     int
	ptr, ind []int32
	val      []float32
}

// jaccardMatrix returns main.cu's CSR of M: rows × cols of rand() % 10,
// or main.cu's DEBUG matrix when rows is 0.
func jaccardMatrix(rows, cols int) jaccardCSR {
	M := [][]float32{{0, 0, 0, 1}, {5, 8, 0, 0}, {0, 0, 3, 0}, {0, 6, 0, 1}}
	if rows > 0 {
		r := rng(rows, cols)
		M = make([][]float32, rows)
		for i := range M {
			M[i] = make([]float32, cols)
			for j := range M[i] {
				M[i][j] = float32(r.IntN(10))
			}
		}
	}
	c := jaccardCSR{n: len(M), ptr: []int32{0}}
	for i := range M {
		for j := range M[i] {
			if M[i][j] != 0 {
				c.val = append(c.val, M[i][j])
				c.ind = append(c.ind, int32(j))
			}
		}
		c.ptr = append(c.ptr, int32(len(c.ind)))
	}
	c.e = len(c.ind)
	return c
}

// jaccardReference computes jaccard_weight's result sequentially: the fill
// weights, row volumes, intersection and sum volumes and Jaccard weights.
func jaccardReference(c jaccardCSR, weighted bool, gamma float32) []float32 {
	w := make([]float32, c.e)
	for j := range w {
		w[j] = 1
		if weighted {
			w[j] = float32(j+1) / float32(c.e)
		}
	}
	work := make([]float32, c.n)
	for r := range c.n {
		for i := c.ptr[r]; i < c.ptr[r+1]; i++ {
			if weighted {
				work[r] += w[c.ind[i]]
			} else {
				work[r]++
			}
		}
	}
	out := make([]float32, c.e)
	for r := range c.n {
		for j := c.ptr[r]; j < c.ptr[r+1]; j++ {
			col := c.ind[j]
			var wi float32
			for a := c.ptr[r]; a < c.ptr[r+1]; a++ {
				for b := c.ptr[col]; b < c.ptr[col+1]; b++ {
					if c.ind[a] == c.ind[b] {
						if weighted {
							wi += w[c.ind[a]]
						} else {
							wi++
						}
					}
				}
			}
			ws := work[r] + work[col]
			out[j] = gamma * c.val[j] * (wi / (ws - wi))
		}
	}
	return out
}

// runJaccard is jaccard_weight's loop body with the host's launch shapes
// (opt picks jaccard_is_opt, as the host does, or jaccard_is); it returns
// weight_j.
func runJaccard(f form, c jaccardCSR, weighted, opt bool, gamma float32) ([]float32, error) {
	const maxThreads = 256
	n, e := int32(c.n), int32(c.e)
	weightI, weightS, weightJ := make([]float32, e), make([]float32, e), make([]float32, e)
	work := make([]float32, n)
	fillCfg := gocuda.Config{Grid: gocuda.Dim3{X: (c.e + maxThreads - 1) / maxThreads}, Block: gocuda.Dim3{X: maxThreads}}
	if err := f.launch(fillCfg, JaccardFillKernel(weighted, e, weightJ, 1.0)); err != nil {
		return nil, err
	}
	if err := f.launch(fillCfg, JaccardFillKernel(false, e, weightI, 0.0)); err != nil {
		return nil, err
	}
	const y = 4
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: (c.n + y - 1) / y}, Block: gocuda.Dim3{X: 64 / y, Y: y}},
		JaccardRowSumKernel(weighted, n, c.ptr, c.ind, weightJ, work)); err != nil {
		return nil, err
	}
	isCfg := gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1, Z: (c.n + 8 - 1) / 8}, Block: gocuda.Dim3{X: 32 / y, Y: y, Z: 8}}
	is := JaccardIsOptKernel(weighted, n, e, c.ptr, c.ind, weightJ, work, weightI, weightS)
	if !opt {
		is = JaccardIsKernel(weighted, n, e, c.ptr, c.ind, weightJ, work, weightI, weightS)
	}
	if err := f.launch(isCfg, is); err != nil {
		return nil, err
	}
	tx := min(c.e, maxThreads)
	return weightJ, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (c.e + tx - 1) / tx}, Block: gocuda.Dim3{X: tx}},
		JaccardJwKernel(weighted, e, c.val, gamma, weightI, weightS, weightJ))
}

// TestJaccard runs jaccard_weight, weighted and not, with jaccard_is_opt
// (the host's choice) and jaccard_is, on main.cu's DEBUG matrix (against
// its known weights too) and on 30×13 and 58×16 random matrices. The
// matrices have at most 16 columns, so that every row is one stretch of
// parallel_prefix_sum's 16-lane scan: with rows of different stretch
// counts in one warp, its full-mask shuffles would run with some lanes
// gone, undefined in CUDA; 30 and 58 rows leave whole warps past the end.
func TestJaccard(t *testing.T) {
	const gamma = float32(0.46)
	known := map[bool][]float32{
		true:  {0.306667, 0, 3.68, 1.38, 0.788571, 0.46},
		false: {0.23, 0, 3.68, 1.38, 0.92, 0.46},
	}
	for _, size := range [][2]int{{0, 0}, {30, 13}, {58, 16}} {
		c := jaccardMatrix(size[0], size[1])
		for _, weighted := range []bool{true, false} {
			want := jaccardReference(c, weighted, gamma)
			if size[0] == 0 {
				nearSlice(t, known[weighted], want, 1e-5, "reference, DEBUG matrix")
			}
			for _, opt := range []bool{true, false} {
				name := fmt.Sprintf("%v, weighted %v, opt %v", size, weighted, opt)
				got := both(t, func(f form) ([]float32, error) { return runJaccard(f, c, weighted, opt, gamma) })
				for i := range got {
					nearSlice(t, want, got[i], 1e-5, "%s, %s", name, forms[i].name)
				}
			}
		}
	}
}
