package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A kernel often keeps a small array in a local and works on its parts:
// it copies a body's position and reads it (pi := bodies[i]; dx :=
// bodies[j][0] - pi[0]), or keeps an acceleration it adds to (var a
// [3]float32; a[0] += dx * s; acc[i] = a). The vector pass cannot hold an
// array in a vector, where the same parts in scalars (xi, ax) run eight
// threads a step. Scalar replacement, as compilers' SROA does, makes the
// first the second: a local array of at most maxScalarized elements of a
// basic type, defined in a statement list (var v [N]T, var v [N]T = x, v
// := x), used only at constant indexes (read or assigned), assigned
// whole (v = x), or stored whole (w[i] = v, var w = v, return v),
// becomes one variable per element. A definition or whole assignment
// takes the elements of x: the parts of an array replaced too, a
// composite literal's elements, or x[k] of a variable or an element or
// field of one indexed by variables and constants (reading it cannot
// change anything, and reading it again in the same place reads the
// same); a whole store stores the parts' composite literal. The parts
// are the elements read or assigned alone (every one for an array
// stored whole or given a composite literal's elements, which are all
// evaluated), those never read with a blank use. An array whose address
// is taken, indexed at a run-time index, sliced, ranged over, passed or
// compared whole, or captured by a function literal stays an array.
// Helpers taking or returning such arrays are inlined first
// (scalarize_helper.go), so that their arrays are the kernel's. Part of
// the build pass.

// maxScalarized is the most elements an array scalarized may have.
const maxScalarized = 8

// A scalarArray is a local array scalar replacement takes.
type scalarArray struct {
	v       *types.Var
	n       int64
	def     ast.Stmt       // its definition, a statement of a list
	all     bool           // a composite literal's elements assigned: every part, each evaluated
	reads   map[int64]bool // the constant indexes read
	updated map[int64]bool // the constant indexes assigned (v[k] = x, v[k] += x, v[k]++): parts, however unread
	whole   bool           // read whole
	parts   map[int64]*types.Var
}

// scalarizeArrays returns list, the kernel's body, with its local
// arrays scalarized where they can be, or list itself.
func (f *Func) scalarizeArrays(list []ast.Stmt) []ast.Stmt {
	body := &ast.BlockStmt{List: list}
	arrays := f.scalarArrays(body)
	if len(arrays) == 0 {
		return list
	}
	r := &scalarizer{f: f, arrays: arrays, defs: map[ast.Stmt]*scalarArray{}}
	for _, v := range sortedVars(f, arrays) { // in order, each part by its index: the names the Func gives are stable
		a := arrays[v]
		r.defs[a.def] = a
		a.parts = map[int64]*types.Var{}
		for k := range a.n {
			if a.all || a.whole || a.reads[k] || a.updated[k] {
				p := types.NewVar(v.Pos(), f.Src.Pkg, fmt.Sprintf("%s%d", v.Name(), k), v.Type().Underlying().(*types.Array).Elem())
				f.addVar(p)
				a.parts[k] = p
			}
		}
	}
	return r.list(list)
}

// scalarArrays returns the local arrays of body that scalar replacement
// takes, by variable.
func (f *Func) scalarArrays(body *ast.BlockStmt) map[*types.Var]*scalarArray {
	arrays := map[*types.Var]*scalarArray{}
	eachList(body, func(list []ast.Stmt) {
		for _, s := range list {
			if a := f.arrayDefinition(s); a != nil {
				arrays[a.v] = a
			}
		}
	})
	if len(arrays) == 0 {
		return nil
	}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok {
			v, _ := f.Src.Info.Uses[id].(*types.Var)
			if a := arrays[v]; a != nil && !f.arrayUse(a, id, stack) {
				delete(arrays, v)
			}
		}
		return true
	})
	for v, a := range arrays {
		if !a.all && !a.whole && len(a.reads)+len(a.updated) == 0 {
			delete(arrays, v)
		}
	}
	return arrays
}

// eachList calls fn with each statement list of n, outside function
// literals.
func eachList(n ast.Node, fn func([]ast.Stmt)) {
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			fn(m.List)
		case *ast.CaseClause:
			fn(m.Body)
		}
		return true
	})
}

