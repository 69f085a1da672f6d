package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A window's loads checked once. A load whose index is computed inside
// the step is checked where it is (vec_restart.go); inside a loop that
// walks a window, as a blur's `for dx := 0; dx <= 2*r; dx++ { sum +=
// row[tx+dx] }`, that is a check per trip. Where the loop counts an int
// key by ones between bounds it does not change, and the load's index
// adds the key to values the loop does not change either, the indexes
// over all of the loop's trips span one window of the slice: one check
// before the loop that the window is inside the slice lets a copy of the
// loop load without them, and the loop as it was runs where the check
// fails (a short window, or a loop that would leave earlier).

// A vwindow is a loop of the step counted by an int key from lo by ones
// while key < hi (or key <= hi; a range over an int counts from 0 while
// below it), with the loads checked in place inside it.
type vwindow struct {
	key       string   // the key's name in the step
	lo, hi    ast.Expr // its first value and its bound, as translated
	inclusive bool     // key <= hi
	restarts  int      // the step's restarts noted before the loop's body
	loads     []vwindowLoad
}

// A vwindowLoad is a load of the loop checked in place: its check, and
// its slice and int index as translated.
type vwindowLoad struct {
	check *ast.IfStmt
	x, i  ast.Expr
}

// counted returns the window of a translated loop header, nil where its
// key is not an int counted by ones from init's value.
func (v *vectorizer) counted(s *ast.ForStmt, init ast.Stmt, cond ast.Expr, post ast.Stmt) *vwindow {
	src, ok := s.Init.(*ast.AssignStmt)
	if !ok || src.Tok != token.DEFINE || len(src.Lhs) != 1 {
		return nil
	}
	if obj, ok := v.f.Src.Info.Defs[src.Lhs[0].(*ast.Ident)].(*types.Var); !ok || !types.Identical(obj.Type(), types.Typ[types.Int]) {
		return nil
	}
	def, ok := init.(*ast.AssignStmt)
	if !ok || def.Tok != token.DEFINE || len(def.Lhs) != 1 || len(def.Rhs) != 1 {
		return nil
	}
	key, ok := def.Lhs[0].(*ast.Ident)
	c, _ := cond.(*ast.BinaryExpr)
	if !ok || c == nil || !isIdent(c.X, key.Name) || (c.Op != token.LSS && c.Op != token.LEQ) || !countsUp(post, key.Name) {
		return nil
	}
	return &vwindow{key: key.Name, lo: def.Rhs[0], hi: c.Y, inclusive: c.Op == token.LEQ, restarts: len(v.restarts)}
}

// rangeCounted returns the window of a translated range loop over an
// int, its key counting from 0 while below the value; nil for other
// range loops.
func (v *vectorizer) rangeCounted(s *ast.RangeStmt, out *ast.RangeStmt) *vwindow {
	key, ok := out.Key.(*ast.Ident)
	if !ok || key.Name == "_" || s.Tok != token.DEFINE || out.Value != nil {
		return nil
	}
	if obj, ok := v.f.Src.Info.Defs[s.Key.(*ast.Ident)].(*types.Var); !ok || !types.Identical(obj.Type(), types.Typ[types.Int]) {
		return nil
	}
	if t, ok := v.typeOf(s.X).Underlying().(*types.Basic); !ok || t.Info()&types.IsInteger == 0 {
		return nil
	}
	return &vwindow{key: key.Name, lo: intLit(0), hi: out.X, restarts: len(v.restarts)}
}

// countsUp reports whether post is key++, key += 1 or key = key + 1.
func countsUp(post ast.Stmt, key string) bool {
	switch p := post.(type) {
	case *ast.IncDecStmt:
		return p.Tok == token.INC && isIdent(p.X, key)
	case *ast.AssignStmt:
		if len(p.Lhs) != 1 || !isIdent(p.Lhs[0], key) {
			return false
		}
		if p.Tok == token.ADD_ASSIGN {
			return isOne(p.Rhs[0])
		}
		sum, ok := p.Rhs[0].(*ast.BinaryExpr)
		return ok && p.Tok == token.ASSIGN && sum.Op == token.ADD && isIdent(sum.X, key) && isOne(sum.Y)
	}
	return false
}

