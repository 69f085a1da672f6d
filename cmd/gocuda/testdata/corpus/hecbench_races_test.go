package corpus

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// The tests of hecbench_races.go's kernels launch each as its HeCBench
// program does, on small inputs. Their results depend on the order the
// threads run in, so the tests check only what the races leave alone:
// that the launch succeeds, and what holds whatever the shared memory
// held. They are the workload of cmd/gocuda's TestCorpusRealRaces.

// launchShared is launch with dynamic shared memory.
func launchShared(t *testing.T, dev *gocuda.Device, grid, block gocuda.Dim3, shared int, k func(*gocuda.Thread)) {
	t.Helper()
	if err := dev.Launch(gocuda.Config{Grid: grid, Block: block, SharedMem: shared}, k); err != nil {
		t.Fatal(err)
	}
}

// TestSosfilt launches sosfilt as sosfil-cuda's DEBUG build does: two
// signals of THREADS+1 samples through THREADS (64) sections, every
// coefficient and initial condition 1.
func TestSosfilt(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	const threads = 64
	const nSignals, nSamples, nSections, ziWidth = 2, threads + 1, threads, 2
	sos := make([]float32, nSections*sosWidth)
	for i := range sos {
		sos[i] = 1
	}
	zi := make([]float32, nSections*nSignals*ziWidth)
	for i := range zi {
		zi[i] = 1
	}
	x := make([]float32, nSignals*nSamples)
	for i := range nSignals {
		for j := range nSamples {
			x[i*nSamples+j] = float32(math.Sin(2 * 3.14 * float64(i+1+j)))
		}
	}
	shared := (nSections + len(zi) + len(sos)) * int(unsafe.Sizeof(float32(0)))
	launchShared(t, dev, x1(nSignals), x1(threads), shared,
		Sosfilt(nSignals, nSamples, nSections, ziWidth, sos, zi, x))
}

// TestRomberg launches romberg with romberg-cuda's work-group size (64)
// on four blocks; every block's result is a finite number, whichever
// partial sums thread 0 read.
func TestRomberg(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	const nwg, wgs = 4, 64
	result := make([]float64, nwg)
	launchShared(t, dev, x1(nwg), x1(wgs), rowSize*wgs*8, Romberg(0, 15, result))
	for i, r := range result {
		if math.IsNaN(r) || math.IsInf(r, 0) {
			t.Fatalf("result[%d] = %v", i, r)
		}
	}
}

// TestRadixSortBlocksKeys launches radixSortBlocksKeysK as split-cuda
// does (128 threads a block, 512 keys a block, from bit 0), for one bit,
// on keys for which every warp scan's input is zero but that of the last
// lane of the last warp: every key 15 but the last of each block, 14.
// Whatever slots of other lanes a lane reads before or after they are
// written, it reads zeros, so the scans come out as in lockstep and each
// block's keys sorted. (split-cuda sorts four bits; from the second pass
// on, a lane that reads the slots of lanes that have not yet run this
// pass finds the keys the pass before scattered there, and the ranks run
// out of range: the launch fails.)
func TestRadixSortBlocksKeys(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	const n, threads = 2048, 128
	keys := make([]uint32, n)
	for i := range keys {
		keys[i] = 15
		if i%(4*threads) == 4*threads-1 {
			keys[i] = 14
		}
	}
	out := make([]uint32, n)
	launch(t, dev, x1(n/4/threads), x1(threads), RadixSortBlocksKeysK(keys, out, 1, 0))
	for b := 0; b < n; b += 4 * threads {
		want := slices.Clone(keys[b : b+4*threads])
		slices.Sort(want)
		if err := gocudatest.Equal(out[b:b+4*threads], want); err != nil {
			t.Fatalf("block %d: %v", b/(4*threads), err)
		}
	}
}

// TestWarpMultiply launches warp_multiply_kernel as lanczos-cuda does
// (256 threads a block, the group size from the nonzeros a row) on a
// 64×64 matrix of eight nonzeros a row: groups of eight lanes.
func TestWarpMultiply(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	const rows, perRow = 64, 8
	rowPtr := make([]int32, rows+1)
	colInd := make([]int32, 0, rows*perRow)
	values := make([]float32, 0, rows*perRow)
	for r := range rows {
		for j := range perRow {
			colInd = append(colInd, int32((r+7*j)%rows))
			values = append(values, float32(j+1))
		}
		rowPtr[r+1] = int32(len(colInd))
	}
	x, y := make([]float32, rows), make([]float32, rows)
	for i := range x {
		x[i] = float32(i%5) - 2
	}
	rowNonzeros := len(values) / rows
	groupSize := 2
	for _, g := range []struct{ above, size int }{{16, 32}, {8, 16}, {4, 8}, {2, 4}} {
		if rowNonzeros > g.above {
			groupSize = g.size
			break
		}
	}
	groupsPerBlock := lanczosThreadsPerBlock / groupSize
	blocks := (rows + groupsPerBlock - 1) / groupsPerBlock
	launch(t, dev, x1(blocks), x1(lanczosThreadsPerBlock),
		WarpMultiplyKernel(groupSize, rows, 0, rowPtr, colInd, values, x, y))
}

// TestSurfelRenderTile launches surfel_render_tile<float, 256> as
// surfel-cuda does (16×16 blocks) on a 32×32 image and 300 surfels, two
// tiles; every depth is 0 or at most 100, whichever surfels a thread
// read.
func TestSurfelRenderTile(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	const n, w, h = 300, 32, 32
	rng := rand.New(rand.NewPCG(19937, 0))
	uniform := func(lo, hi float64) float32 { return float32(lo + (hi-lo)*rng.Float64()) }
	s := make([]float32, n*colDim)
	for i := range n {
		s[i*colDim+colPX] = uniform(-5, 5)
		s[i*colDim+colPY] = uniform(-5, 5)
		s[i*colDim+colPZ] = uniform(0.3, 5)
		nx, ny, nz := uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)
		norm := float32(math.Sqrt(float64(nx*nx + ny*ny + nz*nz)))
		s[i*colDim+colNX] = nx / norm
		s[i*colDim+colNY] = ny / norm
		s[i*colDim+colNZ] = nz / norm
		s[i*colDim+colRSq] = uniform(4e-4, 2.5e-3)
	}
	d := make([]float32, w*h)
	launch(t, dev, gocuda.Dim3{X: (w + 15) / 16, Y: (h + 15) / 16}, gocuda.Dim3{X: 16, Y: 16},
		SurfelRenderTile(256, s, n, float32(0.005), w, h, d))
	for i, v := range d {
		if v != 0 && !(v <= 100) {
			t.Fatalf("d[%d] = %v", i, v)
		}
	}
}
