package kir

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
)

// A kernel often copies a small array element into a local and reads
// its parts (pi := bodies[i]; dx := bodies[j][0] - pi[0]): a value the
// vector pass cannot hold in a vector, where the same parts read into
// scalars (xi, yi, zi := bodies[i][0], bodies[i][1], bodies[i][2]) run
// eight threads a step. Scalar replacement, as compilers' SROA does,
// makes the first the second: a local array of at most maxScalarized
// elements, defined by a copy of an expression that cannot change
// anything, and read only at constant indexes, becomes one variable per
// element read, each defined where the array was, from that element of
// the copied expression, so that each reads what the copy held. Part of
// the build pass.

// maxScalarized is the most elements an array scalarized may have.
const maxScalarized = 8

// scalarizeArrays returns list, the kernel's body, with its local
// arrays scalarized where they can be, or list itself.
func (f *Func) scalarizeArrays(list []ast.Stmt) []ast.Stmt {
	body := &ast.BlockStmt{List: list}
	defs := f.arrayCopies(body)
	if len(defs) == 0 {
		return list
	}
	reads := f.constantReads(body, defs)
	if len(reads) == 0 {
		return list
	}
	parts := map[*types.Var]map[int64]*types.Var{}
	vars := slices.SortedFunc(maps.Keys(reads), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, v := range vars { // in source order, each part by its index: the names the Func gives are stable
		ks := reads[v]
		parts[v] = map[int64]*types.Var{}
		for _, k := range slices.Sorted(maps.Keys(ks)) {
			p := types.NewVar(v.Pos(), f.Src.Pkg, fmt.Sprintf("%s%d", v.Name(), k), v.Type().Underlying().(*types.Array).Elem())
			f.addVar(p)
			parts[v][k] = p
		}
	}
	subst := func(n ast.Node) (ast.Node, bool) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if v := defs[n]; v != nil && parts[v] != nil {
				return f.partsDefinition(n, v, parts[v]), true
			}
		case *ast.IndexExpr:
			if v, k, ok := f.constantRead(n, defs); ok && parts[v] != nil {
				p := parts[v][k]
				id := &ast.Ident{NamePos: n.Pos(), Name: p.Name()}
				f.Src.Info.Uses[id], f.Src.Info.Types[id] = p, types.TypeAndValue{Type: p.Type()}
				return id, true
			}
		}
		return nil, false
	}
	out := make([]ast.Stmt, len(list))
	for i, s := range list { // a statement with nothing to replace stays the kernel's own
		out[i] = s
		if f.holdsParts(s, defs, parts) {
			out[i] = f.copyNode(s, &instance{objs: map[types.Object]types.Object{}}, subst).(ast.Stmt)
		}
	}
	return out
}

// holdsParts reports whether s holds the definition or a read of an array
// with parts.
func (f *Func) holdsParts(s ast.Stmt, defs map[ast.Stmt]*types.Var, parts map[*types.Var]map[int64]*types.Var) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || parts[defs[n]] != nil
		case *ast.IndexExpr:
			v, _, ok := f.constantRead(n, defs)
			found = found || ok && parts[v] != nil
		}
		return !found
	})
	return found
}

// arrayCopies returns the definitions v := x of body that scalar
// replacement may take, by statement: v a local array of at most
// maxScalarized elements, x a variable, or an element or field of one,
// indexed by variables and constants (reading it cannot change
// anything, and reading it again in the same place reads the same).
func (f *Func) arrayCopies(body *ast.BlockStmt) map[ast.Stmt]*types.Var {
	out := map[ast.Stmt]*types.Var{}
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			return true
		}
		v, _ := f.Src.Info.Defs[identOf(a.Lhs[0])].(*types.Var)
		if v == nil {
			return true
		}
		arr, isArray := v.Type().Underlying().(*types.Array)
		if !isArray || arr.Len() < 1 || arr.Len() > maxScalarized || !f.plainPlace(a.Rhs[0]) {
			return true
		}
		if _, basic := arr.Elem().Underlying().(*types.Basic); basic {
			out[a] = v
		}
		return true
	})
	return out
}

