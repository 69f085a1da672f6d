package rodinia_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// An impl is one implementation of a benchmark's computation: a
// sub-benchmark named impl=name.
type impl struct {
	name string
	// skip, if set, is why the implementation is not run at this size.
	skip string
	// op is one operation, its inputs reset first.
	op func() error
	// check compares the last operation's result with the reference.
	check func() error
}

// The implementations of every benchmark.
const (
	implCompiled     = "compiled"     // the default device: compiled kernels compiled, the others on the runtime path
	implRuntime      = "runtime"      // a device made gocuda.WithRuntimePath: every kernel on the runtime path
	implHandSerial   = "handSerial"   // hand-written Go, one goroutine
	implHandParallel = "handParallel" // hand-written Go, GOMAXPROCS goroutines
)

// runImpls runs each implementation as the sub-benchmark prefix/impl=name,
// checking its result after the timed loop.
func runImpls(b *testing.B, prefix string, impls []impl) {
	for _, im := range impls {
		b.Run(prefix+"/impl="+im.name, func(b *testing.B) {
			if im.skip != "" {
				b.Skip(im.skip)
			}
			for b.Loop() {
				if err := im.op(); err != nil {
					b.Fatal(err)
				}
			}
			if err := im.check(); err != nil {
				b.Fatalf("%s: %v", im.name, err)
			}
		})
	}
}

// benchDevices returns the devices of impl=compiled and impl=runtime, each
// with GOMAXPROCS workers, closed when b ends.
func benchDevices(b *testing.B) (compiled, runtime *gocuda.Device) {
	return gocudatest.NewDevice(b), gocudatest.NewDevice(b, gocuda.WithRuntimePath())
}

// size picks a benchmark's full or -short size.
func size[T any](full, short T) T {
	if testing.Short() {
		return short
	}
	return full
}

// BenchmarkHotspot: hotspot's calculate_temp on a 1024×1024 grid (64×64
// with -short), 10 time steps in pyramids of 2 (the pyramid of Rodinia's
// run script), 5 launches: on the runtime path the 60 steps of hotspot.cu's
// default would take over ten seconds. impl=compiled runs the form gocuda
// compile gave the kernel: while it refuses the break out of the loop with
// barriers, the runtime path, as impl=runtime does.
func BenchmarkHotspot(b *testing.B) {
	n, iterations, pyramid := size(1024, 64), size(10, 8), 2
	temp0, power := rodinia.HotspotInput(n, n, seed)
	want := [2][]float32{slices.Clone(temp0), make([]float32, n*n)}
	wantIdx := rodinia.HotspotSerial(power, want, n, n, iterations)
	compiled, runtime := benchDevices(b)
	buf := [2][]float32{make([]float32, n*n), make([]float32, n*n)}
	res := 0
	gpu := func(dev *gocuda.Device) func() error {
		return func() (err error) {
			copy(buf[0], temp0)
			res, err = rodinia.Hotspot(dev, power, buf, n, n, pyramid, iterations)
			return err
		}
	}
	host := func(f func([]float32, [2][]float32, int, int, int) int) func() error {
		return func() error {
			copy(buf[0], temp0)
			res = f(power, buf, n, n, iterations)
			return nil
		}
	}
	check := func() error { return gocudatest.Close(buf[res], want[wantIdx], hotspotTol) }
	runImpls(b, fmt.Sprintf("grid=%d/iterations=%d", n, iterations), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.HotspotSerial), check},
		{implHandParallel, "", host(rodinia.HotspotParallel), check},
	})
}

