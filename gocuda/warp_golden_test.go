package gocuda_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// Golden vectors for the warp collectives: testdata/warp_conformance.cu runs
// each case on a GPU and prints "op threads mask width arg kind seed : r0
// r1 ...", all numbers in lowercase hex, ri being lane i's result as bits or
// "-" for a lane outside mask. TestWarpGolden runs every case of
// testdata/warp_golden.txt (an NVIDIA H200's answers, CUDA 13.0), or of the
// file GOCUDA_WARP_GOLDEN names, on gocuda, with the same lane values, and
// compares every lane bit for bit.

// A warpCase is one line of a golden file.
type warpCase struct {
	op         string
	threads    int
	mask       uint32
	width, arg int // arg is the bits read as int32, as CUDA's int srcLane and laneMask
	kind       string
	seed       uint32
	want       []uint64 // per lane, as bits; match_all's is pred<<32 | mask
}

// A warpOp runs an op of the golden file as one lane of gocuda and returns
// the lane's result as bits; pair marks match_all, printed "mask/pred".
type warpOp struct {
	run  func(th *gocuda.Thread, c *warpCase, lane int) uint64
	pair bool
}

// shflFunc is the signature of gocuda's shuffles.
type shflFunc[T gocuda.Shuffleable] func(*gocuda.Thread, uint32, T, int, int) T

// shuffles is one gocuda shuffle at the types the golden file moves.
type shuffles struct {
	u32 shflFunc[uint32]
	f32 shflFunc[float32]
	u64 shflFunc[uint64]
	f64 shflFunc[float64]
}

// ops returns the 32- and 64-bit warpOps of s, named name+"32" and
// name+"64". Kind float goes through float32 and float64, as in the .cu.
func (s shuffles) ops(name string) map[string]warpOp {
	delta := name == "shfl_up" || name == "shfl_down"
	arg := func(c *warpCase) int {
		if delta {
			return int(uint32(c.arg)) // CUDA's delta is unsigned
		}
		return c.arg
	}
	return map[string]warpOp{
		name + "32": {run: func(th *gocuda.Thread, c *warpCase, lane int) uint64 {
			v := warpValue32(c, lane)
			if c.kind == "float" {
				return uint64(math.Float32bits(s.f32(th, c.mask, math.Float32frombits(v), arg(c), c.width)))
			}
			return uint64(s.u32(th, c.mask, v, arg(c), c.width))
		}},
		name + "64": {run: func(th *gocuda.Thread, c *warpCase, lane int) uint64 {
			v := warpValue64(c, lane)
			if c.kind == "float" {
				return math.Float64bits(s.f64(th, c.mask, math.Float64frombits(v), arg(c), c.width))
			}
			return s.u64(th, c.mask, v, arg(c), c.width)
		}},
	}
}

// on32 makes a warpOp of a function of the lane's 32-bit value.
func on32(f func(th *gocuda.Thread, mask, v uint32) uint64) warpOp {
	return warpOp{run: func(th *gocuda.Thread, c *warpCase, lane int) uint64 {
		return f(th, c.mask, warpValue32(c, lane))
	}}
}

// b2u is a predicate's bits.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// matchAll is MatchAllSync's result as the .cu encodes it.
func matchAll(m uint32, pred bool) uint64 { return b2u(pred)<<32 | uint64(m) }

