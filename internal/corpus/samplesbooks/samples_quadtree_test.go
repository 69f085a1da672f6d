package samplesbooks

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// quadtreeRef builds cdpQuadtree's tree sequentially: a node at depth
// below maxDepth with more than minPoints points splits its points, in
// order, into its four quadrants (top-left, top-right, bottom-left,
// bottom-right of its box's center, a point on a center line going up
// and right), each kept in order, and its children take them, their nodes
// laid out level by level as the sample's check_quadtree reads them. It
// returns the points, reordered, and the nodes.
func quadtreeRef(pts []qtFloat2, numNodes, maxDepth, minPoints int) ([]qtFloat2, []qtNode) {
	pts = slices.Clone(pts)
	nodes := make([]qtNode, numNodes)
	nodes[0].setRange(0, len(pts))
	nodes[0].setBoundingBox(0, 0, 1, 1)
	levelStart, levelSize := 0, 1
	for depth := 0; depth < maxDepth; depth++ {
		for i := range levelSize {
			n := &nodes[levelStart+i]
			if n.numPoints() <= minPoints {
				continue
			}
			var c qtFloat2
			n.boundingBox().computeCenter(&c)
			quad := func(p qtFloat2) int {
				switch {
				case p.x < c.x && p.y >= c.y:
					return 0
				case p.x >= c.x && p.y >= c.y:
					return 1
				case p.x < c.x:
					return 2
				}
				return 3
			}
			var parts [4][]qtFloat2
			for _, p := range pts[n.mBegin:n.mEnd] {
				parts[quad(p)] = append(parts[quad(p)], p)
			}
			b, lo, hi := n.mBegin, n.mBoundingBox.mPMin, n.mBoundingBox.mPMax
			boxes := [4][4]float32{{lo.x, c.y, c.x, hi.y}, {c.x, c.y, hi.x, hi.y}, {lo.x, lo.y, c.x, c.y}, {c.x, lo.y, hi.x, c.y}}
			for q := range 4 {
				ch := &nodes[levelStart+levelSize+4*i+q]
				ch.setID(4*n.id() + q)
				ch.setBoundingBox(boxes[q][0], boxes[q][1], boxes[q][2], boxes[q][3])
				ch.setRange(b, b+len(parts[q]))
				copy(pts[b:], parts[q])
				b += len(parts[q])
			}
		}
		levelStart += levelSize
		levelSize *= 4
	}
	return pts, nodes
}

// TestBuildQuadtree builds the quadtree of 600 random points in the unit
// square (the sample's 1024, its 128 threads a block and 16 points a
// leaf, depth at most 4 where it allows 8) and requires the points, in
// points[0], and every node to be the reference's.
func TestBuildQuadtree(t *testing.T) {
	const numPoints, maxDepth, minPoints, threads = 600, 4, 16, 128
	numNodes := 0
	for d, n := 0, 1; d <= maxDepth; d, n = d+1, n*4 {
		numNodes += n
	}
	r := rng(numPoints, maxDepth)
	in := make([]qtFloat2, numPoints)
	for i := range in {
		in[i] = qtFloat2{r.Float32(), r.Float32()}
	}
	wantPts, wantNodes := quadtreeRef(in, numNodes, maxDepth, minPoints)

	type result struct {
		pts   []qtFloat2
		nodes []qtNode
	}
	got := agree(t, func(f form) (result, error) {
		x, y := make([]float32, numPoints), make([]float32, numPoints)
		for i, p := range in {
			x[i], y[i] = p.x, p.y
		}
		points := []qtPoints{{x, y}, {make([]float32, numPoints), make([]float32, numPoints)}}
		nodes := make([]qtNode, numNodes)
		nodes[0].setRange(0, numPoints)
		nodes[0].setBoundingBox(0, 0, 1, 1)
		params := qtParameters{0, 1, 0, maxDepth, minPoints}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threads}, SharedMem: 4 * (threads / 32) * 4},
			BuildQuadtreeKernel(dev, threads, nodes, points, params))
		var res result
		for i := range x {
			res.pts = append(res.pts, qtFloat2{x[i], y[i]})
		}
		res.nodes = nodes
		return res, err
	})
	require.Equal(t, wantPts, got.pts)
	require.Equal(t, wantNodes, got.nodes)
}
