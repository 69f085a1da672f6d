// Go fuses a*b + c into one rounding on arm64, ppc64le, s390x, riscv64 and
// loong64, and on amd64 from GOAMD64=v3; these golden vectors hold the
// GPU's unfused results, so the test runs where Go does not fuse.

//go:build (amd64 && !amd64.v3) || 386

package kernels_test

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// Golden vectors for float32 kernels whose results turn on the order and
// rounding of their operations: testdata/float_conformance.cu runs CUDA
// translations of MandelbrotKernel, StencilStepKernel, NBodySimpleKernel,
// one pass of each float32 reduction but the atomic one, the four matrix
// multiplies and the two box blurs on a GPU,
// built with nvcc --fmad=false, and writes testdata/float_golden.txt.
// TestFloatGolden runs every case on gocuda, compiled (in the SIMD build,
// the vector steps) and on the runtime path, and requires the GPU's bits.
// testdata/float_golden_fmad.txt is the same program under nvcc's default
// --fmad=true; gocuda must differ from it wherever it differs from the
// unfused file, which shows the cases see a single rounding.

// floatHash is the .cu's floatHash, Chris Wellons's lowbias32.
func floatHash(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// floatInput is the .cu's inputValue: input i of seed's case, in [-1, 1).
func floatInput(seed, i uint32) float32 {
	h := floatHash(floatHash(seed) + i)
	return float32(int32(h>>8)-1<<23) * 0x1p-23
}

// A floatGoldenCase is one line of a golden file: the kernel, the fields
// that give its launch, and the values the GPU wrote ('|' dropped).
type floatGoldenCase struct {
	line   int
	kernel string
	args   []string
	values []string
}

func (c floatGoldenCase) String() string {
	return fmt.Sprintf("line %d (%s %s)", c.line, c.kernel, strings.Join(c.args, " "))
}

// readFloatGolden reads the cases of the golden file at path.
func readFloatGolden(t *testing.T, path string) []floatGoldenCase {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var cases []floatGoldenCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		colon := slices.Index(fields, ":")
		require.Positive(t, colon, "%s:%d: no ':'", path, n)
		values := slices.DeleteFunc(fields[colon+1:], func(s string) bool { return s == "|" })
		cases = append(cases, floatGoldenCase{n, fields[0], fields[1:colon], values})
	}
	require.NoError(t, sc.Err())
	return cases
}

// goldenInts and goldenFloat read a case's decimal and float32-bits fields.
func goldenInts(t *testing.T, s []string) []int {
	v := make([]int, len(s))
	for i, f := range s {
		var err error
		v[i], err = strconv.Atoi(f)
		require.NoError(t, err)
	}
	return v
}

func goldenFloat(t *testing.T, s string) float32 {
	b, err := strconv.ParseUint(s, 16, 32)
	require.NoError(t, err)
	require.Len(t, s, 8)
	return math.Float32frombits(uint32(b))
}

// floatBits writes float32s as the .cu does.
func floatBits(s ...[]float32) []string {
	var out []string
	for _, v := range s {
		for _, f := range v {
			out = append(out, fmt.Sprintf("%08x", math.Float32bits(f)))
		}
	}
	return out
}

// runFloatGolden runs case c on d as the .cu does, with launch cfg's
// RuntimePath set to runtimePath, and returns its results in the golden
// file's form. variant picks the n-body kernel.
func runFloatGolden(t *testing.T, d *gocuda.Device, c floatGoldenCase, runtimePath bool, variant kernels.NBodyVariant) []string {
	switch c.kernel {
	case "mandelbrot":
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
	case "stencil":
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
	case "nbody":
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
	case "reduce":
		return runReduceGolden(t, d, c, runtimePath)
	case "matmul", "blur":
		return runGridGolden(t, d, c, runtimePath)
	}
	t.Fatalf("%v: unknown kernel", c)
	return nil
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

// firstDiff describes the first value where got differs from want, or
// returns "" if none does.
func firstDiff(want, got []string) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%d values, want %d", len(got), len(want))
	}
	for i := range want {
		if want[i] != got[i] {
			return fmt.Sprintf("value %d: gocuda %s, GPU %s", i, got[i], want[i])
		}
	}
	return ""
}

// TestFloatGolden requires gocuda's results, compiled and on the runtime
// path, to be the GPU's bits under --fmad=false, and to differ from its
// --fmad=true results wherever those differ.
func TestFloatGolden(t *testing.T) {
	d := newDevice(t)
	cases := readFloatGolden(t, "testdata/float_golden.txt")
	fused := readFloatGolden(t, "testdata/float_golden_fmad.txt")
	require.Len(t, fused, len(cases))
	kinds := map[string]int{}
	for i, c := range cases {
		require.Equal(t, c.args, fused[i].args, "%v: the two files' cases differ", c)
		kinds[c.kernel]++
		variants := []kernels.NBodyVariant{kernels.NBodySimple}
		if c.kernel == "nbody" {
			variants = append(variants, kernels.NBodyTiled)
		}
		for _, v := range variants {
			for _, runtimePath := range []bool{false, true} {
				got := runFloatGolden(t, d, c, runtimePath, v)
				what := fmt.Sprintf("%v, runtime path %v", c, runtimePath)
				if c.kernel == "nbody" {
					what += ", " + v.String()
				}
				assert.Empty(t, firstDiff(c.values, got), what)
				if !slices.Equal(c.values, fused[i].values) {
					assert.NotEqual(t, fused[i].values, got, "%s: matches the fused results", what)
				}
			}
		}
	}
	assert.Equal(t, map[string]int{"mandelbrot": 3, "stencil": 2, "nbody": 2, "reduce": 16, "matmul": 8, "blur": 4}, kinds)
}

// TestFloatGoldenDetects checks that the comparison sees one bit: a golden
// case with one value's last bit flipped is reported.
func TestFloatGoldenDetects(t *testing.T) {
	d := newDevice(t)
	cases := readFloatGolden(t, "testdata/float_golden.txt")
	i := slices.IndexFunc(cases, func(c floatGoldenCase) bool { return c.kernel == "nbody" })
	require.GreaterOrEqual(t, i, 0)
	c := cases[i]
	c.values = slices.Clone(c.values)
	b, err := strconv.ParseUint(c.values[7], 16, 32)
	require.NoError(t, err)
	c.values[7] = fmt.Sprintf("%08x", b^1)
	got := runFloatGolden(t, d, c, false, kernels.NBodySimple)
	assert.Equal(t, fmt.Sprintf("value 7: gocuda %08x, GPU %s", b, c.values[7]), firstDiff(c.values, got))
}

// matmulGoldenVariants and blurGoldenVariants are the golden file's
// variants, by their String names.
var (
	matmulGoldenVariants = map[string]kernels.MatMulVariant{}
	blurGoldenVariants   = map[string]kernels.BlurVariant{}
)

func init() {
	for _, v := range kernels.MatMulVariants() {
		matmulGoldenVariants[v.String()] = v
	}
	for _, v := range kernels.BlurVariants() {
		blurGoldenVariants[v.String()] = v
	}
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
		variant, ok := matmulGoldenVariants[c.args[0]]
		require.True(t, ok, "%v: unknown variant", c)
		m, k, n := v[0], v[1], v[2]
		out = make([]float32, m*n)
		cfg, kernel = kernels.MatMulConfig(variant, m, n), matmulGoldenKernel(variant, in[:m*k], in[m*k:], out, m, k, n)
	} else {
		variant, ok := blurGoldenVariants[c.args[0]]
		require.True(t, ok, "%v: unknown variant", c)
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