// warpOps are the ops of the golden file, by name.
var warpOps = func() map[string]warpOp {
	ops := map[string]warpOp{
		"any":         on32(func(th *gocuda.Thread, m, v uint32) uint64 { return b2u(th.AnySync(m, v&1 != 0)) }),
		"all":         on32(func(th *gocuda.Thread, m, v uint32) uint64 { return b2u(th.AllSync(m, v&1 != 0)) }),
		"ballot":      on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(th.BallotSync(m, v&1 != 0)) }),
		"match_any32": on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(gocuda.MatchAnySync(th, m, v)) }),
		"match_any64": {run: func(th *gocuda.Thread, c *warpCase, lane int) uint64 {
			return uint64(gocuda.MatchAnySync(th, c.mask, warpValue64(c, lane)))
		}},
		"match_all32": {pair: true, run: func(th *gocuda.Thread, c *warpCase, lane int) uint64 {
			return matchAll(gocuda.MatchAllSync(th, c.mask, warpValue32(c, lane)))
		}},
		"match_all64": {pair: true, run: func(th *gocuda.Thread, c *warpCase, lane int) uint64 {
			return matchAll(gocuda.MatchAllSync(th, c.mask, warpValue64(c, lane)))
		}},
		"reduce_add_s32": on32(func(th *gocuda.Thread, m, v uint32) uint64 {
			return uint64(uint32(gocuda.ReduceAddSync(th, m, int32(v))))
		}),
		"reduce_min_s32": on32(func(th *gocuda.Thread, m, v uint32) uint64 {
			return uint64(uint32(gocuda.ReduceMinSync(th, m, int32(v))))
		}),
		"reduce_max_s32": on32(func(th *gocuda.Thread, m, v uint32) uint64 {
			return uint64(uint32(gocuda.ReduceMaxSync(th, m, int32(v))))
		}),
		"reduce_add_u32": on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(gocuda.ReduceAddSync(th, m, v)) }),
		"reduce_min_u32": on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(gocuda.ReduceMinSync(th, m, v)) }),
		"reduce_max_u32": on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(gocuda.ReduceMaxSync(th, m, v)) }),
		"reduce_and":     on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(gocuda.ReduceAndSync(th, m, v)) }),
		"reduce_or":      on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(gocuda.ReduceOrSync(th, m, v)) }),
		"reduce_xor":     on32(func(th *gocuda.Thread, m, v uint32) uint64 { return uint64(gocuda.ReduceXorSync(th, m, v)) }),
	}
	for name, s := range map[string]shuffles{
		"shfl":      {gocuda.ShflSync[uint32], gocuda.ShflSync[float32], gocuda.ShflSync[uint64], gocuda.ShflSync[float64]},
		"shfl_up":   {gocuda.ShflUpSync[uint32], gocuda.ShflUpSync[float32], gocuda.ShflUpSync[uint64], gocuda.ShflUpSync[float64]},
		"shfl_down": {gocuda.ShflDownSync[uint32], gocuda.ShflDownSync[float32], gocuda.ShflDownSync[uint64], gocuda.ShflDownSync[float64]},
		"shfl_xor":  {gocuda.ShflXorSync[uint32], gocuda.ShflXorSync[float32], gocuda.ShflXorSync[uint64], gocuda.ShflXorSync[float64]},
	} {
		for k, op := range s.ops(name) {
			ops[k] = op
		}
	}
	return ops
}()

// The .cu's tables of special float32 and float64 bits for kind float:
// NaNs with payloads (quiet, negative, signalling), -0, +0, +-Inf, the
// smallest subnormal, the largest subnormal (negative), 1, the largest
// finite and the smallest normal.
var (
	warpFloat32 = [12]uint32{
		0x7fc00001, 0xffc12345, 0x7f800001, 0x80000000, 0x00000000, 0x7f800000,
		0xff800000, 0x00000001, 0x807fffff, 0x3f800000, 0x7f7fffff, 0x00800000,
	}
	warpFloat64 = [12]uint64{
		0x7ff8000000000001, 0xfff8000000012345, 0x7ff0000000000001,
		0x8000000000000000, 0x0000000000000000, 0x7ff0000000000000,
		0xfff0000000000000, 0x0000000000000001, 0x800fffffffffffff,
		0x3ff0000000000000, 0x7fefffffffffffff, 0x0010000000000000,
	}
)