// BenchmarkPathfinder: pathfinder's dynproc_kernel on a wall of 100000
// columns and 100 rows (Rodinia's run script; 10000×20 with -short), in
// pyramids of 20 rows. impl=compiled runs the form gocuda compile gave the
// kernel: while it refuses the break out of the loop with barriers, the
// runtime path, as impl=runtime does.
func BenchmarkPathfinder(b *testing.B) {
	cols, rows, pyramid := size(100000, 10000), size(100, 20), 20
	wall := rodinia.PathfinderInput(rows, cols, seed)
	want := [2][]int32{make([]int32, cols), make([]int32, cols)}
	wantIdx := rodinia.PathfinderSerial(wall, rows, cols, want)
	compiled, runtime := benchDevices(b)
	buf := [2][]int32{make([]int32, cols), make([]int32, cols)}
	res := 0
	gpu := func(dev *gocuda.Device) func() error {
		return func() (err error) {
			res, err = rodinia.Pathfinder(dev, wall, rows, cols, pyramid, buf)
			return err
		}
	}
	host := func(f func([]int32, int, int, [2][]int32) int) func() error {
		return func() error { res = f(wall, rows, cols, buf); return nil }
	}
	check := func() error { return gocudatest.Equal(buf[res], want[wantIdx]) }
	runImpls(b, fmt.Sprintf("cols=%d/rows=%d", cols, rows), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.PathfinderSerial), check},
		{implHandParallel, "", host(rodinia.PathfinderParallel), check},
	})
}

// BenchmarkGaussian: gaussian's Fan1 and Fan2 eliminating Rodinia's
// create_matrix system of 1024 unknowns (64 with -short): 2046 launches.
// impl=runtime is left out at full size, where one operation takes about
// eight seconds.
func BenchmarkGaussian(b *testing.B) {
	n := size(1024, 64)
	a0, b0 := rodinia.GaussianInput(n)
	wa, wb, wm := slices.Clone(a0), slices.Clone(b0), make([]float32, n*n)
	rodinia.GaussianSerial(wa, wb, wm, n)
	compiled, runtime := benchDevices(b)
	a, rhs, m := make([]float32, n*n), make([]float32, n), make([]float32, n*n)
	reset := func() { copy(a, a0); copy(rhs, b0); clear(m) }
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { reset(); return rodinia.Gaussian(dev, a, rhs, m, n) }
	}
	host := func(f func(a, b, m []float32, size int)) func() error {
		return func() error { reset(); f(a, rhs, m, n); return nil }
	}
	check := func() error {
		if err := gocudatest.Close(a, wa, gaussianTol); err != nil {
			return err
		}
		return gocudatest.Close(rhs, wb, gaussianTol)
	}
	runImpls(b, fmt.Sprintf("n=%d", n), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, slowRuntime("eight"), gpu(runtime), check},
		{implHandSerial, "", host(rodinia.GaussianSerial), check},
		{implHandParallel, "", host(rodinia.GaussianParallel), check},
	})
}

// BenchmarkBFS: bfs's Kernel and Kernel2 from node 0 of a graphgen graph of
// 2^20 nodes and about 6 edges each (Rodinia's graph1MW_6; 2^14 nodes with
// -short), launched until the frontier is empty.
func BenchmarkBFS(b *testing.B) {
	if raceEnabled {
		b.Skip("Rodinia's BFS kernels write shared flags without atomics, benignly; the race detector reports them")
	}
	n := size(1<<20, 1<<14)
	g := rodinia.BFSInput(n, seed)
	want := make([]int32, n)
	rodinia.BFSSerial(g, 0, want)
	compiled, runtime := benchDevices(b)
	cost := make([]int32, n)
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { _, err := rodinia.BFS(dev, g, 0, cost); return err }
	}
	host := func(f func(rodinia.Graph, int, []int32)) func() error {
		return func() error { f(g, 0, cost); return nil }
	}
	check := func() error { return gocudatest.Equal(cost, want) }
	runImpls(b, fmt.Sprintf("nodes=%d", n), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.BFSSerial), check},
		{implHandParallel, "", host(rodinia.BFSParallel), check},
	})
}

