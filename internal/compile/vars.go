package compile

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A varClass is where the compiled form keeps a local variable.
type varClass int

const (
	varLocal      varClass = iota // per thread, within one thread loop
	varBlock                      // one per block, computed by block-level code
	varRemat                      // per thread, recomputed in each thread loop that needs it
	varReplicated                 // per thread, kept in a scratch array across thread loops
)

// A siteKind is where a variable is defined or changed.
type siteKind int

const (
	siteTop    siteKind = iota // a statement at the top of a lowered list
	siteHeader                 // the header of block-level control, or a barrier's result
	siteNested                 // inside a thread's statement
	siteAddr                   // its address is taken (or a pointer method called)
)

type site struct {
	stmt ast.Stmt
	kind siteKind
}

// An analysis is one kernel's lowering state.
type analysis struct {
	k    *Kernel
	c    *checker
	info *types.Info

	barrier map[ast.Stmt]bool          // statements containing a barrier
	top     map[ast.Stmt]bool          // barrier-free statements at the top of a lowered list
	header  map[ast.Stmt]bool          // init and post statements of block-level control, barrier results
	results map[ast.Stmt]*ast.CallExpr // statements assigning a barrier's result, with the barrier
	colls   map[ast.Stmt]*ast.CallExpr // statements whose value is a warp collective, with it
	masked  map[ast.Stmt]bool          // top statements that may run under a mask
	sites   map[*types.Var][]site
	class   map[*types.Var]varClass
	defStmt map[*types.Var]ast.Stmt // the statement defining a remat or replicated variable

	loops     []*threadLoop
	body      []node            // the lowered kernel
	blockStmt map[ast.Stmt]bool // top statements run once per block
	rematStmt map[ast.Stmt]bool // top statements recomputed where needed

	rename map[types.Object]string // the new names of variables sharing a name

	refusal *Refusal
}

func (a *analysis) refuse(n ast.Node, format string, args ...any) {
	if a.refusal == nil {
		a.refusal = newRefusal(a.k, n, format, args...)
	}
}

// hasBarrier reports whether n contains a barrier or warp collective
// outside function literals: a synchronizing statement, whose control the
// lowering keeps.
func (a *analysis) hasBarrier(n ast.Node) bool {
	return a.contains(n, func(k callKind) bool { return k == callBarrier || k == callBarrierPred || k == callWarp })
}

// hasBlockBarrier reports whether n contains a block barrier.
func (a *analysis) hasBlockBarrier(n ast.Node) bool {
	return a.contains(n, func(k callKind) bool { return k == callBarrier || k == callBarrierPred })
}

// contains reports whether n makes a call of a kind for which ok holds,
// outside function literals.
func (a *analysis) contains(n ast.Node, ok func(callKind) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if kind, _ := a.c.classify(n); ok(kind) {
				found = true
			}
		}
		return !found
	})
	return found
}

// scanList marks the statements of a lowered list: barrier statements,
// whose control becomes block-level, and top statements. With masked, the
// list may run under a mask of the block's threads (the body of an if
// with a warp collective and no barrier, whose condition may differ from
// thread to thread): its assignments do not make block-level values.
func (a *analysis) scanList(list []ast.Stmt, masked bool) {
	for _, s := range list {
		if !a.hasBarrier(s) {
			a.top[s] = true
			a.masked[s] = masked
			continue
		}
		a.barrier[s] = true
		switch s := s.(type) {
		case *ast.IfStmt:
			a.markHeader(s.Init)
			inner := masked || !a.hasBlockBarrier(s)
			a.scanList(s.Body.List, inner)
			switch e := s.Else.(type) {
			case *ast.BlockStmt:
				a.scanList(e.List, inner)
			case *ast.IfStmt:
				a.scanList([]ast.Stmt{e}, inner)
			}
		case *ast.ForStmt:
			a.markHeader(s.Init)
			a.markHeader(s.Post)
			a.scanList(s.Body.List, masked)
		case *ast.RangeStmt:
			a.header[s] = true
			a.scanList(s.Body.List, masked)
		case *ast.BlockStmt:
			a.scanList(s.List, masked)
		case *ast.ExprStmt:
			a.markCollective(s, s.X)
		case *ast.AssignStmt:
			if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
				a.markResult(s, s.Rhs[0])
				a.markCollective(s, s.Rhs[0])
			}
		case *ast.DeclStmt:
			if vs, ok := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec); ok && len(vs.Names) == 1 && len(vs.Values) == 1 {
				a.markResult(s, vs.Values[0])
				a.markCollective(s, vs.Values[0])
			}
		}
	}
}

