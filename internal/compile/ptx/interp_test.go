package ptx

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A thread runs one thread of a PTX entry, the instructions the math
// functions' forms use and little else: enough to check, without a GPU,
// that the PTX the back end writes computes what its Go model does. It
// holds every register as 64 bits, a 32-bit one in the low half.
type thread struct {
	regs   map[string]uint64
	params map[string]uint64
	mem    map[uint64]uint64 // 8-byte words by address
	syms   map[string]uint64
	code   []step
	labels map[string]int
}

// A step is one instruction, read: its guard, opcode and operands.
type step struct {
	text, guard string
	neg         bool
	op          string
	ops         []string
}

var instrRE = regexp.MustCompile(`^(?:@(!?)(%p\d+) )?([a-z][\w.]*)(?: (.*))?;$`)

// newThread loads the entry of module text, and its .global tables.
func newThread(text string) *thread {
	th := &thread{regs: map[string]uint64{}, params: map[string]uint64{}, mem: map[uint64]uint64{}, syms: map[string]uint64{}, labels: map[string]int{}}
	table := regexp.MustCompile(`^\.global \.align 8 \.u64 (\w+)\[\d+\] = \{(.*)\};$`)
	body := false
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if m := table.FindStringSubmatch(l); m != nil {
			base := uint64(0x900000 + 0x10000*len(th.syms))
			th.syms[m[1]] = base
			for i, w := range strings.Split(m[2], ", ") {
				th.mem[base+8*uint64(i)], _ = strconv.ParseUint(w, 10, 64)
			}
		}
		switch {
		case l == "{":
			body = true
		case !body || l == "" || strings.HasPrefix(l, "."):
		case strings.HasSuffix(l, ":"):
			th.labels[strings.TrimSuffix(l, ":")] = len(th.code)
		default:
			in := step{text: l}
			if m := instrRE.FindStringSubmatch(l); m != nil {
				in = step{text: l, neg: m[1] == "!", guard: m[2], op: m[3]}
				if m[4] != "" {
					in.ops = strings.Split(m[4], ", ")
				}
			}
			th.code = append(th.code, in)
		}
	}
	return th
}

// run executes from the entry's first instruction to its ret.
func (th *thread) run() error {
	for pc, steps := 0, 0; pc < len(th.code); steps++ {
		if steps > 100000 {
			return fmt.Errorf("no ret after %d steps", steps)
		}
		in := th.code[pc]
		if in.op == "" {
			return fmt.Errorf("cannot read %q", in.text)
		}
		pc++
		if in.guard != "" && (th.regs[in.guard] != 0) == in.neg {
			continue
		}
		switch in.op {
		case "ret":
			return nil
		case "bra", "bra.uni":
			pc = th.labels[in.ops[0]]
		default:
			if err := th.exec(in.op, in.ops); err != nil {
				return fmt.Errorf("%s: %v", in.text, err)
			}
		}
	}
	return fmt.Errorf("ran off the end")
}

// val returns operand o's bits: a register, an immediate or a symbol.
func (th *thread) val(o string) uint64 {
	switch {
	case strings.HasPrefix(o, "%"):
		return th.regs[o]
	case strings.HasPrefix(o, "0d"):
		v, _ := strconv.ParseUint(o[2:], 16, 64)
		return v
	case th.syms[o] != 0:
		return th.syms[o]
	}
	if v, err := strconv.ParseInt(o, 10, 64); err == nil {
		return uint64(v)
	}
	v, _ := strconv.ParseUint(o, 10, 64)
	return v
}

// addr returns the address operand [r+k] or [p_name] names.
func (th *thread) addr(o string) uint64 {
	o = strings.Trim(o, "[]")
	base, off, _ := strings.Cut(o, "+")
	k, _ := strconv.ParseUint(off, 10, 64)
	return th.val(base) + k
}

