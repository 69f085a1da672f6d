package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// expr translates an expression of the loop's code. Helpers it calls are
// inlined first, into statements of the step.
func (v *vectorizer) expr(x ast.Expr) vval {
	info := v.f.Src.Info
	t := v.typeOf(x)
	if tv := info.Types[x]; tv.Value != nil {
		return vval{shape: vUniform, x: v.scalar(x).(ast.Expr), typ: t, fixed: true, value: tv.Value}
	}
	if q, ok := v.quotient(x); ok {
		return q
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		in := v.expr(x.X)
		if in.shape != vVector {
			in.x = &ast.ParenExpr{X: in.x}
		}
		return in
	case *ast.Ident:
		return v.ident(x)
	case *ast.SelectorExpr:
		return v.selector(x)
	case *ast.IndexExpr:
		return v.load(x)
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			return v.logic(x)
		}
		return v.binaryOf(x.Op, v.expr(x.X), v.expr(x.Y), v.typeOf(x.X), t)
	case *ast.UnaryExpr:
		return v.unary(x)
	case *ast.CallExpr:
		return v.call(x)
	case *ast.SliceExpr:
		return v.slice(x)
	case *ast.StarExpr:
		in := v.expr(x.X)
		if in.shape != vUniform {
			v.fail()
		}
		return vval{shape: vUniform, x: v.uniformRisk(&ast.StarExpr{X: in.x}, t), typ: t}
	}
	if !v.uniformExpr(x) {
		v.fail()
	}
	return vval{shape: vUniform, x: v.scalar(x).(ast.Expr), typ: t}
}

// uniformRisk returns x, a uniform operation of type t that may fail (a
// load, a division), as the step evaluates it: once, whatever its lanes.
// Under a mask every lane may be out (returned, or on the other side of
// an if), where the scalar form evaluates nothing: there the step
// evaluates it only if a lane is in, after recording the first such
// lane's thread as where a failure is, as in the scalar form. (Only for
// numbers and booleans: an array row or a slice is the base of later
// accesses, which the step's checks name before the first of them.)
func (v *vectorizer) uniformRisk(x ast.Expr, t types.Type) ast.Expr {
	v.risky++
	if _, basic := t.Underlying().(*types.Basic); !basic || len(v.masks) == 0 || v.lvalue > 0 {
		if len(v.masks) > 0 {
			v.laneRisky = true
		}
		v.risks = append(v.risks, x)
		return x // a row of an array or a slice the step's checks read as it is: left as it was
	}
	v.laneRisky = true
	pos, compiled := v.builtin("pos"), v.compiledPkg()
	name, bits := v.temp("u"), v.temp("in")
	if v.reads != nil { // an index reading it is checked where it is, after it (access)
		*v.reads = append(*v.reads, &vbind{name: name, shape: vUniform, seq: v.seqHere(), level: v.level})
	}
	v.emit(&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
		&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(name)}, Type: v.typeExpr(t)}}}})
	v.emit(blank(name)) // a value assigned to _ (_ = x / y) has no other use
	first := &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(compiled), Sel: ast.NewIdent(v.sized("FirstLane"))}, Args: []ast.Expr{ast.NewIdent(bits)}}
	v.emit(&ast.IfStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(bits)}, Tok: token.DEFINE, Rhs: []ast.Expr{vcall(v.maskNow(), "ToBits")}},
		Cond: &ast.BinaryExpr{X: ast.NewIdent(bits), Op: token.NEQ, Y: intLit(0)},
		Body: &ast.BlockStmt{List: append(v.lanePos(pos, first),
			&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN, Rhs: []ast.Expr{x}})},
	})
	return ast.NewIdent(name)
}

