package hecbenchwarp

import (
	"math"
	"math/bits"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// mcResult is what main.cu's pipeline leaves: the level-1 ranges and
// block list, the level-2 ranges and block list, and generatingTriangles'
// counts and coordinate sums.
type mcResult struct {
	minMaxLv1, minMaxLv2    []float32
	blocksLv1, blocksLv2    []uint32
	vertices, triangleCount uint32
	coordX, coordY, coordZ  float32
	coordZP                 float32
}

// runMarchingCubes is main.cu's loop body with its launches.
func runMarchingCubes(f form, isoValue float32) (mcResult, error) {
	var r mcResult
	r.minMaxLv1 = make([]float32, mcBlockNum*2)
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int(mcGridXLv1), Y: int(mcGridYLv1), Z: int(mcGridZLv1)}, Block: gocuda.Dim3{X: int(mcVoxelXLv1), Y: int(mcVoxelYLv1)}},
		McComputeMinMaxLv1Kernel(r.minMaxLv1)); err != nil {
		return r, err
	}
	blockIndicesLv1, countedLv1 := make([]uint32, mcBlockNum), make([]uint32, 1)
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int(mcCountingBlockNumLv1)}, Block: gocuda.Dim3{X: int(mcCountingThreadNumLv1)}},
		McCompactLv1Kernel(isoValue, r.minMaxLv1, blockIndicesLv1, countedLv1)); err != nil {
		return r, err
	}
	n1 := countedLv1[0]
	r.blocksLv1 = blockIndicesLv1[:n1]
	r.minMaxLv2 = make([]float32, n1*mcVoxelNumLv2*2)
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int(n1)}, Block: gocuda.Dim3{X: int(mcVoxelXLv2 * mcVoxelYLv2), Y: int(mcBlockXLv2 * mcBlockYLv2)}},
		McComputeMinMaxLv2Kernel(blockIndicesLv1, r.minMaxLv2)); err != nil {
		return r, err
	}
	blockIndicesLv2, countedLv2 := make([]uint32, n1*mcVoxelNumLv2), make([]uint32, 1)
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int((n1*mcVoxelNumLv2 + mcCountingThreadNumLv2 - 1) / mcCountingThreadNumLv2)}, Block: gocuda.Dim3{X: int(mcCountingThreadNumLv2)}},
		McCompactLv2Kernel(isoValue, r.minMaxLv2, blockIndicesLv1, blockIndicesLv2, n1, countedLv2)); err != nil {
		return r, err
	}
	r.blocksLv2 = blockIndicesLv2[:countedLv2[0]]
	vertices, tris, triangles := make([]uint32, 1), make([]uint32, 1), make([]uint64, 1)
	cx, cy, cz, czp := make([]float32, 1), make([]float32, 1), make([]float32, 1), make([]float32, 1)
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: len(r.blocksLv2)}, Block: gocuda.Dim3{X: int(mcVoxelXLv2), Y: int(mcVoxelYLv2), Z: int(mcVoxelZLv2)}},
		McGeneratingTrianglesKernel(isoValue, r.blocksLv2, mcDistinctEdgesTable, mcTriTable, mcEdgeIDTable, vertices, tris, triangles, cx, cy, cz, czp)); err != nil {
		return r, err
	}
	r.vertices, r.triangleCount = vertices[0], tris[0]
	r.coordX, r.coordY, r.coordZ, r.coordZP = cx[0], cy[0], cz[0], czp[0]
	slices.Sort(r.blocksLv2) // compactLv2's blocks reserve their ranges in any order
	return r, nil
}

