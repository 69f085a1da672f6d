package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// stmt translates one statement of the loop's code (or of a helper
// inlined in it) into the step.
func (v *vectorizer) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		v.assign(s)
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		v.update(s.X, op, vval{shape: vUniform, x: intLit(1), fixed: true})
	case *ast.DeclStmt:
		v.declStmt(s)
	case *ast.BlockStmt:
		if p := v.storePairs[s]; p != nil {
			v.pairStores(p)
			return
		}
		v.emit(&ast.BlockStmt{List: v.list(s.List)})
	case *ast.IfStmt:
		v.ifStmt(s)
	case *ast.ForStmt:
		v.forStmt(s)
	case *ast.RangeStmt:
		v.rangeStmt(s)
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok || v.helper(call) == nil {
			v.fail()
		}
		v.inline(call)
	case *ast.BranchStmt:
		v.branch(s)
	case *ast.ReturnStmt:
		v.ret(s)
	case *ast.SwitchStmt:
		v.switchStmt(s)
	case *ast.EmptyStmt:
	default:
		v.fail()
	}
}

// list translates statements into a list of their own.
func (v *vectorizer) list(stmts []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	outer := v.out
	v.out = &out
	for _, s := range v.paired(stmts) {
		if v.depth == 0 && outer != nil {
			v.top(s)
		} else {
			v.stmt(s)
		}
	}
	v.out = outer
	return out
}

// nested translates statements under control: a loop's or an if's body.
func (v *vectorizer) nested(stmts []ast.Stmt) *ast.BlockStmt {
	v.depth++
	defer func() { v.depth-- }()
	return &ast.BlockStmt{List: v.list(stmts)}
}

// assign translates an assignment or definition.
func (v *vectorizer) assign(s *ast.AssignStmt) {
	if op, ok := opOf(s.Tok); ok {
		v.update(s.Lhs[0], op, v.expr(s.Rhs[0]))
		return
	}
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
		v.fail()
	}
	if s.Tok == token.ASSIGN && len(s.Lhs) == 1 && len(s.Rhs) == 1 && v.compositeStore(s.Lhs[0], s.Rhs[0]) {
		return
	}
	v.pairLoads(s.Rhs)
	defer clear(v.pairs)
	var vals []vval
	if len(s.Rhs) == 1 && len(s.Lhs) > 1 {
		call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		if !ok || v.helper(call) == nil {
			v.fail() // comma-ok forms
		}
		vals = v.inline(call)
	} else {
		for _, r := range s.Rhs {
			vals = append(vals, v.expr(r))
		}
		if len(vals) > 1 { // all operands are read before any is assigned
			for i := range vals {
				vals[i] = v.settle(vals[i], true)
			}
		}
	}
	if s.Tok == token.ASSIGN && v.storePair(s.Lhs, vals) {
		return
	}
	for i, lhs := range s.Lhs {
		v.assignTo(lhs, vals[i], s.Tok == token.DEFINE)
	}
}

// settle evaluates val into a temporary, unless it is a constant or a
// name; names too where keep is set (the operands of a parallel
// assignment, which may assign them).
func (v *vectorizer) settle(val vval, keep bool) vval {
	if b, ok := val.typ.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return val // a constant
	}
	switch val.x.(type) {
	case *ast.BasicLit:
		return val
	case *ast.Ident:
		if !keep {
			return val
		}
	}
	if vec, ok := v.settleFloat(val); ok {
		return vec
	}
	name := v.temp("t")
	if val.shape == vVector || val.typ == nil {
		v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{val.x}})
	} else { // typed: the value may be an untyped constant expression
		v.emit(&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
			&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(name)}, Type: v.typeExpr(val.typ), Values: []ast.Expr{val.x}}}}})
	}
	v.emit(blank(name))
	val.x = ast.NewIdent(name)
	val.fixed, val.pure = false, false // a temporary of the step: no broadcast of it goes before the steps
	return val
}