// splitmix64 is one step of the splitmix64 generator from state x.
func splitmix64(x uint64) uint64 {
	z := x + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// warpBits is the .cu's laneBits: splitmix64(seed*64 + lane), lane 0's for
// kind same.
func warpBits(c *warpCase, lane int) uint64 {
	if c.kind == "same" {
		lane = 0
	}
	return splitmix64(uint64(c.seed)*64 + uint64(lane))
}

// warpValue32 is the .cu's value32: lane's 32-bit value.
func warpValue32(c *warpCase, lane int) uint32 {
	switch c.kind {
	case "small":
		return uint32(warpBits(c, lane) % 4)
	case "float":
		return warpFloat32[(c.seed+uint32(lane))%12]
	}
	return uint32(warpBits(c, lane))
}

// warpValue64 is the .cu's value64: lane's 64-bit value; kind small puts
// its 0..3 in the high half.
func warpValue64(c *warpCase, lane int) uint64 {
	switch c.kind {
	case "small":
		return warpBits(c, lane) % 4 << 32
	case "float":
		return warpFloat64[(c.seed+uint32(lane))%12]
	}
	return warpBits(c, lane)
}

// parseWarpCase reads a golden line.
func parseWarpCase(text string) (*warpCase, error) {
	f := strings.Fields(text)
	if len(f) < 8 || f[7] != ":" {
		return nil, errors.New(`want "op threads mask width arg kind seed : results"`)
	}
	op, ok := warpOps[f[0]]
	if !ok {
		return nil, fmt.Errorf("unknown op %q", f[0])
	}
	var n [5]uint64 // threads, mask, width, arg, seed
	for i, s := range []string{f[1], f[2], f[3], f[4], f[6]} {
		var err error
		if n[i], err = strconv.ParseUint(s, 16, 32); err != nil {
			return nil, err
		}
	}
	c := &warpCase{op: f[0], threads: int(n[0]), mask: uint32(n[1]), width: int(n[2]),
		arg: int(int32(uint32(n[3]))), kind: f[5], seed: uint32(n[4])}
	if err := c.valid(); err != nil {
		return nil, err
	}
	if len(f) != 8+c.threads {
		return nil, fmt.Errorf("%d threads but %d lane results", c.threads, len(f)-8)
	}
	var err error
	c.want, err = parseWarpLanes(f[8:], c.mask, op.pair)
	return c, err
}

// valid checks what the .cu promises of a case: a warp or part of one, a
// width CUDA allows, a mask naming only lanes that exist, a known kind.
func (c *warpCase) valid() error {
	switch {
	case c.threads < 1 || c.threads > gocuda.WarpSize:
		return fmt.Errorf("threads %d: want 1 to 32", c.threads)
	case c.width < 1 || c.width > gocuda.WarpSize || bits.OnesCount(uint(c.width)) != 1:
		return fmt.Errorf("width %d: want a power of two from 1 to 32", c.width)
	case c.mask == 0 || c.mask>>c.threads != 0 && c.threads < gocuda.WarpSize:
		return fmt.Errorf("mask %08x: want lanes of the %d threads", c.mask, c.threads)
	}
	switch c.kind {
	case "bits", "small", "float", "same":
		return nil
	}
	return fmt.Errorf("unknown kind %q", c.kind)
}

// parseWarpLanes reads the lane results: "-" exactly for the lanes outside
// mask, hex bits (or "mask/pred" if pair) for the others.
func parseWarpLanes(f []string, mask uint32, pair bool) ([]uint64, error) {
	want := make([]uint64, len(f))
	for lane, s := range f {
		in := mask>>lane&1 != 0
		switch {
		case s == "-" && in:
			return nil, fmt.Errorf("lane %d is in the mask but has no result", lane)
		case s != "-" && !in:
			return nil, fmt.Errorf("lane %d is outside the mask but has result %q", lane, s)
		case !in:
			continue
		}
		var err error
		if !pair {
			if want[lane], err = strconv.ParseUint(s, 16, 64); err != nil {
				return nil, fmt.Errorf("lane %d: %w", lane, err)
			}
			continue
		}
		m, p, ok := strings.Cut(s, "/")
		mv, err1 := strconv.ParseUint(m, 16, 32)
		pv, err2 := strconv.ParseUint(p, 16, 1)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("lane %d: %q: want mask/pred", lane, s)
		}
		want[lane] = pv<<32 | mv
	}
	return want, nil
}

// runWarpCase runs c on d: one block of c.threads threads, whose lanes in
// c.mask call the op and the others return, as in the .cu.
func runWarpCase(d *gocuda.Device, c *warpCase) ([]uint64, error) {
	op := warpOps[c.op]
	got := make([]uint64, c.threads)
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: c.threads}}, func(th *gocuda.Thread) {
		if lane := th.ThreadIdx.X; c.mask>>lane&1 != 0 {
			got[lane] = op.run(th, c, lane)
		}
	})
	return got, err
}

// checkWarpGolden runs the cases of golden file r on d and returns the
// number of cases run and a message for each line that is malformed or
// that gocuda disagrees with.
func checkWarpGolden(d *gocuda.Device, r io.Reader) (checked int, problems []string, err error) {
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c, err := parseWarpCase(text)
		if err != nil {
			problems = append(problems, fmt.Sprintf("line %d %q: malformed: %v", n, text, err))
			continue
		}
		got, err := runWarpCase(d, c)
		checked++
		if err != nil {
			problems = append(problems, fmt.Sprintf("line %d %q: gocuda fails: %v", n, text, err))
			continue
		}
		var diff []string
		for lane, want := range c.want {
			if c.mask>>lane&1 != 0 && got[lane] != want {
				diff = append(diff, fmt.Sprintf("lane %d: golden %x, gocuda %x", lane, want, got[lane]))
			}
		}
		if diff != nil {
			problems = append(problems, fmt.Sprintf("line %d %q: %s", n, text, strings.Join(diff, "; ")))
		}
	}
	return checked, problems, sc.Err()
}

