package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
)

// A vector step checks, before its first touch of memory, that every load
// and store it makes stays inside its slice; a step that would leave one
// breaks out to the scalar loop, which fails where the scalar build does.

// touch notes that the statement being translated touches memory.
func (v *vectorizer) touch() {
	if v.first < 0 {
		v.first = v.seq
	}
}

// finishChecks writes the index checks before the step's first touch of
// memory: a step whose loads or stores would leave their slices breaks
// out to the scalar form. An index read from a variable defined later, or
// changed after, cannot be checked there, and the loop stays scalar.
func (v *vectorizer) finishChecks() {
	if v.check == nil {
		return
	}
	var cond ast.Expr
	or := func(c ast.Expr) {
		if cond == nil {
			cond = c
		} else {
			cond = &ast.BinaryExpr{X: cond, Op: token.LOR, Y: c}
		}
	}
	seen := map[string]bool{}
	for _, a := range v.accesses {
		for _, b := range a.binds {
			if b.seq >= v.first || b.assigns > 0 {
				if a.int32 {
					v.fail()
				}
				v.inPlace[a.node] = true // translate again, checking it in place
				v.retry = true
			}
		}
		i := types.ExprString(a.i)
		if a.int32 && a.unsigned { // i < 0 (an access's test too) || i > MaxUint32-7
			if !seen[i] {
				seen[i] = true
				or(&ast.BinaryExpr{X: paren(a.i), Op: token.LSS, Y: intLit(0)})
			}
			if key := "uint32 " + i; !seen[key] {
				seen[key] = true
				or(&ast.BinaryExpr{X: paren(a.i), Op: token.GTR, Y: intLit(math.MaxUint32 - int64(v.width()) + 1)})
			}
			continue
		}
		if a.int32 { // i < MinInt32 || i > MaxInt32-7
			if key := "int32 " + i; !seen[key] {
				seen[key] = true
				or(&ast.BinaryExpr{X: &ast.BinaryExpr{X: paren(a.i), Op: token.LSS, Y: intLit(math.MinInt32)}, Op: token.LOR,
					Y: &ast.BinaryExpr{X: paren(a.i), Op: token.GTR, Y: intLit(math.MaxInt32 - int64(v.width()) + 1)}})
			}
			continue
		}
		if !seen[i] { // i < 0
			seen[i] = true
			or(&ast.BinaryExpr{X: paren(a.i), Op: token.LSS, Y: intLit(0)})
		}
		if x := i + " " + types.ExprString(a.x); !seen[x] { // i > len(x)-8, which no i wraps
			seen[x] = true
			or(&ast.BinaryExpr{X: paren(a.i), Op: token.GTR,
				Y: &ast.BinaryExpr{X: &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{a.x}}, Op: token.SUB, Y: intLit(int64(v.width()))}})
		}
	}
	if cond != nil {
		v.check.Cond = cond
		v.check.Body = &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{TokPos: v.check.If, Tok: token.BREAK}}}
		v.sliceRows()
	}
}

// prune removes the places for index checks left empty.
// A statement after an empty place takes its position where it has none,
// so that its //line names the source line the place was written for.
func prune(list []ast.Stmt) []ast.Stmt {
	out := list[:0]
	at := token.NoPos
	for _, s := range list {
		switch s := s.(type) {
		case *ast.IfStmt:
			if s.Cond == nil {
				at = s.If
				continue
			}
		case *ast.AssignStmt:
			if len(s.Lhs) == 0 { // a place for rows (vec_rows.go) left empty
				continue
			}
		case *ast.BlockStmt:
			s.List = prune(s.List)
		}
		anchor(s, at)
		at = token.NoPos
		out = append(out, s)
	}
	return out
}

// mayPanic reports whether evaluating x may panic: it indexes,
// dereferences, divides, calls or shifts by a count that may be negative
// (one that info types as neither a constant of at least 0 nor unsigned;
// x may hold expressions of the step's own, which info does not know).
func mayPanic(info *types.Info, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr, *ast.StarExpr, *ast.CallExpr, *ast.SliceExpr:
			found = true
		case *ast.BinaryExpr:
			y := info.Types[n.Y] // the zero value where info does not know n.Y
			found = found || n.Op == token.QUO || n.Op == token.REM ||
				(n.Op == token.SHL || n.Op == token.SHR) && !countSafe(y.Value, y.Type)
		}
		return !found
	})
	return found
}

// countSafe reports whether a shift count of constant value v (nil if
// none) and type t cannot be negative: a constant not below 0, or of an
// unsigned type. Nil t is unknown: it may be.
func countSafe(v constant.Value, t types.Type) bool {
	if v != nil {
		return constant.Sign(v) >= 0
	}
	return t != nil && unsigned(t)
}
