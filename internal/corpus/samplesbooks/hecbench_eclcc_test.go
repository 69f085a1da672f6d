package samplesbooks

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// eclGraph returns a random undirected graph in CSR form with n vertices:
// sparse random edges inside four vertex ranges (so that there are
// several components, and isolated vertices), a few medium hubs (degree
// between 17 and 352) and two high-degree hubs (above 352), so that all
// three compute kernels have work.
func eclGraph(n int) (nidx, nlist []int32) {
	r := rng(n)
	adj := make([]map[int32]bool, n)
	for i := range adj {
		adj[i] = map[int32]bool{}
	}
	edge := func(a, b int) {
		if a != b {
			adj[a][int32(b)] = true
			adj[b][int32(a)] = true
		}
	}
	part := n / 4
	for range n / 2 {
		p := r.IntN(4) * part
		edge(p+r.IntN(part), p+r.IntN(part))
	}
	for h := range 6 {
		p := (h % 4) * part
		hub := p + r.IntN(part)
		deg := 20 + r.IntN(200)
		if h < 2 {
			deg = 700 + r.IntN(50) // about 460 distinct neighbours
		}
		for range deg {
			edge(hub, p+r.IntN(part))
		}
	}
	nidx = make([]int32, n+1)
	for v := range n {
		nidx[v] = int32(len(nlist))
		nb := make([]int32, 0, len(adj[v]))
		for u := range adj[v] {
			nb = append(nb, u)
		}
		slices.Sort(nb)
		nlist = append(nlist, nb...)
	}
	nidx[n] = int32(len(nlist))
	return nidx, nlist
}

// TestEclCC runs ECL-CC's five kernels in the order computeCC launches
// them and requires each vertex's label to be the smallest vertex of its
// component, found on the host by breadth-first search.
func TestEclCC(t *testing.T) {
	const n = 3000
	nidx, nlist := eclGraph(n)
	want := make([]int32, n)
	for i := range want {
		want[i] = -1
	}
	for s := range n {
		if want[s] >= 0 {
			continue
		}
		want[s] = int32(s)
		queue := []int32{int32(s)}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, u := range nlist[nidx[v]:nidx[v+1]] {
				if want[u] < 0 {
					want[u] = int32(s)
					queue = append(queue, u)
				}
			}
		}
	}
	got := agree(t, func(f form) ([]int32, error) {
		nstat, wl := make([]int32, n), make([]int32, n)
		var g EclGlobals
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: eclThreadsPerBlock}}
		for _, k := range []func(*gocuda.Thread){
			EclInitKernel(n, nidx, nlist, nstat, &g),
			EclCompute1Kernel(n, nidx, nlist, nstat, wl, &g),
			EclCompute2Kernel(n, nidx, nlist, nstat, wl, &g),
			EclCompute3Kernel(n, nidx, nlist, nstat, wl, &g),
			EclFlattenKernel(n, nidx, nlist, nstat),
		} {
			if err := f.launch(cfg, k); err != nil {
				return nil, err
			}
		}
		require.Positive(t, g.TopL, "no medium-degree vertex")
		require.Less(t, g.TopH, int32(n-1), "no high-degree vertex")
		return nstat, nil
	})
	require.Equal(t, want, got)
}
