package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A siteKind is where a variable is defined or changed.
type siteKind uint8

const (
	siteTop    siteKind = iota // a Code statement of a structural list, itself
	siteHeader                 // the header of uniform control, or a barrier's result
	siteNested                 // inside a Code statement
	siteAddr                   // its address is taken (or a pointer method called)
)

type site struct {
	stmt ast.Stmt
	kind siteKind
	// inner is, for a nested site, the statement inside stmt that
	// assigns the variable.
	inner ast.Stmt
	// ctrl are the structural ifs and loops around the site, whose
	// conditions decide whether it runs.
	ctrl []ast.Stmt
}

// An adder records that statement s changes the variable of e, and how;
// inner is the statement inside s that does, for a nested site.
type adder func(e ast.Expr, s ast.Stmt, kind siteKind, inner ast.Stmt)

// classify is the pass that decides each local variable's Class: uniform
// (the same for every thread of the block), remat (a pure function of the
// thread's index and uniform values, defined once) or varying; and that
// refuses structural control whose condition may differ between threads.
func classify(f *Func) {
	f.readOnly = f.readOnlyParams()
	var sites map[*types.Var][]site
	var allocs map[*types.Var]ast.Node
	for again := true; again; again = f.exitIfs() { // what a merged if's sides assign is per thread: classify again
		sites = f.collectSites()
		allocs = f.sharedAllocs(sites)
		f.steadyShared = f.steadySharedReads(allocs)
		f.classes(sites)
	}
	f.shared = f.sharedVars(sites)
	f.own = f.ownShared(allocs)
	f.sharedLens = f.sharedLengths(allocs)
	f.exitForm()
	f.exitBreaks()
	f.checkLaneBranches(f.Body)
	f.Body = f.agreeLoops(f.Body)
	f.Body = f.agreeIfs(f.Body)
	f.Body = f.dropDeadTails(f.Body)
	f.Body = f.rematBlanks(f.Body)
	f.checkControl(f.Body)
	f.checkTiles()
}

// classes sets each variable's Class from the sites that define it.
func (f *Func) classes(sites map[*types.Var][]site) {
	for {
		uniform := f.uniformVars(sites)
		remat := f.rematVars(sites, uniform)
		for obj, v := range f.Vars {
			switch {
			case uniform[obj]:
				v.Class = Uniform
			case remat[obj]:
				v.Class, v.Def = Remat, sites[obj][0].stmt
			default:
				v.Class = Varying
			}
		}
		// Loops whose lanes leave at different trips make what they
		// assign per thread, which may make more such loops.
		if !f.laneLoops(f.Body) {
			break
		}
	}
}

// collectSites records, for every local variable, each statement that
// defines or changes it, and how.
func (f *Func) collectSites() map[*types.Var][]site {
	sites := map[*types.Var][]site{}
	var ctrl []ast.Stmt
	add := func(e ast.Expr, s ast.Stmt, kind siteKind, inner ast.Stmt) {
		if v := f.localOf(e); v != nil {
			sites[v] = append(sites[v], site{s, kind, inner, ctrl})
		}
	}
	var list func(nodes []Node)
	under := func(s ast.Stmt, nodes ...[]Node) {
		outer := ctrl
		ctrl = append(ctrl[:len(ctrl):len(ctrl)], s)
		for _, l := range nodes {
			list(l)
		}
		ctrl = outer
	}
	list = func(nodes []Node) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *Code:
				f.stmtSites(n.Stmt, siteTop, add)
			case *If:
				f.stmtSites(n.Src.Init, siteHeader, add)
				f.addrSites(n.Src.Cond, n.Src, add)
				under(n.Src, n.Then, n.Else)
			case *For:
				f.stmtSites(n.Src.Init, siteHeader, add)
				f.addrSites(n.Src.Cond, n.Src, add)
				outer := ctrl
				ctrl = append(ctrl[:len(ctrl):len(ctrl)], n.Src)
				f.stmtSites(n.Src.Post, siteHeader, add) // runs while the condition holds
				ctrl = outer
				under(n.Src, n.Body)
			case *Range:
				add(n.Src.Key, n.Src, siteHeader, nil)
				add(n.Src.Value, n.Src, siteHeader, nil)
				f.addrSites(n.Src.X, n.Src, add)
				under(n.Src, n.Body)
			case *Scope:
				list(n.Body)
			case *Barrier:
				if n.Stmt != nil {
					f.stmtSites(n.Stmt, siteHeader, add)
				}
				f.addrSites(n.Pred, n.Call, add)
			case *Collective:
				if n.Stmt != nil {
					f.stmtSites(n.Stmt, siteNested, add) // each lane's own result
				}
				f.addrSites(n.Call, n.Call, add)
			}
		}
	}
	list(f.Body)
	return sites
}

