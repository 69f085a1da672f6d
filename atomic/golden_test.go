package atomic_test

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/atomic"
)

// Golden vectors: testdata/conformance.cu applies edge cases of
// atomicAdd (float and double), atomicInc, atomicDec, atomicCAS on a
// float's bits, atomicExch, atomicMin and atomicMax on 32- and 64-bit
// integers, atomicAnd, atomicOr, atomicXor, atomicSub, and fminf and
// fmaxf in a CAS loop on a GPU, once on global and once on shared memory,
// and prints "op space old val [cmp] = stored returned" in hex bits;
// testdata/golden.txt is an NVIDIA H200's output (CUDA 13.0). TestGolden
// applies each case with this package and compares. A NaN stored counts
// as the GPU's, whatever its bits (see Add and Min).

// goldenCase is one line of the golden file.
type goldenCase struct {
	op, space        string
	old, val, cmp    uint64
	stored, returned uint64
}

func parseGoldenCase(line string) (goldenCase, error) {
	lhs, rhs, ok := strings.Cut(line, " = ")
	f, r := strings.Fields(lhs), strings.Fields(rhs)
	if !ok || len(f) < 4 || len(r) != 2 {
		return goldenCase{}, fmt.Errorf("malformed")
	}
	var nums []uint64
	for _, s := range append(f[2:], r...) {
		v, err := strconv.ParseUint(s, 16, 64)
		if err != nil {
			return goldenCase{}, err
		}
		nums = append(nums, v)
	}
	c := goldenCase{op: f[0], space: f[1], old: nums[0], val: nums[1]}
	if c.op == "casf" {
		if len(nums) != 5 {
			return goldenCase{}, fmt.Errorf("casf needs a compare value")
		}
		c.cmp = nums[2]
		nums = append(nums[:2], nums[3:]...)
	}
	c.stored, c.returned = nums[2], nums[3]
	return c, nil
}

// apply runs c with this package and returns what memory holds after and
// the value returned, as bits.
func (c goldenCase) apply() (stored, returned uint64, err error) {
	u32 := uint32(c.old)
	switch c.op {
	case "addf":
		p := math.Float32frombits(u32)
		r := atomic.Add(&p, math.Float32frombits(uint32(c.val)))
		return uint64(math.Float32bits(p)), uint64(math.Float32bits(r)), nil
	case "addd":
		p := math.Float64frombits(c.old)
		r := atomic.Add(&p, math.Float64frombits(c.val))
		return math.Float64bits(p), math.Float64bits(r), nil
	case "inc":
		r := atomic.Inc(&u32, uint32(c.val))
		return uint64(u32), uint64(r), nil
	case "dec":
		r := atomic.Dec(&u32, uint32(c.val))
		return uint64(u32), uint64(r), nil
	case "casf":
		p := math.Float32frombits(u32)
		r := atomic.CAS(&p, math.Float32frombits(uint32(c.cmp)), math.Float32frombits(uint32(c.val)))
		return uint64(math.Float32bits(p)), uint64(math.Float32bits(r)), nil
	case "exchf":
		p := math.Float32frombits(u32)
		r := atomic.Exch(&p, math.Float32frombits(uint32(c.val)))
		return uint64(math.Float32bits(p)), uint64(math.Float32bits(r)), nil
	case "minf", "maxf":
		p := math.Float32frombits(u32)
		op := map[string]func(*float32, float32) float32{"minf": atomic.Min[float32], "maxf": atomic.Max[float32]}[c.op]
		r := op(&p, math.Float32frombits(uint32(c.val)))
		return uint64(math.Float32bits(p)), uint64(math.Float32bits(r)), nil
	case "mins", "maxs", "sub":
		p := int32(u32)
		op := map[string]func(*int32, int32) int32{"mins": atomic.Min[int32], "maxs": atomic.Max[int32], "sub": atomic.Sub[int32]}[c.op]
		r := op(&p, int32(uint32(c.val)))
		return uint64(uint32(p)), uint64(uint32(r)), nil
	case "minu", "maxu", "and", "or", "xor":
		op := map[string]func(*uint32, uint32) uint32{"minu": atomic.Min[uint32], "maxu": atomic.Max[uint32],
			"and": atomic.And[uint32], "or": atomic.Or[uint32], "xor": atomic.Xor[uint32]}[c.op]
		r := op(&u32, uint32(c.val))
		return uint64(u32), uint64(r), nil
	case "minsll", "maxsll":
		p := int64(c.old)
		op := map[string]func(*int64, int64) int64{"minsll": atomic.Min[int64], "maxsll": atomic.Max[int64]}[c.op]
		r := op(&p, int64(c.val))
		return uint64(p), uint64(r), nil
	case "minull", "maxull":
		p := c.old
		op := map[string]func(*uint64, uint64) uint64{"minull": atomic.Min[uint64], "maxull": atomic.Max[uint64]}[c.op]
		r := op(&p, c.val)
		return p, r, nil
	}
	return 0, 0, fmt.Errorf("unknown op %q", c.op)
}