// arrayDefinition returns the array s defines, if scalar replacement may
// take it: var v [N]T, var v [N]T = x or v := x, of a local array of at
// most maxScalarized elements of a basic type, x a value partsOf takes.
func (f *Func) arrayDefinition(s ast.Stmt) *scalarArray {
	var name *ast.Ident
	var x ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil
		}
		name, x = identOf(s.Lhs[0]), s.Rhs[0]
	case *ast.DeclStmt:
		g, _ := s.Decl.(*ast.GenDecl)
		if g == nil || g.Tok != token.VAR || len(g.Specs) != 1 {
			return nil
		}
		vs := g.Specs[0].(*ast.ValueSpec)
		if len(vs.Names) != 1 || len(vs.Values) > 1 {
			return nil
		}
		name = vs.Names[0]
		if len(vs.Values) == 1 {
			x = vs.Values[0]
		}
	default:
		return nil
	}
	v, _ := f.Src.Info.Defs[name].(*types.Var)
	if v == nil || !scalarizable(v.Type()) || x != nil && !f.partsValue(x) {
		return nil
	}
	n := v.Type().Underlying().(*types.Array).Len()
	return &scalarArray{v: v, n: n, def: s, all: elements(x), reads: map[int64]bool{}, updated: map[int64]bool{}}
}

// scalarizable reports whether t is an array of 1 to maxScalarized
// elements of a basic type.
func scalarizable(t types.Type) bool {
	arr, ok := t.Underlying().(*types.Array)
	if !ok || arr.Len() < 1 || arr.Len() > maxScalarized {
		return false
	}
	_, basic := arr.Elem().Underlying().(*types.Basic)
	return basic
}

// partsValue reports whether x, an array's value, can be read element by
// element: a plain place (plainPlace), or a composite literal listing
// no element or every one, without keys.
func (f *Func) partsValue(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.CompositeLit)
	if !ok {
		return f.plainPlace(x)
	}
	n := f.Src.Info.TypeOf(lit).Underlying().(*types.Array).Len()
	if len(lit.Elts) != 0 && int64(len(lit.Elts)) != n {
		return false
	}
	return !slices.ContainsFunc(lit.Elts, func(e ast.Expr) bool { _, kv := e.(*ast.KeyValueExpr); return kv })
}

// elements reports whether x, an array's value, is a composite literal
// listing its elements, each of which its parts must evaluate.
func elements(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.CompositeLit)
	return ok && len(lit.Elts) > 0
}

// arrayUse records the use id of array a, stack the nodes from the body
// down to id, and reports whether scalar replacement can still take a:
// an element at a constant index read or written, the array assigned
// whole from a value partsValue takes, or read whole where a copy of it
// does as well (not its address taken, sliced, ranged over, selected
// from, nor in a function literal).
func (f *Func) arrayUse(a *scalarArray, id *ast.Ident, stack []ast.Node) bool {
	if slices.ContainsFunc(stack, func(n ast.Node) bool { _, lit := n.(*ast.FuncLit); return lit }) {
		return false
	}
	switch p := stack[len(stack)-2].(type) {
	case *ast.IndexExpr:
		tv := f.Src.Info.Types[p.Index]
		if p.X != id || tv.Value == nil || len(stack) < 3 {
			return false
		}
		k, exact := constInt(tv)
		if !exact || k < 0 || k >= a.n {
			return false
		}
		switch g := stack[len(stack)-3].(type) {
		case *ast.AssignStmt:
			if slices.Contains(g.Lhs, ast.Expr(p)) {
				a.updated[k] = true
				return true
			}
		case *ast.IncDecStmt:
			a.updated[k] = true
			return true
		case *ast.UnaryExpr:
			if g.Op == token.AND {
				return false
			}
		case *ast.RangeStmt:
			if g.Key == p || g.Value == p {
				return false
			}
		}
		a.reads[k] = true
		return true
	case *ast.AssignStmt:
		if blankUseOf(p) == id {
			return true // a helper's parameter or result inlined: each part unread gets its own
		}
		if !slices.Contains(p.Lhs, ast.Expr(id)) {
			a.whole = true // stored whole: the parts' composite literal, in a store Go makes anyway
			return true
		}
		if p.Tok != token.ASSIGN || len(p.Lhs) != 1 || len(p.Rhs) != 1 || !f.partsValue(p.Rhs[0]) {
			return false
		}
		a.all = a.all || elements(p.Rhs[0])
		return true
	case *ast.ValueSpec, *ast.ReturnStmt: // stored whole, as an assignment does
		a.whole = true
		return true
	}
	return false
}

// blankUseOf returns v where s is _ = v, or nil.
func blankUseOf(s ast.Stmt) *ast.Ident {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return nil
	}
	if blank := identOf(a.Lhs[0]); blank == nil || blank.Name != "_" {
		return nil
	}
	id, _ := a.Rhs[0].(*ast.Ident)
	return id
}

// constInt returns the value of a constant integer expression.
func constInt(tv types.TypeAndValue) (int64, bool) {
	if tv.Value == nil {
		return 0, false
	}
	return constantInt64(tv.Value)
}