func isIdent(x ast.Expr, name string) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && id.Name == name
}

func isOne(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && lit.Kind == token.INT && lit.Value == "1"
}

// noteWindowLoad records a load checked in place, of x at int index i,
// with the loop it is directly in.
func (v *vectorizer) noteWindowLoad(check *ast.IfStmt, x ast.Expr, i vval) {
	if len(v.loopStack) == 0 || !types.Identical(i.typ, types.Typ[types.Int]) {
		return
	}
	if w := v.loopStack[len(v.loopStack)-1].window; w != nil {
		w.loads = append(w.loads, vwindowLoad{check: check, x: x, i: i.x})
	}
}

// windowed returns the translated loop, or, where its loads' windows can
// be checked before it, "if the windows are in their slices { the loop
// without their checks } else { the loop }".
func (v *vectorizer) windowed(loop ast.Stmt, body *ast.BlockStmt, w *vwindow) ast.Stmt {
	if w == nil || len(w.loads) == 0 {
		return loop
	}
	changed, ok := changedIn(body)
	if !ok || changed[w.key] || !invariant(w.lo, changed) || !invariant(w.hi, changed) || !safe(w.lo) || !safe(w.hi) {
		return loop
	}
	last := w.hi
	var cond ast.Expr
	if w.inclusive { // a bound of MaxInt never ends the loop
		cond = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent("Adds")}, Args: []ast.Expr{w.hi, intLit(2)}}
	} else {
		last = &ast.BinaryExpr{X: paren(w.hi), Op: token.SUB, Y: intLit(1)}
	}
	checks := map[*ast.IfStmt]bool{}
	for _, l := range w.loads {
		span, ok := v.windowSpan(w, l, last, changed)
		if !ok {
			return loop
		}
		cond = and(cond, span)
		checks[l.check] = true
	}
	return &ast.IfStmt{If: loop.Pos(), Cond: cond, Body: &ast.BlockStmt{List: []ast.Stmt{v.uncheckedCopy(loop, checks, w)}},
		Else: &ast.BlockStmt{List: []ast.Stmt{loop}}}
}

// windowSpan writes the check that load l's indexes over the loop's keys,
// from lo to last, are in its slice: i(lo) >= 0 && i(last) >= i(lo) &&
// i(last) <= len(x)-width. The index adds the key once to terms the loop
// does not change, so it grows with the key, and i(last) below i(lo)
// means it wrapped.
func (v *vectorizer) windowSpan(w *vwindow, l vwindowLoad, last ast.Expr, changed map[string]bool) (ast.Expr, bool) {
	if !addsKey(l.i, w.key, changed) || !safe(l.x) || !invariant(l.x, changed) {
		return nil, false
	}
	first := func() ast.Expr { return withKey(l.i, w.key, w.lo) }
	end := func() ast.Expr { return withKey(l.i, w.key, last) }
	room := &ast.BinaryExpr{X: &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{l.x}}, Op: token.SUB, Y: intLit(int64(v.width()))}
	span := and(&ast.BinaryExpr{X: first(), Op: token.GEQ, Y: intLit(0)}, &ast.BinaryExpr{X: end(), Op: token.GEQ, Y: first()})
	return and(span, &ast.BinaryExpr{X: end(), Op: token.LEQ, Y: room}), true
}

// uncheckedCopy copies loop with the window's loads unchecked; a load's
// check left in the copy restarts the step as the original's does.
func (v *vectorizer) uncheckedCopy(loop ast.Stmt, checks map[*ast.IfStmt]bool, w *vwindow) ast.Stmt {
	copies := map[ast.Node]ast.Node{}
	c := &cloner{copied: func(orig, copy ast.Node) { copies[orig] = copy }}
	c.subst = func(n ast.Node) (ast.Node, bool) {
		if s, ok := n.(*ast.IfStmt); ok && checks[s] {
			return c.node(s.Body), true
		}
		return nil, false
	}
	out := c.stmt(loop)
	for _, r := range v.restarts[w.restarts:] {
		if cp, ok := copies[r.stmt].(*ast.IfStmt); ok {
			r.stmt = cp
			v.restarts = append(v.restarts, r)
		}
	}
	return out
}

