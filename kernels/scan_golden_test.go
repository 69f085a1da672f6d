package kernels_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// Golden vectors for the float32 block scans: testdata/scan_conformance.cu
// runs CUDA translations of HillisSteeleScanKernel, BlellochScanKernel and
// WarpShuffleScanKernel on a GPU and prints "kernel inclusive n block seed
// : out0 ... out(n-1) | sum0 ... sum(blocks-1)", the outputs and block sums
// as float32 bits in hex. TestScanGolden runs every case of
// testdata/scan_golden.txt, or of the file GOCUDA_SCAN_GOLDEN names, on
// gocuda, compiled and on the runtime path, with the same inputs, and
// requires the same bits: the ports add in exactly CUDA's order.

// scanGoldenPath is where the golden file lives once a GPU has written it.
const scanGoldenPath = "testdata/scan_golden.txt"

// A scanGoldenKernel is a block-scan kernel of the golden file and the
// number of elements each of its threads covers.
type scanGoldenKernel struct {
	kernel    func(in, out, sums []float32, inclusive bool) func(*gocuda.Thread)
	perThread int
	pow2      bool // the block must be a power of two
}

// scanGoldenKernels are the kernels of the golden file, by the .cu's names.
var scanGoldenKernels = map[string]scanGoldenKernel{
	"hillisSteele": {kernels.HillisSteeleScanKernel[float32], 1, false},
	"blelloch":     {kernels.BlellochScanKernel[float32], 2, true},
	"warpShuffle":  {kernels.WarpShuffleScanKernel[float32], 1, false},
}

// A scanGoldenCase is one line of a golden file: the launch and the bits
// the GPU wrote.
type scanGoldenCase struct {
	kernel      string // the .cu's name, a key of scanGoldenKernels
	inclusive   bool
	n, block    int
	seed        uint32
	out, sums   []uint32
	perBlock    int // elements a block covers
	blocks      int // blocks in the grid
	launch      scanGoldenKernel
	description string // the line's fields before ':'
}

// lowbias32 is Chris Wellons's integer hash: scan_conformance.cu's
// scanHash and float_conformance.cu's floatHash.
func lowbias32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// scanGoldenInputBits is the .cu's inputBits: the float32 bits of input i
// of the case with seed seed.
func scanGoldenInputBits(seed, i uint32) uint32 {
	h := lowbias32(lowbias32(seed) + i)
	if h>>28 == 0 {
		return 0x80000000 // -0
	}
	return h&0x80000000 | (107+(h>>23)&31)<<23 | h&0x7fffff
}

// scanGoldenInput returns the n inputs of the case with seed seed.
func scanGoldenInput(seed uint32, n int) []float32 {
	in := make([]float32, n)
	for i := range in {
		in[i] = math.Float32frombits(scanGoldenInputBits(seed, uint32(i)))
	}
	return in
}

// parseScanGoldenCase reads a golden line.
func parseScanGoldenCase(text string) (*scanGoldenCase, error) {
	f := strings.Fields(text)
	if len(f) < 6 || f[5] != ":" {
		return nil, errors.New(`want "kernel inclusive n block seed : outs | sums"`)
	}
	k, ok := scanGoldenKernels[f[0]]
	if !ok {
		return nil, fmt.Errorf("unknown kernel %q", f[0])
	}
	var v [4]uint64 // inclusive, n, block, seed
	for i, s := range f[1:5] {
		var err error
		if v[i], err = strconv.ParseUint(s, 10, 32); err != nil {
			return nil, err
		}
	}
	c := &scanGoldenCase{kernel: f[0], inclusive: v[0] == 1, n: int(v[1]), block: int(v[2]),
		seed: uint32(v[3]), launch: k, description: strings.Join(f[:5], " ")}
	switch {
	case v[0] > 1:
		return nil, fmt.Errorf("inclusive %d: want 0 or 1", v[0])
	case c.n < 1:
		return nil, errors.New("n 0: want at least one element")
	case c.block < 1 || c.block > gocuda.MaxBlockDimX:
		return nil, fmt.Errorf("block %d: want 1 to %d", c.block, gocuda.MaxBlockDimX)
	case k.pow2 && bits.OnesCount(uint(c.block)) != 1:
		return nil, fmt.Errorf("block %d: %s wants a power of two", c.block, c.kernel)
	}
	c.perBlock = k.perThread * c.block
	c.blocks = (c.n + c.perBlock - 1) / c.perBlock
	rest := f[6:]
	bar := slices.Index(rest, "|")
	if bar < 0 {
		return nil, errors.New(`no "|" between the outputs and the sums`)
	}
	if bar != c.n || len(rest)-bar-1 != c.blocks {
		return nil, fmt.Errorf("%d outputs and %d sums, want %d and %d", bar, len(rest)-bar-1, c.n, c.blocks)
	}
	var err error
	if c.out, err = parseScanGoldenBits(rest[:bar]); err != nil {
		return nil, fmt.Errorf("outputs: %w", err)
	}
	if c.sums, err = parseScanGoldenBits(rest[bar+1:]); err != nil {
		return nil, fmt.Errorf("sums: %w", err)
	}
	return c, nil
}

