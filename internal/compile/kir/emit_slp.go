package kir

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// twinCall returns call naming t, its arguments copied by c.
func (e *emitter) twinCall(c *cloner, call *ast.CallExpr, t *Twin) *ast.CallExpr {
	out := &ast.CallExpr{Fun: &ast.Ident{NamePos: e.pos.at(call.Fun.Pos()), Name: t.Name},
		Lparen: e.pos.at(call.Lparen), Ellipsis: e.pos.at(call.Ellipsis), Rparen: e.pos.at(call.Rparen)}
	for _, a := range call.Args {
		out.Args = append(out.Args, c.expr(a))
	}
	return out
}

// A twinEmitter writes a twin: the helper's declaration copied, its type
// parameters written as the twin's type arguments, and each loop with
// groups as
//
//	if compiled.SIMD {
//		gc_v0 := archsimd.LoadFloat32x8(&[8]float32{s0, ..., s7})
//		for ... { ...; gc_v0 = gc_v0.Add(...); ... } // the loop, each group one statement
//		var gc_l0 [8]float32
//		gc_v0.Store(&gc_l0)
//		s0, ..., s7 = gc_l0[0], ..., gc_l0[7]
//		archsimd.ClearAVXUpperBits()
//	} else {
//		for ... { ... } // the loop as written
//	}
//
// A group whose slices are too short for its loads runs as written, its
// accumulators stored back around it, so a load that fails fails as the
// scalar code's.
type twinEmitter struct {
	f      *Func
	t      *Twin
	c      *cloner
	vector ast.Stmt // the loop whose copy is being written with its groups as vectors
	walk   *slpWalk // the vector loop's walk, if it is one (emit_slp_walk.go)
	names  map[*slpGroup]int
	// lane, where set, is the call of a pair (emitTwinPair) being
	// written: its variables' names take the lane's prefix.
	lane *twinLane
}

// EmitTwin writes t's declaration for the SIMD build's file, and where
// two calls of it may run as one, the declarations that do (slpjam.go).
func EmitTwin(f *Func, t *Twin) string {
	pm := newPosMap(f.Src.Fset)
	te := newTwinEmitter(f, t, pm, nil)
	d := te.c.node(t.Decl).(*ast.FuncDecl)
	d.Doc, d.Recv = nil, nil
	d.Name = &ast.Ident{NamePos: d.Name.NamePos, Name: t.Name}
	d.Type.TypeParams = nil
	var b bytes.Buffer
	if err := sourcePrinter.Fprint(&b, pm.to, d); err != nil {
		panic(err) // printing a well-formed tree does not fail
	}
	b.WriteString("\n")
	if loop := f.pairLoop(t); loop != nil {
		b.WriteString(emitTwinPair(f, t, loop))
	}
	return b.String()
}

// newTwinEmitter returns the emitter of t's copy, or of one call's part
// of a pair where lane is set.
func newTwinEmitter(f *Func, t *Twin, pm *posMap, lane *twinLane) *twinEmitter {
	te := &twinEmitter{f: f, t: t, names: map[*slpGroup]int{}, lane: lane}
	n := 0
	ast.Inspect(t.Decl.Body, func(m ast.Node) bool { // number the groups in source order
		if b, ok := m.(*ast.BlockStmt); ok {
			for _, g := range t.blocks[b] {
				te.names[g] = n
				n++
			}
		}
		return true
	})
	te.c = &cloner{pos: pm}
	te.c.subst = te.subst
	return te
}

func (te *twinEmitter) subst(n ast.Node) (ast.Node, bool) {
	switch n := n.(type) {
	case *ast.Ident:
		if name, ok := te.lane.name(te.f, n); ok {
			return &ast.Ident{NamePos: te.c.pos.at(n.NamePos), Name: name}, true
		}
		if tn, ok := te.f.Src.Info.ObjectOf(n).(*types.TypeName); ok {
			if tp, ok := tn.Type().(*types.TypeParam); ok && te.t.tsub[tp] != nil {
				return &ast.Ident{NamePos: te.c.pos.at(n.NamePos), Name: types.TypeString(te.t.tsub[tp], te.f.Src.Qualifier)}, true
			}
		}
	case *ast.ForStmt, *ast.RangeStmt:
		if gs := te.t.loops[n.(ast.Stmt)]; gs != nil && te.vector == nil {
			return te.loop(n.(ast.Stmt), gs), true
		}
	case *ast.BlockStmt:
		if gs := te.t.blocks[n]; gs != nil && te.vector != nil && gs[0].inLoop(te.t, te.vector) {
			return te.block(n, gs), true
		}
	case *ast.SliceExpr:
		if te.walk != nil && te.front(n, te.walk.x, te.walk.w) {
			return te.walkSlice(n), true
		}
	}
	return nil, false
}

