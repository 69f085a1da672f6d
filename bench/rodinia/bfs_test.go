package rodinia_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// skipBFSUnderRace skips the BFS kernels under the race detector: Kernel
// and Kernel2 of Rodinia write g_cost, g_updating_graph_mask and g_over
// from several threads without atomics, which CUDA allows (every writer
// writes the same value) and Go's race detector reports when the writers'
// blocks run on different workers.
func skipBFSUnderRace(t *testing.T) {
	if raceEnabled {
		t.Skip("Rodinia's BFS kernels write shared flags without atomics, benignly; the race detector reports them")
	}
}

// TestBFS: BFS on both paths, and BFSParallel, give the costs of BFSSerial
// exactly, on graphgen graphs around the 512 threads of a block and from
// several sources.
func TestBFS(t *testing.T) {
	skipBFSUnderRace(t)
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, n := range []int{1, 2, 20, 511, 512, 513, 5000} {
			g := rodinia.BFSInput(n, seed)
			for _, source := range []int{0, n / 2, n - 1} {
				t.Run(fmt.Sprintf("nodes=%d/source=%d", n, source), func(t *testing.T) {
					want := make([]int32, n)
					rodinia.BFSSerial(g, source, want)
					got := make([]int32, n)
					rounds, err := rodinia.BFS(dev, g, source, got)
					require.NoError(t, err)
					require.NoError(t, gocudatest.Equal(got, want), "BFS")
					// One round per level, and a last that finds nothing.
					require.Equal(t, int(maxOf(want))+1, rounds)
				})
			}
		}
	})
}

// TestBFSParallel: BFSParallel gives the costs of BFSSerial.
func TestBFSParallel(t *testing.T) {
	for _, n := range []int{1, 2, 20, 513, 5000, 100000} {
		g := rodinia.BFSInput(n, seed)
		want, got := make([]int32, n), make([]int32, n)
		rodinia.BFSSerial(g, n/3, want)
		rodinia.BFSParallel(g, n/3, got)
		require.NoError(t, gocudatest.Equal(got, want), "nodes=%d", n)
	}
}

// TestBFSDisconnected: nodes out of the source's reach keep cost -1; a
// path of four nodes and an isolated pair.
func TestBFSDisconnected(t *testing.T) {
	skipBFSUnderRace(t)
	g := rodinia.Graph{
		Nodes: []rodinia.Node{{Starting: 0, NoOfEdges: 1}, {Starting: 1, NoOfEdges: 2}, {Starting: 3, NoOfEdges: 2},
			{Starting: 5, NoOfEdges: 1}, {Starting: 6, NoOfEdges: 1}, {Starting: 7, NoOfEdges: 1}},
		Edges: []int32{1, 0, 2, 1, 3, 2, 5, 4},
	}
	want := []int32{2, 1, 0, 1, -1, -1}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		got := make([]int32, 6)
		rounds, err := rodinia.BFS(dev, g, 2, got)
		require.NoError(t, err)
		require.Equal(t, want, got)
		require.Equal(t, 3, rounds)
	})
	for name, f := range map[string]func(rodinia.Graph, int, []int32){
		"BFSSerial": rodinia.BFSSerial, "BFSParallel": rodinia.BFSParallel,
	} {
		got := make([]int32, 6)
		f(g, 2, got)
		require.Equal(t, want, got, name)
	}
}

// TestBFSErrors: bad arguments are errors matching gocuda.ErrInvalidValue.
func TestBFSErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	g := rodinia.BFSInput(10, seed)
	cost := make([]int32, 10)
	for name, call := range map[string]func() error{
		"nil device":      func() error { _, err := rodinia.BFS(nil, g, 0, cost); return err },
		"negative source": func() error { _, err := rodinia.BFS(dev, g, -1, cost); return err },
		"source":          func() error { _, err := rodinia.BFS(dev, g, 10, cost); return err },
		"cost":            func() error { _, err := rodinia.BFS(dev, g, 0, cost[:9]); return err },
		"empty":           func() error { _, err := rodinia.BFS(dev, rodinia.Graph{}, 0, nil); return err },
	} {
		require.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
}

func maxOf(s []int32) int32 {
	m := int32(0)
	for _, v := range s {
		m = max(m, v)
	}
	return m
}
