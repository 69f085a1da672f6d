package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// The rules of proof.go, node by node.

// pureBuiltins are the builtins a proved function may call: none touches
// memory.
var pureBuiltins = map[string]bool{"len": true, "cap": true, "min": true, "max": true,
	"real": true, "imag": true, "complex": true}

// purePackages are the packages whose functions a proved function may
// call: they compute on their arguments alone.
var purePackages = map[string]bool{"math": true, "math/bits": true}

// walk checks every node of body against the rules, counting the uses of
// slice parameters; it reports whether all passed.
func (a *prover) walk(body ast.Node) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if ok {
			ok = a.node(n)
		}
		return ok
	})
	return ok
}

// node checks one node (its children come after it).
func (a *prover) node(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt, *ast.SendStmt, *ast.LabeledStmt:
		return a.fail("a %T", n)
	case *ast.BranchStmt:
		if n.Tok == token.GOTO {
			return a.fail("a goto")
		}
	case *ast.UnaryExpr:
		if n.Op == token.ARROW {
			return a.fail("a channel receive")
		}
		if ie, ok := ast.Unparen(n.X).(*ast.IndexExpr); ok && n.Op == token.AND {
			a.addressed[ie] = true
		}
	case *ast.SelectorExpr:
		if _, ok := a.threadField(n); ok {
			a.threadUse[n.X.(*ast.SelectorExpr).X.(*ast.Ident)] = true
		}
	case *ast.IndexExpr:
		if su, id := a.sliceParam(n.X); su != nil {
			su.accesses = append(su.accesses, n)
			a.counted[id] = true
		}
	case *ast.CallExpr:
		return a.call(n)
	case *ast.AssignStmt:
		if n.Tok != token.DEFINE {
			for _, l := range n.Lhs {
				if !a.target(l) {
					return false
				}
			}
		}
	case *ast.IncDecStmt:
		return a.target(n.X)
	case *ast.RangeStmt:
		if n.Tok == token.ASSIGN {
			return (n.Key == nil || a.target(n.Key)) && (n.Value == nil || a.target(n.Value))
		}
	case *ast.Ident:
		return a.ident(n)
	}
	return true
}

// ident checks a use of a variable.
func (a *prover) ident(id *ast.Ident) bool {
	v, ok := a.info.Uses[id].(*types.Var)
	switch {
	case !ok:
	case packageVar(v):
		return a.fail("package variable %s", v.Name())
	case v == a.thread && !a.threadUse[id]:
		return a.fail("a use of the thread other than its indices and dimensions")
	case a.slices[v] != nil && !a.counted[id]:
		a.slices[v].other = true
	}
	return true
}

// sliceParam returns the use of the slice parameter e names, if it does.
func (a *prover) sliceParam(e ast.Expr) (*sliceUse, *ast.Ident) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	v, _ := a.info.Uses[id].(*types.Var)
	return a.slices[v], id
}

// isThread reports whether e names the kernel's thread.
func (a *prover) isThread(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && a.thread != nil && a.info.Uses[id] == a.thread
}

// lenOf returns the slice parameter of len(s), or nil.
func (a *prover) lenOf(c *ast.CallExpr) *types.Var {
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if b, isB := a.info.Uses[id].(*types.Builtin); !ok || !isB || b.Name() != "len" || len(c.Args) != 1 {
		return nil
	}
	if su, arg := a.sliceParam(c.Args[0]); su != nil {
		a.counted[arg] = true
		return a.info.Uses[arg].(*types.Var)
	}
	return nil
}

// call checks a call: a conversion, a pure builtin, a function of package
// math, or a pure function of the package.
func (a *prover) call(c *ast.CallExpr) bool {
	if tv, ok := a.info.Types[c.Fun]; ok && tv.IsType() {
		return true
	}
	if a.lenOf(c) != nil {
		return true
	}
	fun := ast.Unparen(c.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr: // an instantiation
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		switch obj := a.info.Uses[f].(type) {
		case *types.Builtin:
			if pureBuiltins[obj.Name()] {
				return true
			}
		case *types.Func:
			if a.pureFunc(obj) {
				return true
			}
		}
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			if pn, ok := a.info.Uses[x].(*types.PkgName); ok && purePackages[pn.Imported().Path()] {
				return true
			}
		}
	}
	return a.fail("a call of %s", types.ExprString(c.Fun))
}

// pureFunc reports whether fn, a function of the package, computes on its
// arguments alone: its parameters and results hold no pointer nor slice,
// and its body passes the rules, with no thread.
func (a *prover) pureFunc(fn *types.Func) bool {
	fn = fn.Origin()
	if pure, seen := a.pure[fn]; seen {
		return pure
	}
	a.pure[fn] = false // a recursive call is not proved
	fd := a.decl(fn)
	if fn.Pkg() != a.pkg || fd == nil || fd.Recv != nil || fd.Body == nil {
		return false
	}
	h := newProver(a.info, a.pkg, a.decl, a.pure)
	for _, fl := range []*ast.FieldList{fd.Type.Params, fd.Type.Results} {
		if fl == nil {
			continue
		}
		if _, roles, why := h.paramsOf(fl); why != "" || slices.Contains(roles, 'r') {
			return false
		}
	}
	h.definitions(fd.Body)
	a.pure[fn] = h.walk(fd.Body)
	return a.pure[fn]
}