// BenchmarkNW: needle's needle_cuda_shared_1 and _2 aligning two sequences
// of 2048 (Rodinia's run script, penalty 10; 256 with -short): 255
// launches.
func BenchmarkNW(b *testing.B) {
	n := size(2048, 256)
	ref, m0 := rodinia.NWInput(n, nwPenalty, seed)
	want := slices.Clone(m0)
	rodinia.NWSerial(ref, want, n, nwPenalty)
	compiled, runtime := benchDevices(b)
	m := make([]int32, len(m0))
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { copy(m, m0); return rodinia.NW(dev, ref, m, n, nwPenalty) }
	}
	host := func(f func(reference, matrix []int32, n int, penalty int32)) func() error {
		return func() error { copy(m, m0); f(ref, m, n, nwPenalty); return nil }
	}
	check := func() error { return gocudatest.Equal(m, want) }
	runImpls(b, fmt.Sprintf("n=%d", n), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.NWSerial), check},
		{implHandParallel, "", host(rodinia.NWParallel), check},
	})
}

// BenchmarkBackprop: backprop's bpnn_layerforward_CUDA and its host code
// for 65536 inputs and 16 hidden units (4096 with -short).
func BenchmarkBackprop(b *testing.B) {
	in := size(65536, 4096)
	net, err := rodinia.NewBPNN(in, seed)
	if err != nil {
		b.Fatal(err)
	}
	rodinia.BPNNLayerForwardSerial(net)
	want := slices.Clone(net.HiddenUnits)
	compiled, runtime := benchDevices(b)
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { return rodinia.BPNNLayerForward(dev, net) }
	}
	host := func(f func(*rodinia.BPNN)) func() error {
		return func() error { f(net); return nil }
	}
	check := func() error { return gocudatest.Close(net.HiddenUnits, want, backpropTol) }
	runImpls(b, fmt.Sprintf("in=%d", in), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.BPNNLayerForwardSerial), check},
		{implHandParallel, "", host(rodinia.BPNNLayerForwardParallel), check},
	})
}

// BenchmarkSRAD: srad_v2's srad_cuda_1 and srad_cuda_2 on Rodinia's run
// script (a 2048×2048 image, region of interest 128×128, lambda 0.5, 2
// iterations: 4 launches; 256×256 with -short). impl=runtime is left out at
// full size, where one operation takes about seven seconds.
func BenchmarkSRAD(b *testing.B) {
	p := rodinia.SRADRunScript
	p.Rows, p.Cols = size(p.Rows, 256), size(p.Cols, 256)
	j0 := rodinia.SRADInput(p.Rows, p.Cols, seed)
	want := slices.Clone(j0)
	rodinia.SRADSerial(want, p)
	compiled, runtime := benchDevices(b)
	j := make([]float32, len(j0))
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { copy(j, j0); return rodinia.SRAD(dev, j, p) }
	}
	host := func(f func([]float32, rodinia.SRADParams)) func() error {
		return func() error { copy(j, j0); f(j, p); return nil }
	}
	check := func() error { return gocudatest.Close(j, want, sradTol) }
	runImpls(b, fmt.Sprintf("image=%dx%d/iterations=%d", p.Rows, p.Cols, p.Iterations), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, slowRuntime("seven"), gpu(runtime), check},
		{implHandSerial, "", host(rodinia.SRADSerial), check},
		{implHandParallel, "", host(rodinia.SRADParallel), check},
	})
}

// BenchmarkLUD: lud's lud_diagonal, lud_perimeter and lud_internal
// decomposing lud.cu's create_matrix matrix of 1024 (190 launches; Rodinia's
// run script decomposes 256, the size of -short). impl=runtime is left out
// at full size, where one operation takes about five seconds.
func BenchmarkLUD(b *testing.B) {
	n := size(1024, 256)
	a0 := rodinia.LUDInput(n)
	want := slices.Clone(a0)
	rodinia.LUDSerial(want, n)
	compiled, runtime := benchDevices(b)
	m := make([]float32, len(a0))
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { copy(m, a0); return rodinia.LUD(dev, m, n) }
	}
	host := func(f func([]float32, int)) func() error {
		return func() error { copy(m, a0); f(m, n); return nil }
	}
	check := func() error { return gocudatest.Close(m, want, ludTol) }
	runImpls(b, fmt.Sprintf("n=%d", n), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, slowRuntime("five"), gpu(runtime), check},
		{implHandSerial, "", host(rodinia.LUDSerial), check},
		{implHandParallel, "", host(rodinia.LUDParallel), check},
	})
}

