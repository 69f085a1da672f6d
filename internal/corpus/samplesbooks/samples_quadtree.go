package samplesbooks

import (
	"math/bits"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds build_quadtree_kernel of NVIDIA/cuda-samples'
// 3_CUDA_Features/cdpQuadtree/cdpQuadtree.cu (at c94ff366): a quadtree
// built by dynamic parallelism, one block a node. The block's warps count
// the node's points per quadrant with tile ballots in loops whose
// condition is tile32.any, scan the counts by tile shfl_up through shared
// memory, move the points to their quadrants' places in the other buffer
// with ballots and lane masks, and the block's last thread launches four
// child blocks. The classes Points, Bounding_box, Quadtree_node and
// Parameters are Go structs with their methods; the volatile int pointers
// s_num_pts into the dynamic shared memory are subslices of it; C++
// references to a node and to the points are pointers; __popc is
// bits.OnesCount32. The kernel takes the device to launch its children
// on, and the template's NUM_THREADS_PER_BLOCK is an argument.

// qtFloat2 is CUDA's float2.
type qtFloat2 struct{ x, y float32 }

// qtPoints is cdpQuadtree's Points: the coordinates of a set of points.
type qtPoints struct{ mX, mY []float32 }

func (p *qtPoints) getPoint(idx int) qtFloat2 { return qtFloat2{p.mX[idx], p.mY[idx]} }

func (p *qtPoints) setPoint(idx int, q qtFloat2) {
	p.mX[idx] = q.x
	p.mY[idx] = q.y
}

// qtBoundingBox is cdpQuadtree's Bounding_box.
type qtBoundingBox struct{ mPMin, mPMax qtFloat2 }

func (b *qtBoundingBox) computeCenter(center *qtFloat2) {
	center.x = 0.5 * (b.mPMin.x + b.mPMax.x)
	center.y = 0.5 * (b.mPMin.y + b.mPMax.y)
}

func (b *qtBoundingBox) set(minX, minY, maxX, maxY float32) {
	b.mPMin.x = minX
	b.mPMin.y = minY
	b.mPMax.x = maxX
	b.mPMax.y = maxY
}

// qtNode is cdpQuadtree's Quadtree_node: an id, a box and the range of
// its points.
type qtNode struct {
	mID          int
	mBoundingBox qtBoundingBox
	mBegin, mEnd int
}

func (n *qtNode) id() int                     { return n.mID }
func (n *qtNode) setID(newID int)             { n.mID = newID }
func (n *qtNode) numPoints() int              { return n.mEnd - n.mBegin }
func (n *qtNode) pointsBegin() int            { return n.mBegin }
func (n *qtNode) pointsEnd() int              { return n.mEnd }
func (n *qtNode) setRange(begin, end int)     { n.mBegin, n.mEnd = begin, end }
func (n *qtNode) boundingBox() *qtBoundingBox { return &n.mBoundingBox }

func (n *qtNode) setBoundingBox(minX, minY, maxX, maxY float32) {
	n.mBoundingBox.set(minX, minY, maxX, maxY)
}

// qtParameters is cdpQuadtree's Parameters.
type qtParameters struct {
	pointSelector       int
	numNodesAtThisLevel int
	depth               int
	maxDepth            int
	minPointsPerNode    int
}

// child is Parameters' constructor for the next level.
func (p qtParameters) child() qtParameters {
	return qtParameters{(p.pointSelector + 1) % 2, 4 * p.numNodesAtThisLevel, p.depth + 1, p.maxDepth, p.minPointsPerNode}
}

// BuildQuadtreeKernel is build_quadtree_kernel<NUM_THREADS_PER_BLOCK> of
// cdpQuadtree.cu: block blockIdx.x builds node nodes[blockIdx.x], reading
// its points from points[pointSelector] and moving them, grouped by
// quadrant (top-left, top-right, bottom-left, bottom-right, each in its
// original order), to the other buffer, then launching a block for each
// child; a node at the maximum depth or with few points copies its points
// to points[0] if they are in points[1] and stops.
//
//gocuda:kernel BuildQuadtreeKernel
func buildQuadtreeKernel(t *gocuda.Thread, dev *gocuda.Device, numThreadsPerBlock int, nodes []qtNode, points []qtPoints, params qtParameters) {
	cta := cg.ThisThreadBlock(t)
	numWarpsPerBlock := numThreadsPerBlock / 32

	smem := gocuda.DynamicShared[int32](t)

	// s_num_pts[4][NUM_WARPS_PER_BLOCK], rows of smem.
	var sNumPts [4][]int32
	for i := 0; i < 4; i++ {
		sNumPts[i] = smem[i*numWarpsPerBlock:]
	}

	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32

	// The lanes below this one, for compaction.
	laneMaskLt := int32(1)<<laneID - 1

	node := &nodes[t.BlockIdx.X]

	numPoints := node.numPoints()

	var center qtFloat2
	var rangeBegin, rangeEnd int
	warpCnts := [4]int32{0, 0, 0, 0}

	// 1- Stop at the maximum depth or with few points, leaving every
	// point in points[0].
	if params.depth >= params.maxDepth || numPoints <= params.minPointsPerNode {
		if params.pointSelector == 1 {
			it, end := node.pointsBegin(), node.pointsEnd()

			for it += t.ThreadIdx.X; it < end; it += numThreadsPerBlock {
				if it < end {
					points[0].setPoint(it, points[1].getPoint(it))
				}
			}
		}

		return
	}

	bbox := node.boundingBox()

	bbox.computeCenter(&center)

	// Each warp takes a range of the node's points.
	numPointsPerWarp := max(32, (numPoints+numWarpsPerBlock-1)/numWarpsPerBlock)

	rangeBegin = node.pointsBegin() + warpID*numPointsPerWarp
	rangeEnd = min(rangeBegin+numPointsPerWarp, node.pointsEnd())

	// 2- Count each warp's points in each quadrant.
	inPoints := &points[params.pointSelector]

	tile32 := cg.TiledPartition(cta, 32)
	for rangeIt := rangeBegin + tile32.ThreadRank(); tile32.Any(rangeIt < rangeEnd); rangeIt += 32 {
		isActive := rangeIt < rangeEnd

		p := qtFloat2{0.0, 0.0}
		if isActive {
			p = inPoints.getPoint(rangeIt)
		}

		numPts := int32(bits.OnesCount32(tile32.Ballot(isActive && p.x < center.x && p.y >= center.y)))
		warpCnts[0] += cg.Shfl(tile32, numPts, 0)

		numPts = int32(bits.OnesCount32(tile32.Ballot(isActive && p.x >= center.x && p.y >= center.y)))
		warpCnts[1] += cg.Shfl(tile32, numPts, 0)

		numPts = int32(bits.OnesCount32(tile32.Ballot(isActive && p.x < center.x && p.y < center.y)))
		warpCnts[2] += cg.Shfl(tile32, numPts, 0)

		numPts = int32(bits.OnesCount32(tile32.Ballot(isActive && p.x >= center.x && p.y < center.y)))
		warpCnts[3] += cg.Shfl(tile32, numPts, 0)
	}

	if tile32.ThreadRank() == 0 {
		sNumPts[0][warpID] = warpCnts[0]
		sNumPts[1][warpID] = warpCnts[1]
		sNumPts[2][warpID] = warpCnts[2]
		sNumPts[3][warpID] = warpCnts[3]
	}

	cta.Sync()

	// 3- The first four warps scan the warps' counts of one quadrant each
	// (inclusive).
	if warpID < 4 {
		numPts := int32(0)
		if tile32.ThreadRank() < numWarpsPerBlock {
			numPts = sNumPts[warpID][tile32.ThreadRank()]
		}

		for offset := 1; offset < numWarpsPerBlock; offset *= 2 {
			n := cg.ShflUp(tile32, numPts, offset)

			if tile32.ThreadRank() >= offset {
				numPts += n
			}
		}

		if tile32.ThreadRank() < numWarpsPerBlock {
			sNumPts[warpID][tile32.ThreadRank()] = numPts
		}
	}

	cta.Sync()

	// Warp 0 adds each quadrant's predecessors' totals.
	if warpID == 0 {
		sum := sNumPts[0][numWarpsPerBlock-1]

		for row := 1; row < 4; row++ {
			tmp := sNumPts[row][numWarpsPerBlock-1]
			tile32.Sync()

			if tile32.ThreadRank() < numWarpsPerBlock {
				sNumPts[row][tile32.ThreadRank()] += sum
			}

			tile32.Sync()
			sum += tmp
		}
	}

	cta.Sync()

	// Make the scan exclusive, from the node's first point.
	val := int32(0)
	if t.ThreadIdx.X < 4*numWarpsPerBlock {
		if t.ThreadIdx.X == 0 {
			val = 0
		} else {
			val = smem[t.ThreadIdx.X-1]
		}
		val += int32(node.pointsBegin())
	}

	cta.Sync()

	if t.ThreadIdx.X < 4*numWarpsPerBlock {
		smem[t.ThreadIdx.X] = val
	}

	cta.Sync()

	// 4- Move the points.
	if !(params.depth >= params.maxDepth || numPoints <= params.minPointsPerNode) {
		outPoints := &points[(params.pointSelector+1)%2]

		warpCnts[0] = sNumPts[0][warpID]
		warpCnts[1] = sNumPts[1][warpID]
		warpCnts[2] = sNumPts[2][warpID]
		warpCnts[3] = sNumPts[3][warpID]

		inPoints := &points[params.pointSelector]
		for rangeIt := rangeBegin + tile32.ThreadRank(); tile32.Any(rangeIt < rangeEnd); rangeIt += 32 {
			isActive := rangeIt < rangeEnd

			p := qtFloat2{0.0, 0.0}
			if isActive {
				p = inPoints.getPoint(rangeIt)
			}

			pred := isActive && p.x < center.x && p.y >= center.y
			vote := int32(tile32.Ballot(pred))
			dest := warpCnts[0] + int32(bits.OnesCount32(uint32(vote&laneMaskLt)))

			if pred {
				outPoints.setPoint(int(dest), p)
			}

			warpCnts[0] += cg.Shfl(tile32, int32(bits.OnesCount32(uint32(vote))), 0)

			pred = isActive && p.x >= center.x && p.y >= center.y
			vote = int32(tile32.Ballot(pred))
			dest = warpCnts[1] + int32(bits.OnesCount32(uint32(vote&laneMaskLt)))

			if pred {
				outPoints.setPoint(int(dest), p)
			}

			warpCnts[1] += cg.Shfl(tile32, int32(bits.OnesCount32(uint32(vote))), 0)

			pred = isActive && p.x < center.x && p.y < center.y
			vote = int32(tile32.Ballot(pred))
			dest = warpCnts[2] + int32(bits.OnesCount32(uint32(vote&laneMaskLt)))

			if pred {
				outPoints.setPoint(int(dest), p)
			}

			warpCnts[2] += cg.Shfl(tile32, int32(bits.OnesCount32(uint32(vote))), 0)

			pred = isActive && p.x >= center.x && p.y < center.y
			vote = int32(tile32.Ballot(pred))
			dest = warpCnts[3] + int32(bits.OnesCount32(uint32(vote&laneMaskLt)))

			if pred {
				outPoints.setPoint(int(dest), p)
			}

			warpCnts[3] += cg.Shfl(tile32, int32(bits.OnesCount32(uint32(vote))), 0)
		}
	}

	cta.Sync()

	if tile32.ThreadRank() == 0 {
		sNumPts[0][warpID] = warpCnts[0]
		sNumPts[1][warpID] = warpCnts[1]
		sNumPts[2][warpID] = warpCnts[2]
		sNumPts[3][warpID] = warpCnts[3]
	}

	cta.Sync()

	// 5- The last thread sets up the children and launches them.
	if !(params.depth >= params.maxDepth || numPoints <= params.minPointsPerNode) {
		if t.ThreadIdx.X == numThreadsPerBlock-1 {
			children := nodes[params.numNodesAtThisLevel-(node.id()&^3):]

			childOffset := 4 * node.id()

			children[childOffset+0].setID(4*node.id() + 0)
			children[childOffset+1].setID(4*node.id() + 1)
			children[childOffset+2].setID(4*node.id() + 2)
			children[childOffset+3].setID(4*node.id() + 3)

			bbox := node.boundingBox()
			pMin := &bbox.mPMin
			pMax := &bbox.mPMax

			children[childOffset+0].setBoundingBox(pMin.x, center.y, center.x, pMax.y) // top-left
			children[childOffset+1].setBoundingBox(center.x, center.y, pMax.x, pMax.y) // top-right
			children[childOffset+2].setBoundingBox(pMin.x, pMin.y, center.x, center.y) // bottom-left
			children[childOffset+3].setBoundingBox(center.x, pMin.y, pMax.x, center.y) // bottom-right

			children[childOffset+0].setRange(node.pointsBegin(), int(sNumPts[0][warpID]))
			children[childOffset+1].setRange(int(sNumPts[0][warpID]), int(sNumPts[1][warpID]))
			children[childOffset+2].setRange(int(sNumPts[1][warpID]), int(sNumPts[2][warpID]))
			children[childOffset+3].setRange(int(sNumPts[2][warpID]), int(sNumPts[3][warpID]))

			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: numThreadsPerBlock}, SharedMem: 4 * numWarpsPerBlock * 4}
			if err := dev.Launch(cfg, BuildQuadtreeKernel(dev, numThreadsPerBlock, children[childOffset:], points, params.child())); err != nil {
				panic(err)
			}
		}
	}
}