// parseScanGoldenBits reads float32 bits written as 8 lowercase hex digits.
func parseScanGoldenBits(f []string) ([]uint32, error) {
	v := make([]uint32, len(f))
	for i, s := range f {
		b, err := strconv.ParseUint(s, 16, 32)
		if err != nil || len(s) != 8 || strings.ToLower(s) != s {
			return nil, fmt.Errorf("element %d: %q: want 8 lowercase hex digits", i, s)
		}
		v[i] = uint32(b)
	}
	return v, nil
}

// run launches c's kernel on d as the .cu does, one block per perBlock
// elements with a block sum each, compiled or on the runtime path, and
// returns the output and sums as bits. Both start as ffffffff, as in the
// .cu, so an element the kernel never writes shows.
func (c *scanGoldenCase) run(d *gocuda.Device, runtimePath bool) (out, sums []uint32, err error) {
	fOut, fSums := make([]float32, c.n), make([]float32, c.blocks)
	for _, s := range [][]float32{fOut, fSums} {
		for i := range s {
			s[i] = math.Float32frombits(0xffffffff)
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: c.blocks}, Block: gocuda.Dim3{X: c.block}, RuntimePath: runtimePath}
	if err := d.Launch(cfg, c.launch.kernel(scanGoldenInput(c.seed, c.n), fOut, fSums, c.inclusive)); err != nil {
		return nil, nil, err
	}
	bitsOf := func(s []float32) []uint32 {
		b := make([]uint32, len(s))
		for i, v := range s {
			b[i] = math.Float32bits(v)
		}
		return b
	}
	return bitsOf(fOut), bitsOf(fSums), nil
}

// scanGoldenDiff describes the first element where got differs from want,
// or returns "" if none does.
func scanGoldenDiff(what string, want, got []uint32) string {
	for i := range want {
		if got[i] != want[i] {
			return fmt.Sprintf("%s[%d]: golden %08x (%g), gocuda %08x (%g)", what, i,
				want[i], math.Float32frombits(want[i]), got[i], math.Float32frombits(got[i]))
		}
	}
	return ""
}

// checkScanGolden runs the cases of golden file r on d, compiled and on the
// runtime path, and returns the number of cases run and a message for each
// line that is malformed or that gocuda disagrees with.
func checkScanGolden(d *gocuda.Device, r io.Reader) (checked int, problems []string, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24) // a line holds up to tens of thousands of values
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c, err := parseScanGoldenCase(text)
		if err != nil {
			problems = append(problems, fmt.Sprintf("line %d %.60q: malformed: %v", n, text, err))
			continue
		}
		checked++
		for _, runtimePath := range bothPaths(d) {
			path := map[bool]string{false: "compiled", true: "runtime path"}[runtimePath]
			out, sums, err := c.run(d, runtimePath)
			if err != nil {
				problems = append(problems, fmt.Sprintf("line %d (%s), %s: gocuda fails: %v", n, c.description, path, err))
				continue
			}
			for _, diff := range []string{scanGoldenDiff("out", c.out, out), scanGoldenDiff("sums", c.sums, sums)} {
				if diff != "" {
					problems = append(problems, fmt.Sprintf("line %d (%s), %s: %s", n, c.description, path, diff))
				}
			}
		}
	}
	return checked, problems, sc.Err()
}

// checkScanGoldenFile checks golden file f, named path, on a fresh device,
// reports each problem (the first 50) and returns the number of cases run.
func checkScanGoldenFile(t *testing.T, f io.Reader, path string) int {
	checked, problems, err := checkScanGolden(newDevice(t), f)
	require.NoError(t, err)
	t.Logf("%s: %d cases checked, %d problems", path, checked, len(problems))
	for i, p := range problems {
		if i == 50 {
			t.Fatalf("... and %d more", len(problems)-i)
		}
		t.Error(p)
	}
	return checked
}

// TestScanGolden checks gocuda against the golden file: skipped while
// testdata/scan_golden.txt has not been made yet (unless GOCUDA_SCAN_GOLDEN
// names a file), failed if the file holds no case.
func TestScanGolden(t *testing.T) {
	path := os.Getenv("GOCUDA_SCAN_GOLDEN")
	named := path != ""
	if !named {
		path = scanGoldenPath
	}
	f, err := os.Open(path)
	if !named && errors.Is(err, fs.ErrNotExist) {
		t.Skip("no " + path + " yet: on a machine with an NVIDIA GPU and the CUDA toolkit, run " +
			"`cd kernels/testdata && nvcc -O2 -arch=native -o scan_conformance scan_conformance.cu && " +
			"./scan_conformance > scan_golden.txt` and commit scan_golden.txt")
	}
	require.NoError(t, err)
	defer f.Close()
	assert.Positive(t, checkScanGoldenFile(t, f, path), "no cases in %s", path)
}

