package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Control that differs between the threads of a step runs under masks,
// as on a GPU: both sides of an if whose condition differs run, each for
// its lanes; a loop whose lanes leave at different trips runs while any
// lane is in it; a thread's return removes its lane for the rest of the
// step. A variable assigned under a mask keeps the other lanes' values
// (Merge); a store under one writes only its lanes' elements
// (StoreMasked). The masks in force are variables of the step, ANDed
// where an operation needs them.

// A vloop is a loop of the step being translated.
type vloop struct {
	stmt   ast.Stmt
	masked bool     // run under its own mask: lanes leave it at different trips
	lanes  string   // its mask: the lanes still in it
	iter   string   // the lanes still in this trip (continue), "" if none continues
	masks  int      // masks in force inside it, its own included
	window *vwindow // a loop counted by ones, and its loads checked in place (vec_window.go)
}

// maskNow returns the mask in force, nil where every lane runs.
func (v *vectorizer) maskNow() ast.Expr {
	var m ast.Expr
	for _, name := range v.masks {
		if m == nil {
			m = ast.NewIdent(name)
		} else {
			m = v.maskOp(m, "And", ast.NewIdent(name))
		}
	}
	return m
}

// maskVar declares a mask variable of the step set to x.
func (v *vectorizer) maskVar(base string, x ast.Expr) string {
	name := v.temp(base)
	v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{x}})
	v.emit(blank(name))
	return name
}

// allLanes returns the mask of every lane, hoisted.
func (v *vectorizer) allLanes() ast.Expr {
	if v.z {
		return v.hoisted1("all", v.pkgCall("Mask32x16FromBits", &ast.BasicLit{Kind: token.INT, Value: "0xffff"}))
	}
	return v.hoisted1("all", v.toMask(v.pkgCall("Broadcast"+v.maskInt(), intLit(-1)), v.maskInt()))
}

// noLanes returns the mask of no lane, hoisted.
func (v *vectorizer) noLanes() ast.Expr {
	if v.z {
		return v.hoisted1("none", v.pkgCall("Mask32x16FromBits", intLit(0)))
	}
	return v.hoisted1("none", v.toMask(v.pkgCall("Broadcast"+v.maskInt(), intLit(0)), v.maskInt()))
}

// lanesIota returns the vector of the lanes' numbers, 0 to width-1, hoisted.
func (v *vectorizer) lanesIota() ast.Expr { return v.iotaOf("iota", v.maskInt(), v.laneInt(), 1) }

// maskOfBits returns the step's mask of the lanes set in bits (a byte,
// or sixteen bits at sixteen lanes): a row of compiled.LaneBits or
// LaneBits64 as a mask, since AVX2 has no instruction to make one from
// bits.
func (v *vectorizer) maskOfBits(bits ast.Expr) ast.Expr {
	if v.z {
		return v.pkgCall("Mask32x16FromBits", bits)
	}
	table := "LaneBits"
	if v.w64 {
		table, bits = "LaneBits64", &ast.BinaryExpr{X: bits, Op: token.AND, Y: intLit(15)}
	}
	row := &ast.IndexExpr{X: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent(table)}, Index: bits}
	return v.toMask(v.pkgCall("Load"+v.maskInt(), &ast.UnaryExpr{Op: token.AND, X: row}), v.maskInt())
}

// toMask writes x.ToMask() for x, a vector of integer type it (Int32x8,
// Int64x4, Int32x16); in the SIMD build x.NotEqual of package compiled's
// zero vector of it, loaded where it is used, since ToMask's zero is a
// constant that Go holds in a vector register through the scalar code
// between steps (compiled/zero_simd.go).
func (v *vectorizer) toMask(x ast.Expr, it string) ast.Expr {
	if v.portable {
		return vcall(x, "ToMask")
	}
	zero := &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent("Zero" + it)}}
	return vcall(x, "NotEqual", zero)
}

// hoisted1 returns a value computed once before the steps, named by key.
func (v *vectorizer) hoisted1(key string, x ast.Expr) ast.Expr {
	name, ok := v.hoist[key]
	if !ok {
		name = v.temp(key)
		v.hoist[key] = name
		v.hoisted = append(v.hoisted, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{x}},
			blank(name))
	}
	return ast.NewIdent(name)
}