// vectorLoop writes the vector copy of loop, with what goes before and
// after it where it walks an index (emit_slp_walk.go).
func (te *twinEmitter) vectorLoop(loop ast.Stmt) (pre []ast.Stmt, v ast.Stmt, post []ast.Stmt) {
	te.vector, te.walk = loop, te.walkOf(loop)
	defer func() { te.vector, te.walk = nil, nil }()
	v = te.c.copyNode(loop).(ast.Stmt)
	if te.walk != nil {
		pre, post = te.walkCopy(v.(*ast.ForStmt), te.walk)
	}
	return pre, v, post
}

// inLoop reports whether g is one of loop's groups.
func (g *slpGroup) inLoop(t *Twin, loop ast.Stmt) bool {
	for _, h := range t.loops[loop] {
		if h == g {
			return true
		}
	}
	return false
}

// loop writes the if statement choosing between loop's vector copy and
// loop as written.
func (te *twinEmitter) loop(loop ast.Stmt, gs []*slpGroup) ast.Stmt {
	pos := te.c.pos.at(loop.Pos())
	pre, vec, post := te.vectorLoop(loop)
	scalar := te.c.copyNode(loop).(ast.Stmt)
	var body []ast.Stmt
	for _, g := range gs {
		body = append(body, te.pack(g, true))
	}
	body = append(append(append(body, pre...), vec), post...)
	for _, g := range gs {
		body = append(body, te.unpack(g)...)
	}
	body = append(body, &ast.ExprStmt{X: te.simdCall("ClearAVXUpperBits")})
	return &ast.IfStmt{If: pos, Cond: &ast.SelectorExpr{X: ast.NewIdent(te.f.Src.Compiled), Sel: ast.NewIdent("SIMD")},
		Body: &ast.BlockStmt{List: body}, Else: &ast.BlockStmt{List: []ast.Stmt{scalar}}}
}

// block copies b, inside the vector copy of its loop, with each group one
// statement.
func (te *twinEmitter) block(b *ast.BlockStmt, gs []*slpGroup) ast.Stmt {
	out := &ast.BlockStmt{Lbrace: te.c.pos.at(b.Lbrace), Rbrace: te.c.pos.at(b.Rbrace)}
	for i := 0; i < len(b.List); {
		var g *slpGroup
		for _, h := range gs {
			if h.at == i {
				g = h
			}
		}
		if g == nil {
			out.List = append(out.List, te.c.stmt(b.List[i]))
			i++
			continue
		}
		out.List = append(out.List, te.groupStmt(g))
		i += g.w
	}
	return out
}

// groupStmt writes g as one vector operation, where its slices hold its
// loads, and as written elsewhere.
func (te *twinEmitter) groupStmt(g *slpGroup) ast.Stmt {
	v := te.vecName(g)
	first := g.block.List[g.at].(*ast.AssignStmt)
	op := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(v)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{vcall(ast.NewIdent(v), vecMethods[g.op], te.vexpr(g, first.Rhs[0]))}}
	anchorStmt(op, te.c.pos.at(first.Pos()))
	var cond ast.Expr
	for _, l := range g.loads {
		// the loads of at to at+w-1 are in range: at >= 0 && at <= len(x)-w
		length := &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{te.c.expr(l.x.X)}}
		var in ast.Expr = &ast.BinaryExpr{X: length, Op: token.GEQ, Y: intLit(l.c + int64(g.w))}
		if !l.constant {
			in = &ast.BinaryExpr{X: &ast.BinaryExpr{X: te.at(l), Op: token.GEQ, Y: intLit(0)}, Op: token.LAND,
				Y: &ast.BinaryExpr{X: te.at(l), Op: token.LEQ, Y: &ast.BinaryExpr{X: length, Op: token.SUB, Y: intLit(int64(g.w))}}}
		}
		if cond == nil {
			cond = in
		} else {
			cond = &ast.BinaryExpr{X: cond, Op: token.LAND, Y: in}
		}
	}
	if cond == nil {
		return op
	}
	scalar := te.unpack(g)
	for k := range g.w {
		scalar = append(scalar, te.c.stmt(g.block.List[g.at+k]))
	}
	scalar = append(scalar, te.pack(g, false))
	return &ast.IfStmt{If: te.c.pos.at(first.Pos()), Cond: cond, Body: &ast.BlockStmt{List: []ast.Stmt{op}}, Else: &ast.BlockStmt{List: scalar}}
}