// slice translates a slice expression of values the same for every
// thread.
func (v *vectorizer) slice(s *ast.SliceExpr) vval {
	out := &ast.SliceExpr{Slice3: s.Slice3}
	for _, p := range []struct {
		in  ast.Expr
		out *ast.Expr
	}{{s.X, &out.X}, {s.Low, &out.Low}, {s.High, &out.High}, {s.Max, &out.Max}} {
		if p.in == nil {
			continue
		}
		x := v.expr(p.in)
		if x.shape != vUniform {
			v.fail()
		}
		*p.out = x.x
	}
	return vval{shape: vUniform, x: v.uniformRisk(out, v.typeOf(s)), typ: v.typeOf(s)}
}

// ident translates a name.
func (v *vectorizer) ident(id *ast.Ident) vval {
	info := v.f.Src.Info
	obj, ok := info.ObjectOf(id).(*types.Var)
	if !ok {
		return vval{shape: vUniform, x: v.scalar(id).(ast.Expr), typ: v.typeOf(id), fixed: true}
	}
	if obj == v.f.Src.Thread {
		v.fail()
	}
	if b := v.env[obj]; b != nil && b.x != nil {
		return vval{shape: vUniform, x: b.x, typ: v.varType(obj), fixed: true}
	} else if b != nil {
		if v.reads != nil {
			*v.reads = append(*v.reads, b)
		}
		return vval{shape: b.shape, x: ast.NewIdent(b.name), typ: v.varType(obj), guard: b.guard, lane: b.lane, stride: b.stride}
	}
	if kv := v.f.Vars[obj]; kv != nil && kv.Class != Uniform && !v.f.isParam(obj) {
		v.fail() // a thread's variable the step does not have
	}
	if v.inst != 0 && obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
		v.fail() // a helper's variable not bound: a closure's
	}
	if pinned, ok := v.pinnedIdent(obj); ok {
		return pinned
	}
	x := v.scalar(id).(ast.Expr)
	if v.inst == 0 && isInteger(obj.Type()) && v.f.Vars[obj] != nil && !v.f.isParam(obj) {
		return vval{shape: vUniform, x: x, typ: v.varType(obj), fixed: true, pin: obj, pinX: x}
	}
	return vval{shape: vUniform, x: x, typ: v.varType(obj), fixed: true}
}

// selector translates a field, a package's name, or the thread's index.
func (v *vectorizer) selector(s *ast.SelectorExpr) vval {
	t := v.typeOf(s)
	if field, ok := v.f.threadFieldSel(s); ok && kapi.Field(field) != kapi.NotField {
		if field == "ThreadIdx" && s.Sel.Name == v.f.laneAxis() {
			return vval{shape: vAffine, x: v.scalar(s).(ast.Expr), typ: t}
		}
		return vval{shape: vUniform, x: v.scalar(s).(ast.Expr), typ: t} // y and z: a step is part of a row of x
	}
	if v.f.isThreadField(s) {
		v.fail()
	}
	if id, ok := s.X.(*ast.Ident); ok {
		if _, isPkg := v.f.Src.Info.Uses[id].(*types.PkgName); isPkg {
			return vval{shape: vUniform, x: v.scalar(s).(ast.Expr), typ: t, fixed: true}
		}
	}
	if part, ok := v.gather(s); ok {
		return part
	}
	if _, isField := v.f.fieldSel(s); !isField {
		v.fail()
	}
	x := v.expr(s.X)
	if x.shape != vUniform {
		v.fail()
	}
	return vval{shape: vUniform, x: &ast.SelectorExpr{X: x.x, Sel: ast.NewIdent(s.Sel.Name)}, typ: t}
}

// index translates an index, collecting the variables it reads.
func (v *vectorizer) index(x ast.Expr) vval {
	outer := v.reads
	var reads []*vbind
	v.reads = &reads
	i := v.expr(x)
	v.reads = outer
	if outer != nil {
		*outer = append(*outer, reads...)
	}
	i.reads = reads
	return i
}

