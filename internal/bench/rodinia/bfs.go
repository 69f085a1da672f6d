package rodinia

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/gocuda/gocuda/gocuda"
)

// BFSBlock is MAX_THREADS_PER_BLOCK of bfs.cu: the threads of the BFS
// kernels' blocks, and the stride of their thread ids.
const BFSBlock = 512

// Node is a node of a Graph in compressed sparse row form, bfs.cu's Node:
// its edges are Edges[Starting : Starting+NoOfEdges].
type Node struct {
	Starting  int32 // the index of the node's first edge
	NoOfEdges int32 // the node's number of edges
}

// Graph is the graph bfs.cu reads: its nodes and, node after node, the
// destinations of their edges.
type Graph struct {
	Nodes []Node  // the nodes, by number
	Edges []int32 // the destinations of the edges, node after node
}

// BFSKernel returns Kernel of Rodinia's bfs/kernel.cu (Harish and
// Narayanan, HiPC'07): one thread per node; a node in the frontier
// (gGraphMask) leaves it and gives every unvisited neighbour its cost plus
// one and marks it in gUpdatingGraphMask. Threads write the cost and the
// mask of a shared neighbour without atomics, as in the original: they all
// write the same values. Launch it with blocks of 512 covering the nodes
// (BFS does).
//
//gocuda:kernel BFSKernel
func bfsKernel(t *gocuda.Thread, gGraphNodes []Node, gGraphEdges []int32, gGraphMask, gUpdatingGraphMask,
	gGraphVisited []bool, gCost []int32, noOfNodes int) {
	tid := t.BlockIdx.X*BFSBlock + t.ThreadIdx.X
	if tid < noOfNodes && gGraphMask[tid] {
		gGraphMask[tid] = false
		for i := gGraphNodes[tid].Starting; i < gGraphNodes[tid].NoOfEdges+gGraphNodes[tid].Starting; i++ {
			id := gGraphEdges[i]
			if !gGraphVisited[id] {
				gCost[id] = gCost[tid] + 1
				gUpdatingGraphMask[id] = true
			}
		}
	}
}

// BFSKernel2 returns Kernel2 of Rodinia's bfs/kernel2.cu: one thread per
// node; a node marked in gUpdatingGraphMask joins the frontier
// (gGraphMask), is visited, and sets *gOver so that the host launches
// again. Threads set *gOver without atomics, as in the original. Launch it
// as BFSKernel.
//
//gocuda:kernel BFSKernel2
func bfsKernel2(t *gocuda.Thread, gGraphMask, gUpdatingGraphMask, gGraphVisited []bool, gOver *bool, noOfNodes int) {
	tid := t.BlockIdx.X*BFSBlock + t.ThreadIdx.X
	if tid < noOfNodes && gUpdatingGraphMask[tid] {
		gGraphMask[tid] = true
		gGraphVisited[tid] = true
		*gOver = true
		gUpdatingGraphMask[tid] = false
	}
}

// BFS sets cost[v] to the number of edges on a shortest path from source to
// v in g, -1 where there is none, on dev, as BFSGraph of bfs.cu does: it
// makes the frontier, updating and visited masks, and launches BFSKernel
// and BFSKernel2 one after the other until no node joins the frontier. It
// returns the number of rounds (Rodinia's k, two launches each). Errors
// wrap gocuda.ErrInvalidValue for a nil device, a bad source or len(cost),
// or are the launch's.
//
// BFSKernel and BFSKernel2 write shared flags from many threads without
// atomics, benignly (every writer writes the same value), as CUDA allows;
// Go's race detector reports those writes from blocks run by different
// workers.
func BFS(dev *gocuda.Device, g Graph, source int, cost []int32) (int, error) {
	if dev == nil {
		return 0, nilDevice("BFS")
	}
	noOfNodes := len(g.Nodes)
	if err := bfsCheck(g, source, cost); err != nil {
		return 0, err
	}
	numOfBlocks, numOfThreadsPerBlock := 1, noOfNodes
	if noOfNodes > BFSBlock {
		numOfBlocks, numOfThreadsPerBlock = ceilDiv(noOfNodes, BFSBlock), BFSBlock
	}
	graphMask := make([]bool, noOfNodes)
	updatingGraphMask := make([]bool, noOfNodes)
	graphVisited := make([]bool, noOfNodes)
	graphMask[source] = true
	graphVisited[source] = true
	for i := range cost {
		cost[i] = -1
	}
	cost[source] = 0
	over := new(bool)

	cfg := gocuda.Config{Grid: gocuda.Dim3{X: numOfBlocks}, Block: gocuda.Dim3{X: numOfThreadsPerBlock}}
	kernel := BFSKernel(g.Nodes, g.Edges, graphMask, updatingGraphMask, graphVisited, cost, noOfNodes)
	kernel2 := BFSKernel2(graphMask, updatingGraphMask, graphVisited, over, noOfNodes)
	k := 0
	for {
		*over = false // if no thread changes this value the loop stops
		if err := dev.Launch(cfg, kernel); err != nil {
			return k, err
		}
		if err := dev.Launch(cfg, kernel2); err != nil {
			return k, err
		}
		k++
		if !*over {
			return k, nil
		}
	}
}

