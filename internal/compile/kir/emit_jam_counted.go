package kir

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A jammed loop counting by ones (for i := lo+1; i < lo+run; i++) as
// written keeps four counters, tests four conditions a trip, and checks
// four indexes against their slices' lengths, where Go's bounds-check
// elimination cannot see the tests the jam made when each thread called
// (jam_safe_guard.go): the counters and lengths outgrow the registers.
// countedFor runs the trips all four threads have on one counter j,
// each thread's counter its start plus j, and reads each index the
// tests proved, x[i+d], through a window of x as long as those trips,
// from the thread's start plus d: Go then drops its checks. Each
// thread's trips past those run after, as written.

// countedLoop returns the counter of s, its start and its bound, where s
// is for k := a; k < b; k++ with k an int its body does not assign and b
// reading nothing the body assigns.
func (jm *jammer) countedLoop(s *ast.ForStmt) (k *types.Var, a, b ast.Expr, ok bool) {
	info := jm.je.f.Src.Info
	init, isAssign := s.Init.(*ast.AssignStmt)
	cond, isBin := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !isAssign || !isBin || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil, nil, nil, false
	}
	k, _ = info.Defs[identOf(init.Lhs[0])].(*types.Var)
	if k == nil || !isIntType(k.Type()) || !jm.byOne(s.Post, k) {
		return nil, nil, nil, false
	}
	switch {
	case cond.Op == token.LSS && info.ObjectOf(identOf(ast.Unparen(cond.X))) == k:
		b = cond.Y
	case cond.Op == token.GTR && info.ObjectOf(identOf(ast.Unparen(cond.Y))) == k:
		b = cond.X
	default:
		return nil, nil, nil, false
	}
	assigned := reassigned(info, s.Body.List)
	if assigned[k] {
		return nil, nil, nil, false
	}
	for _, v := range jm.je.f.readOrder(b) {
		if assigned[v] || v == k {
			return nil, nil, nil, false
		}
	}
	return k, init.Rhs[0], b, true
}

// byOne reports whether post adds one to k: k++, k += 1 or k = k + 1,
// as accumulation reads an update.
func (jm *jammer) byOne(post ast.Stmt, k *types.Var) bool {
	f := jm.je.f
	if inc, ok := post.(*ast.IncDecStmt); ok {
		return inc.Tok == token.INC && f.Src.Info.ObjectOf(identOf(inc.X)) == k
	}
	dst, op, x, ok := f.accumulation(post)
	if !ok || op != token.ADD || f.Src.Info.ObjectOf(identOf(dst)) != k {
		return false
	}
	one, isConst := f.intConst(x)
	return isConst && one == 1
}