// BenchmarkLavaMD: lavaMD's kernel_gpu_cuda on 6³ boxes of 100 particles
// (3³ with -short): one launch of 216 blocks. Rodinia's run script's 10³
// boxes would take seconds per operation on one core.
func BenchmarkLavaMD(b *testing.B) {
	boxes1d := size(6, 3)
	s, err := rodinia.NewLavaMDSystem(boxes1d, seed)
	if err != nil {
		b.Fatal(err)
	}
	want := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
	rodinia.LavaMDSerial(s, want)
	compiled, runtime := benchDevices(b)
	fv := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { return rodinia.LavaMD(dev, s, fv) }
	}
	host := func(f func(*rodinia.LavaMDSystem, []rodinia.LavaMDVector)) func() error {
		return func() error { f(s, fv); return nil }
	}
	check := func() error { return gocudatest.Close(lavaMDFlat(fv), lavaMDFlat(want), lavaMDTol) }
	runImpls(b, fmt.Sprintf("boxes1d=%d", boxes1d), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.LavaMDSerial), check},
		{implHandParallel, "", host(rodinia.LavaMDParallel), check},
	})
}

// BenchmarkKMeans: kmeans's invert_mapping and kmeansPoint with
// kmeans_cuda.cu's host loop, 5 clusters of 65536 points of 34 features
// (kdd_cup's width; 4096 points with -short) scattered around 5 blobs, at
// most 10 iterations: Rodinia's kdd_cup has 494020 points and is not
// shipped, and its loop's length depends on the data.
func BenchmarkKMeans(b *testing.B) {
	p := rodinia.KMeansRunScript
	p.Points, p.MaxIterations = size(65536, 4096), 10
	features := rodinia.KMeansInput(p.Points, p.Features, p.Clusters, seed)
	wantC, wantM := make([]float32, p.Clusters*p.Features), make([]int32, p.Points)
	rodinia.KMeansSerial(features, p, wantC, wantM)
	compiled, runtime := benchDevices(b)
	clusters, membership := make([]float32, len(wantC)), make([]int32, p.Points)
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { _, err := rodinia.KMeans(dev, features, p, clusters, membership); return err }
	}
	host := func(f func([]float32, rodinia.KMeansParams, []float32, []int32) int) func() error {
		return func() error { f(features, p, clusters, membership); return nil }
	}
	check := func() error {
		if err := gocudatest.Equal(membership, wantM); err != nil {
			return err
		}
		return gocudatest.Equal(clusters, wantC)
	}
	runImpls(b, fmt.Sprintf("points=%d/features=%d/clusters=%d", p.Points, p.Features, p.Clusters), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.KMeansSerial), check},
		{implHandParallel, "", host(rodinia.KMeansParallel), check},
	})
}

// BenchmarkCFD: cfd's euler3d.cu, float version, 10 iterations (71
// launches; 3 with -short) on NewCFDMesh's mesh of 16³ cubes (24576
// tetrahedra; 6³ with -short): Rodinia's run script runs 2000 iterations on
// fvcorr.domn.097K's 97046 elements, which the package does not ship.
func BenchmarkCFD(b *testing.B) {
	cubes, iterations := size(16, 6), size(10, 3)
	m, err := rodinia.NewCFDMesh(cubes, seed)
	if err != nil {
		b.Fatal(err)
	}
	want := make([]float32, m.Nelr*rodinia.CFDNVar)
	rodinia.CFDSerial(m, iterations, want)
	compiled, runtime := benchDevices(b)
	v := make([]float32, len(want))
	gpu := func(dev *gocuda.Device) func() error {
		return func() error { return rodinia.CFD(dev, m, iterations, v) }
	}
	host := func(f func(*rodinia.CFDMesh, int, []float32)) func() error {
		return func() error { f(m, iterations, v); return nil }
	}
	check := func() error { return gocudatest.Close(v, want, cfdTol) }
	runImpls(b, fmt.Sprintf("elements=%d/iterations=%d", m.Nel, iterations), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.CFDSerial), check},
		{implHandParallel, "", host(rodinia.CFDParallel), check},
	})
}