// stmtSites records the variables s itself assigns with kind, and those
// assigned or addressed inside it as nested.
func (f *Func) stmtSites(s ast.Stmt, kind siteKind, add adder) {
	if s == nil {
		return
	}
	own := kind
	if _, isRange := s.(*ast.RangeStmt); isRange {
		own = siteNested // a range statement's variables change every iteration
	}
	for _, e := range assigned(s) {
		add(e, s, own, nil)
	}
	ast.Inspect(s, func(n ast.Node) bool {
		if inner, ok := n.(ast.Stmt); ok && inner != s {
			for _, e := range assigned(inner) {
				add(e, s, siteNested, inner)
			}
		}
		return true
	})
	f.addrSites(s, s, add)
}

// addrSites records the variables whose address n takes: the operand of
// &, an array sliced (the slice writes the array), a pointer method's
// receiver.
func (f *Func) addrSites(n ast.Node, s ast.Node, add adder) {
	if n == nil || (n == ast.Node(nil)) {
		return
	}
	stmt, _ := s.(ast.Stmt)
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.UnaryExpr:
			if m.Op == token.AND {
				add(m.X, stmt, siteAddr, nil)
			}
		case *ast.SliceExpr:
			if _, array := f.Src.Info.TypeOf(m.X).Underlying().(*types.Array); array {
				add(m.X, stmt, siteAddr, nil)
			}
		case *ast.CallExpr:
			if x := f.pointerReceiver(m); x != nil {
				add(x, stmt, siteAddr, nil)
			}
		case *ast.FuncLit:
			ast.Inspect(m.Body, func(k ast.Node) bool {
				if inner, ok := k.(ast.Stmt); ok {
					for _, e := range assigned(inner) {
						add(e, stmt, siteAddr, nil) // captured and changed out of sight
					}
				}
				return true
			})
		}
		return true
	})
}

// pointerReceiver returns x of x.M() where M has a pointer receiver and x
// is addressable, which takes x's address.
func (f *Func) pointerReceiver(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := f.Src.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	if _, ptr := s.Obj().(*types.Func).Signature().Recv().Type().(*types.Pointer); ptr {
		if _, isPtr := f.Src.Info.TypeOf(sel.X).(*types.Pointer); !isPtr {
			return sel.X
		}
	}
	return nil
}

// assigned returns the expressions s assigns to directly.
func assigned(s ast.Stmt) []ast.Expr {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return s.Lhs
	case *ast.IncDecStmt:
		return []ast.Expr{s.X}
	case *ast.RangeStmt:
		return []ast.Expr{s.Key, s.Value}
	case *ast.DeclStmt:
		var out []ast.Expr
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				for _, n := range vs.Names {
					out = append(out, n)
				}
			}
		}
		return out
	}
	return nil
}

// localOf returns the kernel's local variable whose own storage an
// assignment to e changes (x for x, x.f and x[i] of a struct or array
// value), or nil.
func (f *Func) localOf(e ast.Expr) *types.Var {
	info := f.Src.Info
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			if f.Vars[v] == nil {
				return nil
			}
			return v
		case *ast.SelectorExpr:
			sel, isField := f.fieldSel(x)
			if !isField {
				return nil
			}
			// Indirect, unless its operand is a value: an aliased pointer
			// receiver's field (method.go) reads the variable itself
			_, ptr := info.TypeOf(x.X).Underlying().(*types.Pointer)
			if sel.indirect && (ptr || sel.depth > 1) {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			if _, array := info.TypeOf(x.X).Underlying().(*types.Array); !array {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
	return nil
}

// sortedVars returns the variables of set in declaration order.
func sortedVars[V any](f *Func, set map[*types.Var]V) []*types.Var {
	out := make([]*types.Var, 0, len(set))
	for v := range set {
		out = append(out, v)
	}
	slices.SortFunc(out, func(x, y *types.Var) int {
		// by file name and offset: the file set's order of files depends on
		// the order packages were parsed in
		px, py := f.Src.Fset.Position(x.Pos()), f.Src.Fset.Position(y.Pos())
		if c := strings.Compare(px.Filename, py.Filename); c != 0 {
			return c
		}
		if d := px.Offset - py.Offset; d != 0 {
			return d
		}
		return f.seq[x] - f.seq[y] // two inlined copies of one helper's variable
	})
	return out
}
