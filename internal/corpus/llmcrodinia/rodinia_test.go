package llmcrodinia

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// ludCuda is lud_cuda of lud_kernel.cu.
func ludCuda(f form, m []float32, matrixDim int) error {
	i := 0
	dimBlock := gocuda.Dim3{X: ludBlockSize, Y: ludBlockSize}
	for i = 0; i < matrixDim-ludBlockSize; i += ludBlockSize {
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: ludBlockSize}}, LudDiagonalKernel(m, matrixDim, i)); err != nil {
			return err
		}
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (matrixDim-i)/ludBlockSize - 1}, Block: gocuda.Dim3{X: ludBlockSize * 2}}, LudPerimeterKernel(m, matrixDim, i)); err != nil {
			return err
		}
		dimGrid := gocuda.Dim3{X: (matrixDim-i)/ludBlockSize - 1, Y: (matrixDim-i)/ludBlockSize - 1}
		if err := f.launch(gocuda.Config{Grid: dimGrid, Block: dimBlock}, LudInternalKernel(m, matrixDim, i)); err != nil {
			return err
		}
	}
	return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: ludBlockSize}}, LudDiagonalKernel(m, matrixDim, i))
}

// TestRodiniaLUD factors diagonally dominant matrices and compares with
// lud_base.c's Doolittle factorization, in float64.
func TestRodiniaLUD(t *testing.T) {
	for _, dim := range []int{16, 48, 64} {
		t.Run(fmt.Sprint(dim), func(t *testing.T) {
			a := randF32(rng(dim), dim*dim)
			for i := range dim {
				a[i*dim+i] += float32(dim)
			}
			got := agree(t, func(f form) ([]float32, error) {
				m := slices.Clone(a)
				return m, ludCuda(f, m, dim)
			})
			ref := make([]float64, dim*dim)
			for i, v := range a {
				ref[i] = float64(v)
			}
			for i := range dim {
				for j := i; j < dim; j++ {
					sum := ref[i*dim+j]
					for k := range i {
						sum -= ref[i*dim+k] * ref[k*dim+j]
					}
					ref[i*dim+j] = sum
				}
				for j := i + 1; j < dim; j++ {
					sum := ref[j*dim+i]
					for k := range i {
						sum -= ref[j*dim+k] * ref[k*dim+i]
					}
					ref[j*dim+i] = sum / ref[i*dim+i]
				}
			}
			nearSlice(t, f64to32(ref), got, 1e-4, "lu")
		})
	}
}

// TestRodiniaKmeans runs invert_mapping and one kmeansPoint step as
// kmeans_cuda.cu does (a square grid of blocks of 256), the inverted
// features feeding kmeansPoint, and compares the inverted layout with the
// host's transposition and the memberships with the host's nearest
// centers, in the same float order.
func TestRodiniaKmeans(t *testing.T) {
	const npoints, nfeatures, nclusters = 700, 5, 6
	r := rng(npoints, nfeatures, nclusters)
	feature := randF32(r, npoints*nfeatures)
	clusters := randF32(r, nclusters*nfeatures)
	const numThreads = 256
	numBlocks := ceilDiv(npoints, numThreads)
	perdim := int(math.Sqrt(float64(numBlocks)))
	for perdim*perdim < numBlocks {
		perdim++
	}
	// invert_mapping, launched as kmeans_cuda.cu launches it, lays out
	// t_features
	inverted := agree(t, func(f form) ([]float32, error) {
		inverted := make([]float32, npoints*nfeatures)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: perdim * perdim}, Block: gocuda.Dim3{X: numThreads}},
			InvertMappingKernel(feature, inverted, npoints, nfeatures))
		return inverted, err
	})
	for p := range npoints {
		for i := range nfeatures {
			require.Equal(t, feature[p*nfeatures+i], inverted[p+npoints*i], "inverted feature %d of point %d", i, p)
		}
	}
	got := agree(t, func(f form) ([]int32, error) {
		membership := make([]int32, npoints)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: perdim, Y: perdim}, Block: gocuda.Dim3{X: numThreads}},
			KmeansPointKernel(inverted, nfeatures, npoints, nclusters, membership, clusters, nil, nil, inverted, clusters))
		return membership, err
	})
	for p := range npoints {
		best, bestDist := -1, float32(math.MaxFloat32)
		for c := range nclusters {
			var ans float32
			for j := range nfeatures {
				d := feature[p*nfeatures+j] - clusters[c*nfeatures+j]
				ans += d * d
			}
			if ans < bestDist {
				best, bestDist = c, ans
			}
		}
		require.Equal(t, int32(best), got[p], "point %d", p)
	}
}