// BenchmarkStreamcluster: streamcluster's kernel_compute_cost in pkmedian's
// speedy and first local search (kmin 10, kmax 20, Rodinia's run script's)
// on 16384 points of 64 dimensions (2048 of 16 with -short): the run
// script's 65536 points of 256 would take seconds per operation on one
// core.
func BenchmarkStreamcluster(b *testing.B) {
	num, dim, kmin, kmax := size(16384, 2048), size(64, 16), 10, 20
	s := rodinia.StreamclusterInput(num, dim, seed)
	p0 := slices.Clone(s.P)
	want := rodinia.StreamclusterInput(num, dim, seed)
	wantCost, wantK := rodinia.StreamclusterSerial(want, kmin, kmax, seed)
	compiled, runtime := benchDevices(b)
	var cost float32
	var k int
	gpu := func(dev *gocuda.Device) func() error {
		return func() (err error) {
			copy(s.P, p0)
			cost, k, err = rodinia.Streamcluster(dev, s, kmin, kmax, seed)
			return err
		}
	}
	host := func(f func(*rodinia.StreamclusterPoints, int, int, uint64) (float32, int)) func() error {
		return func() error { copy(s.P, p0); cost, k = f(s, kmin, kmax, seed); return nil }
	}
	check := func() error {
		if cost != wantCost || k != wantK {
			return fmt.Errorf("cost %v with %d centres, want %v with %d", cost, k, wantCost, wantK)
		}
		return gocudatest.Equal(s.P, want.P)
	}
	runImpls(b, fmt.Sprintf("points=%d/dim=%d", num, dim), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.StreamclusterSerial), check},
		{implHandParallel, "", host(rodinia.StreamclusterParallel), check},
	})
}

// BenchmarkParticleFilter: particlefilter's naive kernel (findIndex) and
// particleFilter's host loop on Rodinia's run script (a 128×128 video of
// 10 frames, 1000 particles: 9 launches; 64×64×5 and 200 particles with
// -short).
func BenchmarkParticleFilter(b *testing.B) {
	p := rodinia.ParticleFilterRunScript
	if testing.Short() {
		p = rodinia.ParticleFilterParams{IszX: 64, IszY: 64, Nfr: 5, Nparticles: 200}
	}
	video, seeds0 := rodinia.ParticleFilterInput(p, seed)
	wantX, wantY, wantSeeds := make([]float64, p.Nparticles), make([]float64, p.Nparticles), slices.Clone(seeds0)
	rodinia.ParticleFilterSerial(video, wantSeeds, p, wantX, wantY)
	compiled, runtime := benchDevices(b)
	seeds, x, y := make([]int32, p.Nparticles), make([]float64, p.Nparticles), make([]float64, p.Nparticles)
	gpu := func(dev *gocuda.Device) func() error {
		return func() error {
			copy(seeds, seeds0)
			_, _, err := rodinia.ParticleFilter(dev, video, seeds, p, x, y)
			return err
		}
	}
	host := func(f func(video, seeds []int32, p rodinia.ParticleFilterParams, x, y []float64) (float64, float64)) func() error {
		return func() error { copy(seeds, seeds0); f(video, seeds, p, x, y); return nil }
	}
	check := func() error {
		if err := gocudatest.Equal(x, wantX); err != nil {
			return err
		}
		return gocudatest.Equal(y, wantY)
	}
	runImpls(b, fmt.Sprintf("video=%dx%dx%d/particles=%d", p.IszX, p.IszY, p.Nfr, p.Nparticles), []impl{
		{implCompiled, "", gpu(compiled), check},
		{implRuntime, "", gpu(runtime), check},
		{implHandSerial, "", host(rodinia.ParticleFilterSerial), check},
		{implHandParallel, "", host(rodinia.ParticleFilterParallel), check},
	})
}

// slowRuntime is the reason impl=runtime is skipped at full size, where one
// operation takes about the given number of seconds, or "" with -short.
func slowRuntime(seconds string) string {
	if testing.Short() {
		return ""
	}
	return "one operation takes about " + seconds + " seconds on the runtime path at this size; -short runs it at the small one"
}
