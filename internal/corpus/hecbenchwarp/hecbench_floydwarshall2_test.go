package hecbenchwarp

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// fwCPU is FW_cpu of floydwarshall2-cuda: the nodes×nodes distance
// matrix by the textbook triple loop.
func fwCPU(g FwGraph) []int32 {
	n := int(g.Nodes)
	adj := make([]int32, n*n)
	for i := range n {
		for j := range n {
			if i == j {
				adj[i*n+j] = 0
			} else {
				adj[i*n+j] = fwInf
			}
		}
	}
	for i := range n {
		for j := g.Nindex[i]; j < g.Nindex[i+1]; j++ {
			adj[i*n+int(g.Nlist[j])] = g.Eweight[j]
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				if adj[i*n+j] > adj[i*n+k]+adj[k*n+j] {
					adj[i*n+j] = adj[i*n+k] + adj[k*n+j]
				}
			}
		}
	}
	return adj
}

// runFW is FW_gpu_64 of floydwarshall2-cuda: init1 and init2, FW0_64, and
// for each tile row FWrowcol_64 and FWrem_64; it returns the nodes×nodes
// part of the padded matrix.
func runFW(f form, g FwGraph) ([]int32, error) {
	sub := (int(g.Nodes) + fwTile - 1) / fwTile
	upper := sub * fwTile
	adj := make([]int32, upper*upper)
	krows := make([]int32, upper*upper)
	kcols := make([]int32, upper*upper)
	block := gocuda.Dim3{X: fwThreadsPerBlock}
	launch := func(blocks int, k func(*gocuda.Thread)) error {
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: block}, k)
	}
	if err := launch((upper*upper+fwThreadsPerBlock-1)/fwThreadsPerBlock, FwInit1Kernel(g.Nodes, adj, int32(upper))); err != nil {
		return nil, err
	}
	if err := launch((int(g.Nodes)+fwThreadsPerBlock-1)/fwThreadsPerBlock, FwInit2Kernel(g, adj, int32(upper))); err != nil {
		return nil, err
	}
	subm1 := int32(sub - 1)
	if err := launch(1, Fw0Kernel(adj, int32(upper), krows, kcols)); err != nil {
		return nil, err
	}
	if sub > 1 {
		for x := range int32(sub) {
			if err := launch(2*int(subm1), FwRowcolKernel(adj, int32(upper), krows, kcols, x, subm1)); err != nil {
				return nil, err
			}
			if err := launch(int(subm1*subm1), FwRemKernel(adj, int32(upper), krows, kcols, x, subm1)); err != nil {
				return nil, err
			}
		}
	}
	n := int(g.Nodes)
	out := make([]int32, n*n)
	for i := range n {
		copy(out[i*n:(i+1)*n], adj[i*upper:])
	}
	return out, nil
}

// TestFloydWarshall2 runs ECL-APSP on random directed graphs of 50, 100
// and 150 nodes (one, two and three tiles a side, none a multiple of 64)
// with weights 1 to 100 and requires FW_cpu's distances.
func TestFloydWarshall2(t *testing.T) {
	for _, n := range []int{50, 100, 150} {
		r := rng(n, 2)
		g := FwGraph{Nodes: int32(n), Nindex: make([]int32, n+1)}
		for v := range n {
			seen := map[int32]bool{}
			for range r.IntN(5) {
				u := int32(r.IntN(n))
				if u != int32(v) && !seen[u] {
					seen[u] = true
					g.Nlist = append(g.Nlist, u)
					g.Eweight = append(g.Eweight, int32(1+r.IntN(100)))
				}
			}
			g.Nindex[v+1] = int32(len(g.Nlist))
		}
		g.Edges = int32(len(g.Nlist))
		want := fwCPU(g)
		got := agree(t, func(f form) ([]int32, error) { return runFW(f, g) })
		require.Equal(t, want, got, "n=%d", n)
	}
}
