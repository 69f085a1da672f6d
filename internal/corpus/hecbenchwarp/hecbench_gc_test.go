package hecbenchwarp

import (
	"cmp"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// csrGraph is an undirected graph in ECL's CSR form: the neighbours of v
// are nlist[nindex[v]:nindex[v+1]], sorted.
type csrGraph struct {
	nodes  int
	nindex []int32
	nlist  []int32
}

// randomGraph returns a symmetric graph of n vertices with no self loops:
// each vertex linked to about deg random others, and the first hubs
// vertices linked to hubDeg others, so that both low- and high-degree
// vertices occur. It then drops, until none is left, every edge whose
// higher-priority end (ECL-GC's order: higher degree, then higher hash,
// then higher index) has the larger index. gocuda runs the threads of a
// block that never synchronizes one after another, so a runSmall thread
// waiting for a higher-priority neighbour of a later thread of its block
// would wait forever (CUDA's independent thread scheduling lets that
// thread run); in this graph every vertex waits only for vertices of
// earlier threads.
func randomGraph(n, deg, hubs, hubDeg int, seed int) csrGraph {
	r := rng(n, deg, hubs, hubDeg, seed)
	adj := make([]map[int32]bool, n)
	for i := range adj {
		adj[i] = map[int32]bool{}
	}
	link := func(a, b int) {
		if a != b {
			adj[a][int32(b)] = true
			adj[b][int32(a)] = true
		}
	}
	for v := range n {
		for range r.IntN(deg + 1) {
			link(v, r.IntN(n))
		}
	}
	for h := range hubs {
		for range hubDeg {
			link(h, r.IntN(n))
		}
	}
	higher := func(a, b int32) bool { // a has priority over b
		da, db := len(adj[a]), len(adj[b])
		return da > db || (da == db && gcHash(uint32(a)) > gcHash(uint32(b))) || (da == db && gcHash(uint32(a)) == gcHash(uint32(b)) && a > b)
	}
	for dropped := true; dropped; {
		dropped = false
		for v := range int32(n) {
			for _, u := range slices.Sorted(maps.Keys(adj[v])) {
				if u > v && higher(u, v) {
					delete(adj[v], u)
					delete(adj[u], v)
					dropped = true
				}
			}
		}
	}
	g := csrGraph{nodes: n, nindex: make([]int32, n+1)}
	for v := range n {
		nei := make([]int32, 0, len(adj[v]))
		for u := range adj[v] {
			nei = append(nei, u)
		}
		slices.Sort(nei)
		g.nlist = append(g.nlist, nei...)
		g.nindex[v+1] = int32(len(g.nlist))
	}
	return g
}

// gcReference colours the graph greedily in ECL-GC's priority order
// (higher degree first, then higher hash, then higher index): each vertex
// takes the smallest colour none of its higher-priority neighbours took,
// the colouring ECL-GC's shortcuts reach.
func gcReference(g csrGraph) []int32 {
	deg := func(v int32) int32 { return g.nindex[v+1] - g.nindex[v] }
	order := make([]int32, g.nodes)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		return -cmp.Or(cmp.Compare(deg(a), deg(b)), cmp.Compare(gcHash(uint32(a)), gcHash(uint32(b))), cmp.Compare(a, b))
	})
	color := make([]int32, g.nodes)
	for i := range color {
		color[i] = -1
	}
	for _, v := range order {
		used := map[int32]bool{}
		for _, u := range g.nlist[g.nindex[v]:g.nindex[v+1]] {
			if color[u] >= 0 {
				used[color[u]] = true
			}
		}
		c := int32(0)
		for used[c] {
			c++
		}
		color[v] = c
	}
	return color
}

// runGC runs main.cu's sequence, init, runLarge on nlist2 and runSmall,
// with blocks of ThreadsPerBlock, and returns the colours.
func runGC(f form, g csrGraph, blocks int) ([]int32, error) {
	edges := len(g.nlist)
	nlist2 := make([]int32, edges)
	posscol := make([]int32, g.nodes)
	posscol2 := make([]int32, edges/gcWS+1)
	color := make([]int32, g.nodes)
	wl := make([]int32, g.nodes)
	wlsize := make([]int32, 1)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: gcThreadsPerBlock}}
	n := int32(g.nodes)
	if err := f.launch(cfg, GcInitKernel(n, int32(edges), g.nindex, g.nlist, nlist2, posscol, posscol2, color, wl, wlsize)); err != nil {
		return nil, err
	}
	if err := f.launch(cfg, GcRunLargeKernel(n, g.nindex, nlist2, posscol, posscol2, color, wl, wlsize)); err != nil {
		return nil, err
	}
	return color, f.launch(cfg, GcRunSmallKernel(n, g.nindex, g.nlist, posscol, color))
}

// TestGC colours random graphs of 300 to 1000 vertices with a few
// vertices of degree 32 and more (runLarge's worklist) and requires, as
// main.cu checks, that no vertex is left uncoloured and no edge joins two
// vertices of one colour, and that the colours are the greedy colouring
// in priority order.
func TestGC(t *testing.T) {
	for _, c := range []struct{ n, deg, hubs, hubDeg, blocks int }{
		{300, 3, 4, 40, 1}, {700, 4, 10, 60, 2}, {1000, 2, 3, 100, 2},
	} {
		g := randomGraph(c.n, c.deg, c.hubs, c.hubDeg, 1)
		large := 0
		for v := range g.nodes {
			if g.nindex[v+1]-g.nindex[v] >= gcWS {
				large++
			}
		}
		require.Positive(t, large, "no vertex of degree 32 or more")
		t.Logf("n=%d: %d edges, %d of degree 32 or more", c.n, len(g.nlist), large)
		want := gcReference(g)
		got := both(t, func(f form) ([]int32, error) { return runGC(f, g, c.blocks) })
		for i, color := range got {
			for v := range g.nodes {
				require.GreaterOrEqual(t, color[v], int32(0), "%s: vertex %d", forms[i].name, v)
				for _, u := range g.nlist[g.nindex[v]:g.nindex[v+1]] {
					require.NotEqual(t, color[v], color[u], "%s: edge %d-%d", forms[i].name, v, u)
				}
			}
			require.Equal(t, want, color, "%s, n=%d", forms[i].name, c.n)
		}
	}
}