// countedFor jams counted loop s, whose counter is k from a below b: the
// threads' starts and trip counts, the trips all have on one counter with
// windows for the proved indexes, then each thread's remaining trips.
func (jm *jammer) countedFor(s *ast.ForStmt, k *types.Var, a, b ast.Expr) []ast.Stmt {
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: s.For, Name: name} }
	var out []ast.Stmt
	starts, counts := make([]string, jamLanes), make([]ast.Expr, jamLanes)
	for l := range jamLanes {
		starts[l] = jm.newName("a")
		out = append(out, define(id(starts[l]), jm.lane(a, l).(ast.Expr)), blankUse(id(starts[l])))
		// a trip count that wraps is negative: that thread runs its loop alone, after
		counts[l] = &ast.BinaryExpr{X: paren(jm.lane(b, l).(ast.Expr)), Op: token.SUB, Y: id(starts[l])}
	}
	n, j := jm.newName("n"), jm.newName("j")
	out = append(out, define(id(n), &ast.CallExpr{Fun: id("max"), Args: []ast.Expr{&ast.CallExpr{Fun: id("min"), Args: counts}, intLit(0)}}))
	var windows, jammed []ast.Stmt
	jm.counted, jm.countedJ = [jamLanes]map[*ast.IndexExpr]string{}, j
	for l := range jamLanes {
		jm.counted[l] = map[*ast.IndexExpr]string{}
		for _, ix := range jm.windowsIn(s.Body, k) {
			ci := jm.je.j.windows[ix]
			w := jm.newName("w")                       // x[a+d:][:n]: in range where the thread's test held and n > 0
			d := bareCopy(jm.lane(ci.d, l).(ast.Expr)) // the source's positions would break the line
			from := &ast.BinaryExpr{X: id(starts[l]), Op: token.ADD, Y: paren(d)}
			windows = append(windows, define(id(w), &ast.SliceExpr{X: &ast.SliceExpr{X: jm.lane(ix.X, l).(ast.Expr), Low: from}, High: id(n)}), blankUse(id(w)))
			jm.counted[l][ix] = w
		}
		jammed = append(jammed, define(id(jm.laneName(k, l)), &ast.BinaryExpr{X: id(starts[l]), Op: token.ADD, Y: id(j)}), blankUse(id(jm.laneName(k, l))))
		jammed = append(jammed, jm.laneList(s.Body.List, l)...)
	}
	jm.counted, jm.countedJ = [jamLanes]map[*ast.IndexExpr]string{}, ""
	loop := &ast.ForStmt{For: s.For, Init: define(id(j), intLit(0)), Cond: &ast.BinaryExpr{X: id(j), Op: token.LSS, Y: id(n)},
		Post: &ast.IncDecStmt{X: id(j), Tok: token.INC}, Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: jammed, Rbrace: s.Body.Rbrace}}
	out = append(out, &ast.IfStmt{If: s.For, Cond: &ast.BinaryExpr{X: id(n), Op: token.GTR, Y: intLit(0)}, Body: &ast.BlockStmt{List: append(windows, loop)}})
	for l := range jamLanes {
		kl := id(jm.laneName(k, l))
		out = append(out, &ast.ForStmt{For: s.For, Init: define(kl, &ast.BinaryExpr{X: id(starts[l]), Op: token.ADD, Y: id(n)}),
			Cond: &ast.BinaryExpr{X: kl, Op: token.LSS, Y: jm.lane(b, l).(ast.Expr)}, Post: &ast.IncDecStmt{X: kl, Tok: token.INC},
			Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: jm.laneList(s.Body.List, l), Rbrace: s.Body.Rbrace}})
	}
	return out
}

// laneList returns thread l's copy of list.
func (jm *jammer) laneList(list []ast.Stmt, l int) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range list {
		out = append(out, jm.lane(st, l).(ast.Stmt))
	}
	return out
}

// countedWindow returns thread l's read of m through its window, where m
// is an index with one in the counted loop being written, or nil.
func (jm *jammer) countedWindow(m ast.Node, l int) ast.Node {
	ix, ok := m.(*ast.IndexExpr)
	if !ok || jm.counted[l] == nil {
		return nil
	}
	w, ok := jm.counted[l][ix]
	if !ok {
		return nil
	}
	return &ast.IndexExpr{X: &ast.Ident{NamePos: ix.X.Pos(), Name: w}, Lbrack: ix.Lbrack, Index: &ast.Ident{NamePos: ix.Index.Pos(), Name: jm.countedJ}, Rbrack: ix.Rbrack}
}

// within reports whether n lies within body's source.
func within(n ast.Node, body *ast.BlockStmt) bool {
	return n.Pos() >= body.Pos() && n.End() <= body.End()
}

// windowsIn returns the proved indexes on counter k within body, in
// source order.
func (jm *jammer) windowsIn(body *ast.BlockStmt, k *types.Var) []*ast.IndexExpr {
	var out []*ast.IndexExpr
	for ix, ci := range jm.je.j.windows {
		if ci.k == k && within(ix, body) {
			out = append(out, ix)
		}
	}
	slices.SortFunc(out, func(a, b *ast.IndexExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}