func bfsCheck(g Graph, source int, cost []int32) error {
	if source < 0 || source >= len(g.Nodes) || len(cost) != len(g.Nodes) {
		return fmt.Errorf("%w: rodinia.BFS: source %d of %d nodes, len(cost) = %d",
			gocuda.ErrInvalidValue, source, len(g.Nodes), len(cost))
	}
	return nil
}

// BFSSerial computes what BFS computes with a queue, in one goroutine: the
// hand-written serial baseline. It panics on a bad source or len(cost).
func BFSSerial(g Graph, source int, cost []int32) {
	if err := bfsCheck(g, source, cost); err != nil {
		panic(err)
	}
	for i := range cost {
		cost[i] = -1
	}
	cost[source] = 0
	queue := make([]int32, 1, len(g.Nodes))
	queue[0] = int32(source)
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		nd := g.Nodes[u]
		for _, v := range g.Edges[nd.Starting : nd.Starting+nd.NoOfEdges] {
			if cost[v] < 0 {
				cost[v] = cost[u] + 1
				queue = append(queue, v)
			}
		}
	}
}

// BFSParallel computes what BFS computes level by level, the frontier
// split over GOMAXPROCS goroutines that claim unvisited nodes with a
// compare-and-swap on their cost and collect the next frontier in lists of
// their own: the hand-written parallel baseline. It panics on a bad source
// or len(cost).
func BFSParallel(g Graph, source int, cost []int32) {
	if err := bfsCheck(g, source, cost); err != nil {
		panic(err)
	}
	for i := range cost {
		cost[i] = -1
	}
	cost[source] = 0
	frontier := []int32{int32(source)}
	var next [][]int32
	for level := int32(1); len(frontier) > 0; level++ {
		parts := parallelParts(len(frontier))
		for len(next) < parts {
			next = append(next, nil)
		}
		var wg sync.WaitGroup
		for p := range parts {
			lo, hi := p*len(frontier)/parts, (p+1)*len(frontier)/parts
			wg.Go(func() {
				found := next[p][:0]
				for _, u := range frontier[lo:hi] {
					nd := g.Nodes[u]
					for _, v := range g.Edges[nd.Starting : nd.Starting+nd.NoOfEdges] {
						if atomic.LoadInt32(&cost[v]) < 0 && atomic.CompareAndSwapInt32(&cost[v], -1, level) {
							found = append(found, v)
						}
					}
				}
				next[p] = found
			})
		}
		wg.Wait()
		frontier = frontier[:0:0]
		for _, found := range next[:parts] {
			frontier = append(frontier, found...)
		}
	}
}

// The degrees of graphgen.cpp, Rodinia's generator of BFS inputs.
const (
	bfsMinEdges     = 2 // MIN_EDGES
	bfsMaxInitEdges = 4 // MAX_INIT_EDGES: nodes have 2·3 edges on average
)

// BFSInput returns a random graph of n nodes made from seed as Rodinia's
// graphgen.cpp makes its inputs (graph1MW_6.txt and the rest): each node
// draws 2 to 4 random neighbours and every such edge goes both ways, so
// nodes have 6 edges on average; the graph may have loops, repeated edges
// and more than one component.
func BFSInput(n int, seed uint64) Graph {
	r := newRand(seed)
	adj := make([][]int32, n)
	for i := range n {
		numEdges := bfsMinEdges + r.IntN(bfsMaxInitEdges-bfsMinEdges+1)
		for range numEdges {
			id := r.Int32N(int32(n))
			adj[i] = append(adj[i], id)
			adj[id] = append(adj[id], int32(i))
		}
	}
	g := Graph{Nodes: make([]Node, n)}
	for i, a := range adj {
		g.Nodes[i] = Node{Starting: int32(len(g.Edges)), NoOfEdges: int32(len(a))}
		g.Edges = append(g.Edges, a...)
	}
	return g
}