// load translates an element read: eight consecutive elements at an
// affine index, one at a uniform one.
func (v *vectorizer) load(e *ast.IndexExpr) vval {
	if tv := v.f.Src.Info.Types[e.X]; tv.IsType() {
		v.fail() // an instantiation
	}
	if part, ok := v.gather(e); ok {
		return part
	}
	x, i := v.indexOf(e)
	if x.shape != vUniform {
		v.fail()
	}
	switch i.shape {
	case vUniform:
		read := v.uniformRisk(&ast.IndexExpr{X: x.x, Index: i.x}, v.typeOf(e))
		elem, direct := read.(*ast.IndexExpr)
		if _, basic := v.typeOf(e).Underlying().(*types.Basic); basic && direct && len(v.masks) == 0 && v.conds == 0 && x.x != nil {
			reads := append(append([]*vbind(nil), x.reads...), i.reads...)
			v.elems = append(v.elems, vaccess{x: x.x, i: asInt(i), binds: reads, node: e, elem: elem, seq: v.seq})
		}
		return vval{shape: vUniform, x: read, typ: v.typeOf(e), addr: direct && v.sliceable(e.X)}
	case vAffine:
		return v.loadAt(e, x, i)
	}
	v.fail() // a gather
	return vval{}
}

// loadAt loads eight consecutive elements of e.X from the affine index i.
func (v *vectorizer) loadAt(e *ast.IndexExpr, x, i vval) vval {
	t := v.typeOf(e)
	vt, ok := v.vecElem(t)
	if !ok || !v.sliceable(e.X) {
		v.fail()
	}
	v.touch()
	if i.clamped() {
		return v.clampedLoad(x, i, t, vt)
	}
	if strideOf(i) != 1 {
		return v.stridedLoad(e, x, i, t, vt)
	}
	v.computes()
	load := v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: i.x})
	if !v.access(e, x, i) {
		v.sliced(e, load.(*ast.CallExpr).Args[0].(*ast.SliceExpr))
		return vval{shape: vVector, x: load, typ: t}
	}
	// checked in place: a load that would leave the slice goes lane by lane
	name := v.temp("ld")
	v.declVec(name, vt)
	check := &ast.IfStmt{Cond: v.inRange(x.x, asInt(i)), Body: &ast.BlockStmt{List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN, Rhs: []ast.Expr{load}}}},
		Else: &ast.BlockStmt{List: v.laneLoads(name, x.x, lanesOf(i), t, vt)}}
	v.noteInPlace(check)
	v.noteWindowLoad(check)
	v.emit(check)
	return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
}

// access records a vector load or store of x at i (node) for the step's
// checks, which run before its first touch of memory, and reports whether
// it must be checked in place instead: its index is computed later, or
// changes, or (under an if whose condition may turn out false) could fail
// to evaluate.
func (v *vectorizer) access(node ast.Node, x, i vval) (inPlace bool) {
	if v.rowChecked(node) {
		return false // the row's check covers it: nothing to check per step
	}
	reads := append(append([]*vbind(nil), x.reads...), i.reads...)
	ready := !v.inPlace[node] && !(v.conds > 0 && (x.x != nil && mayPanic(v.f.Src.Info, x.x) || mayPanic(v.f.Src.Info, i.x)))
	for _, b := range reads {
		ready = ready && b.seq < v.first
	}
	if !ready {
		if x.x == nil {
			v.fail() // an int32 range: no lane-by-lane form
		}
		return true
	}
	v.accesses = append(v.accesses, vaccess{x: x.x, i: asInt(i), binds: reads, node: node})
	return false
}

// asInt returns an index as an int, to compare with len.
func asInt(i vval) ast.Expr {
	if types.Identical(i.typ, types.Typ[types.Int]) {
		return i.x
	}
	return &ast.CallExpr{Fun: ast.NewIdent("int"), Args: []ast.Expr{i.x}}
}