// any writes "some lane of m runs".
func anyLane(m ast.Expr) ast.Expr {
	return &ast.BinaryExpr{X: vcall(m, "ToBits"), Op: token.NEQ, Y: intLit(0)}
}

// masked translates stmts under the masks in force, skipping them where
// no lane runs.
func (v *vectorizer) masked(stmts []ast.Stmt) {
	v.conds++
	body := v.nested(stmts)
	v.conds--
	v.emit(&ast.IfStmt{Cond: anyLane(v.maskNow()), Body: body})
}

// varyingIf translates an if whose condition differs between lanes: its
// branches run one after the other, each under its lanes' mask. prep is
// what the condition's mask needs computed first.
func (v *vectorizer) varyingIf(s *ast.IfStmt, cond vval, prep []ast.Stmt) {
	if cond.all != nil && v.partial == 0 && !leaves(s.Body) {
		v.allLanesIf(s, cond, prep)
		return
	}
	v.emitAll(prep)
	c := v.maskVar("if", cond.x)
	v.level++
	defer func() { v.level-- }()
	v.masks = append(v.masks, c)
	v.masked(s.Body.List)
	v.masks = v.masks[:len(v.masks)-1]
	if s.Else != nil {
		v.masks = append(v.masks, v.maskVar("else", v.notMask(ast.NewIdent(c))))
		v.masked([]ast.Stmt{s.Else})
		v.masks = v.masks[:len(v.masks)-1]
	}
}

// leave removes the lanes of the mask in force from mask variable name.
func (v *vectorizer) leave(name string) { v.leaveMask(name, v.maskNow()) }

// leaveMask removes the lanes of mask m from mask variable name.
func (v *vectorizer) leaveMask(name string, m ast.Expr) {
	v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{v.maskOp(ast.NewIdent(name), "And", v.notMask(m))}})
}

// ret translates a thread's return: under a mask, its lanes leave the
// step (and every loop they are in); a return of every lane is not
// vectorized.
func (v *vectorizer) ret(s *ast.ReturnStmt) {
	if v.inst != 0 || len(s.Results) > 0 || len(v.masks) == 0 && !v.f.Exits || v.alive == "" {
		v.fail()
	}
	for _, l := range v.loopStack {
		if !l.masked {
			v.maskLoops[l.stmt] = true // its lanes may all leave it: it must stop
			v.retry = true
		}
	}
	if !v.aliveOn {
		v.aliveOn = true
		v.masks = append([]string{v.alive}, v.masks...)
		for _, l := range v.loopStack {
			l.masks++
		}
	}
	// The lanes returning, taken before a loop's mask of lanes, which is
	// part of the mask in force, drops them.
	gone := v.maskNow()
	for _, l := range v.loopStack {
		if l.masked {
			if _, named := gone.(*ast.Ident); !named {
				gone = ast.NewIdent(v.maskVar("ret", gone))
			}
			v.leaveMask(l.lanes, gone)
		}
	}
	if v.f.Exits { // later loops skip these threads
		exited, compiled := v.builtin("exited"), v.compiledPkg()
		v.emit(&ast.ExprStmt{X: &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(compiled), Sel: ast.NewIdent(v.sized("SetExited"))},
			Args: []ast.Expr{ast.NewIdent(exited), ast.NewIdent(v.rankName()), vcall(gone, "ToBits")}}})
	}
	v.leaveMask(v.alive, gone)
}

// branch translates break and continue.
func (v *vectorizer) branch(s *ast.BranchStmt) {
	if s.Label != nil || len(v.loopStack) == 0 || (s.Tok != token.BREAK && s.Tok != token.CONTINUE) {
		v.fail()
	}
	l := v.loopStack[len(v.loopStack)-1]
	if !l.masked {
		if len(v.masks) > l.masks {
			v.maskLoops[l.stmt] = true // lanes leave at different trips
			v.retry = true
			return
		}
		v.emit(&ast.BranchStmt{Tok: s.Tok})
		return
	}
	switch {
	case s.Tok == token.BREAK && len(v.masks) == l.masks && l.iter == "":
		v.emit(&ast.BranchStmt{Tok: token.BREAK}) // every lane still in the loop leaves
	case s.Tok == token.BREAK: // lanes that continued this trip stay in the loop
		v.leave(l.lanes)
	case l.iter == "":
		v.fail()
	default:
		v.leave(l.iter)
	}
}

