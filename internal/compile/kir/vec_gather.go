package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A part of an element read at an affine index (a body's coordinate,
// bodies[i][0]; a particle's field, ps[i].x) is not one of consecutive
// values: consecutive threads' parts lie a whole element apart. The step
// reads the lanes' parts one by one into an array and loads that as a
// vector; a store of a part writes the lanes' values back one by one, and
// so does an element assigned a composite literal (acc[i] =
// [3]float32{ax, ay, az}), part by part. The step's checks cover the
// elements, x[i] to x[i+7], before its first touch of memory; a constant
// index into an array and a field of a struct value cannot fail, so
// nothing fails lane by lane. In the SIMD build a float is copied as its
// bits, in integer registers (compiled.Bits32At): copied through a float
// register it would be written with legacy SSE instructions, which cost a
// transition while the vector registers are in use. Without this the
// n-body kernel of one thread per body (P&H Figure B.8.13) stayed scalar
// in the SIMD build.

// A partStep is one step from an element to its part: a constant index
// into an array, or a field of a struct.
type partStep struct {
	index ast.Expr // the constant index, or nil for a field
	field string
}

// partOf returns, for e a part of an element of a slice (x[i][c], x[i].f
// and deeper), the element access x[i] and the steps from the element to
// e; ok is false where e is not one, or where a step goes through a
// pointer, which could be nil.
func (v *vectorizer) partOf(e ast.Expr) (elem *ast.IndexExpr, steps []partStep, ok bool) {
	info := v.f.Src.Info
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			if _, isArray := v.typeOf(x.X).Underlying().(*types.Array); isArray {
				c, exact := int64(0), false
				if tv := info.Types[x.Index]; tv.Value != nil {
					c, exact = constant.Int64Val(constant.ToInt(tv.Value))
				}
				if !exact {
					return nil, nil, false
				}
				steps = append(steps, partStep{index: intLit(c)})
				e = x.X
				continue
			}
			if _, isSlice := v.typeOf(x.X).Underlying().(*types.Slice); !isSlice || len(steps) == 0 {
				return nil, nil, false
			}
			slices.Reverse(steps)
			return x, steps, true
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
				return nil, nil, false
			}
			steps = append(steps, partStep{field: x.Sel.Name})
			e = x.X
		default:
			return nil, nil, false
		}
	}
}

// partAt writes the part steps lead to of element x[i].
func partAt(x, i ast.Expr, steps []partStep) ast.Expr {
	var e ast.Expr = &ast.IndexExpr{X: paren(x), Index: i}
	for _, s := range steps {
		if s.index != nil {
			e = &ast.IndexExpr{X: e, Index: s.index}
		} else {
			e = &ast.SelectorExpr{X: e, Sel: ast.NewIdent(s.field)}
		}
	}
	return e
}

// partElem translates the element access of a part, which must be of a
// slice the same for every lane; the index is uniform or a unit-stride
// affine one, which the step's checks cover.
func (v *vectorizer) partElem(elem *ast.IndexExpr) (x, i vval) {
	x, i = v.indexOf(elem)
	if x.shape != vUniform || i.shape == vVector || i.shape == vAffine && (i.clamped() || strideOf(i) != 1) {
		v.fail()
	}
	if i.shape == vAffine {
		v.touch()
		if v.access(elem, x, i) {
			v.fail() // checked in place: lane by lane it could fail at another lane than the scalar form's
		}
	}
	return x, i
}

// gather translates a read of e where it is a part of an element
// (partOf), and reports whether it was one.
func (v *vectorizer) gather(e ast.Expr) (vval, bool) {
	elem, steps, ok := v.partOf(e)
	if !ok {
		return vval{}, false
	}
	x, i := v.partElem(elem)
	return v.gatherAt(x, i, steps, v.typeOf(e)), true
}

// gatherAt reads the part of type t steps lead to of element x[i]: at a
// uniform index, one read; at an affine one, the lanes' parts in turn,
// loaded as a vector.
func (v *vectorizer) gatherAt(x, i vval, steps []partStep, t types.Type) vval {
	if i.shape == vUniform {
		part := partAt(x.x, i.x, steps)
		read := v.uniformRisk(part, t)
		return vval{shape: vUniform, x: read, typ: t, addr: read == part} // read as it is: its address may be taken
	}
	vt, ok := v.vecElem(t)
	if !ok {
		v.fail()
	}
	if vt == narrow32 {
		v.fail()
	}
	name, k := v.temp("ld"), v.temp("k")
	v.declVec(name, vt)
	v.movesLanes()
	part := partAt(x.x, laneOf(i, ast.NewIdent(k)), steps)
	arr, decl, bits := v.partLanes(t)
	v.emit(decl)
	read := part
	if bits != "" {
		read = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent(bits + "At")},
			Args: []ast.Expr{&ast.UnaryExpr{Op: token.AND, X: part}}}
	}
	v.eachLane(k, &ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: arr, Index: ast.NewIdent(k)}}, Tok: token.ASSIGN, Rhs: []ast.Expr{read}})
	var load ast.Expr
	if bits != "" {
		load = vcall(v.pkgCall("Load"+bitsVec(vt), &ast.UnaryExpr{Op: token.AND, X: arr}), "As"+vt)
	} else {
		load = v.pkgCall("Load"+vt, &ast.UnaryExpr{Op: token.AND, X: arr})
	}
	v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN, Rhs: []ast.Expr{load}})
	return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
}

