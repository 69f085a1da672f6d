package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// A far step runs a lockstep loop's far form (chunk.go) in the SIMD
// build for a vector of threads at once: the threads' kept values are
// loaded, their round's trips run in turn, each the vector step of one
// trip with the round's offset moved on by the step, and the values are
// stored. It runs where every lane takes all of the round's trips
// (compiled.FarFull), and only for a loop whose code writes nothing but
// its own variables: a trip's check that fails leaves the step, its
// values unstored, to the scalar form, which runs those threads' trips
// from the round's start.

// farStep returns the far step of far, the far form of lockstep loop fs
// (s, of step step), or nil where it has none.
func (e *emitter) farStep(far *ThreadLoop, fs *ast.ForStmt, s *Stride, step string) *vecLoop {
	if !e.simd || !far.StrideBound || s.Op != token.LSS || s.Trip == nil || !e.f.writesLocalsOnly(fs.Body) {
		return nil
	}
	vl, ok := e.f.translateLoop(far, e.f.Src.Archsimd, e)
	if !ok || vl.diverges || vl.label != "" || vl.byLane || vl.fails || vl.laneFails || len(vl.when) > 0 ||
		vl.portable || len(vl.windows) > 0 || len(vl.parts[1]) == 0 {
		return nil
	}
	first := vl.parts[1][0]
	if a, ok := first.(*ast.AssignStmt); ok && a.Tok != token.DEFINE {
		return nil // not the key's definition
	}
	key := definedAs(first, e.f.Vars[s.Key].Name)
	if key == nil {
		return nil
	}
	label, j, off := e.f.Names.Fresh("far"), e.f.Names.Fresh("j"), s.Names[0]
	labeled, ok := breaksTo(vl.parts[1], label)
	if !ok {
		return nil
	}
	if !labeled {
		label = "" // a label no break names does not build
	}
	raw := func(text string) ast.Expr { return ast.NewIdent(text) } // printed as written
	guard := &ast.IfStmt{
		Cond: &ast.UnaryExpr{Op: token.NOT, X: &ast.CallExpr{
			Fun:  raw(e.f.Src.Compiled + ".FarFull"),
			Args: []ast.Expr{key, raw(off), intLit(int64(vl.width)), raw("(" + step + ")"), raw(s.Chunked), raw(s.Names[1])}}},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{Tok: token.BREAK}}},
	}
	moved := &ast.AssignStmt{Lhs: []ast.Expr{raw(off)}, Tok: token.DEFINE,
		Rhs: []ast.Expr{raw(fmt.Sprintf("%s + %s*(%s)", off, j, step))}}
	trips := &ast.ForStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{raw(j)}, Tok: token.DEFINE, Rhs: []ast.Expr{intLit(0)}},
		Cond: &ast.BinaryExpr{X: raw(j), Op: token.LSS, Y: raw(s.Chunked)},
		Post: &ast.IncDecStmt{X: raw(j), Tok: token.INC},
		Body: &ast.BlockStmt{List: append([]ast.Stmt{moved, blank(off)}, vl.parts[1]...)},
	}
	out := *vl
	out.body = append(append(append([]ast.Stmt(nil), vl.parts[0]...), guard, trips), vl.parts[2]...)
	out.label, out.x16, out.far = label, nil, true
	return &out
}

// breaksTo labels the breaks of list that leave the loop around it (its
// checks' breaks to the scalar form) with label, reporting whether it
// labeled any, and whether list holds no other statement leaving it: a
// continue, a goto or a labeled branch.
func breaksTo(list []ast.Stmt, label string) (labeled, ok bool) {
	ok = true
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					walk(m, true)
					return false
				}
			case *ast.BranchStmt:
				switch {
				case m.Label != nil || m.Tok == token.GOTO || m.Tok == token.FALLTHROUGH:
					ok = false
				case m.Tok == token.BREAK && !inLoop:
					m.Label, labeled = ast.NewIdent(label), true
				case m.Tok == token.CONTINUE && !inLoop:
					ok = false
				}
			}
			return true
		})
	}
	for _, s := range list {
		walk(s, false)
	}
	return labeled, ok
}

// writesLocalsOnly reports whether body writes nothing but variables of
// a thread's own, kept in registers: no element, field or pointer, no
// variable of the block's or one kept in place (whose every write is a
// store), and calls nothing but conversions and the builtins that only
// compute.
func (f *Func) writesLocalsOnly(body *ast.BlockStmt) bool {
	ok := true
	own := func(x ast.Expr) bool {
		id, isIdent := ast.Unparen(x).(*ast.Ident)
		if !isIdent {
			return false
		}
		if id.Name == "_" {
			return true
		}
		v := f.Vars[f.localOf(id)]
		return v != nil && v.Class != Uniform && !v.InPlace
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				ok = ok && own(l)
			}
		case *ast.IncDecStmt:
			ok = ok && own(n.X)
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.AND && n.Op != token.ARROW
		case *ast.CallExpr:
			ok = ok && f.computesOnly(n)
		case *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return ok
}

// computesOnly reports whether call is a conversion or a call of len,
// cap, min or max.
func (f *Func) computesOnly(call *ast.CallExpr) bool {
	if tv, ok := f.Src.Info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := f.Src.Info.Uses[id].(*types.Builtin)
	return ok && (b.Name() == "len" || b.Name() == "cap" || b.Name() == "min" || b.Name() == "max")
}
