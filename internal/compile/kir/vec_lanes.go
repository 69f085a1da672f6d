package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A warp loop's lane loops run eight lanes at a time in the SIMD build
// too: each group of eight lanes all active (and, where the code reads
// the thread's coordinates, in one row of x) is a vector step over the
// warp's [32]T lane arrays, and the scalar lane loop runs the lanes left.
// The translation is the thread loops' (vectorizer), with the lane loop's
// variables loaded from and stored to their lane arrays, the results of
// the collectives before it loaded from theirs, the operands of those
// after it stored to theirs, and the lane, rank and warp as values of a
// step: the rank and the lane affine, the warp uniform.

// A vlanes is the warp context of a lane loop being translated.
type vlanes struct {
	loop *LaneLoop
	warp *WarpLoop
	// colls are the warp's collectives, by call: a lane loop after one
	// reads its result from its array.
	colls map[*ast.CallExpr]*Collective
	// whole is set for the steps of a warp whose lanes are all active
	// (emit_vector.go's wholeWarpSteps), which take the every-lane test.
	whole bool
}

// vectorLanes records the lane loops of f's warp loops that can run
// eight lanes at a time.
func (f *Func) vectorLanes() {
	f.VectorLanes = map[*LaneLoop]bool{}
	if f.Exits {
		return // the lanes of threads that returned are off in the warp's mask, not in a step's
	}
	Walk(f.Body, func(n Node) {
		w, ok := n.(*WarpLoop)
		if !ok {
			return
		}
		ctx := &vlanes{warp: w, colls: warpCollectives(w)}
		Walk(w.Body, func(n Node) {
			if l, ok := n.(*LaneLoop); ok && (len(l.Body) > 0 || f.operandsStored(l, w)) && !f.scalarLanes(l) {
				ctx.loop = l
				if _, ok := f.translateLanes(ctx, "archsimd", nil); ok {
					f.VectorLanes[l] = true
				}
			}
		})
	})
}

// scalarLanes reports whether lane loop l runs without vector steps
// whatever it holds: its rows read ahead, which its whole warps run lane
// by lane, not in steps that read memory where it is (the SIMD build's
// warp-shuffle reduction gains so: BenchmarkReduce); a whole warp's copy of
// a rebased row (laneCopy), which beats steps: no mask, and no
// eight-lane stores that the scalar steps after them read; or only
// copies of variables kept per lane (l.Moves), which the
// emitter writes as copies where no later pass narrowed the loop
// (emitter.moveTargets). A lane loop the vector pass picks and the
// emitter writes otherwise could leave the SIMD build's file importing
// simd/archsimd for nothing, which does not build.
func (f *Func) scalarLanes(l *LaneLoop) bool {
	moves := l.Moves != nil && l.Upto == nil && l.Demand == nil && l.Jam == nil
	return len(l.Ahead) > 0 || l.Copy != nil && l.Rebase != nil || moves
}

// operandsStored reports whether lane loop l of warp loop w stores an
// operand of the collectives after it: one with no code is written only
// then (emitter.lanes).
func (f *Func) operandsStored(l *LaneLoop, w *WarpLoop) bool {
	for _, c := range l.Operands {
		for _, op := range f.collOperandsOf(c, w.Arrays, func(int) string { return "gc_c" }) {
			if op.array != "" && !op.direct {
				return true
			}
		}
	}
	return false
}

// warpCollectives returns the collectives of warp loop w, by call.
func warpCollectives(w *WarpLoop) map[*ast.CallExpr]*Collective {
	colls := map[*ast.CallExpr]*Collective{}
	Walk(w.Body, func(n Node) {
		if c, ok := n.(*Collective); ok {
			colls[c.Call] = c
		}
	})
	return colls
}

// translateLanes translates lane loop ctx.loop into a vector step of
// eight lanes, or reports that it cannot: translateLoop with the loop's
// code and lane context.
func (f *Func) translateLanes(ctx *vlanes, simd string, e *emitter) (*vecLoop, bool) {
	l := &ThreadLoop{ID: ctx.loop.ID, Body: ctx.loop.Body}
	return f.translate(l, ctx, simd, e, false)
}

// laneLocals binds the variables of a lane loop's code kept in lane
// arrays: loaded eight lanes at a time. It reports whether obj is one.
func (v *vectorizer) laneLocal(obj *types.Var, lv *loopVars) bool {
	arr, ok := v.warpLanes.warp.Arrays[obj]
	if !ok || !lv.exposed[obj] || lv.decls[obj] || v.f.Vars[obj].Spill {
		return false
	}
	v.define(obj, vval{shape: vVector, x: v.laneLoad(ast.NewIdent(arr), v.varType(obj)), typ: v.varType(obj)})
	return true
}

// laneStore writes back a variable kept in a lane array, and reports
// whether obj is one.
func (v *vectorizer) laneStore(obj *types.Var) bool {
	if v.f.Vars[obj].InPlace {
		v.fail()
	}
	arr, ok := v.warpLanes.warp.Arrays[obj]
	if !ok || v.f.Vars[obj].Spill {
		return false
	}
	b := v.env[obj]
	if b == nil || b.shape == vAffine {
		v.fail()
	}
	val := vval{shape: b.shape, x: ast.NewIdent(b.name), typ: v.varType(obj)}
	v.laneStoreVec(arr, v.vec(val, v.varType(obj)), v.varType(obj))
	return true
}