// assignTo assigns val to lhs; define is set for :=, where lhs may be a
// new variable.
func (v *vectorizer) assignTo(lhs ast.Expr, val vval, define bool) {
	info := v.f.Src.Info
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if l.Name == "_" {
			switch ast.Unparen(val.x).(type) {
			case *ast.Ident, *ast.BasicLit: // it cannot fail
			default:
				if val.shape == vUniform { // it may (_ = d / k): evaluated, as the scalar form does
					v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{val.x}})
				}
			}
			return // a vector's operands were evaluated; it has no effect of its own
		}
		obj, ok := info.ObjectOf(l).(*types.Var)
		if !ok {
			v.fail()
		}
		if define && info.Defs[l] != nil {
			v.define(obj, val)
			return
		}
		v.set(obj, val)
	case *ast.IndexExpr:
		if v.scatter(l, val) {
			return
		}
		v.store(l, val)
	default: // a field or a pointer's target: the same place for every thread
		if v.scatter(lhs, val) {
			return
		}
		if val.shape != vUniform {
			v.fail()
		}
		v.lvalue++
		x := v.expr(lhs)
		v.lvalue--
		if x.shape != vUniform {
			v.fail()
		}
		v.touch()
		v.once(&ast.AssignStmt{Lhs: []ast.Expr{x.x}, Tok: token.ASSIGN, Rhs: []ast.Expr{val.x}})
	}
}

// set assigns val to a variable the step has.
func (v *vectorizer) set(obj *types.Var, val vval) {
	b := v.env[obj]
	if b == nil {
		v.fail() // a variable of the block's, changed per thread
	}
	b.assigns++
	if b.guard != nil || b.lane != nil || val.clamped() || b.shape == vAffine && strideOf(val) != max(b.stride, 1) {
		v.fail() // a clamped index reassigned, or an index's stride changed
	}
	x := val.x
	diverged := b.level < v.level // assigned for some lanes only
	switch {
	case b.shape == vVector && diverged:
		vt, _ := v.vecType(v.varType(obj))
		if m := v.maskNow(); m != nil && isMaskVec(vt) && v.constTrue(val) {
			x = v.maskOp(m, "Or", ast.NewIdent(b.name)) // a lowered return's flag: its lanes set
			break
		}
		if v.unmerged(obj, b, vt) {
			x = v.vec(val, v.varType(obj))
			break
		}
		x = v.merge(v.vec(val, v.varType(obj)), ast.NewIdent(b.name), vt)
	case b.shape == vVector:
		x = v.vec(val, v.varType(obj))
	case val.shape == vVector || diverged:
		if _, ok := v.vecType(v.varType(obj)); !ok {
			v.fail() // an int index differing between lanes
		}
		v.wide[vkey{obj, v.inst}] = true // written as a scalar: translate again
		v.retry = true
		return
	case b.shape != val.shape:
		v.fail() // an int index both the same for every thread and not
	}
	v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(b.name)}, Tok: token.ASSIGN, Rhs: []ast.Expr{x}})
}

// store writes val to an element: eight consecutive elements at an
// affine index, one element at a uniform one (where every thread stores
// the same value).
func (v *vectorizer) store(l *ast.IndexExpr, val vval) {
	x, i := v.indexOf(l)
	v.touch()
	t := v.typeOf(l)
	switch {
	case x.shape != vUniform:
		v.fail()
	case i.shape == vAffine:
		if _, ok := v.vecElem(t); !ok || !v.sliceable(l.X) {
			v.fail()
		}
		switch {
		case i.clamped():
			v.clampedStore(x, i, v.vec(val, t), t)
			return
		case strideOf(i) != 1:
			v.stridedStore(x, i, v.vec(val, t), t, v.f.ownSharedSlice(l.X))
			return
		}
		v.storeVec(x.x, i, v.vec(val, t), t, v.access(l, x, i), v.f.ownSharedSlice(l.X))
	case i.shape == vUniform && val.shape == vUniform:
		v.once(&ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: x.x, Index: i.x}}, Tok: token.ASSIGN, Rhs: []ast.Expr{val.x}})
	case i.shape == vUniform && v.warpLanes != nil && v.maskNow() != nil:
		// one element, stored by the lanes of the mask (lane 0 of a
		// warp's sum): lane by lane, in the scalar form's order
		if _, ok := v.vecElem(t); !ok {
			v.fail()
		}
		for _, s := range v.laneStores(x.x, func(ast.Expr) ast.Expr { return i.x }, v.vec(val, t), t) {
			v.emit(s)
		}
	default:
		v.fail()
	}
}