// target checks the target of an assignment: a variable of the function's
// own, an element or field of one that is an array or struct (not reached
// through a pointer or slice), or an element (or part of one) of a slice
// parameter, which is then written.
func (a *prover) target(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.Ident:
			v, ok := a.info.Uses[x].(*types.Var)
			if x.Name == "_" || ok && a.slices[v] == nil && v != a.thread && !packageVar(v) {
				return true
			}
			return a.fail("an assignment to %s", x.Name)
		case *ast.SelectorExpr:
			if sel := a.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal && !sel.Indirect() {
				e = x.X
				continue
			}
		case *ast.IndexExpr:
			switch a.info.TypeOf(x.X).Underlying().(type) {
			case *types.Array:
				e = x.X
				continue
			case *types.Slice:
				if su, _ := a.sliceParam(x.X); su != nil {
					su.written = true
					return true
				}
			}
		}
		return a.fail("a write through %s", types.ExprString(e))
	}
}

// guard records, for each access in n, the facts that hold there, known
// holding before n.
func (a *prover) guard(n ast.Node, known []fact) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		a.guardList(n.List, known)
		return
	case *ast.CaseClause:
		for _, e := range n.List {
			a.guard(e, known)
		}
		a.guardList(n.Body, known)
		return
	case *ast.IfStmt:
		if n.Init != nil {
			a.guard(n.Init, known)
		}
		a.guard(n.Cond, known)
		a.guard(n.Body, append(slices.Clip(known), a.facts(n.Cond, true)...))
		if n.Else != nil {
			a.guard(n.Else, append(slices.Clip(known), a.facts(n.Cond, false)...))
		}
		return
	}
	ast.Inspect(n, func(c ast.Node) bool {
		switch c := c.(type) {
		case *ast.BlockStmt, *ast.IfStmt, *ast.CaseClause:
			if c != n {
				a.guard(c, known)
				return false
			}
		case *ast.IndexExpr:
			a.known[c] = known
		}
		return true
	})
}

// guardList is guard for a list of statements: after if cond { return }
// (or break, or continue) the rest of the list knows cond is false.
func (a *prover) guardList(list []ast.Stmt, known []fact) {
	for _, s := range list {
		a.guard(s, known)
		if is, ok := s.(*ast.IfStmt); ok && is.Init == nil && is.Else == nil && len(is.Body.List) == 1 {
			switch b := is.Body.List[0].(type) {
			case *ast.ReturnStmt:
				known = append(slices.Clip(known), a.facts(is.Cond, false)...)
			case *ast.BranchStmt:
				if b.Tok == token.BREAK || b.Tok == token.CONTINUE {
					known = append(slices.Clip(known), a.facts(is.Cond, false)...)
				}
			}
		}
	}
}

// ownIndex checks the accesses to written slice parameter name: all at
// one index that no two threads share, and no other use; it returns the
// launch shape the index needs (Proof.Dims), or why it fails.
func (a *prover) ownIndex(name string, su *sliceUse) (dims int, why string) {
	if su.other {
		return 0, "written slice " + name + " used other than by index and len"
	}
	var idx poly
	for _, ie := range su.accesses {
		if a.addressed[ie] {
			return 0, "the address of an element of written slice " + name
		}
		p, ok := a.polyOf(ie.Index, 0)
		if !ok {
			return 0, "written slice " + name + " indexed by " + types.ExprString(ie.Index)
		}
		if idx == nil {
			idx = p
		} else if !idx.equal(p) {
			return 0, "written slice " + name + " indexed two ways"
		}
	}
	gx, gy := global("x"), global("y")
	if idx.add(gx, -1).uniform() || strided(idx) {
		return 1, ""
	}
	w, _, ok := idx.divide("tiy")
	if !ok || len(w) == 0 || !w.uniform() || !idx.add(gx, -1).add(gy.mul(w), -1).uniform() {
		return 0, "written slice " + name + " at an index threads may share"
	}
	for _, ie := range su.accesses {
		if !slices.ContainsFunc(a.known[ie], func(f fact) bool { return f.lhs.equal(gx) && f.rhs.equal(w) }) {
			return 0, "written slice " + name + " at row*W+column without column < W"
		}
	}
	return 2, ""
}

// packageVar reports whether v is a package-level variable.
func packageVar(v *types.Var) bool { return v.Pkg() != nil && v.Parent() == v.Pkg().Scope() }

// strided reports whether idx is a grid-stride loop's variable (see
// gridStride) plus a uniform value.
func strided(idx poly) bool {
	for m, c := range idx {
		if strings.HasPrefix(m, "gs:") && !strings.Contains(m, "*") && c == 1 {
			return idx.add(poly{m: 1}, -1).uniform()
		}
	}
	return false
}
