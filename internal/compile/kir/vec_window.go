package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
)

// A window's loads checked once. A load whose index is computed inside
// the step is checked where it is (vec_restart.go), and a clamped load
// (vec_clamp.go) tests where it is that no lane is clamped; inside a loop
// that walks a window, as a blur's `for dx := 0; dx <= 2*r; dx++ { sum +=
// row[tx+dx] }`, that is a check per trip. Where the loop counts an int
// key by ones between bounds it does not change, and each comparison of
// the check has the key, added once, on one side and values the loop does
// not change elsewhere, that side grows with the key: the comparison
// holds at every trip if it holds at the key where it is hardest to meet,
// the first or the last. One check of those before the loop lets a copy
// of the loop load without them, and the loop as it was runs where it
// fails (a short row, a window reaching an edge, a loop that would leave
// earlier).

// A vwindow is a loop of the step counted by an int key from lo by ones
// while key < hi (or key <= hi; a range over an int counts from 0 while
// below it), with the loads checked in place inside it.
type vwindow struct {
	key       string   // the key's name in the step
	lo, hi    ast.Expr // its first value and its bound, as translated
	inclusive bool     // key <= hi
	restarts  int      // the step's restarts noted before the loop's body
	// checks are the ifs of the loop's loads checked in place, whose
	// conditions hold where a load may take its eight elements at once
	// (their index in the slice, a clamp's bounds not reached)
	checks []*ast.IfStmt
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

// noteWindowLoad records the check of a load, made in place, with the
// loop the load is directly in.
func (v *vectorizer) noteWindowLoad(check *ast.IfStmt) {
	if len(v.loopStack) == 0 {
		return
	}
	if w := v.loopStack[len(v.loopStack)-1].window; w != nil {
		w.checks = append(w.checks, check)
	}
}

// windowed returns the translated loop, or, where its loads' windows can
// be checked before it, "if the windows are in their slices { the loop
// without their checks } else { the loop }".
func (v *vectorizer) windowed(loop ast.Stmt, body *ast.BlockStmt, w *vwindow) ast.Stmt {
	if w == nil || len(w.checks) == 0 {
		return loop
	}
	counts, ok := writes(body)
	changed := map[string]bool{}
	for name := range counts {
		changed[name] = true
	}
	if !ok || changed[w.key] || !invariant(w.lo, changed) || !invariant(w.hi, changed) || !safe(w.lo) || !safe(w.hi) || labeled(body) {
		return loop // (a label would be declared twice by the copy)
	}
	last := w.hi
	var cond ast.Expr
	if w.inclusive { // a bound of MaxInt never ends the loop
		cond = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent("Adds")}, Args: []ast.Expr{w.hi, intLit(2)}}
	} else {
		last = &ast.BinaryExpr{X: paren(w.hi), Op: token.SUB, Y: intLit(1)}
	}
	defs := definitions(body, counts)
	checks, seen := map[*ast.IfStmt]bool{}, map[string]bool{}
	for _, check := range w.checks {
		for _, atom := range conjuncts(expand(check.Cond, defs)) {
			worst, ok := windowAtom(atom, w, last, changed)
			if !ok {
				return loop
			}
			for _, c := range worst {
				if key := types.ExprString(c); !seen[key] {
					seen[key] = true
					cond = and(cond, c)
				}
			}
		}
		checks[check] = true
	}
	window := &ast.IfStmt{If: loop.Pos(), Cond: cond, Body: &ast.BlockStmt{List: []ast.Stmt{v.uncheckedCopy(loop, checks, w)}},
		Else: &ast.BlockStmt{List: []ast.Stmt{loop}}}
	if v.windows == nil {
		v.windows = map[*ast.IfStmt]bool{}
	}
	v.windows[window] = true
	return window
}

// windowAtom returns what makes comparison atom of a load's check hold
// at every key of the loop, from lo to last: where one side adds the key
// (and so grows with it), the atom at the key where it is hardest to
// meet, and that side at last not below it at lo (it did not wrap in
// between); an atom without the key as it is.
func windowAtom(atom ast.Expr, w *vwindow, last ast.Expr, changed map[string]bool) ([]ast.Expr, bool) {
	b, ok := ast.Unparen(atom).(*ast.BinaryExpr)
	if !ok || b.Op != token.GEQ && b.Op != token.GTR && b.Op != token.LEQ && b.Op != token.LSS {
		return nil, false
	}
	side, other, op := b.X, b.Y, b.Op
	if names(other, w.key) {
		side, other, op = other, side, mirror[op]
	}
	if !invariant(other, changed) || !safe(other) || names(other, w.key) {
		return nil, false
	}
	if !names(side, w.key) {
		if !invariant(side, changed) || !safe(side) {
			return nil, false
		}
		return []ast.Expr{paren(atom)}, true
	}
	if !addsKey(side, w.key, changed) {
		return nil, false
	}
	at := w.lo // side >= other: hardest at the smallest key
	if op == token.LEQ || op == token.LSS {
		at = last
	}
	return []ast.Expr{
		&ast.BinaryExpr{X: withKey(side, w.key, at), Op: op, Y: paren(bareCopy(other))},
		&ast.BinaryExpr{X: withKey(side, w.key, last), Op: token.GEQ, Y: withKey(side, w.key, w.lo)},
	}, true
}

