package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
)

// A jam runs the rest of its helper's body for four threads interleaved,
// after all four have called: that code must not fail, or the failure
// could name a later thread than the scalar form's. jamSafety decides
// it, for the code Go's own bounds-check elimination reads the same way:
// arithmetic on locals (no integer division, no shift by a variable),
// conversions, len, min and max, and indexing only at a range loop's key
// into the ranged slice or a slice the simple statements before made as
// long (out = out[:len(in)]), neither assigned after.
type jamSafety struct {
	f         *Func
	pre, rest []ast.Stmt
	sameLen   map[*types.Var]*types.Var // x: y where pre sets x = z[:len(y)]
	assigned  map[*types.Var]bool       // the variables rest assigns
	rangeOf   map[*types.Var]*types.Var // a range loop's key: the ranged slice
	local     map[*types.Var]bool       // the helper's variables
	minLen    lenFacts                  // where the statement being checked runs (jam_safe_len.go)
	loops     []*ast.ForStmt            // the for loops around it, innermost last (jam_safe_offset.go)
	// guards, where the jam takes them (a region's), collects the tests
	// of the state that prove indexes in range (jam_safe_guard.go);
	// declared are the variables rest declares.
	guards   *[]jamTest
	declared map[*types.Var]bool
	// windows are the indexes the tests prove that a jammed counted loop
	// may read through windows (jam_safe_guard.go).
	windows map[*ast.IndexExpr]countedIndex
	// calls are the functions whose bodies are being checked, results
	// set where the list is one of theirs, whose returns carry one
	// (jam_safe_call.go).
	calls   map[*types.Func]bool
	results bool
	// state, for a helper's jam, is its parameters and pre's variables,
	// which its tests may read as a region's read its arguments.
	state map[*types.Var]bool
}

// safeList reports whether list cannot fail. A bare return may end it
// where ends is set; where top is, it is the rest's own list, whose ifs
// (with no else) may end their bodies with one (emit_jam.go makes the
// rest of the list their else).
func (s *jamSafety) safeList(list []ast.Stmt, ends, top bool) bool {
	if s.sameLen == nil {
		s.init()
	}
	for i, st := range list {
		if r, ok := st.(*ast.ReturnStmt); ok {
			if s.results && len(r.Results) == 1 && s.safeExpr(r.Results[0]) {
				return true // a called function's result: what follows does not run
			}
			if !ends || len(r.Results) > 0 || i != len(list)-1 {
				return false
			}
			continue
		}
		if !s.safeStmt(st, top) {
			return false
		}
		s.after(st)
	}
	return true
}

// init collects what the checks read: the lengths pre makes equal, the
// variables rest assigns, and the helper's own variables.
func (s *jamSafety) init() {
	info := s.f.Src.Info
	s.sameLen, s.rangeOf, s.minLen = map[*types.Var]*types.Var{}, map[*types.Var]*types.Var{}, lenFacts{}
	if s.local == nil {
		s.local = map[*types.Var]bool{}
	}
	s.assigned = reassigned(info, s.rest)
	for _, st := range s.pre {
		for v := range reassigned(info, []ast.Stmt{st}) { // a later assignment ends what an earlier one made equal
			delete(s.sameLen, v)
			for x, y := range s.sameLen {
				if y == v {
					delete(s.sameLen, x)
				}
			}
		}
		a, ok := st.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			continue
		}
		x, _ := info.ObjectOf(identOf(a.Lhs[0])).(*types.Var)
		sl, _ := a.Rhs[0].(*ast.SliceExpr)
		if x == nil || sl == nil || sl.Low != nil || sl.Max != nil || sl.High == nil {
			continue
		}
		if y := s.lenOf(sl.High); y != nil {
			s.sameLen[x] = y
		}
	}
}

// lenOf returns y where e is len(y) for a variable y, or nil.
func (s *jamSafety) lenOf(e ast.Expr) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !s.builtin(call, "len") {
		return nil
	}
	v, _ := s.f.Src.Info.ObjectOf(identOf(call.Args[0])).(*types.Var)
	return v
}

