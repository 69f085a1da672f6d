// Go fuses a*b + c into one rounding on arm64, ppc64le, s390x, riscv64 and
// loong64, and on amd64 from GOAMD64=v3; these golden vectors hold the
// GPU's unfused results, so the test runs where Go does not fuse.

//go:build (amd64 && !amd64.v3) || 386

package kernels_test

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// The runners of the golden file's lines (float_golden_test.go): each
// launches its line's kernel on inputs made as the .cu makes them.

// runFloatGolden runs case c on d as the .cu does, with launch cfg's
// RuntimePath set to runtimePath, and returns its results in the golden
// file's form. variant picks the n-body kernel.
func runFloatGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool, variant kernels.NBodyVariant) []string {
	switch c.kernel {
	case "mandelbrot":
		return runMandelbrotGolden(t, d, c, runtimePath)
	case "stencil":
		return runStencilGolden(t, d, c, runtimePath)
	case "nbody":
		return runNBodyGolden(t, d, c, runtimePath, variant)
	case "reduce":
		return runReduceGolden(t, d, c, runtimePath)
	case "matmul", "blur":
		return runGridGolden(t, d, c, runtimePath)
	case "spmv":
		return runSpMVGolden(t, d, c, runtimePath)
	}
	t.Fatalf("%v: unknown kernel", c)
	return nil
}

// runMandelbrotGolden runs a mandelbrot line and returns its escape counts.
func runMandelbrotGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool) []string {
	require.Len(t, c.args, 7)
	x0, y0, x1, y1 := goldenFloat(t, c.args[0]), goldenFloat(t, c.args[1]), goldenFloat(t, c.args[2]), goldenFloat(t, c.args[3])
	v := goldenInts(t, c.args[4:])
	w, h, maxIter := v[0], v[1], int32(v[2])
	out := make([]int32, w*h)
	for i := range out {
		out[i] = -1
	}
	cfg := kernels.MandelbrotConfig(w, h)
	cfg.RuntimePath = runtimePath
	require.NoError(t, d.Launch(cfg, kernels.MandelbrotKernel(x0, y0, x1, y1, w, h, maxIter, out)))
	s := make([]string, len(out))
	for i, n := range out {
		s[i] = strconv.Itoa(int(n))
	}
	return s
}

// runStencilGolden runs a stencil line's steps and returns both arrays.
func runStencilGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool) []string {
	require.Len(t, c.args, 4)
	v := goldenInts(t, c.args)
	n, t0, t1, seed := v[0], v[1], v[2], uint32(v[3])
	pts := n * n * n
	in := make([]float32, 4+3*pts)
	for i := range in {
		in[i] = floatInput(seed, uint32(i))
	}
	coef, vsq, even, odd := in[:4], in[4:4+pts], in[4+pts:4+2*pts], in[4+2*pts:]
	lo, hi := kernels.StencilRadius, n-kernels.StencilRadius
	cfg := kernels.StencilConfig(lo, hi, lo, hi, lo, hi)
	cfg.RuntimePath = runtimePath
	for step := t0; step < t1; step++ {
		from, to := even, odd
		if step&1 == 1 {
			from, to = odd, even
		}
		require.NoError(t, d.Launch(cfg, kernels.StencilStepKernel(lo, hi, lo, lo, n, n, coef, vsq, from, to)))
	}
	return floatBits(even, odd)
}

// runNBodyGolden runs an nbody line with variant's kernel and returns the
// accelerations.
func runNBodyGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool, variant kernels.NBodyVariant) []string {
	require.Len(t, c.args, 3)
	n, err := strconv.Atoi(c.args[0])
	require.NoError(t, err)
	eps2 := goldenFloat(t, c.args[1])
	seed, err := strconv.ParseUint(c.args[2], 10, 32)
	require.NoError(t, err)
	bodies := make([][4]float32, n)
	for i := range bodies {
		in := func(k int) float32 { return floatInput(uint32(seed), uint32(4*i+k)) }
		m := float32(in(3) * 0.5) // the conversion forbids fusing it into the add
		bodies[i] = [4]float32{in(0), in(1), in(2), m + 1}
	}
	acc := make([][3]float32, n)
	cfg := kernels.NBodyConfig(variant, n)
	cfg.RuntimePath = runtimePath
	kernel := map[kernels.NBodyVariant]func([][4]float32, [][3]float32, float32) func(*gocuda.Thread){
		kernels.NBodySimple: kernels.NBodySimpleKernel, kernels.NBodyTiled: kernels.NBodyTiledKernel,
	}[variant]
	require.NoError(t, d.Launch(cfg, kernel(bodies, acc, eps2)))
	flat := make([]float32, 0, 3*n)
	for _, a := range acc {
		flat = append(flat, a[:]...)
	}
	return floatBits(flat)
}

// reduceGoldenKernels are the reductions of the golden file, by the .cu's
// names (ReduceVariant's).
var reduceGoldenKernels = map[string]func(in, partial []float32) func(*gocuda.Thread){
	"interleaved": kernels.ReduceInterleavedKernel[float32], "stridedIndex": kernels.ReduceStridedIndexKernel[float32],
	"sequential": kernels.ReduceSequentialKernel[float32], "firstAdd": kernels.ReduceFirstAddKernel[float32],
	"unrolledWarp": kernels.ReduceUnrolledWarpKernel[float32], "warpShuffle": kernels.ReduceWarpShuffleKernel[float32],
	"gridStride": kernels.ReduceGridStrideKernel[float32], "coarsened": kernels.ReduceCoarsenedKernel[float32],
}