// addsKey reports whether index i is the key plus or minus terms that do
// not name it and that the loop does not change: i grows with the key.
func addsKey(i ast.Expr, key string, changed map[string]bool) bool {
	keys := 0
	var walk func(x ast.Expr, plus bool) bool
	walk = func(x ast.Expr, plus bool) bool {
		switch x := x.(type) {
		case *ast.ParenExpr:
			return walk(x.X, plus)
		case *ast.Ident:
			if x.Name == key {
				keys++
				return plus
			}
		case *ast.BinaryExpr:
			if x.Op == token.ADD || x.Op == token.SUB {
				return walk(x.X, plus) && walk(x.Y, plus && x.Op == token.ADD)
			}
		}
		return !names(x, key) && safe(x) && invariant(x, changed)
	}
	return walk(i, true) && keys == 1
}

// withKey returns a copy of x with the key replaced by k.
func withKey(x ast.Expr, key string, k ast.Expr) ast.Expr {
	c := &cloner{bare: true}
	c.subst = func(n ast.Node) (ast.Node, bool) {
		if id, ok := n.(*ast.Ident); ok && id.Name == key {
			return paren(c.expr(k)), true
		}
		return nil, false
	}
	return paren(c.expr(x))
}

// names reports whether x names the identifier name.
func names(x ast.Node, name string) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// invariant reports whether x is made of literals, operators and names
// the loop does not change.
func invariant(x ast.Expr, changed map[string]bool) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			ok = ok && !changed[n.Name]
		case *ast.CallExpr:
			ok = ok && conversion(n)
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.AND && n.Op != token.ARROW
		}
		return ok
	})
	return ok
}

// changedIn returns the names a loop's body assigns, defines or takes
// the address of; not ok where it writes through a pointer, which could
// change any of them.
func changedIn(body *ast.BlockStmt) (changed map[string]bool, ok bool) {
	changed, ok = map[string]bool{}, true
	lhs := func(x ast.Expr) {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			changed[x.Name] = true
		case *ast.StarExpr:
			ok = false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, x := range n.Lhs {
				lhs(x)
			}
		case *ast.IncDecStmt:
			lhs(n.X)
		case *ast.ValueSpec:
			for _, id := range n.Names {
				changed[id.Name] = true
			}
		case *ast.RangeStmt:
			lhs(n.Key)
			if n.Value != nil {
				lhs(n.Value)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, isID := ast.Unparen(n.X).(*ast.Ident); isID {
					changed[id.Name] = true
				}
			}
		case *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return changed, ok
}

// and returns x && y, y where x is nil.
func and(x, y ast.Expr) ast.Expr {
	if x == nil {
		return y
	}
	return &ast.BinaryExpr{X: x, Op: token.LAND, Y: y}
}

// safe reports whether evaluating x cannot fail: no loads, no calls but
// conversions between numbers, no division but by a constant other than
// zero. The window's check evaluates it before the loop would.
func safe(x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr, *ast.StarExpr, *ast.SliceExpr:
			ok = false
		case *ast.CallExpr:
			ok = ok && conversion(n)
		case *ast.BinaryExpr:
			if n.Op == token.QUO || n.Op == token.REM {
				lit, isLit := ast.Unparen(n.Y).(*ast.BasicLit)
				ok = ok && isLit && lit.Kind == token.INT && constant.Sign(constant.MakeFromLiteral(lit.Value, lit.Kind, 0)) != 0
			}
		}
		return ok
	})
	return ok
}

// conversion reports whether call converts one value to an integer type.
// The generated code names these types as Go does: a package that
// redeclared them would not build.
func conversion(call *ast.CallExpr) bool {
	fn, ok := call.Fun.(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return false
	}
	switch fn.Name {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr":
		return true
	}
	return false
}