// builtin reports whether call calls the builtin name.
func (s *jamSafety) builtin(call *ast.CallExpr, name string) bool {
	id := identOf(call.Fun)
	if id == nil {
		return false
	}
	b, ok := s.f.Src.Info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// safeStmt reports whether st cannot fail.
func (s *jamSafety) safeStmt(st ast.Stmt, top bool) bool {
	info := s.f.Src.Info
	switch st := st.(type) {
	case *ast.AssignStmt:
		for _, x := range st.Lhs {
			if !s.safeTarget(x, st.Tok == token.DEFINE) {
				return false
			}
		}
		if st.Tok == token.QUO_ASSIGN || st.Tok == token.REM_ASSIGN || st.Tok == token.SHL_ASSIGN || st.Tok == token.SHR_ASSIGN {
			if !isFloat(info.TypeOf(st.Lhs[0])) {
				return false
			}
		}
		return len(st.Lhs) == len(st.Rhs) && s.safeExprs(st.Rhs)
	case *ast.IncDecStmt:
		return s.safeTarget(st.X, false)
	case *ast.IfStmt:
		if st.Init != nil || !s.safeExpr(st.Cond) ||
			!s.nested(maps.Clone(s.minLen), func() bool { return s.safeList(st.Body.List, top && st.Else == nil, false) }) {
			return false
		}
		return s.nested(maps.Clone(s.minLen), func() bool {
			switch e := st.Else.(type) {
			case nil:
				return true
			case *ast.BlockStmt:
				return s.safeList(e.List, false, false)
			default:
				return s.safeStmt(e, false)
			}
		})
	case *ast.ForStmt:
		return s.safeFor(st)
	case *ast.RangeStmt:
		return s.nested(s.loopFacts(nil, st.Body), func() bool { return s.safeRange(st) })
	case *ast.BlockStmt:
		return s.nested(maps.Clone(s.minLen), func() bool { return s.safeList(st.List, false, false) })
	case *ast.DeclStmt:
		gd, ok := st.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return false
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			for _, id := range vs.Names {
				if v, ok := info.Defs[id].(*types.Var); ok {
					s.local[v] = true
				}
			}
			if !s.safeExprs(vs.Values) {
				return false
			}
		}
		return true
	}
	return false // calls, branches, labels, go, defer, selects, sends
}

// safeLoopBody checks a loop's body, where no return may end a list.
func (s *jamSafety) safeLoopBody(b *ast.BlockStmt) bool {
	return s.safeList(b.List, false, false)
}

// safeRange checks a range loop over a slice variable rest does not
// assign, with a key and value it declares and its body does not assign.
func (s *jamSafety) safeRange(st *ast.RangeStmt) bool {
	info := s.f.Src.Info
	x, _ := info.ObjectOf(identOf(st.X)).(*types.Var)
	if x == nil || st.Tok != token.DEFINE && (st.Key != nil || st.Value != nil) {
		return false
	}
	if _, ok := x.Type().Underlying().(*types.Slice); !ok {
		return false
	}
	inBody := reassigned(info, st.Body.List)
	for _, e := range []ast.Expr{st.Key, st.Value} {
		if e == nil {
			continue
		}
		if v, ok := info.Defs[identOf(e)].(*types.Var); ok {
			if inBody[v] {
				return false
			}
			s.local[v] = true
			if e == st.Key && !s.assigned[x] { // ranged once: only an x the rest keeps is as long as the key's range
				s.rangeOf[v] = x
			}
		} else if identOf(e) == nil || identOf(e).Name != "_" {
			return false
		}
	}
	return s.safeLoopBody(st.Body)
}