// scanGoldenLine formats a golden line from float32 outputs and sums.
func scanGoldenLine(head string, out, sums []float32) string {
	var b strings.Builder
	b.WriteString(head + " :")
	for i, s := range [][]float32{out, sums} {
		if i == 1 {
			b.WriteString(" |")
		}
		for _, v := range s {
			fmt.Fprintf(&b, " %08x", math.Float32bits(v))
		}
	}
	return b.String()
}

// TestScanGoldenReader runs the reader and the comparison over lines whose
// results need no GPU (scans of one or two elements, one addition at
// most): a wrong bit and malformed lines are reported with their line
// numbers; comments and blank lines are skipped.
func TestScanGoldenReader(t *testing.T) {
	a := scanGoldenInput(5, 2)
	b := scanGoldenInput(6, 1)[0] // -0: the tail's +0 padding makes a block sum +0
	require.Equal(t, uint32(0x80000000), math.Float32bits(b))
	flip := math.Float32frombits(math.Float32bits(a[0]+a[1]) ^ 1)
	lines := []string{
		"# comment", "",
		scanGoldenLine("blelloch 1 2 1 5", []float32{a[0], a[0] + a[1]}, []float32{a[0] + a[1]}), // right
		scanGoldenLine("blelloch 0 2 1 5", []float32{0, a[0]}, []float32{a[0] + a[1]}),           // right
		scanGoldenLine("hillisSteele 1 1 4 6", []float32{b}, []float32{0}),                       // right
		scanGoldenLine("warpShuffle 0 1 32 6", []float32{0}, []float32{0}),                       // right
		scanGoldenLine("blelloch 1 2 1 5", []float32{a[0], flip}, []float32{a[0] + a[1]}),        // a bit off
		scanGoldenLine("blelloch 1 2 1 5", []float32{a[0], a[0] + a[1]}, []float32{flip}),        // a sum's bit off
		scanGoldenLine("nosuch 1 1 1 6", []float32{b}, []float32{b}),
		scanGoldenLine("blelloch 1 2 3 5", []float32{a[0], a[0] + a[1]}, []float32{a[0] + a[1]}), // not a power of two
		scanGoldenLine("hillisSteele 1 2 1 6", []float32{b}, []float32{b}),                       // an output short
		scanGoldenLine("hillisSteele 1 1 1 6", []float32{b}, nil),                                // no sum
		scanGoldenLine("hillisSteele 2 1 1 6", []float32{b}, []float32{b}),                       // inclusive 2
		scanGoldenLine("hillisSteele 1 0 1 6", nil, nil),                                         // n 0
		"hillisSteele 1 1 1 6 : 0x3f800000 | 3f800000",
		"hillisSteele 1 1 1 6 : 3F800000 | 3f800000",
		"hillisSteele 1 1 1 6 3f800000 | 3f800000", // no ':'
		"hillisSteele 1 1 1 6 : 3f800000 3f800000", // no '|'
	}
	d := newDevice(t)
	checked, problems, err := checkScanGolden(d, strings.NewReader(strings.Join(lines, "\n")))
	require.NoError(t, err)
	assert.Equal(t, 6, checked)
	var flagged []int
	for _, p := range problems {
		var n int
		_, err := fmt.Sscanf(p, "line %d", &n)
		require.NoError(t, err)
		flagged = append(flagged, n)
	}
	// Lines 7 and 8 are wrong on each path.
	paths := len(bothPaths(d))
	want := append(slices.Repeat([]int{7}, paths), slices.Repeat([]int{8}, paths)...)
	assert.Equal(t, append(want, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18), flagged, "%q", problems)
	assert.Contains(t, problems[0], "out[1]: golden")
	assert.Contains(t, problems[paths], "sums[0]: golden")
}

// The kernels scan_conformance.cu prints are exactly those the reader
// knows, and its input generator has the constants of the Go one.
func TestScanConformanceProgram(t *testing.T) {
	src, err := os.ReadFile("testdata/scan_conformance.cu")
	require.NoError(t, err)
	m := regexp.MustCompile(`kernelName\[NUM_KERNELS\] = \{([^}]*)\}`).FindSubmatch(src)
	require.NotNil(t, m, "the .cu's table of kernel names")
	var names []string
	for _, q := range regexp.MustCompile(`"(\w+)"`).FindAllSubmatch(m[1], -1) {
		names = append(names, string(q[1]))
	}
	known := make([]string, 0, len(scanGoldenKernels))
	for name := range scanGoldenKernels {
		known = append(known, name)
	}
	slices.Sort(names)
	slices.Sort(known)
	assert.Equal(t, known, names)
	for _, s := range []string{"0x7feb352du", "0x846ca68bu", "h >> 28 == 0", "107u + ((h >> 23) & 31u)"} {
		assert.Contains(t, string(src), s, "the .cu's generator")
	}
}