// inSpan writes "x[i+lo:i+hi] is in x": i >= -lo && i <= len(x)-hi, which
// no i wraps (i+hi would, near the largest int).
func inSpan(x, i ast.Expr, lo, hi int) ast.Expr {
	return &ast.BinaryExpr{X: &ast.BinaryExpr{X: paren(i), Op: token.GEQ, Y: intLit(int64(-lo))}, Op: token.LAND,
		Y: &ast.BinaryExpr{X: paren(i), Op: token.LEQ,
			Y: &ast.BinaryExpr{X: &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{x}}, Op: token.SUB, Y: intLit(int64(hi))}}}
}

// laneArray declares a [8]T of elements of type t, for a vector's lanes.
func (v *vectorizer) laneArray(t types.Type) (ast.Expr, ast.Stmt) {
	name := v.temp("lanes")
	return ast.NewIdent(name), &ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{
		Names: []*ast.Ident{ast.NewIdent(name)}, Type: &ast.ArrayType{Len: intLit(int64(v.width())), Elt: ast.NewIdent(t.Underlying().(*types.Basic).Name())}}}}}
}

// sliceable reports whether x[i:] is a slice: x is a slice, a pointer to
// an array, or an addressable array (an element of a slice, a variable).
func (v *vectorizer) sliceable(x ast.Expr) bool {
	switch u := v.typeOf(x).Underlying().(type) {
	case *types.Slice:
		return true
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Array)
		return ok
	case *types.Array:
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			_, ok := v.f.Src.Info.ObjectOf(x).(*types.Var)
			return ok
		case *ast.IndexExpr:
			return v.sliceable(x.X)
		case *ast.StarExpr:
			return true
		}
	}
	return false
}

// binaryOf translates x op y, of operand type ot and result type t.
func (v *vectorizer) binaryOf(op token.Token, x, y vval, ot, t types.Type) vval {
	if cmpMethods[op] != "" {
		if x.shape == vVector || y.shape == vVector || x.shape != y.shape {
			return v.compare(op, x, y, ot, t)
		}
		if x.clamped() || y.clamped() || strideOf(x) != strideOf(y) {
			v.fail()
		}
		return vval{shape: vUniform, x: &ast.BinaryExpr{X: x.x, Op: op, Y: y.x}, typ: t} // the lanes' indices differ alike
	}
	risky := opMayFail(op, y, t)
	if x.shape != vVector && y.shape != vVector {
		if op == token.MUL && (x.shape == vAffine) != (y.shape == vAffine) {
			if a, ok := v.scaleAffine(x, y, t); ok {
				return a
			}
			if a, ok := v.pinScale(x, y); ok {
				return a
			}
		}
		shape := affineOp(op, x.shape, y.shape)
		if shape < 0 || vshape(shape) == vUniform && (x.clamped() || y.clamped() || strideOf(x) != strideOf(y)) {
			v.fail()
		}
		r := affineArith(op, x, y, t, vshape(shape))
		if r.shape == vUniform {
			r = foldPinned(op, x, y, r, t)
		}
		if risky && r.shape == vUniform {
			r.x = v.uniformRisk(r.x, t)
		} else if risky {
			v.risky++
			v.laneRisky = true
		} else if r.shape == vUniform {
			r.pure = x.invariant() && y.invariant()
		}
		return r
	}
	if risky {
		v.risky++
		v.laneRisky = true
	}
	vt, ok := v.vecType(t)
	if !ok {
		v.fail() // comparisons: masks, later
	}
	if op == token.SHL || op == token.SHR {
		if !v.avx2Op(op, vt) || v.z {
			v.fail() // at sixteen lanes Go 1.26 may write a masked shift its assembler rejects (vec_512.go)
		}
		v.computes()
		return vval{shape: vVector, x: v.shift(op, v.vec(x, t), y), typ: t}
	}
	m := vecMethods[op]
	float := isFloatVec(vt)
	if v.z && bitOps[op] {
		v.fail() // Go 1.26 may merge three of them and a load into an instruction it cannot assemble (vec_512.go)
	}
	if m == "" || float && (op == token.AND || op == token.OR || op == token.XOR || op == token.AND_NOT) || !float && op == token.QUO || !v.avx2Op(op, vt) {
		v.fail() // integer division by a vector panics per lane: kept scalar
	}
	if bitOps[op] {
		v.bitwise()
	}
	xv, yv := v.vec(x, t), v.vec(y, t)
	v.computes()
	if sum, ok := v.mulAdd(op, xv, yv, vt); ok {
		return vval{shape: vVector, x: sum, typ: t}
	}
	return vval{shape: vVector, x: vcall(xv, m, yv), typ: t}
}