// plainPlace reports whether e is a variable, or an element or field of
// a plain place, indexed by variables and constants of integer type: no
// call, no map.
func (f *Func) plainPlace(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := f.Src.Info.Uses[e].(*types.Var)
		return ok
	case *ast.IndexExpr:
		switch f.Src.Info.TypeOf(e.X).Underlying().(type) {
		case *types.Slice, *types.Array:
		default:
			return false
		}
		return f.plainPlace(e.X) && f.plainIndex(e.Index)
	case *ast.SelectorExpr:
		sel := f.Src.Info.Selections[e]
		return sel != nil && sel.Kind() == types.FieldVal && !sel.Indirect() && f.plainPlace(e.X)
	}
	return false
}

// constantReads returns, for each array of defs, the constant indexes
// at which body reads it, where it reads it only so: no other use of the
// variable (assigned, its address taken, read whole), no element
// written.
func (f *Func) constantReads(body *ast.BlockStmt, defs map[ast.Stmt]*types.Var) map[*types.Var]map[int64]bool {
	arrays := map[*types.Var]bool{}
	for _, v := range defs {
		arrays[v] = true
	}
	indexed := map[*ast.Ident]bool{}
	reads := map[*types.Var]map[int64]bool{}
	written := lvalues(body)
	ast.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
			if v, k, ok := f.constantRead(ix, defs); ok && !written[ix] {
				indexed[identOf(ix.X)] = true
				if reads[v] == nil {
					reads[v] = map[int64]bool{}
				}
				reads[v][k] = true
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && arrays[v] && !indexed[id] {
				delete(reads, v)
				arrays[v] = false
			}
		}
		return true
	})
	for v := range reads {
		if !arrays[v] {
			delete(reads, v)
		}
	}
	return reads
}

// constantRead returns v and k where ix is v[k] for an array of defs and
// a constant k.
func (f *Func) constantRead(ix *ast.IndexExpr, defs map[ast.Stmt]*types.Var) (*types.Var, int64, bool) {
	id := identOf(ix.X)
	if id == nil {
		return nil, 0, false
	}
	v, _ := f.Src.Info.Uses[id].(*types.Var)
	tv := f.Src.Info.Types[ix.Index]
	if v == nil || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return nil, 0, false
	}
	for _, d := range defs {
		if d == v {
			k, _ := constant.Int64Val(tv.Value)
			return v, k, true
		}
	}
	return nil, 0, false
}

// lvalues returns the index expressions n writes or takes the address
// of.
func lvalues(n ast.Node) map[*ast.IndexExpr]bool {
	out := map[*ast.IndexExpr]bool{}
	mark := func(e ast.Expr) {
		if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
			out[ix] = true
		}
	}
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.AssignStmt:
			for _, x := range m.Lhs {
				mark(x)
			}
		case *ast.IncDecStmt:
			mark(m.X)
		case *ast.UnaryExpr:
			if m.Op == token.AND {
				mark(m.X)
			}
		case *ast.RangeStmt:
			if m.Tok == token.ASSIGN {
				mark(m.Key)
				mark(m.Value)
			}
		}
		return true
	})
	return out
}

// partsDefinition returns the definition of v's parts that stands for
// a, v := x: p0, p1, ... := x[0], x[1], ... for the elements read, in
// order.
func (f *Func) partsDefinition(a *ast.AssignStmt, v *types.Var, parts map[int64]*types.Var) ast.Stmt {
	info := f.Src.Info
	elem := v.Type().Underlying().(*types.Array).Elem()
	out := &ast.AssignStmt{TokPos: a.TokPos, Tok: token.DEFINE}
	n := v.Type().Underlying().(*types.Array).Len()
	for k := range n {
		p := parts[k]
		if p == nil {
			continue
		}
		id := &ast.Ident{NamePos: a.Pos(), Name: p.Name()}
		info.Defs[id] = p
		lit := &ast.BasicLit{ValuePos: a.Pos(), Kind: token.INT, Value: fmt.Sprint(k)}
		info.Types[lit] = types.TypeAndValue{Type: types.Typ[types.Int], Value: constant.MakeInt64(k)}
		x := f.copyNode(a.Rhs[0], &instance{objs: map[types.Object]types.Object{}}, nil).(ast.Expr)
		ix := &ast.IndexExpr{X: x, Lbrack: a.Pos(), Index: lit, Rbrack: a.Pos()}
		info.Types[ix] = types.TypeAndValue{Type: elem}
		out.Lhs, out.Rhs = append(out.Lhs, id), append(out.Rhs, ix)
	}
	return out
}
