package hecbenchatok

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// gbCC is what graphB+'s second stage leaves on the device.
type gbCC struct {
	label, count, inCC, negCnt []int32
	hi                         uint64
}

// gbRunCC runs the rest of main.cu's iteration after gbRun's state s, on
// f's path, with 2 blocks.
func gbRunCC(f form, nindex []int32, s gbState) (gbCC, error) {
	nodes, edges := len(nindex)-1, len(s.nlist)
	r := gbCC{label: make([]int32, nodes), count: make([]int32, nodes), inCC: make([]int32, nodes), negCnt: append([]int32(nil), s.negCnt...)}
	hi, wSize := make([]uint64, 1), make([]int32, 1)
	ws1, ws2 := make([]int32, edges), make([]int32, edges)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: gbThreadsPerBlock}}
	for _, k := range []func(*gocuda.Thread){
		Init3Kernel(nodes, nindex, s.nlist, r.label, r.count),
		Compute1Kernel(nodes, nindex, s.nlist, r.label, s.minus, r.negCnt),
		FlattenKernel(nodes, r.label),
		CcSizeKernel(nodes, r.label, r.count, hi, wSize),
		LargestCCKernel(nodes, r.count, hi),
		CcHopCountKernel(nodes, nindex, s.nlist, r.label, r.count, ws1, ws2, hi, wSize),
	} {
		if err := f.launch(cfg, k); err != nil {
			return r, err
		}
	}
	for changed := []bool{true}; changed[0]; {
		changed[0] = false
		for range 3 {
			if err := f.launch(cfg, BellmanFordKernel(r.count, changed, ws1, ws2, wSize)); err != nil {
				return r, err
			}
		}
	}
	r.hi = hi[0]
	return r, f.launch(cfg, IncrementCCKernel(nodes, r.label, r.count, r.inCC))
}

// TestGraphBPlusCC runs graphB+'s component kernels after the first
// stage on TestGraphBPlus's graph, against a host union-find (each label
// its component's least node, as hooking to the lesser representative
// leaves it), the largest component, and a breadth-first search of the
// components' hop counts from it over the minus edges.
func TestGraphBPlusCC(t *testing.T) {
	nindex, nlist, eweight := gbGraph(300)
	s0, err := gbRun(forms[1], nindex, nlist, eweight, 0)
	require.NoError(t, err)
	got := agree(t, func(f form) (gbCC, error) { return gbRunCC(f, nindex, s0) })

	nodes := len(nindex) - 1
	comp := make([]int32, nodes)
	for v := range comp {
		comp[v] = int32(v)
	}
	var find func(v int32) int32
	find = func(v int32) int32 {
		for comp[v] != v {
			v = comp[v]
		}
		return v
	}
	for u := range nodes {
		for j := nindex[u]; j < nindex[u+1]; j++ {
			if !s0.minus[j] {
				a, b := find(int32(u)), find(s0.nlist[j]>>1)
				comp[max(a, b)] = min(a, b)
			}
		}
	}
	size := make([]int, nodes)
	for v := range nodes {
		comp[v] = find(int32(v))
		size[comp[v]]++
	}
	require.Equal(t, comp, got.label, "labels")
	var big uint64
	for v := range nodes {
		big = max(big, uint64(size[v])<<32|uint64(v))
	}
	require.Equal(t, big, got.hi, "largest component")
	dist := map[int32]int32{int32(big & 0xffffffff): 0}
	for queue := []int32{int32(big & 0xffffffff)}; len(queue) > 0; queue = queue[1:] {
		c := queue[0]
		for u := range nodes {
			if comp[u] != c {
				continue
			}
			for j := nindex[u]; j < nindex[u+1]; j++ {
				if o := comp[s0.nlist[j]>>1]; o != c {
					if _, ok := dist[o]; !ok {
						dist[o] = dist[c] + 1
						queue = append(queue, o)
					}
				}
			}
		}
	}
	for v := range nodes {
		require.Equal(t, dist[comp[v]], got.count[comp[v]], "hop count of node %d's component", v)
		require.Equal(t, (dist[comp[v]]%2)^1, got.inCC[v], "inCC of node %d", v)
	}
	for j := range s0.negCnt {
		require.Equal(t, s0.negCnt[j]+b2i(s0.minus[j]), got.negCnt[j], "negCnt of edge %d", j)
	}
}