// vecMethods are the archsimd methods of Go's arithmetic operators.
var vecMethods = map[token.Token]string{token.ADD: "Add", token.SUB: "Sub", token.MUL: "Mul", token.QUO: "Div",
	token.AND: "And", token.OR: "Or", token.XOR: "Xor", token.AND_NOT: "AndNot"}

// affineOp returns the shape of x op y for scalar operands, or -1 where
// the result differs between threads other than by the lane.
func affineOp(op token.Token, x, y vshape) int {
	switch {
	case x == vUniform && y == vUniform:
		return int(vUniform)
	case op == token.ADD && (x == vUniform || y == vUniform):
		return int(vAffine)
	case op == token.SUB && y == vUniform:
		return int(vAffine)
	case op == token.SUB && x == vAffine && y == vAffine:
		return int(vUniform)
	}
	return -1
}

// shift translates a shift of a vector by a count the same for every
// thread: x86's shifts give Go's results for counts past the width (0,
// or the sign), and a count that could be negative is left to Go.
func (v *vectorizer) shift(op token.Token, x ast.Expr, n vval) ast.Expr {
	if n.shape != vUniform {
		v.fail()
	}
	if b, ok := n.typ.Underlying().(*types.Basic); !ok || b.Info()&types.IsUnsigned == 0 && !n.fixed {
		v.fail()
	}
	m := "ShiftAllLeft"
	if op == token.SHR {
		m = "ShiftAllRight"
	}
	return vcall(x, m, &ast.CallExpr{Fun: ast.NewIdent("uint64"), Args: []ast.Expr{n.x}})
}

// unary translates -x, +x and ^x.
func (v *vectorizer) unary(u *ast.UnaryExpr) vval {
	x := v.expr(u.X)
	t := v.typeOf(u)
	if x.shape != vVector {
		if x.shape == vAffine && (u.Op != token.ADD || x.clamped()) {
			v.fail()
		}
		return vval{shape: x.shape, x: &ast.UnaryExpr{Op: u.Op, X: x.x}, typ: t, pure: x.shape == vUniform && x.invariant()}
	}
	vt, _ := v.vecType(t)
	switch {
	case u.Op == token.ADD:
		return x
	case u.Op == token.NOT:
		return vval{shape: vVector, x: v.notMask(x.x), typ: t}
	case u.Op == token.SUB && isFloatVec(vt) && vt != narrow32: // the sign flipped, as Go's negation (-0 from 0)
		return vval{shape: vVector, x: v.negFloat(x.x, vt), typ: t}
	case u.Op == token.SUB:
		return vval{shape: vVector, x: vcall(v.zeroVec(vt), "Sub", x.x), typ: t}
	case u.Op == token.XOR && !isFloatVec(vt) && !v.z: // see binaryOf
		v.bitwise()
		return vval{shape: vVector, x: vcall(x.x, "Not"), typ: t}
	}
	v.fail()
	return vval{}
}

