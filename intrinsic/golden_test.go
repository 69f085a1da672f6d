package intrinsic_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

// Golden vectors: testdata/conformance.cu prints a GPU's answers to the
// conformance cases, one "op arg... = result" line each, all numbers in
// hex bits. TestGolden recomputes every line of testdata/golden.txt (an
// NVIDIA H200's answers, CUDA 13.0), or of the file INTRINSIC_GOLDEN names,
// with this package and compares.
// Exact operations must match bit for bit; the fast approximate functions,
// which no two implementations compute alike, must agree within the sum of
// CUDA's documented bound and this package's measured error.

// A goldenOp evaluates one operation of the golden file on its arguments'
// bits and says whether the GPU's answer is acceptable.
type goldenOp struct {
	nargs int
	eval  func(a []uint64) uint64
	// near, if set, replaces exact comparison: it reports whether ours and
	// the GPU's results (float32 bits) agree well enough for arguments a.
	near func(a []uint64, ours, gpu float32) bool
}

func u(x uint64) uint32          { return uint32(x) }
func fl(x uint64) float32        { return f32(uint32(x)) }
func fb(x float32) uint64        { return uint64(bits32(x)) }
func ib(x int) uint64            { return uint64(uint32(int32(x))) }
func hb(x intrinsic.Half) uint64 { return uint64(x) }
func hf(x uint64) intrinsic.Half { return intrinsic.Half(x) }

// A half2's bits hold its low half (X) in bits 0-15, as in memory.
func h2(x uint64) intrinsic.Half2  { return intrinsic.Halves2Half2(hf(x), hf(x>>16)) }
func h2b(h intrinsic.Half2) uint64 { return hb(h.X) | hb(h.Y)<<16 }

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// within reports whether ours and gpu are both NaN, equal, or within
// maxAbs of each other or maxUlps ulps (of the GPU's value).
func within(ours, gpu float32, maxAbs, maxUlps float64) bool {
	switch {
	case isNaN(ours) || isNaN(gpu):
		return isNaN(ours) && isNaN(gpu)
	case ours == gpu:
		return true
	case isInf(ours) || isInf(gpu):
		return false
	}
	d := math.Abs(float64(ours) - float64(gpu))
	return d <= maxAbs || d <= maxUlps*ulp32(float64(gpu))
}