// definitions returns the variables a loop's body defines at its top, by
// "v := e" or "var v T = e", and assigns nowhere else, with their values:
// a check naming one (a clamp's index, gc_i := x + dx) reads that value,
// which expand writes in its place.
func definitions(body *ast.BlockStmt, writes map[string]int) map[string]ast.Expr {
	defs := map[string]ast.Expr{}
	for j, s := range body.List {
		var name *ast.Ident
		var val ast.Expr
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
				name, _ = s.Lhs[0].(*ast.Ident)
				val = s.Rhs[0]
			}
		case *ast.DeclStmt:
			if g, ok := s.Decl.(*ast.GenDecl); ok && len(g.Specs) == 1 {
				if vs, ok := g.Specs[0].(*ast.ValueSpec); ok && len(vs.Names) == 1 && len(vs.Values) == 1 {
					name, val = vs.Names[0], vs.Values[0]
				}
			}
		}
		// a name read before its definition (or in it) is another variable there
		if name != nil && writes[name.Name] == 1 && safe(val) && !names(val, name.Name) &&
			!slices.ContainsFunc(body.List[:j], func(s ast.Stmt) bool { return names(s, name.Name) }) {
			defs[name.Name] = val
		}
	}
	return defs
}

// expand returns a copy of x with each variable of defs replaced by its
// value, itself expanded.
func expand(x ast.Expr, defs map[string]ast.Expr) ast.Expr {
	c := &cloner{bare: true}
	depth := 0
	c.subst = func(n ast.Node) (ast.Node, bool) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return nil, false
		}
		if val, def := defs[id.Name]; def && depth < 8 {
			depth++
			defer func() { depth-- }()
			return paren(c.expr(val)), true
		}
		return nil, false
	}
	return c.expr(x)
}

// bareCopy returns a copy of x without positions.
func bareCopy(x ast.Expr) ast.Expr {
	c := &cloner{bare: true}
	c.subst = func(ast.Node) (ast.Node, bool) { return nil, false }
	return c.expr(x)
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
			ok = ok && (conversion(n) || isLen(n))
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.AND && n.Op != token.ARROW
		}
		return ok
	})
	return ok
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
// zero, no shift but by a literal count. The window's check evaluates it before the loop would.
func safe(x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr, *ast.StarExpr, *ast.SliceExpr:
			ok = false
		case *ast.CallExpr:
			ok = ok && (conversion(n) || isLen(n))
		case *ast.BinaryExpr:
			switch n.Op {
			case token.QUO, token.REM:
				lit, isLit := ast.Unparen(n.Y).(*ast.BasicLit)
				ok = ok && isLit && lit.Kind == token.INT && constant.Sign(constant.MakeFromLiteral(lit.Value, lit.Kind, 0)) != 0
			case token.SHL, token.SHR: // a negative count panics: only a literal one
				lit, isLit := ast.Unparen(n.Y).(*ast.BasicLit)
				ok = ok && isLit && lit.Kind == token.INT
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

// isLen reports whether call is len(x) of a variable: it cannot fail.
// (The checks it appears in are written with Go's len.)
func isLen(call *ast.CallExpr) bool {
	fn, ok := call.Fun.(*ast.Ident)
	if !ok || fn.Name != "len" || len(call.Args) != 1 {
		return false
	}
	_, isVar := ast.Unparen(call.Args[0]).(*ast.Ident)
	return isVar
}

// writes counts the times a loop's body defines, assigns or takes the
// address of each variable name; not ok where it writes through a
// pointer or holds a function literal, which could change any of them.
func writes(body *ast.BlockStmt) (counts map[string]int, ok bool) {
	counts, ok = map[string]int{}, true
	count := func(x ast.Expr) {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			counts[x.Name]++
		case *ast.StarExpr:
			ok = false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, x := range n.Lhs {
				count(x)
			}
		case *ast.IncDecStmt:
			count(n.X)
		case *ast.ValueSpec:
			for _, id := range n.Names {
				count(id)
			}
		case *ast.RangeStmt:
			count(n.Key)
			if n.Value != nil {
				count(n.Value)
			}
		case *ast.UnaryExpr:
			if _, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND {
				count(n.X)
			}
		case *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return counts, ok
}

// labeled reports whether body declares a label.
func labeled(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		_, found = n.(*ast.LabeledStmt)
		return !found
	})
	return found
}