// maskLoop translates a loop whose lanes leave it at different trips:
// init, then, while any lane is in it: its condition (for a for loop)
// takes out the lanes it fails for, then the body and post run under the
// mask of the lanes in it. A range loop's own header stays.
func (v *vectorizer) maskLoop(s ast.Stmt, init ast.Stmt, cond ast.Expr, post ast.Stmt, body *ast.BlockStmt, header func(*ast.BlockStmt) ast.Stmt) {
	outer := v.out
	var block []ast.Stmt
	v.out = &block
	v.depth++
	v.conds++
	v.level++ // variables of the init are the loop's
	defer func() { v.depth--; v.conds--; v.level-- }()
	if init != nil {
		v.stmt(init)
	}
	start := v.maskNow()
	if start == nil {
		start = v.allLanes()
	}
	l := &vloop{stmt: s, masked: true, lanes: v.maskVar("lanes", start)}
	v.masks = append(v.masks, l.lanes)
	l.masks = len(v.masks)
	v.loopStack = append(v.loopStack, l)
	defer func() { v.loopStack = v.loopStack[:len(v.loopStack)-1] }()
	trip := v.stopCheck(s)
	v.out = &trip
	if cond != nil {
		c := v.expr(cond)
		if c.shape == vUniform {
			v.emit(&ast.IfStmt{Cond: &ast.UnaryExpr{Op: token.NOT, X: paren(c.x)}, Body: &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{Tok: token.BREAK}}}})
		} else {
			v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(l.lanes)}, Tok: token.ASSIGN,
				Rhs: []ast.Expr{v.maskOp(ast.NewIdent(l.lanes), "And", c.x)}})
		}
	}
	v.emit(&ast.IfStmt{Cond: &ast.BinaryExpr{X: vcall(ast.NewIdent(l.lanes), "ToBits"), Op: token.EQL, Y: intLit(0)},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{Tok: token.BREAK}}}})
	if hasContinue(body) {
		l.iter = v.maskVar("iter", v.allLanes())
		v.masks = append(v.masks, l.iter)
		l.masks = len(v.masks)
	}
	trip = append(trip, v.list(body.List)...)
	if l.iter != "" {
		v.masks = v.masks[:len(v.masks)-1]
	}
	if post != nil {
		v.stmt(post)
	}
	v.masks = v.masks[:len(v.masks)-1]
	v.out = outer
	v.emit(&ast.BlockStmt{List: append(block, header(&ast.BlockStmt{List: trip}))})
}

// hasContinue reports whether body continues its loop (not an inner one;
// a continue in a switch continues the loop).
func hasContinue(body *ast.BlockStmt) bool {
	found := false
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.CONTINUE
		}
		return !found
	}
	ast.Inspect(body, walk)
	return found
}

