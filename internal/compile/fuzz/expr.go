package fuzz

import (
	"fmt"
	"strings"
)

// Constants of each type, the simplest first.
var (
	i32Consts = []string{"1", "0", "2", "3", "7", "-1", "-5", "100", "1 << 20", "2147483647", "-2147483648"}
	u32Consts = []string{"1", "0", "3", "0xff", "12345", "0x80000000", "0xffffffff", "2654435761"}
)

// expr returns an expression of type t, only of block-uniform values if
// uni, and whether it is a constant (which a conversion or a constant
// operation could make overflow).
func (g *gen) expr(t typ, uni bool, d int) (string, bool) {
	if t == tbool {
		return g.cond(uni, d), false
	}
	if d >= 2 {
		return g.leaf(t, uni)
	}
	switch g.ch.weighted(6+4*d, 5, 2, 1-d) {
	case 0:
		return g.leaf(t, uni)
	case 1:
		return g.binary(t, uni, d)
	case 2:
		op := []string{"-", "^"}[g.ch.pick(2)]
		return fmt.Sprintf("%s(%s)", op, g.val(t, uni, d+1)), false
	default:
		return g.call(t, uni, d), false
	}
}

// val returns a non-constant expression of type t.
func (g *gen) val(t typ, uni bool, d int) string {
	e, c := g.expr(t, uni, d)
	if !c {
		return e
	}
	return fmt.Sprintf("(%s ^ %s)", g.leafVar(t, uni), e)
}

// binary returns a binary expression of type t.
func (g *gen) binary(t typ, uni bool, d int) (string, bool) {
	l, lc := g.expr(t, uni, d+1)
	ops := []string{"+", "-", "*", "^", "&", "|", "&^", "<<", ">>", "/", "%"}
	op := ops[g.ch.pick(len(ops))]
	switch op {
	case "<<", ">>":
		if g.ch.pick(3) == 0 {
			if lc { // an untyped constant would take its type from the context
				l = fmt.Sprintf("%s(%s)", typeName(t), l)
			}
			return fmt.Sprintf("(%s %s (%s & 15))", l, op, g.val(u32, uni, d+1)), false
		}
		if lc {
			l = g.leafVar(t, uni)
		}
		return fmt.Sprintf("(%s %s %d)", l, op, g.ch.pick(32)), false
	}
	r, rc := g.expr(t, uni, d+1)
	if lc && rc {
		l, lc = g.leafVar(t, uni), false
	}
	if op == "/" || op == "%" {
		r = fmt.Sprintf("(%s | 1)", r)
	}
	return fmt.Sprintf("(%s %s %s)", l, op, r), false
}

// leaf returns a constant, a variable or a value of the thread or block.
func (g *gen) leaf(t typ, uni bool) (string, bool) {
	switch g.ch.pick(3) {
	case 0:
		if t == i32 {
			return i32Consts[g.ch.pick(len(i32Consts))], true
		}
		return u32Consts[g.ch.pick(len(u32Consts))], true
	case 1:
		return g.leafVar(t, uni), false
	}
	return g.special(t, uni), false
}

// leafVar returns a variable of type t, or a conversion of one.
func (g *gen) leafVar(t typ, uni bool) string {
	if vs := g.vars(t, uni, false); len(vs) > 0 && (g.pure || g.ch.pick(4) != 0) {
		return g.use(vs)
	}
	for _, from := range []typ{tint, i32, u32} {
		if vs := g.vars(from, uni, false); from != t && len(vs) > 0 {
			return fmt.Sprintf("%s(%s)", typeName(t), g.use(vs))
		}
	}
	return fmt.Sprintf("%s(t.BlockIdx.X)", typeName(t))
}