// laneOperands stores the per-lane operands of the collectives after the
// loop into their arrays; the emitter's collOperands says which.
func (v *vectorizer) laneOperands() {
	for _, c := range v.warpLanes.loop.Operands {
		if c.Entry.Coalesced {
			v.fail() // a group per lane
		}
		for _, op := range v.f.collOperandsOf(c, v.warpLanes.warp.Arrays, v.operandName(c)) {
			if op.array == "" || op.direct {
				continue
			}
			t := v.f.substType(op.typ)
			v.laneTop(c.Call, func() {
				val := v.expr(c.Call.Args[op.arg])
				if _, ok := v.vecElem(t); !ok {
					v.laneFill(op.array, val) // an int argument or width
					return
				}
				v.laneStoreVec(op.array, v.vec(val, t), t)
			})
		}
	}
}

// laneFill stores the step's eight lanes of an operand no vector holds
// (an int shuffle argument or width), uniform or an affine int, into arr
// one by one.
func (v *vectorizer) laneFill(arr string, val vval) {
	if val.shape == vVector || val.shape == vAffine && !val.plain() {
		v.fail()
	}
	k := v.temp("k")
	var x ast.Expr = val.x
	if val.shape == vAffine {
		x = &ast.BinaryExpr{X: paren(val.x), Op: token.ADD, Y: ast.NewIdent(k)}
	}
	dst := &ast.IndexExpr{X: ast.NewIdent(arr), Index: &ast.BinaryExpr{X: ast.NewIdent(v.laneName()), Op: token.ADD, Y: ast.NewIdent(k)}}
	v.emit(&ast.RangeStmt{Key: ast.NewIdent(k), Tok: token.DEFINE, X: intLit(int64(v.width())), Body: &ast.BlockStmt{List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{dst}, Tok: token.ASSIGN, Rhs: []ast.Expr{x}}}}})
}

// laneTop translates what fn writes as top (vec_loop.go) does a
// top-level statement: where the step has not touched memory yet, a
// place for the index checks goes first.
func (v *vectorizer) laneTop(at ast.Node, fn func()) {
	v.seq++
	if v.first >= 0 {
		fn()
		return
	}
	check := &ast.IfStmt{If: v.posOf(at)}
	v.emit(check)
	fn()
	if v.first >= 0 && v.check == nil {
		v.check = check
	}
}

// operandName returns how the arrays of c's operands are named: the
// emitter's names, or placeholders when only deciding.
func (v *vectorizer) operandName(c *Collective) func(i int) string {
	if v.e == nil {
		return func(int) string { return "gc_c" }
	}
	return v.e.operandName(c)
}

// collResult translates the result of a collective before the loop: a
// load of its array.
func (v *vectorizer) collResult(c *ast.CallExpr) (vval, bool) {
	if v.warpLanes == nil || v.warpLanes.colls[c] == nil {
		return vval{}, false
	}
	t := v.typeOf(c)
	if _, ok := v.vecElem(t); !ok {
		v.fail()
	}
	name := "gc_cr"
	if v.e != nil {
		out, ok := v.e.collOut[c]
		if !ok {
			v.fail()
		}
		name = out
	}
	return vval{shape: vVector, x: v.laneLoad(ast.NewIdent(name), t), typ: t}, true
}

// laneCall translates, in a lane loop, a collective's result or the
// thread's lane, rank or warp.
func (v *vectorizer) laneCall(c *ast.CallExpr) (vval, bool) {
	if r, ok := v.collResult(c); ok {
		return r, true
	}
	return v.laneMethod(c)
}

// laneMethod translates the thread's lane, rank and warp in a lane loop.
func (v *vectorizer) laneMethod(c *ast.CallExpr) (vval, bool) {
	if v.warpLanes == nil || !v.f.threadMethod(c) || len(c.Args) != 0 {
		return vval{}, false
	}
	it := types.Typ[types.Int]
	switch ast.Unparen(c.Fun).(*ast.SelectorExpr).Sel.Name {
	case "LaneID":
		return vval{shape: vAffine, x: ast.NewIdent(v.laneName()), typ: it}, true
	case "ThreadRank":
		return vval{shape: vAffine, x: ast.NewIdent(v.rankName()), typ: it}, true
	case "WarpID":
		return vval{shape: vUniform, x: &ast.ParenExpr{X: &ast.BinaryExpr{X: ast.NewIdent(v.rankName()), Op: token.SHR, Y: intLit(5)}}, typ: it}, true
	}
	return vval{}, false
}

// laneName is the name of the step's first lane.
func (v *vectorizer) laneName() string {
	if v.e == nil {
		return "gc_lane"
	}
	return v.e.name["lane"]
}

// laneLoad loads the step's eight lanes of the [32]T array arr.
func (v *vectorizer) laneLoad(arr ast.Expr, t types.Type) ast.Expr {
	vt, ok := v.vecElem(t)
	if !ok {
		v.fail()
	}
	return v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: arr, Low: ast.NewIdent(v.laneName())})
}

// laneStoreVec stores the vector x to the step's eight lanes of arr.
func (v *vectorizer) laneStoreVec(arr string, x ast.Expr, t types.Type) {
	if _, ok := v.vecElem(t); !ok {
		v.fail()
	}
	v.vectors = true
	v.emit(&ast.ExprStmt{X: vcall(x, "StoreSlice", &ast.SliceExpr{X: ast.NewIdent(arr), Low: ast.NewIdent(v.laneName())})})
}
