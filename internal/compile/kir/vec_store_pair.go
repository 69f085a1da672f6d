package kir

import (
	"go/ast"
	"go/token"
)

// Two statements in a row that store a thread's pair of elements at
// stride 2, each under its own guard (Blelloch's scan's last stores,
//
//	if g < n { out[g] = e0 }
//	if g+1 < n { out[g+1] = e1 }
//
// or a register-tiled matmul's 2×2 corner), are two masked stores each,
// every other element of the same window. Where both guards hold in
// every lane and the window lies in the slice, the step interleaves the
// two vectors and stores the window whole instead: the same elements,
// every one written, so no other block's element is touched. Elsewhere
// the two statements run as they are. The guards and the stored values
// read no memory and cannot fail (registerExpr), so computing them before
// the first store changes nothing. One whole store beats two masked ones
// (BenchmarkScan's blelloch in the SIMD build).

// A storePair is two statements storing x[i] = a and then x[i+1] = b,
// each under a guard (nil for none), as the step may store them at once.
type storePair struct {
	block *ast.BlockStmt // the two statements, translated as they are elsewhere
	conds [2]ast.Expr
	lhs   [2]*ast.IndexExpr
	vals  [2]ast.Expr
}

// paired returns stmts with each two in a row that store a pair of
// elements (storePairOf) as one block, which stmt translates as one.
func (v *vectorizer) paired(stmts []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for k := 0; k < len(stmts); k++ {
		if k+1 < len(stmts) {
			if p := v.storePairOf(stmts[k], stmts[k+1]); p != nil {
				out = append(out, p.block)
				k++
				continue
			}
		}
		out = append(out, stmts[k])
	}
	return out
}

// storePairOf returns the storePair that statements s1 and s2 make, or
// nil.
func (v *vectorizer) storePairOf(s1, s2 ast.Stmt) *storePair {
	if v.portable || v.w64 || v.warpLanes != nil {
		return nil
	}
	c1, l1, a, ok1 := guardedStore(s1)
	c2, l2, b, ok2 := guardedStore(s2)
	if !ok1 || !ok2 || !v.nextIndex(l1, l2) {
		return nil
	}
	for _, e := range []ast.Expr{c1, c2, a, b} {
		if e != nil && !v.f.registerExpr(e) {
			return nil
		}
	}
	p := &storePair{block: &ast.BlockStmt{Lbrace: s1.Pos(), List: []ast.Stmt{s1, s2}}, conds: [2]ast.Expr{c1, c2}, lhs: [2]*ast.IndexExpr{l1, l2}, vals: [2]ast.Expr{a, b}}
	if v.storePairs == nil {
		v.storePairs = map[*ast.BlockStmt]*storePair{}
	}
	v.storePairs[p.block] = p
	return p
}

// guardedStore splits s, x[i] = a or if cond { x[i] = a } (no init, no
// else; either alone in a block), into its guard (nil for none), the
// element and the value.
func guardedStore(s ast.Stmt) (cond ast.Expr, lhs *ast.IndexExpr, val ast.Expr, ok bool) {
	if b, isBlock := s.(*ast.BlockStmt); isBlock && len(b.List) == 1 {
		s = b.List[0]
	}
	if ifs, isIf := s.(*ast.IfStmt); isIf {
		if ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
			return nil, nil, nil, false
		}
		cond, s = ifs.Cond, ifs.Body.List[0]
	}
	as, isAssign := s.(*ast.AssignStmt)
	if !isAssign || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil, nil, false
	}
	lhs, ok = ast.Unparen(as.Lhs[0]).(*ast.IndexExpr)
	return cond, lhs, as.Rhs[0], ok
}

// registerExpr reports whether e reads no memory a store could change and
// cannot fail: names, constants, the thread's coordinates (t.ThreadIdx.X)
// and operators other than division, remainder and shifts.
func (f *Func) registerExpr(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			_, coord := f.threadFieldSel(n)
			ok = ok && (coord || f.isThreadField(n))
			return false
		case nil, *ast.Ident, *ast.BasicLit, *ast.ParenExpr:
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.AND && n.Op != token.ARROW
		case *ast.BinaryExpr:
			ok = ok && n.Op != token.QUO && n.Op != token.REM && n.Op != token.SHL && n.Op != token.SHR
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// pairStores translates storePair p: where both guards hold in every lane
// and the window from x[i] lies in x, the two values interleaved and
// stored whole; elsewhere the two statements as they are.
func (v *vectorizer) pairStores(p *storePair) {
	slow := func() {
		for _, s := range p.block.List {
			v.stmt(s)
		}
	}
	x, i := v.indexOf(p.lhs[0])
	t := v.typeOf(p.lhs[0])
	_, elemOK := v.vecElem(t)
	if v.maskNow() != nil || x.shape != vUniform || i.shape != vAffine || i.clamped() || strideOf(i) != 2 || !elemOK || !v.sliceable(p.lhs[0].X) {
		slow()
		return
	}
	w := v.width()
	conds := []ast.Expr{inSpan(x.x, asInt(i), 0, 2*w)}
	for _, c := range p.conds {
		if c == nil {
			continue
		}
		switch cv := v.expr(c); {
		case cv.shape == vVector && cv.all != nil:
			conds = append(conds, cv.all)
		case cv.shape == vUniform:
			conds = append(conds, cv.x)
		default:
			slow()
			return
		}
	}
	outer := v.out
	var fast, rest []ast.Stmt
	v.out = &rest
	slow() // first: where it may start the step again, it has stored nothing (vec_restart.go)
	v.out = &fast
	v.touch()
	v.noteStore()
	fast = append(fast, v.interleavedStores(x, i, v.vec(v.expr(p.vals[0]), t), v.vec(v.expr(p.vals[1]), t))...)
	v.out = outer
	cond := conds[0]
	for _, c := range conds[1:] {
		cond = &ast.BinaryExpr{X: c, Op: token.LAND, Y: cond}
	}
	v.emit(&ast.IfStmt{Cond: cond, Body: &ast.BlockStmt{List: fast}, Else: &ast.BlockStmt{List: rest}})
}