// vec returns val as a vector of t's values: broadcast if it is the same
// for every thread, hoisted before the steps where it is the same in
// every step.
func (v *vectorizer) vec(val vval, t types.Type) ast.Expr {
	switch val.shape {
	case vVector:
		return val.x
	case vAffine:
		if vt, _ := v.vecType(t); v.w64 && (vt == "Int64x4" || vt == "Uint64x4") {
			return v.lanes64(val, vt) // exact in 64-bit lanes
		}
		v.fail() // the lanes' own indices as a vector: later
	}
	vt, ok := v.vecType(t)
	if !ok {
		v.fail()
	}
	if isMaskVec(vt) {
		return v.boolMask(val.x)
	}
	x := val.x
	basic := laneType(vt) // t's type, or int's int64
	if b, isBasic := val.typ.(*types.Basic); val.typ != nil && !(isBasic && b.Info()&types.IsUntyped != 0) && !types.Identical(val.typ, basic) {
		x = &ast.CallExpr{Fun: ast.NewIdent(basic.Name()), Args: []ast.Expr{x}} // a named type's value
	}
	call := v.pkgCall("Broadcast"+vt, x)
	if !val.invariant() {
		if at, ok := v.broadcastAt(val, vt, basic); ok {
			return at
		}
		return call
	}
	key := vt + "(" + types.ExprString(x) + ")"
	name, ok := v.hoist[key]
	if !ok {
		name = v.temp("vb")
		v.hoist[key] = name
		// Marked used: the statement reading it may be one the step drops
		// (_ = w & p, whose vector cannot fail; fuzz seed 7901161).
		v.hoisted = append(v.hoisted, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{call}},
			blank(name))
	}
	return ast.NewIdent(name)
}

// uniformExpr reports whether x reads nothing that differs between
// threads and calls nothing: a slice expression, a composite literal of
// such values.
func (v *vectorizer) uniformExpr(x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if obj, isVar := v.f.Src.Info.ObjectOf(n).(*types.Var); isVar {
				b := v.env[obj]
				kv := v.f.Vars[obj]
				if obj == v.f.Src.Thread || b != nil && b.shape != vUniform ||
					b == nil && kv != nil && kv.Class != Uniform && !v.f.isParam(obj) {
					ok = false
				}
			}
		case *ast.CallExpr:
			if tv := v.f.Src.Info.Types[n.Fun]; !tv.IsType() {
				ok = false
			}
		case *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return ok
}

// lanes returns the vector of an affine index's eight values, i to i+7,
// as int32: the step's checks send it to the scalar form where they do
// not fit.
func (v *vectorizer) lanes(i vval) ast.Expr {
	if !isSigned(i.typ) || !i.plain() {
		v.fail()
	}
	v.laneRange(i, false)
	first := &ast.CallExpr{Fun: ast.NewIdent("int32"), Args: []ast.Expr{i.x}}
	return vcall(v.pkgCall(v.sized("BroadcastInt32x8"), first), "Add", v.lanesIota())
}

// laneRange notes the check that affine index i's lanes, i to i+7, all
// lie in the int32s (or, unsigned, the uint32s), with the step's other
// checks (finishChecks).
func (v *vectorizer) laneRange(i vval, unsigned bool) {
	reads := i.reads // checked with the other checks, not now
	i.reads = nil
	v.access(nil, vval{}, i)
	a := &v.accesses[len(v.accesses)-1]
	a.int32, a.unsigned, a.binds = true, unsigned, append(a.binds, reads...)
}

// opMayFail reports whether x op y, of type t, may fail: an integer
// division or remainder by a zero divisor, a shift by a negative count.
// A constant divisor other than zero, and a count that is a constant not
// below zero or of an unsigned type, cannot (Go's division of the most
// negative value by -1 wraps).
func opMayFail(op token.Token, y vval, t types.Type) bool {
	switch {
	case (op == token.QUO || op == token.REM) && isInteger(t):
		return y.value == nil || constant.Sign(y.value) == 0
	case op == token.SHL || op == token.SHR:
		return !countSafe(y.value, y.typ)
	}
	return false
}