// runReduceGolden runs a reduce line's pass: its kernel over n inputs of
// its seed, on its grid of its blocks, and returns the blocks' sums.
func runReduceGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool) []string {
	require.Len(t, c.args, 5)
	kernel, ok := reduceGoldenKernels[c.args[0]]
	require.True(t, ok, "%v: unknown reduction", c)
	v := goldenInts(t, c.args[1:])
	n, grid, block, seed := v[0], v[1], v[2], uint32(v[3])
	in := make([]float32, n)
	for i := range in {
		in[i] = floatInput(seed, uint32(i))
	}
	partial := make([]float32, grid)
	for i := range partial {
		partial[i] = math.Float32frombits(0xffffffff)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}, RuntimePath: runtimePath}
	require.NoError(t, d.Launch(cfg, kernel(in, partial)))
	return floatBits(partial)
}

// variantNamed returns the variant of vs whose String is name.
func variantNamed[V fmt.Stringer](t *testing.T, vs []V, name string) V {
	i := slices.IndexFunc(vs, func(v V) bool { return v.String() == name })
	require.GreaterOrEqual(t, i, 0, "unknown variant %q", name)
	return vs[i]
}

// runGridGolden runs a matmul line (A, then B, from its seed's inputs)
// or a blur line (the image from its seed's inputs) as MatMulConfig and
// BlurConfig launch them, and returns C or the blurred image.
func runGridGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool) []string {
	require.Len(t, c.args, 5)
	v := goldenInts(t, c.args[1:])
	in := make([]float32, v[0]*v[1]+v[1]*v[2])
	if c.kernel == "blur" {
		in = make([]float32, v[0]*v[1])
	}
	for i := range in {
		in[i] = floatInput(uint32(v[3]), uint32(i))
	}
	var (
		cfg    gocuda.Config
		kernel func(*gocuda.Thread)
		out    []float32
	)
	if c.kernel == "matmul" {
		variant := variantNamed(t, kernels.MatMulVariants(), c.args[0])
		m, k, n := v[0], v[1], v[2]
		out = make([]float32, m*n)
		cfg, kernel = kernels.MatMulConfig(variant, m, n), matmulGoldenKernel(variant, in[:m*k], in[m*k:], out, m, k, n)
	} else {
		variant := variantNamed(t, kernels.BlurVariants(), c.args[0])
		w, h, r := v[0], v[1], v[2]
		out = make([]float32, w*h)
		cfg, kernel = kernels.BlurConfig(w, h), kernels.BlurKernel(in, out, w, h, r)
		if variant == kernels.BlurShared {
			kernel = kernels.BlurSharedKernel(in, out, w, h, r)
		}
	}
	for i := range out {
		out[i] = math.Float32frombits(0xffffffff)
	}
	cfg.RuntimePath = runtimePath
	require.NoError(t, d.Launch(cfg, kernel))
	return floatBits(out)
}

// matmulGoldenKernel returns variant v's kernel.
func matmulGoldenKernel(v kernels.MatMulVariant, a, b, c []float32, m, k, n int) func(*gocuda.Thread) {
	switch v {
	case kernels.MatMulTiled:
		return kernels.MatMulTiledKernel(a, b, c, m, k, n)
	case kernels.MatMulTiledUnrolled:
		return kernels.MatMulTiledUnrolledKernel(a, b, c, m, k, n)
	case kernels.MatMulRegisterTiled:
		return kernels.MatMulRegisterTiledKernel(a, b, c, m, k, n)
	}
	return kernels.MatMulNaiveKernel(a, b, c, m, k, n)
}

// runSpMVGolden runs a spmv line: the .cu's CSR matrix and x from its
// seed, launched as SpMVConfig does, and returns y.
func runSpMVGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool) []string {
	require.Len(t, c.args, 4)
	variant := variantNamed(t, kernels.SpMVVariants(), c.args[0])
	v := goldenInts(t, c.args[1:])
	rows, cols, seed := v[0], v[1], uint32(v[2])
	rowPtr := make([]int32, rows+1)
	for r := range rows {
		rowPtr[r+1] = rowPtr[r] + int32(lowbias32(lowbias32(seed^0x5bd1e995)+uint32(r))%40)
	}
	colIdx, vals := make([]int32, rowPtr[rows]), make([]float32, rowPtr[rows])
	for j := range colIdx {
		colIdx[j] = int32(lowbias32(lowbias32(seed^0x27d4eb2f)+uint32(j)) % uint32(cols))
		vals[j] = floatInput(seed, uint32(j))
	}
	x, y := make([]float32, cols), make([]float32, rows)
	for i := range x {
		x[i] = floatInput(seed+1, uint32(i))
	}
	for i := range y {
		y[i] = math.Float32frombits(0xffffffff)
	}
	kernel := map[kernels.SpMVVariant]func(rowPtr, cols []int32, vals, x, y []float32) func(*gocuda.Thread){
		kernels.SpMVScalar: kernels.SpMVScalarKernel, kernels.SpMVCached: kernels.SpMVCachedKernel, kernels.SpMVWarp: kernels.SpMVWarpKernel,
	}[variant]
	cfg := kernels.SpMVConfig(variant, rows)
	cfg.RuntimePath = runtimePath
	require.NoError(t, d.Launch(cfg, kernel(rowPtr, colIdx, vals, x, y)))
	return floatBits(y)
}