// partLanes declares the array of a vector's lanes for parts of type t:
// in the SIMD build, of a float's bits, named by the compiled function
// that reads them (Bits32, Bits64); else of t.
func (v *vectorizer) partLanes(t types.Type) (arr ast.Expr, decl ast.Stmt, bits string) {
	b, _ := t.Underlying().(*types.Basic)
	if v.portable || b == nil || b.Kind() != types.Float32 && b.Kind() != types.Float64 {
		arr, decl = v.laneArray(t)
		return arr, decl, ""
	}
	if b.Kind() == types.Float64 {
		arr, decl = v.laneArray(types.Typ[types.Uint64])
		return arr, decl, "Bits64"
	}
	arr, decl = v.laneArray(types.Typ[types.Uint32])
	return arr, decl, "Bits32"
}

// bitsVec returns the vector type of the bits of float vector type vt.
func bitsVec(vt string) string { return strings.Replace(vt, "Float", "Uint", 1) }

// scatter translates an assignment of val to lhs where lhs is a part of
// an element (partOf), and reports whether it was one: at a uniform
// index, of a uniform value, one store; at an affine one, the lanes'
// values in turn.
func (v *vectorizer) scatter(lhs ast.Expr, val vval) bool {
	elem, steps, ok := v.partOf(lhs)
	if !ok {
		return false
	}
	t := v.typeOf(lhs)
	x, i := v.partElem(elem)
	if i.shape == vUniform {
		if val.shape != vUniform {
			v.fail()
		}
		v.touch()
		v.once(&ast.AssignStmt{Lhs: []ast.Expr{partAt(x.x, i.x, steps)}, Tok: token.ASSIGN, Rhs: []ast.Expr{val.x}})
		return true
	}
	if _, ok := v.vecElem(t); !ok {
		v.fail()
	}
	v.scatterParts(x, i, []partStore{{steps, val, t}})
	return true
}

// updatePart translates lhs op= val where lhs is a part of an element
// (partOf), its element's index evaluated once, and reports whether it
// was one.
func (v *vectorizer) updatePart(lhs ast.Expr, op token.Token, val vval) bool {
	elem, steps, ok := v.partOf(lhs)
	if !ok {
		return false
	}
	t := v.typeOf(lhs)
	x, i := v.partElem(elem)
	if i.shape != vAffine {
		v.fail() // every thread updating one element is a race
	}
	cur := v.gatherAt(x, i, steps, t)
	v.scatterParts(x, i, []partStore{{steps, v.binaryOf(op, cur, val, t, t), t}})
	return true
}

// A partStore is a value a lane stores to a part of its element.
type partStore struct {
	steps []partStep
	val   vval
	typ   types.Type
}

// scatterParts writes, lane by lane in lane order for the lanes of the
// mask in force, each store's value to its part of the lane's element
// x[i+k], in the order given.
func (v *vectorizer) scatterParts(x, i vval, stores []partStore) {
	v.noteStore()
	k := v.temp("k")
	var body []ast.Stmt
	for _, s := range stores {
		part := partAt(x.x, laneOf(i, ast.NewIdent(k)), s.steps)
		if s.val.shape == vUniform {
			body = append(body, &ast.AssignStmt{Lhs: []ast.Expr{part}, Tok: token.ASSIGN, Rhs: []ast.Expr{s.val.x}})
			continue
		}
		vt, _ := v.vecElem(s.typ)
		if vt == narrow32 {
			v.fail()
		}
		v.movesLanes()
		arr, decl, bits := v.partLanes(s.typ)
		v.emit(decl)
		lane := &ast.IndexExpr{X: arr, Index: ast.NewIdent(k)}
		if bits == "" {
			v.emit(&ast.ExprStmt{X: vcall(v.vec(s.val, s.typ), "Store", &ast.UnaryExpr{Op: token.AND, X: arr})})
			body = append(body, &ast.AssignStmt{Lhs: []ast.Expr{part}, Tok: token.ASSIGN, Rhs: []ast.Expr{lane}})
			continue
		}
		v.emit(&ast.ExprStmt{X: vcall(vcall(v.vec(s.val, s.typ), "As"+bitsVec(vt)), "Store", &ast.UnaryExpr{Op: token.AND, X: arr})})
		body = append(body, &ast.ExprStmt{X: &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent("Set" + bits + "At")},
			Args: []ast.Expr{&ast.UnaryExpr{Op: token.AND, X: part}, lane}}})
	}
	var each ast.Stmt = &ast.BlockStmt{List: body}
	if len(body) == 1 {
		each = body[0]
	}
	v.eachLane(k, each)
}