// The chip of hotspot3D's 3D.cu: its globals and macros.
const (
	hsTChip      float32 = 0.0005
	hsChipHeight float32 = 0.016
	hsChipWidth  float32 = 0.016
	hsAmbTemp    float32 = 80.0
	hsMaxPD              = 3.0e6
	hsPrecision          = 0.001
	hsSpecHeatSI         = 1.75e6
	hsKSI                = 100
	hsFactorChip         = 0.5
)

// hotspotCoefficients are the stencil's coefficients as hotspot_opt1 and
// computeTempCPU of 3D.cu compute them from main's chip parameters, in
// float32 with C's promotions to double, for an nx × ny × nz grid (nx
// columns, ny rows).
func hotspotCoefficients(nx, ny, nz int) (stepDivCap, ce, cn, ct, cc float32) {
	dx := hsChipHeight / float32(ny)
	dy := hsChipWidth / float32(nx)
	dz := hsTChip / float32(nz)
	capacitance := float32(hsFactorChip * hsSpecHeatSI * float64(hsTChip) * float64(dx) * float64(dy))
	rx := float32(float64(dy) / (2.0 * hsKSI * float64(hsTChip) * float64(dx)))
	ry := float32(float64(dx) / (2.0 * hsKSI * float64(hsTChip) * float64(dy)))
	rz := float32(float64(dz) / (hsKSI * float64(dx) * float64(dy)))
	maxSlope := float32(hsMaxPD / (hsFactorChip * float64(hsTChip) * hsSpecHeatSI))
	dt := float32(hsPrecision / float64(maxSlope))
	stepDivCap = dt / capacitance
	ce = stepDivCap / rx
	cn = stepDivCap / ry
	ct = stepDivCap / rz
	cc = float32(1.0 - (2.0*float64(ce) + 2.0*float64(cn) + 3.0*float64(ct)))
	return
}

// TestRodiniaHotspot3D runs hotspot_opt1 of hotspot3D (3 steps of
// hotspotOpt1, blocks of 64×4, tIn and tOut swapped after each) and
// compares the last step's output with computeTempCPU of 3D.cu, in
// float64.
func TestRodiniaHotspot3D(t *testing.T) {
	const nx, ny, nz, steps = 64, 8, 5, 3
	r := rng(nx, ny, nz)
	power := make([]float32, nx*ny*nz)
	temp := make([]float32, nx*ny*nz)
	for i := range temp {
		power[i] = 0.5 * r.Float32()
		temp[i] = 320 + 20*r.Float32()
	}
	stepDivCap, ce, cn, ct, cc := hotspotCoefficients(nx, ny, nz)
	cw, cs, cb := ce, cn, ct
	got := agree(t, func(f form) ([]float32, error) {
		tIn, tOut := slices.Clone(temp), make([]float32, nx*ny*nz)
		for range steps {
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nx / 64, Y: ny / 4}, Block: gocuda.Dim3{X: 64, Y: 4}},
				HotspotOpt1Kernel(power, tIn, tOut, stepDivCap, nx, ny, nz, ce, cw, cn, cs, ct, cb, cc))
			if err != nil {
				return nil, err
			}
			tIn, tOut = tOut, tIn
		}
		return tIn, nil
	})
	// computeTempCPU
	tIn, tOut := make([]float64, nx*ny*nz), make([]float64, nx*ny*nz)
	for i, v := range temp {
		tIn[i] = float64(v)
	}
	for range steps {
		for z := range nz {
			for y := range ny {
				for x := range nx {
					c := x + y*nx + z*nx*ny
					w, e, n, s, b, tp := c-1, c+1, c-nx, c+nx, c-nx*ny, c+nx*ny
					if x == 0 {
						w = c
					}
					if x == nx-1 {
						e = c
					}
					if y == 0 {
						n = c
					}
					if y == ny-1 {
						s = c
					}
					if z == 0 {
						b = c
					}
					if z == nz-1 {
						tp = c
					}
					tOut[c] = tIn[c]*float64(cc) + tIn[n]*float64(cn) + tIn[s]*float64(cs) + tIn[e]*float64(ce) +
						tIn[w]*float64(cw) + tIn[tp]*float64(ct) + tIn[b]*float64(cb) +
						float64(stepDivCap)*float64(power[c]) + float64(ct)*float64(hsAmbTemp)
				}
			}
		}
		tIn, tOut = tOut, tIn
	}
	nearSlice(t, f64to32(tIn), got, 1e-5, "temperature")
}