// storeVec stores vector val to x[i:i+8], only the lanes of the mask in
// force where one is (own: x is memory only the block's goroutine
// reaches, see maskedStore); checked in place, a store that would leave
// the slice goes lane by lane.
func (v *vectorizer) storeVec(x ast.Expr, i vval, val ast.Expr, elem types.Type, inPlace, own bool) {
	v.noteStore()
	v.computes()
	dst := &ast.SliceExpr{X: x, Low: i.x}
	var fast ast.Stmt = &ast.ExprStmt{X: vcall(val, "StoreSlice", dst)}
	if m := v.maskNow(); m != nil {
		fast = v.maskedStore(dst, val, m, elem, own)
	}
	if !inPlace {
		v.emit(fast)
		return
	}
	v.emit(&ast.IfStmt{Cond: v.inRange(x, asInt(i)), Body: &ast.BlockStmt{List: []ast.Stmt{fast}},
		Else: &ast.BlockStmt{List: v.laneStores(x, lanesOf(i), val, elem)}})
}

// maskedStore writes the lanes of val that mask holds to dst, a slice of
// elements of type elem from the step's first. A masked store leaves the
// other elements to whoever else writes them; on memory no other
// goroutine reaches (own: the block's shared memory, its scratch) the
// elements are loaded, merged with val and stored whole instead, which
// writes the same values. A masked store ran slowly on this machine
// (AMD EPYC): with AVX2 a masked move is microcoded, and a load that
// overlaps a masked store waits for it to reach the cache where a whole
// store's is forwarded.
func (v *vectorizer) maskedStore(dst, val, mask ast.Expr, elem types.Type, own bool) ast.Stmt {
	vt, ok := v.vecElem(elem)
	if vt == narrow32 {
		v.fail() // the mask's lanes are 64-bit
	}
	if !own || !ok || v.portable {
		return &ast.ExprStmt{X: vcall(val, "StoreMasked", v.stepArray(dst, elem), mask)}
	}
	old := v.pkgCall("Load"+vt+"Slice", dst)
	return &ast.ExprStmt{X: vcall(vcall(val, "Merge", old, mask), "StoreSlice", dst)}
}

// stepArray writes dst, a slice of elements of type elem, as a pointer to
// an array of the step's width, which a masked store takes.
func (v *vectorizer) stepArray(dst ast.Expr, elem types.Type) ast.Expr {
	return &ast.CallExpr{Fun: &ast.ParenExpr{X: &ast.StarExpr{X: &ast.ArrayType{Len: intLit(int64(v.width())), Elt: ast.NewIdent(elem.Underlying().(*types.Basic).Name())}}},
		Args: []ast.Expr{dst}}
}

// once writes a store of a value the same for every thread: once, where
// any lane of the mask in force runs.
func (v *vectorizer) once(s ast.Stmt) {
	v.noteStore()
	if m := v.maskNow(); m != nil {
		s = &ast.IfStmt{Cond: anyLane(m), Body: &ast.BlockStmt{List: []ast.Stmt{s}}}
	}
	v.emit(s)
}

