package cg_test

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// Golden vectors: testdata/conformance.cu runs cg::reduce, inclusive_scan
// and exclusive_scan over tiles, coalesced groups of divergent branches,
// and binary and labeled partitions on a GPU, one block of 64 threads a
// case, and prints "op group param seed : r0 ... r63" (each lane's result
// as hex bits, "-" outside the group); testdata/golden.txt is an NVIDIA
// H200's output (CUDA 13.0). TestGolden runs every case with this package
// on the same values and compares every lane bit for bit: Reduce and the
// scans apply op in the order CUDA's headers do.

// goldenMix is conformance.cu's mix, a 32-bit integer hash.
func goldenMix(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// goldenF is conformance.cu's valueF: a float32 of magnitude 2^-20 to
// 2^19, either sign.
func goldenF(seed, thread uint32) float32 {
	h := goldenMix(seed*977 + thread*131 + 7)
	m := 1 + float32(h&0xffff)/65536
	v := float32(math.Ldexp(float64(m), int((h>>16)%40)-20))
	if h>>31 != 0 {
		return -v
	}
	return v
}

// goldenI is conformance.cu's valueI.
func goldenI(seed, thread uint32) int32 { return int32(goldenMix(seed*131 + thread*977 + 3)) }

// goldenApply runs op over group g for the calling thread and returns the
// result's bits.
func goldenApply[G cg.ReduceGroup](g G, op string, seed uint32, thread int) uint32 {
	f, i := goldenF(seed, uint32(thread)), goldenI(seed, uint32(thread))
	switch op {
	case "reduce_plus_f":
		return math.Float32bits(cg.Reduce(g, f, cg.Plus[float32]))
	case "reduce_plus_i":
		return uint32(cg.Reduce(g, i, cg.Plus[int32]))
	case "reduce_less_i":
		return uint32(cg.Reduce(g, i, cg.Less[int32]))
	case "reduce_greater_f":
		return math.Float32bits(cg.Reduce(g, f, cg.Greater[float32]))
	case "iscan_plus_f":
		return math.Float32bits(cg.InclusiveScan(g, f, cg.Plus[float32]))
	case "escan_plus_f":
		return math.Float32bits(cg.ExclusiveScan(g, f, cg.Plus[float32]))
	case "iscan_plus_i":
		return uint32(cg.InclusiveScan(g, i, cg.Plus[int32]))
	}
	panic("unknown op " + op)
}

// goldenCase is one line of the golden file.
type goldenCase struct {
	op, group string
	param     int
	seed      uint32
	want      []string // per lane: 8 hex digits, or "-"
}

func parseGoldenCase(line string) (goldenCase, error) {
	head, lanes, ok := strings.Cut(line, " : ")
	f := strings.Fields(head)
	if !ok || len(f) != 4 {
		return goldenCase{}, fmt.Errorf("malformed")
	}
	param, err1 := strconv.Atoi(f[2])
	seed, err2 := strconv.ParseUint(f[3], 10, 32)
	want := strings.Fields(lanes)
	if err1 != nil || err2 != nil || len(want) != 64 {
		return goldenCase{}, fmt.Errorf("malformed numbers or %d lanes", len(want))
	}
	return goldenCase{f[0], f[1], param, uint32(seed), want}, nil
}

// run runs c on d, one block of 64 threads, and returns each lane's
// result as the golden file writes it.
func (c goldenCase) run(d *gocuda.Device) ([]string, error) {
	got := make([]string, 64)
	for i := range got {
		got[i] = "-"
	}
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 64}}, func(th *gocuda.Thread) {
		x, lane := th.ThreadIdx.X, th.LaneID()
		var r uint32
		switch c.group {
		case "tile":
			r = goldenApply(cg.TiledPartition(cg.ThisThreadBlock(th), c.param), c.op, c.seed, x)
		case "coalesced":
			if c.param == 0 || c.param == 1 && lane%3 != 0 || c.param == 2 && lane < 20 {
				r = goldenApply(cg.CoalescedThreads(th), c.op, c.seed, x)
			} else {
				return
			}
		case "binary":
			t32 := cg.TiledPartition(cg.ThisThreadBlock(th), 32)
			r = goldenApply(cg.BinaryPartition(t32, lane%c.param != 0), c.op, c.seed, x)
		case "labeled":
			t32 := cg.TiledPartition(cg.ThisThreadBlock(th), 32)
			r = goldenApply(cg.LabeledPartition(t32, lane%c.param), c.op, c.seed, x)
		default:
			panic("unknown group " + c.group)
		}
		got[x] = fmt.Sprintf("%08x", r)
	})
	return got, err
}

func TestGolden(t *testing.T) {
	f, err := os.Open("testdata/golden.txt")
	require.NoError(t, err)
	defer f.Close()
	d := newDevice(t)
	sc := bufio.NewScanner(f)
	checked := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := parseGoldenCase(line)
		require.NoError(t, err, "line %d", n)
		got, err := c.run(d)
		require.NoError(t, err, "line %d", n)
		for lane, w := range c.want {
			if got[lane] != w {
				t.Errorf("line %d (%s %s %d seed %d): lane %d gives %s, the GPU %s", n, c.op, c.group, c.param, c.seed, lane, got[lane], w)
				break
			}
		}
		checked++
	}
	require.NoError(t, sc.Err())
	t.Logf("testdata/golden.txt: %d cases checked", checked)
}