// markCollective marks s as a statement whose value is a warp collective,
// if value is one.
func (a *analysis) markCollective(s ast.Stmt, value ast.Expr) {
	if call, ok := ast.Unparen(value).(*ast.CallExpr); ok {
		if kind, _ := a.c.classify(call); kind == callWarp {
			for _, arg := range call.Args {
				if a.hasBarrier(arg) {
					return // a collective in an operand: refused as one inside an expression
				}
			}
			a.colls[s] = call
		}
	}
}

// markResult marks s as assigning the result of a barrier, if value is one.
func (a *analysis) markResult(s ast.Stmt, value ast.Expr) {
	if call := a.barrierCall(value); call != nil && !a.hasBarrier(call.Args[0]) {
		a.results[s] = call
		a.header[s] = true
	}
}

func (a *analysis) markHeader(s ast.Stmt) {
	if s != nil {
		a.header[s] = true
	}
}

// collectSites records, for every local variable, each statement that
// defines or changes it.
func (a *analysis) collectSites() {
	var stmts []ast.Stmt
	record := func(e ast.Expr, kind siteKind) {
		v, ok := modifiedVar(e, a.info).(*types.Var)
		if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return
		}
		s := stmts[len(stmts)-1]
		if kind != siteAddr {
			switch {
			case a.top[s] && a.masked[s] && !isDefine(s):
				kind = siteNested // only the threads of the mask change it
			case a.top[s]:
				kind = siteTop
			case a.header[s]:
				kind = siteHeader
			default:
				kind = siteNested
			}
		}
		a.sites[v] = append(a.sites[v], site{s, kind})
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return false
		case ast.Stmt:
			stmts = append(stmts, n)
			defer func() { stmts = stmts[:len(stmts)-1] }()
			a.recordStmt(n, record)
			for _, c := range children(n) {
				ast.Inspect(c, visit)
			}
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				record(n.X, siteAddr)
			}
		case *ast.CallExpr:
			a.recordPointerCall(n, record)
		}
		return true
	}
	ast.Inspect(a.k.Decl.Body, visit)
}

// recordStmt records the variables s itself defines or assigns.
func (a *analysis) recordStmt(s ast.Stmt, record func(ast.Expr, siteKind)) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, lhs := range s.Lhs {
			record(lhs, siteTop)
		}
	case *ast.IncDecStmt:
		record(s.X, siteTop)
	case *ast.RangeStmt:
		if s.Key != nil {
			record(s.Key, siteTop)
		}
		if s.Value != nil {
			record(s.Value, siteTop)
		}
	case *ast.DeclStmt:
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				for _, name := range vs.Names {
					record(name, siteTop)
				}
			}
		}
	}
}

// recordPointerCall records a method call with a pointer receiver on an
// addressable variable, which takes its address.
func (a *analysis) recordPointerCall(call *ast.CallExpr, record func(ast.Expr, siteKind)) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	s := a.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return
	}
	if _, ptrRecv := s.Obj().(*types.Func).Signature().Recv().Type().(*types.Pointer); ptrRecv {
		if _, isPtr := a.info.TypeOf(sel.X).(*types.Pointer); !isPtr {
			record(sel.X, siteAddr)
		}
	}
}

// children returns the direct sub-nodes of a statement, so that the
// statement stack of collectSites stays exact.
func children(s ast.Stmt) []ast.Node {
	var out []ast.Node
	first := true
	ast.Inspect(s, func(n ast.Node) bool {
		if first {
			first = false
			return true
		}
		if n != nil {
			out = append(out, n)
		}
		return false
	})
	return out
}

// modifiedVar returns the variable whose own storage an assignment to e
// (or &e) changes: x for x, x.f and x[i] of a struct or array value, nil
// when e goes through a slice, map or pointer.
func modifiedVar(e ast.Expr, info *types.Info) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x)
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
				return nil
			}
			if _, ptr := info.TypeOf(x.X).Underlying().(*types.Pointer); ptr {
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
}
