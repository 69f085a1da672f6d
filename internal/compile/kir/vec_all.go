package kir

import (
	"go/ast"
	"go/token"
	"slices"
)

// An if whose condition compares an affine index with a bound (a
// helper's guard, if i < len(in) { return in[i] }) holds in every lane of
// most steps: all but the last of a row that runs past the bound. There
// its mask only costs: a blend for each value the body sets, and for the
// lanes a return takes. So the step tests the bound once, as a scalar,
// and where every lane passes runs the body unmasked; elsewhere the if
// runs as before, each branch under its lanes' mask. Both compute the
// same values, bit for bit. Warps' lane loops keep the mask alone
// (compare, in vec_mask.go).

// everyLane returns the scalar condition under which lane k's index i+s*k
// compares with the bound n as op says in each of width lanes; nil where
// the test is not one to decide so. It is written out rather than called
// (compiled.Reach, as the mask's is): in a large body Go inlines only the
// smallest functions, and a call spills every register the step holds.
// i and n are ints; n-i, taken once i < n, cannot wrap as a uint.
func everyLane(op token.Token, n, i ast.Expr, s, width int) ast.Expr {
	last := intLit(int64(s * (width - 1))) // the last lane's distance from the first
	gap := &ast.CallExpr{Fun: ast.NewIdent("uint"), Args: []ast.Expr{&ast.BinaryExpr{X: n, Op: token.SUB, Y: i}}}
	both := func(first, rest token.Token) ast.Expr {
		return &ast.BinaryExpr{X: &ast.BinaryExpr{X: i, Op: first, Y: n}, Op: token.LAND,
			Y: &ast.BinaryExpr{X: gap, Op: rest, Y: last}}
	}
	switch op {
	case token.LSS: // s*k < n-i for every k
		return both(token.LSS, token.GTR)
	case token.LEQ:
		return both(token.LEQ, token.GEQ)
	case token.GTR: // s*k > n-i for every k: lane 0's i > n
		return &ast.BinaryExpr{X: i, Op: token.GTR, Y: n}
	case token.GEQ:
		return &ast.BinaryExpr{X: i, Op: token.GEQ, Y: n}
	}
	return nil
}

// bothAll returns the every-lane condition of x op y (&& or ||) where
// its operands' make one: both hold everywhere, or one does. A condition
// the same for every lane (row < m in the tiled matmul's guarded load,
// if row < m && ac < k) holds everywhere where it holds.
func (v *vectorizer) bothAll(op token.Token, x, y vval) ast.Expr {
	xa, ya := v.everyLaneOf(x), v.everyLaneOf(y)
	switch {
	case op == token.LAND && xa != nil && ya != nil:
		return &ast.BinaryExpr{X: xa, Op: token.LAND, Y: ya}
	case op == token.LOR && xa != nil && ya != nil:
		return &ast.BinaryExpr{X: xa, Op: token.LOR, Y: ya}
	case op == token.LOR && xa != nil:
		return xa
	case op == token.LOR && ya != nil:
		return ya
	}
	return nil
}

// everyLaneOf returns the scalar condition under which bool x holds in
// every lane: a mask's all, or a uniform value itself where it calls
// nothing (Func.calls), so that testing it again is as testing it once.
func (v *vectorizer) everyLaneOf(x vval) ast.Expr {
	if x.shape != vUniform {
		return x.all
	}
	if v.f.calls(x.x) {
		return nil
	}
	return x.x
}

// allLanesIf translates an if on a mask with an every-lane condition:
// where it holds, the body under the masks already in force; elsewhere
// the if as varyingIf writes it, the condition's mask and each branch
// under its lanes. An if inside the general form keeps its mask alone:
// with an every-lane test at each of d nested ifs, the step would hold
// 2^d copies of the innermost body. The mask's prep (a block-uniform
// operand's mask: row < m in the tiled matmul's guarded load) runs in
// the general form only, unless the every-lane test reads it: in the
// register-tiled matmul's tile loads it had stored two vectors a load.
func (v *vectorizer) allLanesIf(s *ast.IfStmt, cond vval, prep []ast.Stmt) {
	if mentionsAny(cond.all, defines(prep)) {
		v.emitAll(prep)
		prep = nil
	}
	v.level++
	v.conds++
	before := len(v.storeLoops)
	fast := v.nested(s.Body.List)
	fastStores := slices.Clone(v.storeLoops[before:])
	v.storeLoops = v.storeLoops[:before] // the general form runs instead: a load there may restart the step where it could before the if
	v.conds--
	v.level--
	outer := v.out
	var slow []ast.Stmt
	v.out = &slow
	general := cond
	general.all = nil
	v.partial++ // rare: an if inside takes no every-lane test, so the step grows linearly with nesting
	v.varyingIf(s, general, prep)
	v.partial--
	v.storeLoops = append(v.storeLoops, fastStores...)
	v.out = outer
	v.emit(&ast.IfStmt{Cond: cond.all, Body: fast, Else: &ast.BlockStmt{List: slow}})
}

// leaves reports whether body returns from the kernel or breaks or
// continues a loop, outside function literals: a lane leaving is a change
// of masks, which the unmasked body would not make (and a thread leaving
// code moved from an if ends more than the if: fission_head.go).
func leaves(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

// defines returns the names stmts define (:=, var).
func defines(stmts []ast.Stmt) map[string]bool {
	names := map[string]bool{}
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, l := range st.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						names[id.Name] = true
					}
				}
			}
		case *ast.DeclStmt:
			for _, sp := range st.Decl.(*ast.GenDecl).Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						names[id.Name] = true
					}
				}
			}
		}
	}
	return names
}

// mentionsAny reports whether x names any of the names of set.
func mentionsAny(x ast.Node, set map[string]bool) bool {
	for name := range set {
		if names(x, name) {
			return true
		}
	}
	return false
}