// mcRange returns the least and greatest of f over the box.
func mcRange(x0, y0, z0, nx, ny, nz uint32) (float32, float32) {
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for z := z0; z < z0+nz; z++ {
		for y := y0; y < y0+ny; y++ {
			for x := x0; x < x0+nx; x++ {
				v := mcF(x, y, z)
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	return lo, hi
}

// mcReference computes the pipeline's result sequentially: the ranges of
// the level-1 and level-2 boxes, the boxes the iso-value falls in, and for
// every cube of the level-2 boxes its own vertices (its three edges at
// the box's far faces left to the neighbours), triangles (inner cubes
// only) and coordinate contributions, in float64.
func mcReference(isoValue float32) (mcResult, [4]float64) {
	var r mcResult
	r.minMaxLv1 = make([]float32, mcBlockNum*2)
	for b := range mcBlockNum {
		bx, by, bz := b%mcGridXLv1, b/mcGridXLv1%mcGridYLv1, b/(mcGridXLv1*mcGridYLv1)
		r.minMaxLv1[2*b], r.minMaxLv1[2*b+1] = mcRange(bx*(mcVoxelXLv1-1), by*(mcVoxelYLv1-1), bz*(mcVoxelZLv1-1), mcVoxelXLv1, mcVoxelYLv1, mcVoxelZLv1)
		if r.minMaxLv1[2*b] <= isoValue && r.minMaxLv1[2*b+1] >= isoValue {
			r.blocksLv1 = append(r.blocksLv1, b)
		}
	}
	var coords [4]float64
	for _, b := range r.blocksLv1 {
		bx, by, bz := b%mcGridXLv1, b/mcGridXLv1%mcGridYLv1, b/(mcGridXLv1*mcGridYLv1)
		for id := range mcVoxelNumLv2 {
			x2, y2, z2 := id%mcBlockXLv2, id/mcBlockXLv2%mcBlockYLv2, id/(mcBlockXLv2*mcBlockYLv2)
			lo, hi := mcRange(bx*(mcVoxelXLv1-1)+x2*(mcVoxelXLv2-1), by*(mcVoxelYLv1-1)+y2*(mcVoxelYLv2-1), bz*(mcVoxelZLv1-1)+z2*(mcVoxelZLv2-1), mcVoxelXLv2, mcVoxelYLv2, mcVoxelZLv2)
			r.minMaxLv2 = append(r.minMaxLv2, lo, hi)
			if lo > isoValue || hi < isoValue {
				continue
			}
			r.blocksLv2 = append(r.blocksLv2, x2+mcBlockXLv2*(bx+mcGridXLv1*(y2+mcBlockYLv2*(by+mcGridYLv1*(bz*mcBlockZLv2+z2)))))
		}
	}
	slices.Sort(r.blocksLv2)
	for _, blockID := range r.blocksLv2 {
		for tz := range mcVoxelZLv2 {
			for ty := range mcVoxelYLv2 {
				for tx := range mcVoxelXLv2 {
					tp := blockID
					x := (tp%mcGridXLv2)*(mcVoxelXLv2-1) + tx
					tp /= mcGridXLv2
					y := (tp%mcGridYLv2)*(mcVoxelYLv2-1) + ty
					z := (tp/mcGridYLv2)*(mcVoxelZLv2-1) + tz
					eds := uint32(7)
					if tx == mcVoxelXLv2-1 {
						eds &= 6
					}
					if ty == mcVoxelYLv2-1 {
						eds &= 5
					}
					if tz == mcVoxelZLv2-1 {
						eds &= 3
					}
					eds <<= 13
					cubeCase := uint32(0)
					for bit, c := range [8][3]uint32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}} {
						if mcF(x+c[0], y+c[1], z+c[2]) < isoValue {
							cubeCase |= 1 << bit
						}
					}
					var distinct uint32
					if eds != 0 {
						distinct = uint32(mcDistinctEdgesTable[cubeCase])
					}
					if eds == 0xe000 {
						r.triangleCount += distinct & 7
					}
					distinct &= eds
					r.vertices += uint32(bits.OnesCount32(distinct))
					v := mcF(x, y, z)
					var zp, cx, cy, cz float32
					if distinct&(1<<15) != 0 {
						zp = mcZeroPoint(x, v, mcF(x+1, y, z), isoValue)
						cy, cz = mcTransformToCoord(y), mcTransformToCoord(z)
					}
					if distinct&(1<<14) != 0 {
						cx = mcTransformToCoord(x)
						zp += mcZeroPoint(y, v, mcF(x, y+1, z), isoValue)
						cz += mcTransformToCoord(z)
					}
					if distinct&(1<<13) != 0 {
						cx += mcTransformToCoord(x)
						cy += mcTransformToCoord(y)
						zp += mcZeroPoint(z, v, mcF(x, y, z+1), isoValue)
					}
					coords[0] += float64(cx)
					coords[1] += float64(cy)
					coords[2] += float64(cz)
					coords[3] += float64(zp)
				}
			}
		}
	}
	return r, coords
}

// TestMarchingCubes runs main.cu's pipeline at N = 127 with iso-value 0.9
// (main.cu's −0.9 crosses every level-1 block there, 0.9 half of them)
// and requires the reference's level-1 and level-2 ranges and block
// lists (level 2 as a set: compactLv2's blocks reserve their ranges in
// any order), vertex and triangle counts, and coordinate sums within
// float32 atomics' rounding.
func TestMarchingCubes(t *testing.T) {
	const isoValue = float32(0.9)
	want, coords := mcReference(isoValue)
	require.NotEmpty(t, want.blocksLv2)
	require.Positive(t, want.triangleCount)
	t.Logf("%d level-1 blocks, %d level-2 blocks, %d vertices, %d triangles", len(want.blocksLv1), len(want.blocksLv2), want.vertices, want.triangleCount)
	for _, got := range both(t, func(f form) (mcResult, error) { return runMarchingCubes(f, isoValue) }) {
		require.Equal(t, want.minMaxLv1, got.minMaxLv1)
		require.Equal(t, want.blocksLv1, got.blocksLv1)
		require.Equal(t, want.minMaxLv2, got.minMaxLv2)
		require.Equal(t, want.blocksLv2, got.blocksLv2)
		require.Equal(t, want.vertices, got.vertices, "vertices")
		require.Equal(t, want.triangleCount, got.triangleCount, "triangles")
		for i, c := range []float32{got.coordX, got.coordY, got.coordZ, got.coordZP} {
			require.InDelta(t, coords[i], float64(c), 1e-3*max(1, math.Abs(coords[i])), "coordinate sum %d", i)
		}
	}
}
