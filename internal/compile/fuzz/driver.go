package fuzz

import (
	"fmt"
	"strings"
)

// A Shape is one launch of every kernel of a batch: its grid, its block
// and its arguments.
type Shape struct {
	Grid, Block [3]int
	P0          int32
	P1          int
	In, G       int // the lengths of in and g
}

func (s Shape) String() string {
	return fmt.Sprintf("grid %v block %v p0=%d p1=%d len(in)=%d len(g)=%d", s.Grid, s.Block, s.P0, s.P1, s.In, s.G)
}

// Shapes are the launches Run makes of each kernel: one to three
// dimensions, blocks of whole and partial warps, one and several blocks.
var Shapes = []Shape{
	{Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1}, P0: 5, P1: 2, In: 37, G: 100},
	{Grid: [3]int{3, 1, 1}, Block: [3]int{48, 1, 1}, P0: -7, P1: 3, In: 64, G: 50},
	{Grid: [3]int{2, 2, 1}, Block: [3]int{8, 8, 1}, P0: 123456, P1: 1, In: 5, G: 300},
	{Grid: [3]int{3, 1, 1}, Block: [3]int{7, 5, 1}, P0: -1, P1: 0, In: 1, G: 0},
	{Grid: [3]int{2, 1, 1}, Block: [3]int{128, 1, 1}, P0: 2147483647, P1: 4, In: 200, G: 513},
	{Grid: [3]int{2, 1, 1}, Block: [3]int{4, 4, 3}, P0: 0, P1: 2, In: 10, G: 77},
	{Grid: [3]int{1, 2, 1}, Block: [3]int{100, 1, 1}, P0: 77, P1: 1, In: 33, G: 250},
	{Grid: [3]int{3, 1, 1}, Block: [3]int{1, 1, 1}, P0: 9, P1: 3, In: 3, G: 4},
}

// driver returns the batch's main.go: it launches each kernel with each
// shape on both paths and prints one JSON outcome per launch pair, after a
// "start" line naming it (so that a crash or a hang names its kernel).
func driver() string {
	var shapes strings.Builder
	for _, s := range Shapes {
		fmt.Fprintf(&shapes, "\t{gocuda.Dim3{X: %d, Y: %d, Z: %d}, gocuda.Dim3{X: %d, Y: %d, Z: %d}, %d, %d, %d, %d},\n",
			s.Grid[0], s.Grid[1], s.Grid[2], s.Block[0], s.Block[1], s.Block[2], s.P0, s.P1, s.In, s.G)
	}
	return strings.Replace(driverSource, "\t// SHAPES\n", shapes.String(), 1)
}

const driverSource = `package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/gocuda/gocuda/gocuda"
)

type ctor = func(in []int32, out []uint32, g []int32, p0 int32, p1 int) func(*gocuda.Thread)

var kernels = map[string]ctor{}

type shape struct {
	grid, block gocuda.Dim3
	p0          int32
	p1, in, g   int
}

var shapes = []shape{
	// SHAPES
}

type outcome struct {
	Kernel string ` + "`json:\"kernel\"`" + `
	Shape  int    ` + "`json:\"shape\"`" + `
	Status string ` + "`json:\"status\"`" + `
	Detail string ` + "`json:\"detail,omitempty\"`" + `
}

func main() {
	skip := flag.String("skip", "", "comma-separated kernels not to run")
	flag.Parse()
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	if err != nil {
		panic(err)
	}
	defer dev.Close()
	var names []string
	for name := range kernels {
		if !slices.Contains(strings.Split(*skip, ","), name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	enc := json.NewEncoder(os.Stdout)
	for _, name := range names {
		for i, s := range shapes {
			enc.Encode(outcome{name, i, "start", ""})
			o := compare(dev, kernels[name], s)
			o.Kernel, o.Shape = name, i
			enc.Encode(o)
		}
	}
}

func run(dev *gocuda.Device, k ctor, s shape, runtime bool) ([]uint32, []int32, error) {
	in := make([]int32, s.in)
	for i := range in {
		in[i] = int32(uint32(i)*2654435761) >> (i % 7)
	}
	n := s.block.X * s.block.Y * s.block.Z * s.grid.X * s.grid.Y * s.grid.Z
	out := make([]uint32, n*16)
	for i := range out {
		out[i] = 0xdeadbeef
	}
	g := make([]int32, s.g)
	for i := range g {
		g[i] = int32(i * 7)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cfg := gocuda.Config{Grid: s.grid, Block: s.block, RuntimePath: runtime}
	return out, g, dev.LaunchContext(ctx, cfg, k(in, out, g, s.p0, s.p1))
}

func compare(dev *gocuda.Device, k ctor, s shape) outcome {
	co, cg, cerr := run(dev, k, s, false)
	ro, rg, rerr := run(dev, k, s, true)
	switch {
	case cerr != nil && rerr != nil:
		return outcome{Status: "both-error", Detail: fmt.Sprintf("compiled: %v; runtime path: %v", cerr, rerr)}
	case rerr != nil:
		return outcome{Status: "runtime-error", Detail: rerr.Error()}
	case cerr != nil:
		return outcome{Status: "compiled-error", Detail: cerr.Error()}
	}
	size := s.block.X * s.block.Y * s.block.Z
	var diffs []string
	count := 0
	for i := range co {
		if co[i] != ro[i] {
			if count++; count <= 6 {
				gid := i / 16
				diffs = append(diffs, fmt.Sprintf("out[%d] (block %d, thread %d, slot %d): compiled %#x, runtime path %#x",
					i, gid/size, gid%size, i%16, co[i], ro[i]))
			}
		}
	}
	for i := range cg {
		if cg[i] != rg[i] {
			if count++; count <= 6 {
				diffs = append(diffs, fmt.Sprintf("g[%d]: compiled %d, runtime path %d", i, cg[i], rg[i]))
			}
		}
	}
	if count > 0 {
		return outcome{Status: "mismatch", Detail: fmt.Sprintf("%d values differ: %s", count, strings.Join(diffs, "; "))}
	}
	return outcome{Status: "ok"}
}
`
