package hecbenchml

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// hbcGraph returns a random undirected graph of n vertices, each joined
// to deg others at random (no self or multiple edges), in hbc-cuda's CSR
// form: R the offsets, C the neighbours and F the source of each of the
// 2m directed edges; m is the number of undirected edges.
func hbcGraph(n, deg int) (R, C, F []int32, m int) {
	r := rng(n, deg)
	adj := make([]map[int32]bool, n)
	for v := range adj {
		adj[v] = map[int32]bool{}
	}
	for v := range n {
		for range deg {
			w := r.IntN(n)
			if w != v && !adj[v][int32(w)] {
				adj[v][int32(w)], adj[w][int32(v)] = true, true
				m++
			}
		}
	}
	R = make([]int32, n+1)
	for v := range n {
		R[v+1] = R[v]
		for w := range n {
			if adj[v][int32(w)] {
				C = append(C, int32(w))
				F = append(F, int32(v))
				R[v+1]++
			}
		}
	}
	return R, C, F, m
}

// hbcMaxFrontier returns the largest breadth-first frontier of any source.
func hbcMaxFrontier(n int, R, C []int32) int {
	best := 0
	for s := range n {
		seen := make([]bool, n)
		seen[s] = true
		for front := []int32{int32(s)}; len(front) > 0; {
			best = max(best, len(front))
			var next []int32
			for _, v := range front {
				for _, w := range C[R[v]:R[v+1]] {
					if !seen[w] {
						seen[w] = true
						next = append(next, w)
					}
				}
			}
			front = next
		}
	}
	return best
}

// bcRef is hbc-cuda's sequential.cpp bc_cpu (in float64) over all sources.
func bcRef(n int, R, C []int32) []float32 {
	bc := make([]float64, n)
	for s := range n {
		d := make([]int, n)
		for v := range d {
			d[v] = -1
		}
		sigma, delta := make([]float64, n), make([]float64, n)
		d[s], sigma[s] = 0, 1
		queue, stack := []int{s}, []int{}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			stack = append(stack, v)
			for _, w := range C[R[v]:R[v+1]] {
				if d[w] < 0 {
					d[w] = d[v] + 1
					queue = append(queue, int(w))
				}
				if d[w] == d[v]+1 {
					sigma[w] += sigma[v]
				}
			}
		}
		for k := len(stack) - 1; k >= 0; k-- {
			w := stack[k]
			for _, v := range C[R[w]:R[w+1]] {
				if d[v] == d[w]-1 {
					delta[v] += sigma[v] / sigma[w] * (1 + delta[w])
				}
			}
			if w != s {
				bc[w] += delta[w]
			}
		}
	}
	out := make([]float32, n)
	for i := range bc {
		out[i] = float32(bc[i] / 2)
	}
	return out
}

// bcRun runs bc_kernel as hbc-cuda's bc_gpu does, over every source of
// the graph, on blocks blocks of threads threads, with pitched rows padded
// past n, and returns bc halved (bc_gpu's last step) and *jia.
func bcRun(t *testing.T, n, blocks, threads int, R, C, F []int32, m int) [2][]float32 {
	rowLen := n + 12 // the pitch, in elements
	return both(t, func(f form) ([]float32, error) {
		bc := make([]float32, n)
		d, delta := make([]int32, blocks*rowLen), make([]float32, blocks*rowLen)
		sigma := make([]uint64, blocks*rowLen)
		Q, Q2, S, ep := make([]int32, blocks*rowLen), make([]int32, blocks*rowLen), make([]int32, blocks*rowLen), make([]int32, blocks*rowLen)
		next := []int32{int32(blocks)}
		jia, diam := []int32{0}, make([]int32, hbcDiameterSamples)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}},
			BcKernel(bc, R, C, F, n, m, d, sigma, delta, Q, Q2, S, ep, next,
				4*rowLen, 8*rowLen, 4*rowLen, 4*rowLen, 4*rowLen, 4*rowLen, 4*rowLen, 0, n, jia, diam, nil, false))
		for i := range bc {
			bc[i] /= 2
		}
		return append(bc, float32(jia[0])), err
	})
}

// TestBc runs bc_kernel on a random graph of 600 vertices with 2 blocks
// of 96 threads, against sequential.cpp's bc_cpu. The float sums into bc
// come in any order, so the paths may differ in the last bits.
func TestBc(t *testing.T) {
	const n = 600
	R, C, F, m := hbcGraph(n, 3)
	want := bcRef(n, R, C)
	for i, g := range bcRun(t, n, 2, 96, R, C, F, m) {
		nearSlice(t, want, g[:n], 1e-3, forms[i].name)
	}
}

// TestBcSmallWorld runs bc_kernel on a graph of 1030 vertices, more than
// 2·DIAMETER_SAMPLES, so that the block reaches the bitonic sort of the
// sampled diameters, finds the graph small-world, sets *jia and switches
// to the edge-parallel search for large frontiers. It runs one block:
// with more, the original races, since a block's threads test *jia, which
// another block may set between their reads, before a branch with a
// barrier on one side (why the compiler first refused bc_kernel; with 2
// blocks both paths got wrong scores in about one run of four).
func TestBcSmallWorld(t *testing.T) {
	const n = 1030
	R, C, F, m := hbcGraph(n, 3)
	want := bcRef(n, R, C)
	if hbcMaxFrontier(n, R, C) <= 512 {
		t.Fatal("no frontier of more than 512 vertices: the edge-parallel search would not run")
	}
	for i, g := range bcRun(t, n, 1, 64, R, C, F, m) {
		if g[n] != 1 {
			t.Errorf("%s: the sampled diameters did not switch on the edge-parallel search", forms[i].name)
		}
		nearSlice(t, want, g[:n], 1e-3, forms[i].name)
	}
}