// special returns a value read from the thread, the block or memory.
func (g *gen) special(t typ, uni bool) string {
	if g.pure {
		return g.leafVar(t, uni)
	}
	if len(g.vars(tfn, uni, false)) > 0 && g.ch.pick(3) == 2 {
		return g.closureCall(t, uni)
	}
	if t == u32 {
		switch g.ch.pick(4) {
		case 0:
			return fmt.Sprintf("uint32(%s)", g.val(i32, uni, 2))
		case 1:
			g.imports["math/bits"] = true
			return fmt.Sprintf("bits.RotateLeft32(%s, %d)", g.val(u32, uni, 2), g.ch.pick(32)-16)
		case 2:
			g.imports["math/bits"] = true
			return fmt.Sprintf("bits.ReverseBytes32(%s)", g.val(u32, uni, 2))
		}
		return fmt.Sprintf("uint32(bits.OnesCount32(%s))", g.bitsArg(uni))
	}
	fields := []string{"t.BlockIdx.X", "t.BlockIdx.Y", "t.BlockDim.X", "t.BlockDim.Y", "t.GridDim.X"}
	if !uni {
		fields = append(fields, "t.ThreadIdx.X", "t.ThreadIdx.Y", "t.ThreadIdx.Z")
	}
	if g.grid { // no y or z: threads a launch gives the same i compute the same
		fields = []string{"t.BlockIdx.X", "t.BlockDim.X", "t.GridDim.X", "t.ThreadIdx.X"}
	}
	switch g.ch.pick(4) {
	case 0:
		return fmt.Sprintf("int32(%s)", fields[g.ch.pick(len(fields))])
	case 1:
		if !uni && !g.helper && g.ch.pick(3) == 0 {
			return g.guardedLoad()
		}
		return fmt.Sprintf("in[int(uint32(%s) %% uint32(len(in)))]", g.val(i32, uni, 2))
	case 2:
		if !uni && !g.pure {
			reads := []string{"sh[rank]", "sh[size+rank]", "in[gid%len(in)]", "st.x", "", "ep[rank][1]", "es[rank].x"}
			if g.grid {
				reads[0], reads[1] = "", "" // no shared memory
			}
			if g.grid || g.helper {
				reads[5], reads[6] = "", "" // the kernel's shared slices
			}
			if r := reads[g.ch.pick(len(reads))]; r != "" && (r != "st.x" || !g.helper) {
				return r
			}
			if !g.helper {
				return fmt.Sprintf("q[int(uint32(%s) & 3)]", g.val(i32, false, 2))
			}
		}
	case 3:
		if !uni && !g.pure && !g.helper { // a flat index's quotient or remainder (quotient.go)
			op := []string{"/", "%"}[g.ch.pick(2)]
			return fmt.Sprintf("int32((gid + int(%s)) %s (int(%s) | 1))", g.val(i32, true, 2), op, g.val(i32, true, 2))
		}
	}
	return fmt.Sprintf("int32(%s)", g.leafVar(tint, uni))
}

// bitsArg returns an argument for math/bits, importing it.
func (g *gen) bitsArg(uni bool) string {
	g.imports["math/bits"] = true
	return g.val(u32, uni, 2)
}

// cond returns a boolean expression.
func (g *gen) cond(uni bool, d int) string {
	if vs := g.vars(tbool, uni, false); len(vs) > 0 && g.ch.pick(4) == 1 {
		return g.use(vs)
	}
	if !uni && d == 0 && g.ch.pick(4) == 0 {
		return g.guard()
	}
	if d < 2 {
		switch g.ch.pick(6) {
		case 1:
			return fmt.Sprintf("(%s && %s)", g.cond(uni, d+1), g.cond(uni, d+1))
		case 2:
			return fmt.Sprintf("(%s || %s)", g.cond(uni, d+1), g.cond(uni, d+1))
		case 3:
			return fmt.Sprintf("!%s", g.cond(uni, d+1))
		}
	}
	t := []typ{i32, u32}[g.ch.pick(2)]
	ops := []string{"<", "==", "!=", ">", "<=", ">="}
	op := ops[g.ch.pick(len(ops))]
	return fmt.Sprintf("(%s %s %s)", g.val(t, uni, d+1), op, g.exprOnly(t, uni, d+1))
}

// guard returns a comparison of the thread's x index with block-uniform
// ints, the guard of a reduction's tree step (tid < s), which the compiler
// turns into bounds of the thread loop.
func (g *gen) guard() string {
	bounds := []string{"t.BlockDim.X / 2", "p1 * 8", "", "int(uint32(p0) % 64)", "t.BlockDim.X - 1"}
	ops := []string{"<", "<=", ">", ">=", "=="}
	one := func() string {
		op := ops[g.ch.pick(len(ops))]
		b := bounds[g.ch.pick(len(bounds))]
		if b == "" {
			b = g.uniformBound() + " * 5" // only when chosen: it may use a variable
		}
		x := []string{"t.ThreadIdx.X", "t.ThreadIdx.X", "t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X", "p1 - 3 + t.ThreadIdx.X"}[g.ch.pick(4)]
		if g.ch.pick(3) == 0 {
			return fmt.Sprintf("%s %s %s", b, op, x)
		}
		return fmt.Sprintf("%s %s %s", x, op, b)
	}
	switch g.ch.pick(5) {
	case 0:
		return fmt.Sprintf("%s && %s && %s", one(), one(), g.cond(false, 1))
	case 1:
		return g.rangeGuard()
	case 2:
		if !g.grid { // a grid-stride kernel's threads that share an i must compute the same
			return g.rowResidue()
		}
	}
	return one()
}

// rowResidue returns a test that the thread's y index is a multiple of a
// block-uniform int, or is not, Rodinia backprop's tree step (ty%p == 0),
// which the compiler steps the rows of where the block's height is a
// multiple. The divisors are positive for every shape's p0 and p1.
func (g *gen) rowResidue() string {
	p := []string{"2", "3", "(1 + p1)", "int(uint32(p0)%3 + 1)"}[g.ch.pick(4)]
	op := []string{"==", "!="}[g.ch.pick(2)]
	return fmt.Sprintf("t.ThreadIdx.Y%%%s %s 0", p, op)
}

