package teaching

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// sortedInts returns n sorted random ints in [0, 1000), with repeats.
func sortedInts(n int, seed int) []int32 {
	r := rng(n, seed)
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(r.IntN(1000))
	}
	slices.Sort(s)
	return s
}

// TestPmppMerge merges two sorted arrays with chapter 11's three kernels,
// launched as ch11__merge_sort_device launches them (ceil((m+n)/block)
// blocks, tiles of a block's size, 2*block ints of dynamic shared memory),
// and compares with the host's merge.
func TestPmppMerge(t *testing.T) {
	kernels := []struct {
		name string
		k    func(A []int32, m int, B []int32, n int, C []int32, block int) func(*gocuda.Thread)
	}{
		{"basic", func(A []int32, m int, B []int32, n int, C []int32, _ int) func(*gocuda.Thread) {
			return BasicMergeKernel(A, m, B, n, C)
		}},
		{"tiled", TiledMergeKernel},
		{"circular", CircularBufferMergeKernel},
	}
	for _, mn := range [][2]int{{300, 500}, {1000, 24}, {64, 64}} {
		m, n := mn[0], mn[1]
		A, B := sortedInts(m, 1), sortedInts(n, 2)
		want := make([]int32, m+n)
		mergeCore(A, m, B, n, want)
		require.True(t, slices.IsSorted(want))
		for _, block := range []int{32, 128} {
			for _, k := range kernels {
				t.Run(fmt.Sprint(k.name, "/", m, "+", n, "/", block), func(t *testing.T) {
					got := agree(t, func(f form) ([]int32, error) {
						C := make([]int32, m+n)
						cfg := gocuda.Config{Grid: gocuda.Blocks(m+n, block), Block: gocuda.Dim3{X: block}, SharedMem: 2 * block * 4}
						return C, f.launch(cfg, k.k(A, m, B, n, C, block))
					})
					require.Equal(t, want, got)
				})
			}
		}
	}
}

// TestPmppIncrementSection adds per-block totals to a scan's sections with
// both of chapter 8's increment kernels and compares with the host.
func TestPmppIncrementSection(t *testing.T) {
	const length, block = 1000, 64
	r := rng(length)
	out := randF64(r, length)
	for _, three := range []bool{false, true} {
		section := block
		if three {
			section = 3 * block
		}
		grid := (length + section - 1) / section
		base := randF64(r, grid)
		want := slices.Clone(out)
		for i := range want {
			if b := i / section; b > 0 {
				want[i] += base[b-1]
			}
		}
		got := agree(t, func(f form) ([]float64, error) {
			o := slices.Clone(out)
			k := IncrementSectionKernel(base, o, length)
			if three {
				k = ThreePhaseIncrementSectionKernel(base, o, length, section)
			}
			return o, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}, k)
		})
		require.Equal(t, want, got, "three-phase %v", three)
	}
}

// randF64 returns n floats in [-1, 1).
func randF64(r interface{ Float64() float64 }, n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = 2*r.Float64() - 1
	}
	return s
}

// TestPmppSpmv multiplies a random sparse matrix by a vector in CSR and ELL
// form and compares with the host's product, accumulated in float as the
// kernels do.
func TestPmppSpmv(t *testing.T) {
	const rows, cols, block = 300, 200, 64
	r := rng(rows, cols)
	var data []float64
	var colIdx, rowPtr []int32
	perRow := make([][]int, rows)
	maxRow := 0
	rowPtr = append(rowPtr, 0)
	for i := range rows {
		for j := range cols {
			if r.IntN(20) == 0 {
				perRow[i] = append(perRow[i], j)
				data = append(data, 2*r.Float64()-1)
				colIdx = append(colIdx, int32(j))
			}
		}
		maxRow = max(maxRow, len(perRow[i]))
		rowPtr = append(rowPtr, int32(len(data)))
	}
	// ELL: num_cols = maxRow entries per row, column-major, padded with
	// zeros at column 0.
	ellData := make([]float64, maxRow*rows)
	ellIdx := make([]int32, maxRow*rows)
	for i := range rows {
		for k := range maxRow {
			if e := int(rowPtr[i]) + k; e < int(rowPtr[i+1]) {
				ellData[k*rows+i], ellIdx[k*rows+i] = data[e], colIdx[e]
			}
		}
	}
	v := randF64(r, cols)
	y0 := randF64(r, rows)
	want := slices.Clone(y0)
	for i := range rows {
		dot := float32(0)
		for e := rowPtr[i]; e < rowPtr[i+1]; e++ {
			dot = float32(float64(dot) + data[e]*v[colIdx[e]])
		}
		want[i] += float64(dot)
	}
	cfg := gocuda.Config{Grid: gocuda.Blocks(rows, block), Block: gocuda.Dim3{X: block}}
	csr := agree(t, func(f form) ([]float64, error) {
		y := slices.Clone(y0)
		return y, f.launch(cfg, CsrSpmvKernel(data, colIdx, rowPtr, rows, v, y))
	})
	require.Equal(t, want, csr, "csr")
	ell := agree(t, func(f form) ([]float64, error) {
		y := slices.Clone(y0)
		return y, f.launch(cfg, EllSpmvKernel(ellData, ellIdx, maxRow, rows, v, y))
	})
	nearSlice(t, want, ell, 1e-6, "ell")
}

// TestPmppBfs runs ch12__bfs_device's loop (bfs kernel, frontier exchange)
// on a random graph from vertex 0 and compares the labels with the host's
// breadth-first search; the block queue is large enough and, in a second
// run, small enough to overflow to the global frontier.
func TestPmppBfs(t *testing.T) {
	const vertices, block = 2000, 64
	r := rng(vertices)
	adj := make([][]int32, vertices)
	for v := range vertices {
		for range r.IntN(4) {
			w := int32(r.IntN(vertices))
			adj[v] = append(adj[v], w)
			adj[w] = append(adj[w], int32(v))
		}
	}
	edges := []int32{0}
	var dest []int32
	for v := range vertices {
		dest = append(dest, adj[v]...)
		edges = append(edges, int32(len(dest)))
	}
	want := make([]int32, vertices)
	for i := range want {
		want[i] = -1
	}
	want[0] = 0
	queue := []int32{0}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range adj[v] {
			if want[w] == -1 {
				want[w] = want[v] + 1
				queue = append(queue, w)
			}
		}
	}
	for _, queueLen := range []int{len(dest), 2} {
		t.Run(fmt.Sprint(queueLen), func(t *testing.T) {
			got := agree(t, func(f form) ([]int32, error) {
				label := make([]int32, vertices)
				for i := range label {
					label[i] = -1
				}
				label[0] = 0
				visited := make([]int32, vertices)
				pFrontier, cFrontier := make([]int32, len(dest)+1), make([]int32, len(dest)+1)
				var pTail, cTail int32 = 1, 0
				pFrontier[0] = 0
				for pTail > 0 {
					cfg := gocuda.Config{Grid: gocuda.Blocks(int(pTail), block), Block: gocuda.Dim3{X: block}, SharedMem: (queueLen + 2) * 4}
					if err := f.launch(cfg, BfsKernel(pFrontier, &pTail, cFrontier, &cTail, edges, dest, label, visited, queueLen, 0)); err != nil {
						return nil, err
					}
					pFrontier, cFrontier = cFrontier, pFrontier
					if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 1}}, FrontierExchangeKernel(&pTail, &cTail)); err != nil {
						return nil, err
					}
				}
				return label, nil
			})
			require.Equal(t, want, got)
		})
	}
}