func f(b uint64) float64  { return math.Float64frombits(b) }
func fb(v float64) uint64 { return math.Float64bits(v) }

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// exec runs one instruction other than a branch.
func (th *thread) exec(op string, ops []string) error {
	parts := strings.Split(op, ".")
	typ := parts[len(parts)-1]
	d := ops[0]
	in := func(i int) uint64 { return th.val(ops[i]) }
	mask := func(v uint64) uint64 {
		if strings.HasSuffix(typ, "32") && typ != "f32" {
			return v & 0xFFFFFFFF
		}
		return v
	}
	switch parts[0] {
	case "ld":
		if parts[1] == "param" {
			th.regs[d] = th.params[strings.Trim(ops[1], "[]")]
		} else {
			th.regs[d] = th.mem[th.addr(ops[1])]
		}
	case "st":
		th.mem[th.addr(ops[0])] = in(1)
	case "cvta", "mov":
		th.regs[d] = th.special(ops[1])
	case "setp":
		th.regs[d] = b2u(compare(parts[1], typ, in(1), in(2)))
	case "testp":
		v := f(in(1))
		finite := !math.IsInf(v, 0) && !math.IsNaN(v)
		th.regs[d] = b2u(map[string]bool{"finite": finite, "infinite": math.IsInf(v, 0),
			"normal": finite && math.Abs(v) >= 0x1p-1022, "subnormal": v != 0 && math.Abs(v) < 0x1p-1022}[parts[1]])
	case "copysign": // d = b with a's sign
		th.regs[d] = fb(math.Copysign(f(in(2)), f(in(1))))
	case "selp":
		v := in(2)
		if in(3) != 0 {
			v = in(1)
		}
		th.regs[d] = v
	case "cvt":
		th.regs[d] = convert(parts[1:], in(1))
	default:
		v, err := arith(parts, typ, ops[1:], in)
		if err != nil {
			return err
		}
		th.regs[d] = mask(v)
	}
	return nil
}

// special reads operand o, a special register of thread 0 of block 0 of
// a one-thread grid among them.
func (th *thread) special(o string) uint64 {
	switch o {
	case "%tid.x", "%ctaid.x":
		return 0
	case "%ntid.x", "%nctaid.x":
		return 1
	}
	return th.val(o)
}

// compare is setp's comparison cmp of type typ.
func compare(cmp, typ string, a, b uint64) bool {
	var c int
	switch typ {
	case "f64":
		x, y := f(a), f(b)
		if math.IsNaN(x) || math.IsNaN(y) {
			return cmp == "equ" || cmp == "neu" || cmp == "nan"
		}
		if cmp == "nan" {
			return false
		}
		c = cmpOf(x < y, x > y)
	case "s64":
		c = cmpOf(int64(a) < int64(b), int64(a) > int64(b))
	case "s32":
		c = cmpOf(int32(a) < int32(b), int32(a) > int32(b))
	case "u32":
		c = cmpOf(uint32(a) < uint32(b), uint32(a) > uint32(b))
	default:
		c = cmpOf(a < b, a > b)
	}
	return map[string]bool{"eq": c == 0, "equ": c == 0, "ne": c != 0, "neu": c != 0, "lt": c < 0, "le": c <= 0, "gt": c > 0, "ge": c >= 0}[cmp]
}

func cmpOf(lt, gt bool) int {
	switch {
	case lt:
		return -1
	case gt:
		return 1
	}
	return 0
}

// convert is cvt with modifiers and types mods (rounding, to, from).
func convert(mods []string, a uint64) uint64 {
	to, from := mods[len(mods)-2], mods[len(mods)-1]
	switch {
	case from == "f64" && to == "f64": // rzi
		return fb(math.Trunc(f(a)))
	case from == "f64" && to == "s64": // rzi, saturating
		switch v := math.Trunc(f(a)); {
		case math.IsNaN(v):
			return 0
		case v >= 0x1p63:
			return math.MaxInt64
		case v < -0x1p63:
			return 1 << 63
		default:
			return uint64(int64(v))
		}
	case from == "f64" && to == "u64":
		return uint64(math.Trunc(f(a)))
	case from == "f64" && to == "s32": // rni, saturating
		v := math.RoundToEven(f(a))
		switch {
		case math.IsNaN(v):
			return 0
		case v >= math.MaxInt32:
			return math.MaxInt32
		case v <= math.MinInt32:
			return uint64(uint32(math.MinInt32 & 0xFFFFFFFF))
		}
		return uint64(uint32(int32(v)))
	case from == "f64" && to == "f32":
		return uint64(math.Float32bits(float32(f(a))))
	case from == "u64" && to == "f64":
		return fb(float64(a))
	case from == "s32" && to == "f64":
		return fb(float64(int32(a)))
	case from == "s32" && to == "s64":
		return uint64(int64(int32(a)))
	case to == "u32" || to == "s32":
		return a & 0xFFFFFFFF
	}
	return a // u32 to u64 or s64: the low half is already zero-extended
}