// safeTarget reports whether assigning x cannot fail and stays in the
// thread: a variable of the helper's, or a safe index.
func (s *jamSafety) safeTarget(x ast.Expr, define bool) bool {
	info := s.f.Src.Info
	if id := identOf(x); id != nil {
		if id.Name == "_" {
			return true
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil {
			return false
		}
		if define {
			s.local[v] = true
		}
		return s.local[v] || s.isParamOrPre(v)
	}
	ix, ok := ast.Unparen(x).(*ast.IndexExpr)
	return ok && (s.safeIndex(ix) || s.constIndex(ix) || s.offsetIndex(ix) || s.guardedIndex(ix))
}

// isParamOrPre reports whether v is a parameter of the helper or a
// variable its pre part declares.
func (s *jamSafety) isParamOrPre(v *types.Var) bool {
	if v.Parent() == nil || v.Pkg() == nil {
		return false
	}
	return v.Parent() != v.Pkg().Scope() && v.Parent() != types.Universe
}

// keptSameLen returns the pairs of sameLen that rest assigns neither of.
func (s *jamSafety) keptSameLen() map[*types.Var]*types.Var {
	kept := map[*types.Var]*types.Var{}
	for x, y := range s.sameLen {
		if !s.assigned[x] && !s.assigned[y] {
			kept[x] = y
		}
	}
	return kept
}

// safeIndex reports whether x[k] cannot fail: k is a range loop's key
// and x its slice, or as long.
func (s *jamSafety) safeIndex(ix *ast.IndexExpr) bool {
	info := s.f.Src.Info
	k, _ := info.ObjectOf(identOf(ix.Index)).(*types.Var)
	x, _ := info.ObjectOf(identOf(ix.X)).(*types.Var)
	y := s.rangeOf[k]
	if k == nil || x == nil || y == nil || s.assigned[x] {
		return false
	}
	if _, ok := x.Type().Underlying().(*types.Slice); !ok {
		return false
	}
	return x == y || s.sameLen[x] == y || s.sameLen[y] == x
}

func (s *jamSafety) safeExprs(list []ast.Expr) bool {
	for _, e := range list {
		if !s.safeExpr(e) {
			return false
		}
	}
	return true
}

// safeExpr reports whether e cannot fail.
func (s *jamSafety) safeExpr(e ast.Expr) bool {
	info := s.f.Src.Info
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := e.(type) {
	case *ast.Ident:
		_, isVar := info.ObjectOf(e).(*types.Var)
		return isVar
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return s.safeExpr(e.X)
	case *ast.UnaryExpr:
		return e.Op != token.AND && e.Op != token.ARROW && s.safeExpr(e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.QUO, token.REM:
			if !isFloat(info.TypeOf(e)) {
				return false
			}
		case token.SHL, token.SHR: // a negative count panics
			if tv, ok := info.Types[e.Y]; !ok || tv.Value == nil || constant.Sign(tv.Value) < 0 {
				return false
			}
		}
		return s.safeExpr(e.X) && s.safeExpr(e.Y)
	case *ast.IndexExpr:
		return s.safeIndex(e) || s.constIndex(e) || s.offsetIndex(e) || s.guardedIndex(e) && s.safeExpr(e.Index)
	case *ast.SliceExpr:
		return s.safeSlice(e)
	case *ast.CallExpr:
		if tv := info.Types[e.Fun]; tv.IsType() {
			_, basic := tv.Type.Underlying().(*types.Basic)
			return basic && len(e.Args) == 1 && s.safeExpr(e.Args[0])
		}
		if s.builtin(e, "len") || s.builtin(e, "min") || s.builtin(e, "max") {
			return s.safeExprs(e.Args)
		}
		return s.safeCall(e)
	}
	return false
}

// isFloat reports whether t is a floating-point type.
func isFloat(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

// reassigned returns the variables list assigns as a whole (x = ..., x++,
// a range loop's key and value) or takes the address of; not those whose
// elements it assigns (x[i] = ...).
func reassigned(info *types.Info, list []ast.Stmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if id := identOf(e); id != nil {
			if v, ok := info.ObjectOf(id).(*types.Var); ok {
				out[v] = true
			}
		}
	}
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, x := range n.Lhs {
					if id := identOf(x); n.Tok != token.DEFINE || id != nil && info.Defs[id] == nil {
						mark(x) // := assigns the variables it does not declare
					}
				}
			case *ast.IncDecStmt:
				mark(n.X)
			case *ast.RangeStmt:
				if n.Tok == token.ASSIGN {
					mark(n.Key)
					mark(n.Value)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					mark(n.X)
				}
			}
			return true
		})
	}
	return out
}