// rangeGuard returns a call of a new helper testing that the thread's x
// index lies in a range of block-uniform ints, Rodinia's IN_RANGE(x, min,
// max), which the compiler reads through to bound the thread loop.
func (g *gen) rangeGuard() string {
	name := g.fresh(g.prefix + "inRange")
	g.decls = append(g.decls, fmt.Sprintf("func %s(x, lo, hi int) bool {\n\treturn x >= lo && x <= hi\n}\n", name))
	lo := []string{"0", "p1", "t.BlockDim.X / 3", "int(uint32(p0) % 64)"}[g.ch.pick(4)]
	hi := []string{"t.BlockDim.X - 2", "p1 * 8", "t.BlockDim.X / 2", "int(uint32(p0) % 64)"}[g.ch.pick(4)]
	x := []string{"t.ThreadIdx.X", "t.ThreadIdx.X + 1"}[g.ch.pick(2)]
	return fmt.Sprintf("%s(%s, %s, %s)", name, x, lo, hi)
}

// exprOnly is expr without the constant flag.
func (g *gen) exprOnly(t typ, uni bool, d int) string {
	e, _ := g.expr(t, uni, d)
	return e
}

// call returns a call of a new pure helper of two operands.
func (g *gen) call(t typ, uni bool, d int) string {
	if g.pure {
		return g.val(t, uni, d+1)
	}
	a, b := g.val(t, uni, d+1), g.val(t, uni, d+1)
	name := g.fresh(g.prefix + "f")
	saved := g.frames
	g.pure = true
	g.frames = [][]*variable{{{name: "x", typ: t}, {name: "y", typ: t}}}
	body := g.val(t, false, 0)
	g.frames, g.pure = saved, false
	tn := typeName(t)
	g.decls = append(g.decls, fmt.Sprintf("func %s(x, y %s) %s {\n\treturn %s\n}\n", name, tn, tn, body))
	return fmt.Sprintf("%s(%s, %s)", name, a, b)
}

// intExpr returns a small non-negative int expression: a loop bound or a
// shuffle's argument.
func (g *gen) intExpr(uni bool, limit int) string {
	switch g.ch.pick(3) {
	case 0:
		return fmt.Sprint(g.ch.pick(limit + 1))
	case 1:
		return fmt.Sprintf("int(uint32(%s) %% %d)", g.val(i32, uni, 2), limit+1)
	}
	return fmt.Sprintf("int(%s & %d)", g.val(u32, uni, 2), limit)
}

func typeName(t typ) string {
	return [...]string{i32: "int32", u32: "uint32", tint: "int", tbool: "bool", tfn: "func(int32) int32"}[t]
}

// paren wraps e in parentheses unless it is a name or already wrapped.
func paren(e string) string {
	if strings.ContainsAny(e, " &|^") && !strings.HasPrefix(e, "(") {
		return "(" + e + ")"
	}
	return e
}

// guardedLoads are the bodies of a guarded load helper, in[i] where i is
// in range, which gocuda compile reads as in[i] itself where a row's
// slices are long enough (kir/guardedload.go); the first would fail below
// 0, where the others return a value.
var guardedLoads = []string{
	"\tif i < len(in) {\n\t\treturn in[i]\n\t}\n\treturn -7\n",
	"\tif i >= 0 && i < len(in) {\n\t\treturn in[i]\n\t}\n\treturn 3\n",
	"\tif i >= len(in) || i < 0 {\n\t\treturn 0\n\t}\n\treturn in[i]\n",
}

// narrowLoads are guardedLoads with the index in int32 or uint32 (the
// parameter's type, then the body): a uint32 below 0 wraps past the end.
var narrowLoads = [][2]string{
	{"int32", "\tif i < int32(len(in)) {\n\t\treturn in[i]\n\t}\n\treturn -7\n"},
	{"int32", "\tif i >= 0 && i < int32(len(in)) {\n\t\treturn in[i]\n\t}\n\treturn 3\n"},
	{"uint32", "\tif i >= uint32(len(in)) {\n\t\treturn 0\n\t}\n\treturn in[i]\n"},
}

// guardedLoad returns a read of in through the kernel's guarded load
// helper, declaring it on first use, at the thread's flat or x index plus
// a small offset: rows of threads in range of in, rows past its end, and
// (where the helper tests i >= 0) below its start.
func (g *gen) guardedLoad() string {
	if g.at == "" {
		g.at = g.fresh(g.prefix + "at")
		g.atForm = g.ch.pick(len(guardedLoads))
		param, body := "int", guardedLoads[g.atForm]
		if g.narrow {
			param, body = narrowLoads[g.atForm][0], narrowLoads[g.atForm][1]
		}
		g.decls = append(g.decls, fmt.Sprintf("func %s(in []int32, i %s) int32 {\n%s}\n", g.at, param, body))
	}
	idx := []string{"gid", "t.ThreadIdx.X", "t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X"}[g.ch.pick(3)]
	offs := []string{"", " + 1", " + 31", " - 1"}
	if g.atForm == 0 {
		offs = offs[:3] // the generated kernels do not fail
	}
	i := idx + offs[g.ch.pick(len(offs))]
	if g.narrow {
		i = narrowLoads[g.atForm][0] + "(" + i + ")"
	}
	return fmt.Sprintf("%s(in, %s)", g.at, i)
}