// ftz32 is b with a subnormal flushed to a zero of its sign.
func ftz32(b uint32) uint32 {
	if b&0x7f800000 == 0 {
		return b & 0x80000000
	}
	return b
}

// want returns what the package must give for c: the GPU's answer,
// except for a float addition in global memory, which the GPU computes
// with subnormal operands and results flushed to zero (atom.add.f32 on
// global memory; the package keeps them, as the GPU does in shared
// memory): there, the package's stored value is the GPU's once its
// operands are flushed, and the value returned is the old one.
func (c goldenCase) want() (stored, returned uint64, err error) {
	if c.op != "addf" || c.space != "global" {
		return c.stored, c.returned, nil
	}
	if ftz32(uint32(c.old)) != uint32(c.old) || ftz32(uint32(c.val)) != uint32(c.val) {
		flushed := c
		flushed.old, flushed.val = uint64(ftz32(uint32(c.old))), uint64(ftz32(uint32(c.val)))
		s, _, err := flushed.apply()
		if err != nil || uint64(ftz32(uint32(s))) != c.stored && !(isNaN(c.op, s) && isNaN(c.op, c.stored)) {
			return 0, 0, fmt.Errorf("the GPU's global result %08x is not the flushed sum %08x", c.stored, s)
		}
		s, r, err := c.apply()
		return s, r, err
	}
	s, r, err := c.apply()
	if err == nil && ftz32(uint32(s)) == uint32(c.stored) {
		return s, r, nil // a subnormal sum the GPU flushed
	}
	return c.stored, c.returned, err
}

// isNaN reports whether bits b of a floating-point op's width are a NaN.
func isNaN(op string, b uint64) bool {
	switch op {
	case "addd":
		return math.IsNaN(math.Float64frombits(b))
	case "addf", "casf", "exchf", "minf", "maxf":
		return math.IsNaN(float64(math.Float32frombits(uint32(b))))
	}
	return false
}

func TestGolden(t *testing.T) {
	f, err := os.Open("testdata/golden.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	checked := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := parseGoldenCase(line)
		require.NoError(t, err, "line %d %q", n, line)
		stored, returned, err := c.apply()
		require.NoError(t, err, "line %d %q", n, line)
		wantS, wantR, err := c.want()
		require.NoError(t, err, "line %d %q", n, line)
		if isNaN(c.op, wantS) && isNaN(c.op, stored) {
			stored = wantS // the CPU's NaN, not the GPU's canonical one: see Add
		}
		if stored != wantS || returned != wantR {
			t.Errorf("line %d %q: this package stores %x and returns %x", n, line, stored, returned)
		}
		checked++
	}
	require.NoError(t, sc.Err())
	require.Positive(t, checked)
	t.Logf("testdata/golden.txt: %d cases checked", checked)
}