// checkWarpGoldenFile checks golden file f, named path, on a fresh device,
// reports each problem (the first 50) and returns the number of cases run.
func checkWarpGoldenFile(t *testing.T, f io.Reader, path string) int {
	checked, problems, err := checkWarpGolden(newDevice(t, gocuda.WithWorkers(1)), f)
	require.NoError(t, err)
	t.Logf("%s: %d cases checked, %d lines with problems", path, checked, len(problems))
	for i, p := range problems {
		if i == 50 {
			t.Fatalf("... and %d more", len(problems)-i)
		}
		t.Error(p)
	}
	return checked
}

func TestWarpGolden(t *testing.T) {
	path := os.Getenv("GOCUDA_WARP_GOLDEN")
	if path == "" {
		path = "testdata/warp_golden.txt"
	}
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	assert.Positive(t, checkWarpGoldenFile(t, f, path), "no cases in %s", path)
}

// TestWarpGoldenSample runs the checker over hand-derived lines, so that
// the reader and the comparison run in every test run.
func TestWarpGoldenSample(t *testing.T) {
	const path = "testdata/warp_golden_sample.txt"
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	assert.GreaterOrEqual(t, checkWarpGoldenFile(t, f, path), 10)
}

// TestWarpGoldenReader: a wrong result and malformed lines are reported
// with their line numbers; comments and blank lines are skipped.
func TestWarpGoldenReader(t *testing.T) {
	lines := []string{
		"# comment", "",
		"ballot 4 f 20 0 float 0 : 00000007 00000007 00000007 00000007", // right: lanes 0-2 odd
		"ballot 4 f 20 0 float 0 : 00000007 00000007 00000006 00000007", // wrong result
		"nosuch 4 f 20 0 float 0 : 0 0 0 0",
		"ballot 4 f 20 0 float 0 00000007 00000007 00000007 00000007",    // no ':'
		"ballot 4 f 20 0 float 0 : 00000007 00000007 00000007",           // a lane short
		"ballot 4 7 20 0 float 0 : 00000007 00000007 00000007 00000007",  // lane 3 is outside the mask
		"ballot 4 f 20 0 float 0 : 00000007 - 00000007 00000007",         // lane 1 is in it
		"ballot 4 1f 20 0 float 0 : 00000007 00000007 00000007 00000007", // lane 4 does not exist
		"shfl32 4 f 3 0 float 0 : 7fc00001 7fc00001 7fc00001 7fc00001",   // width 3
		"ballot 4 f 20 0 fuzzy 0 : 00000007 00000007 00000007 00000007",
		"ballot 4 f 20 0 float 0 : 0x7 00000007 00000007 00000007",
		"match_all32 2 3 20 0 same 1 : 00000003/1 00000003",   // not mask/pred
		"match_all32 2 3 20 0 same 1 : 00000003/1 00000003/1", // right
	}
	checked, problems, err := checkWarpGolden(newDevice(t, gocuda.WithWorkers(1)), strings.NewReader(strings.Join(lines, "\n")))
	require.NoError(t, err)
	assert.Equal(t, 3, checked)
	var flagged []int
	for _, p := range problems {
		var n int
		_, err := fmt.Sscanf(p, "line %d", &n)
		require.NoError(t, err)
		flagged = append(flagged, n)
	}
	assert.Equal(t, []int{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, flagged, "%q", problems)
	assert.Contains(t, problems[0], "lane 2: golden 6, gocuda 7")
}

// The ops warp_conformance.cu prints are exactly those the reader knows,
// with the same result format.
func TestWarpConformanceProgramOps(t *testing.T) {
	src, err := os.ReadFile("testdata/warp_conformance.cu")
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s*X\((\w+), (FMT_\w+)\)`).FindAllStringSubmatch(string(src), -1) {
		name, pair := m[1], m[2] == "FMT_PAIR"
		seen[name] = true
		if op, ok := warpOps[name]; assert.True(t, ok, "the .cu prints %s, which the reader does not know", name) {
			assert.Equal(t, op.pair, pair, "%s: mask/pred format", name)
		}
	}
	for name := range warpOps {
		assert.True(t, seen[name], "the reader knows %s, which the .cu never prints", name)
	}
}
