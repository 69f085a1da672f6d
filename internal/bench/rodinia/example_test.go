package rodinia_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// Pathfinder's cheapest paths down a small wall, each step going to one of
// the three cells below, two rows per launch of dynproc_kernel.
func ExamplePathfinder() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	wall := []int32{
		3, 1, 4, 1, 5,
		9, 2, 6, 5, 3,
		5, 8, 9, 7, 9,
		3, 2, 3, 8, 4,
	}
	result := [2][]int32{make([]int32, 5), make([]int32, 5)}
	i, err := rodinia.Pathfinder(dev, wall, 4, 5, 2, result)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(result[i])
	// Output: [11 10 14 19 15]
}

// BFS's costs from node 0 of a small graph: a path 0-1-2-3 with a chord
// 0-2, and node 4 out of reach.
func ExampleBFS() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	g := rodinia.Graph{
		Nodes: []rodinia.Node{
			{Starting: 0, NoOfEdges: 2}, // 0: 1, 2
			{Starting: 2, NoOfEdges: 2}, // 1: 0, 2
			{Starting: 4, NoOfEdges: 3}, // 2: 0, 1, 3
			{Starting: 7, NoOfEdges: 1}, // 3: 2
			{Starting: 8, NoOfEdges: 0}, // 4
		},
		Edges: []int32{1, 2, 0, 2, 0, 1, 3, 2},
	}
	cost := make([]int32, len(g.Nodes))
	rounds, err := rodinia.BFS(dev, g, 0, cost)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cost, rounds)
	// Output: [0 1 1 2 -1] 3
}