// btree is a tree laid out as transform_to_cuda lays it out.
type btree struct {
	knodes  []knode
	records []record
	keys    []int32 // the records' keys, ascending
	height  int
}

// buildBtree builds a tree of the given keys with leaves of leafKeys keys
// and inner nodes of fanout children, its levels numbered breadth first.
func buildBtree(keys []int32, leafKeys, fanout int) btree {
	type node struct {
		keys     []int32
		children []int // indices into the level below
		first    int32 // the smallest key below
	}
	var levels [][]node
	var leaves []node
	for i := 0; i < len(keys); i += leafKeys {
		leaf := keys[i:min(i+leafKeys, len(keys))]
		leaves = append(leaves, node{keys: leaf, first: leaf[0]})
	}
	levels = append(levels, leaves)
	for len(levels[len(levels)-1]) > 1 {
		below := levels[len(levels)-1]
		var up []node
		for i := 0; i < len(below); i += fanout {
			n := node{first: below[i].first}
			for j := i; j < min(i+fanout, len(below)); j++ {
				if j > i {
					n.keys = append(n.keys, below[j].first)
				}
				n.children = append(n.children, j)
			}
			up = append(up, n)
		}
		levels = append(levels, up)
	}
	slices.Reverse(levels)
	tr := btree{keys: keys, height: len(levels) - 1}
	firstOf := make([]int, len(levels)+1) // the index of each level's first knode
	for l, lv := range levels {
		firstOf[l+1] = firstOf[l] + len(lv)
	}
	rec := int32(0)
	for l, lv := range levels {
		for _, n := range lv {
			var k knode
			k.location = int32(len(tr.knodes))
			k.isLeaf = l == len(levels)-1
			k.numKeys = int32(len(n.keys) + 2)
			for i := range k.keys {
				k.keys[i] = math.MaxInt32
			}
			k.keys[0] = math.MinInt32
			for i, key := range n.keys {
				k.keys[i+1] = key
			}
			if k.isLeaf {
				for i := range n.keys {
					tr.records = append(tr.records, record{value: 10*n.keys[i] + 7})
					k.indices[i+1] = rec
					rec++
				}
			} else {
				for i, c := range n.children {
					k.indices[i] = int32(firstOf[l+1] + c)
				}
			}
			tr.knodes = append(tr.knodes, k)
		}
	}
	return tr
}

// TestRodiniaBtree runs findK and findRangeK, as kernel_gpu_cuda_wrapper.cu
// and its _2 launch them (one block of DEFAULT_ORDER threads per query),
// over trees of two and three levels.
func TestRodiniaBtree(t *testing.T) {
	for _, c := range []struct{ n, leafKeys, fanout int }{{300, 100, 200}, {1000, 60, 5}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			r := rng(c.n, c.leafKeys)
			keys := make([]int32, c.n)
			for i := range keys {
				keys[i] = int32(3*i + r.IntN(3))
			}
			tr := buildBtree(keys, c.leafKeys, c.fanout)
			const count = 6
			queries, start, end := make([]int32, count), make([]int32, count), make([]int32, count)
			for i := range count {
				queries[i] = keys[r.IntN(c.n)]
				a, b := r.IntN(c.n), r.IntN(c.n)
				start[i], end[i] = keys[min(a, b)], keys[max(a, b)]
			}
			queries[0] = keys[c.n-1]
			queries[1] = -5 // not in the tree

			ans := agree(t, func(f form) ([]record, error) {
				curr, offset := make([]int64, count), make([]int64, count)
				ans := make([]record, count)
				for i := range ans {
					ans[i].value = -1
				}
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: count}, Block: gocuda.Dim3{X: btreeOrder}},
					FindKKernel(tr.height, tr.knodes, len(tr.knodes), tr.records, curr, offset, queries, ans))
				return ans, err
			})
			for i, q := range queries {
				want := int32(-1)
				if _, ok := slices.BinarySearch(keys, q); ok {
					want = 10*q + 7
				}
				require.Equal(t, want, ans[i].value, "findK %d", q)
			}

			got := agree(t, func(f form) ([2][]int32, error) {
				curr, offset, last, offset2 := make([]int64, count), make([]int64, count), make([]int64, count), make([]int64, count)
				recstart, reclen := make([]int32, count), make([]int32, count)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: count}, Block: gocuda.Dim3{X: btreeOrder}},
					FindRangeKKernel(tr.height, tr.knodes, len(tr.knodes), curr, offset, last, offset2, start, end, recstart, reclen))
				return [2][]int32{recstart, reclen}, err
			})
			for i := range count {
				s, _ := slices.BinarySearch(keys, start[i])
				e, _ := slices.BinarySearch(keys, end[i])
				require.Equal(t, int32(s), got[0][i], "findRangeK start %d", start[i])
				require.Equal(t, int32(e-s+1), got[1][i], "findRangeK [%d, %d]", start[i], end[i])
			}
		})
	}
}