// arith is an arithmetic instruction of type typ on operands srcs.
func arith(parts []string, typ string, srcs []string, in func(int) uint64) (uint64, error) {
	a := in(1)
	b := func() uint64 { return in(2) }
	if typ == "f64" {
		x := f(a)
		switch parts[0] {
		case "abs":
			return fb(math.Abs(x)), nil
		case "sqrt":
			return fb(math.Sqrt(x)), nil
		case "neg":
			return fb(-x), nil
		case "add":
			return fb(x + f(b())), nil
		case "sub":
			return fb(x - f(b())), nil
		case "mul":
			return fb(x * f(b())), nil
		case "div":
			return fb(x / f(b())), nil
		case "fma":
			return fb(math.FMA(x, f(b()), f(in(3)))), nil
		}
		return 0, fmt.Errorf("no f64 %s", parts[0])
	}
	switch parts[0] {
	case "neg":
		return -a, nil
	case "add":
		return a + b(), nil
	case "sub":
		return a - b(), nil
	case "mul":
		if parts[1] == "hi" {
			hi, _ := bits.Mul64(a, b())
			return hi, nil
		}
		return a * b(), nil
	case "mad":
		return a*b() + in(3), nil
	case "and":
		return a & b(), nil
	case "or":
		return a | b(), nil
	case "xor":
		return a ^ b(), nil
	case "shl":
		return a << min(b()&0xFFFFFFFF, 64), nil
	case "shr":
		if typ == "s64" {
			return uint64(int64(a) >> min(b()&0xFFFFFFFF, 63)), nil
		}
		return a >> min(b()&0xFFFFFFFF, 64), nil
	case "clz":
		return uint64(bits.LeadingZeros64(a)), nil
	}
	return 0, fmt.Errorf("no %s", strings.Join(parts, "."))
}

// TestMathPTXRuns runs the golden module of testdata/mathfn (math.Sin,
// Cos and Tanh of one float64) instruction by instruction and checks its
// results against the Go models of its steps, bit for bit, and so
// against package math: the PTX is the steps the models are.
func TestMathPTXRuns(t *testing.T) {
	text, err := os.ReadFile("testdata/mathfn/trig.ptx")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	th := newThread(string(text))
	table := maps.Clone(th.mem)
	count := 50000
	if testing.Short() {
		count = 2000
	}
	trigArgs(11, count, func(x float64) {
		th.regs, th.mem = map[string]uint64{}, maps.Clone(table)
		const in, sin, cos, tanh = 0x10000, 0x20000, 0x30000, 0x40000
		for name, base := range map[string]uint64{"in": in, "sin": sin, "cos": cos, "tanh": tanh} {
			th.params["p_"+name], th.params["p_"+name+"_len"] = base, 1
		}
		th.mem[in] = fb(x)
		if err := th.run(); err != nil {
			t.Fatalf("x = %v: %v", x, err)
		}
		for _, c := range []struct {
			name string
			at   uint64
			want float64
		}{{"Sin", sin, sinCosSteps(x, false)}, {"Cos", cos, sinCosSteps(x, true)}, {"Tanh", tanh, tanhSteps(x)}} {
			if got := f(th.mem[c.at]); !sameBits(got, c.want) && n < 5 {
				n++
				t.Errorf("%s(%v): the PTX gives %v (%#x), the steps %v (%#x)", c.name, x, got, fb(got), c.want, fb(c.want))
			}
		}
	})
}

// TestPowPTXRuns runs the golden module of math.Pow (testdata/mathfn)
// instruction by instruction, its loop of squarings included, and checks
// its results against powSteps bit for bit, and so against math.Pow.
func TestPowPTXRuns(t *testing.T) {
	text, err := os.ReadFile("testdata/mathfn/pow.ptx")
	if err != nil {
		t.Fatal(err)
	}
	th := newThread(string(text))
	count, n := 20000, 0
	if testing.Short() {
		count = 2000
	}
	powArgs(17, count, func(x, y float64) {
		const xa, ya, out = 0x10000, 0x20000, 0x30000
		th.regs, th.mem = map[string]uint64{}, map[uint64]uint64{xa: fb(x), ya: fb(y)}
		for name, base := range map[string]uint64{"x": xa, "y": ya, "out": out} {
			th.params["p_"+name], th.params["p_"+name+"_len"] = base, 1
		}
		if err := th.run(); err != nil {
			t.Fatalf("Pow(%v, %v): %v", x, y, err)
		}
		if got, want := f(th.mem[out]), powSteps(x, y); !sameBits(got, want) && n < 5 {
			n++
			t.Errorf("Pow(%v, %v): the PTX gives %v (%#x), the steps %v (%#x)", x, y, got, fb(got), want, fb(want))
		}
	})
}