var goldenOps = func() map[string]goldenOp {
	ops := map[string]goldenOp{
		"popc":   {1, func(a []uint64) uint64 { return ib(intrinsic.Popc(u(a[0]))) }, nil},
		"popcll": {1, func(a []uint64) uint64 { return ib(intrinsic.Popcll(a[0])) }, nil},
		"clz":    {1, func(a []uint64) uint64 { return ib(intrinsic.Clz(int32(u(a[0])))) }, nil},
		"clzll":  {1, func(a []uint64) uint64 { return ib(intrinsic.Clzll(int64(a[0]))) }, nil},
		"ffs":    {1, func(a []uint64) uint64 { return ib(intrinsic.Ffs(int32(u(a[0])))) }, nil},
		"ffsll":  {1, func(a []uint64) uint64 { return ib(intrinsic.Ffsll(int64(a[0]))) }, nil},
		"brev":   {1, func(a []uint64) uint64 { return uint64(intrinsic.Brev(u(a[0]))) }, nil},
		"brevll": {1, func(a []uint64) uint64 { return intrinsic.Brevll(a[0]) }, nil},
		"byte_perm": {3, func(a []uint64) uint64 {
			return uint64(intrinsic.BytePerm(u(a[0]), u(a[1]), u(a[2])))
		}, nil},
		"funnelshift_l":  {3, func(a []uint64) uint64 { return uint64(intrinsic.FunnelShiftL(u(a[0]), u(a[1]), u(a[2]))) }, nil},
		"funnelshift_lc": {3, func(a []uint64) uint64 { return uint64(intrinsic.FunnelShiftLC(u(a[0]), u(a[1]), u(a[2]))) }, nil},
		"funnelshift_r":  {3, func(a []uint64) uint64 { return uint64(intrinsic.FunnelShiftR(u(a[0]), u(a[1]), u(a[2]))) }, nil},
		"funnelshift_rc": {3, func(a []uint64) uint64 { return uint64(intrinsic.FunnelShiftRC(u(a[0]), u(a[1]), u(a[2]))) }, nil},
		"mulhi":          {2, func(a []uint64) uint64 { return uint64(u(uint64(intrinsic.Mulhi(int32(u(a[0])), int32(u(a[1])))))) }, nil},
		"umulhi":         {2, func(a []uint64) uint64 { return uint64(intrinsic.Umulhi(u(a[0]), u(a[1]))) }, nil},
		"mul64hi":        {2, func(a []uint64) uint64 { return uint64(intrinsic.Mul64hi(int64(a[0]), int64(a[1]))) }, nil},
		"umul64hi":       {2, func(a []uint64) uint64 { return intrinsic.Umul64hi(a[0], a[1]) }, nil},
		"mul24":          {2, func(a []uint64) uint64 { return uint64(uint32(intrinsic.Mul24(int32(u(a[0])), int32(u(a[1]))))) }, nil},
		"umul24":         {2, func(a []uint64) uint64 { return uint64(intrinsic.Umul24(u(a[0]), u(a[1]))) }, nil},
		"sad":            {3, func(a []uint64) uint64 { return uint64(intrinsic.Sad(int32(u(a[0])), int32(u(a[1])), u(a[2]))) }, nil},
		"usad":           {3, func(a []uint64) uint64 { return uint64(intrinsic.Usad(u(a[0]), u(a[1]), u(a[2]))) }, nil},
		"half2float":     {1, func(a []uint64) uint64 { return fb(intrinsic.Half(a[0]).Float32()) }, nil},
		"sinf": {1, func(a []uint64) uint64 { return fb(intrinsic.Sinf(fl(a[0]))) },
			func(a []uint64, o, g float32) bool { return within(o, g, sinfAbsBound+0x1p-25, 0) }},
		"cosf": {1, func(a []uint64) uint64 { return fb(intrinsic.Cosf(fl(a[0]))) },
			func(a []uint64, o, g float32) bool { return within(o, g, cosfAbsBound+0x1p-25, 0) }},
		"expf": {1, func(a []uint64) uint64 { return fb(intrinsic.Expf(fl(a[0]))) },
			func(a []uint64, o, g float32) bool { return within(o, g, 0, expfUlpBound(fl(a[0]))+0.51) }},
		"logf": {1, func(a []uint64) uint64 { return fb(intrinsic.Logf(fl(a[0]))) },
			func(a []uint64, o, g float32) bool {
				if x := fl(a[0]); x >= 0.5 && x <= 2 {
					return within(o, g, logfAbsBound+0x1p-25, 0)
				}
				return within(o, g, 0, logfUlpBound+0.5)
			}},
		"fdividef": {2, func(a []uint64) uint64 { return fb(intrinsic.Fdividef(fl(a[0]), fl(a[1]))) },
			func(a []uint64, o, g float32) bool {
				if y := math.Abs(float64(fl(a[1]))); y >= 0x1p-126 && y <= 0x1p126 {
					return within(o, g, 0, fdividefUlpBound+1.5)
				}
				return bits32(o) == bits32(g) || isNaN(o) && isNaN(g)
			}},
		"rsqrtf": {1, func(a []uint64) uint64 { return fb(intrinsic.Rsqrtf(fl(a[0]))) },
			func(a []uint64, o, g float32) bool { return within(o, g, 0, rsqrtfUlpBound+0.5) }},
	}
	for name, f := range map[string]func(a, b intrinsic.Half) intrinsic.Half{
		"hadd": intrinsic.Hadd, "hsub": intrinsic.Hsub, "hmul": intrinsic.Hmul, "hmax": intrinsic.Hmax, "hmin": intrinsic.Hmin,
	} {
		ops[name] = goldenOp{2, func(a []uint64) uint64 { return hb(f(hf(a[0]), hf(a[1]))) }, nil}
	}
	for name, f := range map[string]func(a, b intrinsic.Half) bool{
		"heq": intrinsic.Heq, "hne": intrinsic.Hne, "hlt": intrinsic.Hlt, "hle": intrinsic.Hle,
		"hgt": intrinsic.Hgt, "hge": intrinsic.Hge, "hequ": intrinsic.Hequ, "hneu": intrinsic.Hneu,
		"hltu": intrinsic.Hltu, "hleu": intrinsic.Hleu, "hgtu": intrinsic.Hgtu, "hgeu": intrinsic.Hgeu,
	} {
		ops[name] = goldenOp{2, func(a []uint64) uint64 { return boolBits(f(hf(a[0]), hf(a[1]))) }, nil}
	}
	for name, f := range map[string]func(a intrinsic.Half) intrinsic.Half{"hneg": intrinsic.Hneg, "habs": intrinsic.Habs} {
		ops[name] = goldenOp{1, func(a []uint64) uint64 { return hb(f(hf(a[0]))) }, nil}
	}
	ops["hfma"] = goldenOp{3, func(a []uint64) uint64 { return hb(intrinsic.Hfma(hf(a[0]), hf(a[1]), hf(a[2]))) }, nil}
	ops["hisnan"] = goldenOp{1, func(a []uint64) uint64 { return boolBits(intrinsic.Hisnan(hf(a[0]))) }, nil}
	ops["hisinf"] = goldenOp{1, func(a []uint64) uint64 { return ib(intrinsic.Hisinf(hf(a[0]))) }, nil}
	for name, f := range map[string]func(a, b intrinsic.Half2) intrinsic.Half2{
		"hadd2": intrinsic.Hadd2, "hsub2": intrinsic.Hsub2, "hmul2": intrinsic.Hmul2,
	} {
		ops[name] = goldenOp{2, func(a []uint64) uint64 { return h2b(f(h2(a[0]), h2(a[1]))) }, nil}
	}
	for name, f := range map[string]func(a intrinsic.Half2) intrinsic.Half2{"hneg2": intrinsic.Hneg2, "habs2": intrinsic.Habs2} {
		ops[name] = goldenOp{1, func(a []uint64) uint64 { return h2b(f(h2(a[0]))) }, nil}
	}
	ops["hfma2"] = goldenOp{3, func(a []uint64) uint64 { return h2b(intrinsic.Hfma2(h2(a[0]), h2(a[1]), h2(a[2]))) }, nil}
	for i, m := range modes {
		s := m.String()
		ops["float2half_"+s] = goldenOp{1, func(a []uint64) uint64 { return hb(intrinsic.Float2Half(fl(a[0]), m)) }, nil}
		for _, op := range arithOps {
			name := map[string]string{"add": "fadd", "sub": "fsub", "mul": "fmul", "fma": "fmaf", "div": "fdiv", "rcp": "frcp", "sqrt": "fsqrt"}[op.name]
			ops[name+"_"+s] = goldenOp{op.arity, func(a []uint64) uint64 {
				args := make([]float32, len(a))
				for j, x := range a {
					args[j] = fl(x)
				}
				return fb(op.named[i](args))
			}, nil}
		}
	}
	return ops
}()