// update translates lhs op= val (and ++, --).
func (v *vectorizer) update(lhs ast.Expr, op token.Token, val vval) {
	t := v.typeOf(lhs)
	if v.updatePart(lhs, op, val) { // a part of an element (vec_gather.go)
		return
	}
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		cur := v.expr(l)
		v.assignTo(l, v.binaryOf(op, cur, val, t, t), false)
	case *ast.IndexExpr:
		x, i := v.indexOf(l)
		if x.shape != vUniform || i.shape != vAffine {
			v.fail() // every thread updating one element is a race
		}
		cur := v.loadAt(l, x, i)
		next := v.binaryOf(op, cur, val, t, t)
		v.touch()
		switch {
		case i.clamped():
			v.fail() // an update at a clamped index
		case strideOf(i) != 1:
			v.stridedStore(x, i, v.vec(next, t), t, v.f.ownSharedSlice(l.X))
		default:
			v.storeVec(x.x, i, v.vec(next, t), t, v.access(l, x, i), v.f.ownSharedSlice(l.X))
		}
	default:
		v.fail()
	}
}

// declStmt translates var declarations; constants and types are the same
// for every thread.
func (v *vectorizer) declStmt(s *ast.DeclStmt) {
	g := s.Decl.(*ast.GenDecl)
	if g.Tok != token.VAR {
		v.emit(v.scalar(s).(ast.Stmt))
		return
	}
	for _, spec := range g.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) == 1 && len(vs.Names) > 1 {
			v.fail()
		}
		var vals []vval
		for _, x := range vs.Values {
			vals = append(vals, v.settle(v.expr(x), false))
		}
		for i, name := range vs.Names {
			obj, ok := v.f.Src.Info.Defs[name].(*types.Var)
			if !ok {
				v.fail()
			}
			if vals == nil {
				v.zero(obj, vs.Type)
				continue
			}
			val := vals[i]
			val.typ = v.varType(obj) // var x float32 = 1: the declared type
			v.define(obj, val)
		}
	}
}

// ifStmt translates an if whose condition is the same for every thread.
func (v *vectorizer) ifStmt(s *ast.IfStmt) {
	outer := v.out
	var inner []ast.Stmt
	if s.Init != nil {
		v.out = &inner
		v.stmt(s.Init)
	}
	here := v.out
	var prep []ast.Stmt // what the condition's mask needs computed first
	v.out = &prep
	cond := v.expr(s.Cond)
	v.out = here
	if cond.shape == vVector {
		v.varyingIf(s, cond, prep)
		v.out = outer
		if s.Init != nil {
			v.emit(&ast.BlockStmt{List: inner})
		}
		return
	}
	if cond.shape != vUniform {
		v.fail()
	}
	v.emitAll(prep)
	if s.Init == nil && s.Else == nil && v.panics(s.Body.List) {
		v.guard(s, cond)
		return
	}
	v.conds++
	defer func() { v.conds-- }()
	out := &ast.IfStmt{Cond: cond.x, Body: v.nested(s.Body.List)}
	if s.Else != nil {
		v.depth++
		els := v.list([]ast.Stmt{s.Else})
		v.depth--
		if len(els) == 1 {
			out.Else = els[0]
		} else {
			out.Else = &ast.BlockStmt{List: els}
		}
	}
	v.out = outer
	if s.Init != nil {
		v.emit(&ast.BlockStmt{List: append(inner, out)})
		return
	}
	v.emit(out)
}

// opOf returns the operator of an assignment such as +=.
func opOf(tok token.Token) (token.Token, bool) {
	switch tok {
	case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.REM_ASSIGN,
		token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN:
		return tok - (token.ADD_ASSIGN - token.ADD), true
	}
	return 0, false
}

// constTrue reports whether val is the constant true, the same for every
// lane (the flag a lowered return sets).
func (v *vectorizer) constTrue(val vval) bool {
	return val.shape == vUniform && val.value != nil && val.value.Kind() == constant.Bool && constant.BoolVal(val.value)
}