// sradReduceHost is the reduction loop of srad_v1's main.cu: reduce
// launched until one block is left, the sums in dSums[0] and dSums2[0].
func sradReduceHost(f form, dSums, dSums2 []float32, Ne int) error {
	blocks2 := ceilDiv(Ne, sradNumberThreads)
	no := Ne
	mul := 1
	for blocks2 != 0 {
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks2}, Block: gocuda.Dim3{X: sradNumberThreads}},
			SradReduceKernel(Ne, no, mul, dSums, dSums2)); err != nil {
			return err
		}
		no = blocks2
		if blocks2 == 1 {
			blocks2 = 0
		} else {
			mul = mul * sradNumberThreads
			blocks2 = ceilDiv(blocks2, sradNumberThreads)
		}
	}
	return nil
}

// TestRodiniaSradReduce sums images of sizes whose passes take each of
// the kernel's paths: all blocks full, a partial last block with a
// remainder past its power of two, and a last block of a power of two.
// With d_mul > 1 the remainder loop reads d_sums[i] instead of
// d_sums[i*d_mul], so a second pass is wrong unless its number of sums is
// a power of two (srad_v1's default 502×458 image gives 450): these sizes
// keep it one.
func TestRodiniaSradReduce(t *testing.T) {
	for _, Ne := range []int{300, 1000, 512 * 2, 512*3 + 77} {
		t.Run(fmt.Sprint(Ne), func(t *testing.T) {
			img := randF32(rng(Ne), Ne)
			var want, want2 float64
			for i, v := range img {
				img[i] = 1 + v/2
				want += float64(img[i])
				want2 += float64(img[i]) * float64(img[i])
			}
			got := agree(t, func(f form) ([2]float32, error) {
				sums, sums2 := slices.Clone(img), make([]float32, Ne)
				for i, v := range img {
					sums2[i] = v * v
				}
				err := sradReduceHost(f, sums, sums2, Ne)
				return [2]float32{sums[0], sums2[0]}, err
			})
			require.InEpsilon(t, want, got[0], 1e-5)
			require.InEpsilon(t, want2, got[1], 1e-5)
		})
	}
}

// scanBlockSize is BLOCK_SIZE of huffman's scan.cu.
const scanBlockSize = 256

// floorPow2 and isPowerOfTwo are scan.cu's.
func floorPow2(n int) int     { return 1 << (bits.Len(uint(n)) - 1) }
func isPowerOfTwo(n int) bool { return n&(n-1) == 0 }