// A goldenMismatch is a golden line this package disagrees with.
type goldenMismatch struct {
	line       int
	text       string
	ours       uint64
	formatFail error // the line could not be read
}

func (m goldenMismatch) String() string {
	if m.formatFail != nil {
		return fmt.Sprintf("line %d %q: %v", m.line, m.text, m.formatFail)
	}
	return fmt.Sprintf("line %d %q: this package gives %x", m.line, m.text, m.ours)
}

// checkGolden reads golden lines and returns the number of lines checked
// and the mismatches.
func checkGolden(r io.Reader) (checked int, bad []goldenMismatch, err error) {
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fail := func(err error) { bad = append(bad, goldenMismatch{line: n, text: text, formatFail: err}) }
		f := strings.Fields(text)
		op, ok := goldenOps[f[0]]
		if !ok {
			fail(errors.New("unknown operation"))
			continue
		}
		if len(f) != op.nargs+3 || f[len(f)-2] != "=" {
			fail(fmt.Errorf("want %d arguments, '=' and a result", op.nargs))
			continue
		}
		nums := make([]uint64, op.nargs+1)
		var perr error
		for i, s := range append(f[1:1+op.nargs:1+op.nargs], f[len(f)-1]) {
			if nums[i], perr = strconv.ParseUint(s, 16, 64); perr != nil {
				break
			}
		}
		if perr != nil {
			fail(perr)
			continue
		}
		args, gpu := nums[:op.nargs], nums[op.nargs]
		ours := op.eval(args)
		checked++
		good := ours == gpu
		if op.near != nil {
			good = op.near(args, fl(ours), fl(gpu))
		}
		if !good {
			bad = append(bad, goldenMismatch{line: n, text: text, ours: ours})
		}
	}
	return checked, bad, sc.Err()
}