// vexpr writes e, statement 0's right side, for the group's lanes.
func (te *twinEmitter) vexpr(g *slpGroup, e ast.Expr) ast.Expr {
	info := te.f.Src.Info
	if tv := info.Types[e]; tv.Value != nil {
		return te.simdCall("Broadcast"+g.vt, te.c.expr(e))
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return te.vexpr(g, e.X)
	case *ast.BinaryExpr:
		return vcall(te.vexpr(g, e.X), vecMethods[e.Op], te.vexpr(g, e.Y))
	case *ast.IndexExpr:
		for _, l := range g.loads {
			if l.x == e {
				at := &ast.SliceExpr{X: te.c.expr(e.X), Low: te.at(l)}
				return te.simdCall("Load"+g.vt+"Slice", at)
			}
		}
	}
	return te.simdCall("Broadcast"+g.vt, te.c.expr(e)) // a variable
}

// at writes the index of l's load in lane 0: statement 0's.
func (te *twinEmitter) at(l slpLoad) ast.Expr { return paren(te.c.expr(l.x.Index)) }

// pack declares (define) or sets g's vector from its accumulators.
func (te *twinEmitter) pack(g *slpGroup, define bool) ast.Stmt {
	lit := &ast.CompositeLit{Type: te.arrayType(g)}
	for _, a := range g.accs {
		lit.Elts = append(lit.Elts, ast.NewIdent(te.accName(a)))
	}
	tok := token.ASSIGN
	if define {
		tok = token.DEFINE
	}
	return &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(te.vecName(g))}, Tok: tok,
		Rhs: []ast.Expr{te.simdCall("Load"+g.vt, &ast.UnaryExpr{Op: token.AND, X: lit})}}
}

// unpack declares g's lanes' array, stores the vector to it and sets the
// accumulators from it.
func (te *twinEmitter) unpack(g *slpGroup) []ast.Stmt {
	arr := te.laneArray(g)
	decl := &ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
		&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(arr)}, Type: te.arrayType(g)}}}}
	set := &ast.AssignStmt{Tok: token.ASSIGN}
	for k, a := range g.accs {
		set.Lhs = append(set.Lhs, ast.NewIdent(te.accName(a)))
		set.Rhs = append(set.Rhs, &ast.IndexExpr{X: ast.NewIdent(arr), Index: intLit(int64(k))})
	}
	return []ast.Stmt{decl, te.storeLanes(g), set}
}

// storeLanes stores g's vector to its lanes' array.
func (te *twinEmitter) storeLanes(g *slpGroup) ast.Stmt {
	return &ast.ExprStmt{X: vcall(ast.NewIdent(te.vecName(g)), "Store", &ast.UnaryExpr{Op: token.AND, X: ast.NewIdent(te.laneArray(g))})}
}

func (te *twinEmitter) arrayType(g *slpGroup) ast.Expr {
	return &ast.ArrayType{Len: intLit(int64(g.w)), Elt: ast.NewIdent(types.TypeString(g.elem, te.f.Src.Qualifier))}
}

// accName returns the name of accumulator a, the lane's where a pair is
// being written.
func (te *twinEmitter) accName(a *types.Var) string {
	if te.lane == nil {
		return a.Name()
	}
	return te.lane.prefix() + a.Name()
}

// vecName and laneArray name g's vector and lanes' array: gc_v0 and
// gc_l0, with the lane's suffix in a pair (gc_v0_p1), which no name of
// the helper's own takes (those of a pair are gc_p1_x).
func (te *twinEmitter) vecName(g *slpGroup) string {
	return "gc_v" + strconv.Itoa(te.names[g]) + te.lane.suffix()
}

func (te *twinEmitter) laneArray(g *slpGroup) string {
	return "gc_l" + strconv.Itoa(te.names[g]) + te.lane.suffix()
}

func (te *twinEmitter) simdCall(fn string, args ...ast.Expr) ast.Expr {
	return &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(te.f.Src.Archsimd), Sel: ast.NewIdent(fn)}, Args: args}
}

// anchorStmt gives an assignment the emitter built a position, so that
// the printer keeps its //line directive.
func anchorStmt(s *ast.AssignStmt, p token.Pos) {
	if id, ok := s.Lhs[0].(*ast.Ident); ok {
		id.NamePos = p
	}
}