// eachLane writes the loop that runs body, which cannot fail (the step's
// checks cover its elements), for each lane of the mask in force: where
// every lane runs, a plain loop, without a test of the lane's bit or a
// record of its thread.
func (v *vectorizer) eachLane(k string, body ast.Stmt) {
	if v.maskNow() != nil {
		v.emitAll(v.laneByLane(k, body))
		return
	}
	v.emit(&ast.RangeStmt{Key: ast.NewIdent(k), Tok: token.DEFINE, X: intLit(int64(v.width())), Body: &ast.BlockStmt{List: []ast.Stmt{body}}})
}

// compositeStore translates lhs = rhs where lhs is an element of a slice
// and rhs a composite literal, and reports whether the assignment was
// one. At a uniform index, of a uniform literal, it is one store; at an
// affine index the literal must give each of the element's parts (acc[i]
// = [3]float32{ax, ay, az}), which are stored in its order, lane by lane.
func (v *vectorizer) compositeStore(lhs, rhs ast.Expr) bool {
	lit, isLit := ast.Unparen(rhs).(*ast.CompositeLit)
	l, isIndex := ast.Unparen(lhs).(*ast.IndexExpr)
	if !isLit || !isIndex {
		return false
	}
	if _, isSlice := v.typeOf(l.X).Underlying().(*types.Slice); !isSlice {
		return false
	}
	x, i := v.partElem(l)
	if i.shape == vUniform {
		if !v.uniformExpr(lit) {
			v.fail()
		}
		v.touch()
		v.once(&ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: x.x, Index: i.x}}, Tok: token.ASSIGN, Rhs: []ast.Expr{v.scalar(lit).(ast.Expr)}})
		return true
	}
	parts := v.litParts(lit)
	if parts == nil {
		v.fail()
	}
	stores := make([]partStore, len(parts))
	for k, p := range parts {
		val := v.expr(p.expr)
		if val.shape == vUniform {
			val = v.settle(val, false) // evaluated once, as each thread's literal evaluates it
		} else if _, ok := v.vecElem(p.typ); !ok {
			v.fail()
		}
		stores[k] = partStore{[]partStep{p.step}, val, p.typ}
	}
	v.scatterParts(x, i, stores)
	return true
}

// A litPart is an element of a composite literal: the part of the value
// it gives, its expression, and the part's type.
type litPart struct {
	step partStep
	expr ast.Expr
	typ  types.Type
}

// litParts returns the parts lit gives, in its order, where it gives
// every part of an array or a struct; nil otherwise.
func (v *vectorizer) litParts(lit *ast.CompositeLit) []litPart {
	var parts []litPart
	switch t := v.typeOf(lit).Underlying().(type) {
	case *types.Array:
		if int64(len(lit.Elts)) != t.Len() {
			return nil
		}
		for k, e := range lit.Elts {
			if _, keyed := e.(*ast.KeyValueExpr); keyed {
				return nil
			}
			parts = append(parts, litPart{partStep{index: intLit(int64(k))}, e, t.Elem()})
		}
	case *types.Struct:
		if len(lit.Elts) != t.NumFields() {
			return nil
		}
		for k, e := range lit.Elts {
			f := t.Field(k)
			if kv, keyed := e.(*ast.KeyValueExpr); keyed {
				id, _ := kv.Key.(*ast.Ident)
				if id == nil || slices.ContainsFunc(parts, func(p litPart) bool { return p.step.field == id.Name }) {
					return nil
				}
				f, e = fieldNamed(t, id.Name), kv.Value
				if f == nil {
					return nil
				}
			}
			parts = append(parts, litPart{partStep{field: f.Name()}, e, f.Type()})
		}
	}
	return parts
}

// fieldNamed returns struct t's field of the given name, or nil.
func fieldNamed(t *types.Struct, name string) *types.Var {
	for k := range t.NumFields() {
		if t.Field(k).Name() == name {
			return t.Field(k)
		}
	}
	return nil
}