func TestGolden(t *testing.T) {
	path := os.Getenv("INTRINSIC_GOLDEN")
	if path == "" {
		path = "testdata/golden.txt"
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checked, bad, err := checkGolden(f)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d lines checked, %d disagree", path, checked, len(bad))
	for i, m := range bad {
		if i == 50 {
			t.Fatalf("... and %d more", len(bad)-i)
		}
		t.Error(m)
	}
}

// The reader itself: lines made with this package pass, a wrong result and
// malformed lines are reported, comments and blank lines are skipped.
func TestGoldenReader(t *testing.T) {
	var b strings.Builder
	b.WriteString("# comment\n\n")
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range goldenOps {
			if !yield(k) {
				return
			}
		}
	})
	r := newRand(21)
	lines := 0
	for _, name := range names {
		op := goldenOps[name]
		for range 20 {
			args := make([]uint64, op.nargs)
			for i := range args {
				args[i] = uint64(r.Uint32())
				if strings.HasSuffix(name, "ll") || strings.Contains(name, "64") {
					args[i] = r.Uint64()
				}
			}
			if name == "half2float" {
				args[0] &= 0xffff
			}
			fmt.Fprintf(&b, "%s", name)
			for _, a := range args {
				fmt.Fprintf(&b, " %x", a)
			}
			fmt.Fprintf(&b, " = %x\n", op.eval(args))
			lines++
		}
	}
	checked, bad, err := checkGolden(strings.NewReader(b.String()))
	if err != nil || checked != lines || len(bad) != 0 {
		t.Fatalf("self-made golden: checked %d of %d, mismatches %v, err %v", checked, lines, bad, err)
	}
	broken := "popc ff = 9\n" + // wrong: 8
		"popc ff = 8\n" +
		"nosuchop 1 = 1\n" +
		"fadd_rn 3f800000 = 3f800000\n" + // too few arguments
		"clz zz = 0\n" +
		"sinf 3f800000 = 3f576aa4\n" + // sin(1) = 0x3f576aa4, in bounds
		"sinf 3f800000 = 3f576ba4\n" // 256 ulps off
	checked, bad, err = checkGolden(strings.NewReader(broken))
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, m := range bad {
		got = append(got, m.line)
	}
	if checked != 4 || !slices.Equal(got, []int{1, 3, 4, 5, 7}) {
		t.Errorf("broken golden: checked %d (want 4), flagged lines %v (want [1 3 4 5 7]): %v", checked, got, bad)
	}
}

// The operations conformance.cu prints are exactly those the reader knows,
// with the same argument counts.
func TestConformanceProgramOps(t *testing.T) {
	src, err := os.ReadFile("testdata/conformance.cu")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^\s*X\((\w+), (\d), (\d+), (\d+)\)`)
	seen := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		name, nargs := m[1], m[2]
		seen[name] = true
		op, ok := goldenOps[name]
		if !ok {
			t.Errorf("conformance.cu prints %s, which the golden reader does not know", name)
			continue
		}
		if strconv.Itoa(op.nargs) != nargs {
			t.Errorf("%s: conformance.cu prints %s arguments, the reader wants %d", name, nargs, op.nargs)
		}
	}
	for name := range goldenOps {
		if !seen[name] {
			t.Errorf("the golden reader knows %s, which conformance.cu never prints", name)
		}
	}
}
