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

	"github.com/gocuda/gocuda/kernels"
)

// Golden vectors for float32 kernels whose results turn on the order and
// rounding of their operations: testdata/float_conformance.cu runs CUDA
// translations of MandelbrotKernel, StencilStepKernel, NBodySimpleKernel,
// one pass of each float32 reduction but the atomic one, the four matrix
// multiplies, the two box blurs and the three sparse matrix-vector
// products on a GPU,
// built with nvcc --fmad=false, and writes testdata/float_golden.txt.
// TestFloatGolden runs every case on gocuda, compiled (in the SIMD build,
// the vector steps) and on the runtime path, and requires the GPU's bits.
// testdata/float_golden_fmad.txt is the same program under nvcc's default
// --fmad=true; gocuda must differ from it wherever it differs from the
// unfused file, which shows the cases see a single rounding.

// floatInput is the .cu's inputValue: input i of seed's case, in [-1, 1).
func floatInput(seed, i uint32) float32 {
	h := lowbias32(lowbias32(seed) + i)
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
			for _, runtimePath := range bothPaths(d) {
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
	assert.Equal(t, map[string]int{"mandelbrot": 3, "stencil": 2, "nbody": 2, "reduce": 16, "matmul": 8, "blur": 4, "spmv": 6}, kinds)
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