// compare translates a comparison of which an operand differs between
// lanes: of vectors, or of an affine index with a uniform value, for
// which lane k of i < n is k < n-i, clamped to int32.
func (v *vectorizer) compare(op token.Token, x, y vval, ot, t types.Type) vval {
	if x.shape == vAffine || y.shape == vAffine {
		if x.shape == vVector || y.shape == vVector || !isSigned(ot) || x.clamped() || y.clamped() || x.shape == y.shape {
			v.fail()
		}
		aff, uni := x, y
		if y.shape == vAffine {
			aff, uni, op = y, x, flip(op)
		}
		compiled := v.compiledPkg()
		s := strideOf(aff) // lane k is s*k past the first: compare s*k with n-i, clamped past the lanes' reach, in int where it cannot wrap
		asInt := func(x ast.Expr) ast.Expr {
			if types.Identical(ot.Underlying(), types.Typ[types.Int]) {
				return x
			}
			return &ast.CallExpr{Fun: ast.NewIdent("int"), Args: []ast.Expr{x}}
		}
		reach := &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(compiled), Sel: ast.NewIdent("Reach")},
			Args: []ast.Expr{asInt(uni.x), asInt(aff.x), intLit(int64(v.width() * s))}}
		// The every-lane test compares the index with the bound again, where
		// an if uses it, rather than reading a variable the mask shares:
		// where no if does, the step stays as it was. A warp's lane loops
		// take the every-lane test only in the steps of a whole warp: in
		// all of them it cost the warp-shuffle block scan more than it
		// gave the warp-shuffle reduction (BenchmarkScan, BenchmarkReduce).
		d := &ast.CallExpr{Fun: ast.NewIdent(v.laneInt()), Args: []ast.Expr{reach}}
		m := vval{shape: vVector, x: vcall(v.strideIota(s), cmpMethods[op], v.pkgCall("Broadcast"+v.maskInt(), d)), typ: t}
		if v.warpLanes == nil || v.warpLanes.whole {
			m.all = everyLane(op, asInt(uni.x), asInt(aff.x), s, v.width())
		}
		return m
	}
	vt, ok := v.vecType(ot)
	if !ok || isMaskVec(vt) || vt == narrow32 {
		v.fail()
	}
	v.computes()
	return vval{shape: vVector, x: vcall(v.vec(x, ot), cmpMethods[op], v.vec(y, ot)), typ: t}
}

// cmpMethods are the archsimd comparisons of Go's.
var cmpMethods = map[token.Token]string{token.EQL: "Equal", token.NEQ: "NotEqual", token.LSS: "Less",
	token.LEQ: "LessEqual", token.GTR: "Greater", token.GEQ: "GreaterEqual"}

// flip returns the comparison with its operands swapped.
func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

func isSigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0
}

// logic translates && and || of which an operand differs between lanes:
// both are evaluated for every lane, so the right one must not be able to
// fail where Go would not have evaluated it.
func (v *vectorizer) logic(b *ast.BinaryExpr) vval {
	t := v.typeOf(b)
	x := v.expr(b.X)
	risky := v.risky
	y := v.expr(b.Y)
	if x.shape == vUniform && y.shape == vUniform {
		return vval{shape: vUniform, x: &ast.BinaryExpr{X: x.x, Op: b.Op, Y: y.x}, typ: t}
	}
	if v.risky != risky {
		v.fail()
	}
	m := map[token.Token]string{token.LAND: "And", token.LOR: "Or"}[b.Op]
	return vval{shape: vVector, x: v.maskOp(v.vec(x, t), m, v.vec(y, t)), typ: t, all: v.bothAll(b.Op, x, y)}
}

// boolMask returns a uniform bool as a mask: every lane or none.
func (v *vectorizer) boolMask(x ast.Expr) ast.Expr {
	name := v.temp("b")
	v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{v.noLanes()}})
	v.emit(&ast.IfStmt{Cond: x, Body: &ast.BlockStmt{List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN, Rhs: []ast.Expr{v.allLanes()}}}}})
	return ast.NewIdent(name)
}

// merge returns val where the mask in force runs and old elsewhere.
func (v *vectorizer) merge(val, old ast.Expr, vt string) ast.Expr {
	m := v.maskNow()
	if m == nil {
		return val // every lane: a variable of a loop, assigned after it
	}
	if vt == narrow32 {
		v.fail() // the mask's lanes are 64-bit
	}
	if isMaskVec(vt) && v.z {
		return v.maskOp(v.maskOp(val, "And", m), "Or", v.maskOp(old, "And", v.notMask(m)))
	}
	if isMaskVec(vt) {
		to := "To" + v.maskInt()
		return v.toMask(vcall(vcall(val, to), "Merge", vcall(old, to), m), v.maskInt())
	}
	if v.z {
		// Go folds a vector loaded for x.Merge(y, m) into the AVX-512
		// blend's memory operand, a masked read slower than a plain load
		// and a register blend on a Zen 5: y.Merge(x, ^m) keeps the load
		// apart.
		return vcall(old, "Merge", val, v.notMask(m))
	}
	return vcall(val, "Merge", old, m)
}