// prescanArrayRecursive is scan.cu's prescanArrayRecursive, the block sums
// of each level in blockSums[level]. The last block of a non-power-of-two
// array, prescan<true, true>, and uniformAdd's second add read and write
// past numElements, as on the GPU; outArray must have room up to a
// multiple of 2*BLOCK_SIZE.
func prescanArrayRecursive(f form, outArray, inArray []uint32, numElements, level int, blockSums [][]uint32) error {
	blockSize := scanBlockSize
	numBlocks := max(1, int(math.Ceil(float64(float32(numElements)/(2*float32(blockSize))))))
	var numThreads int
	switch {
	case numBlocks > 1:
		numThreads = blockSize
	case isPowerOfTwo(numElements):
		numThreads = numElements / 2
	default:
		numThreads = floorPow2(numElements)
	}
	numEltsPerBlock := numThreads * 2
	numEltsLastBlock := numElements - (numBlocks-1)*numEltsPerBlock
	numThreadsLastBlock := max(1, numEltsLastBlock/2)
	np2LastBlock := 0
	sharedMemLastBlock := 0
	if numEltsLastBlock != numEltsPerBlock {
		np2LastBlock = 1
		if !isPowerOfTwo(numEltsLastBlock) {
			numThreadsLastBlock = floorPow2(numEltsLastBlock)
		}
		extraSpace := (2 * numThreadsLastBlock) / scanNumBanks
		sharedMemLastBlock = 4 * (2*numThreadsLastBlock + extraSpace)
	}
	extraSpace := numEltsPerBlock / scanNumBanks
	sharedMemSize := 4 * (numEltsPerBlock + extraSpace)
	grid := gocuda.Dim3{X: max(1, numBlocks-np2LastBlock)}
	threads := gocuda.Dim3{X: numThreads}

	launch := func(cfg gocuda.Config, k func(*gocuda.Thread)) error { return f.launch(cfg, k) }
	if numBlocks > 1 {
		if err := launch(gocuda.Config{Grid: grid, Block: threads, SharedMem: sharedMemSize},
			PrescanKernel(outArray, inArray, blockSums[level], numThreads*2, 0, 0, true, false)); err != nil {
			return err
		}
		if np2LastBlock != 0 {
			if err := launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: numThreadsLastBlock}, SharedMem: sharedMemLastBlock},
				PrescanKernel(outArray, inArray, blockSums[level], numEltsLastBlock, numBlocks-1, numElements-numEltsLastBlock, true, true)); err != nil {
				return err
			}
		}
		if err := prescanArrayRecursive(f, blockSums[level], blockSums[level], numBlocks, level+1, blockSums); err != nil {
			return err
		}
		if err := launch(gocuda.Config{Grid: grid, Block: threads},
			UniformAddKernel(outArray, blockSums[level], numElements-numEltsLastBlock, 0, 0)); err != nil {
			return err
		}
		if np2LastBlock != 0 {
			return launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: numThreadsLastBlock}},
				UniformAddKernel(outArray, blockSums[level], numEltsLastBlock, numBlocks-1, numElements-numEltsLastBlock))
		}
		return nil
	}
	if isPowerOfTwo(numElements) {
		return launch(gocuda.Config{Grid: grid, Block: threads, SharedMem: sharedMemSize},
			PrescanKernel(outArray, inArray, nil, numThreads*2, 0, 0, false, false))
	}
	return launch(gocuda.Config{Grid: grid, Block: threads, SharedMem: sharedMemSize},
		PrescanKernel(outArray, inArray, nil, numElements, 0, 0, false, true))
}

// TestRodiniaScan scans arrays of one block and of several, powers of two
// and not, and compares with the exclusive prefix sums.
func TestRodiniaScan(t *testing.T) {
	for _, n := range []int{2, 100, 512, 1000, 1024, 3000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			r := rng(n)
			in := make([]uint32, n)
			for i := range in {
				in[i] = r.Uint32N(100)
			}
			padded := ceilDiv(n, 2*scanBlockSize) * 2 * scanBlockSize
			got := agree(t, func(f form) ([]uint32, error) {
				out := make([]uint32, padded)
				// preallocBlockSums
				var blockSums [][]uint32
				for numElts := n; numElts > 1; {
					numBlocks := ceilDiv(numElts, 2*scanBlockSize)
					if numBlocks > 1 {
						blockSums = append(blockSums, make([]uint32, ceilDiv(numBlocks, 2*scanBlockSize)*2*scanBlockSize))
					}
					numElts = numBlocks
				}
				return out[:n], prescanArrayRecursive(f, out, in, n, 0, blockSums)
			})
			var sum uint32
			for i, v := range in {
				require.Equal(t, sum, got[i], "element %d", i)
				sum += v
			}
		})
	}
}
