package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/internal/kapi"
)

// clone copies s for printing, with the substitutions of subst.
func (e *emitter) clone(s ast.Stmt) ast.Stmt { return e.cloneNode(s).(ast.Stmt) }

func (e *emitter) cloneNode(n ast.Node) ast.Node {
	c := &cloner{pos: e.pos}
	c.subst = func(n ast.Node) (ast.Node, bool) { return e.subst(c, n) }
	return c.node(n)
}

// subst returns the replacement of n in generated code, if it has one:
// the kernel's renamed variables, the thread's index and the block's
// coordinates as the body's locals, a predicate barrier's result, a
// thread's return, and loops the passes unroll or check.
func (e *emitter) subst(c *cloner, n ast.Node) (ast.Node, bool) {
	if s, ok := n.(ast.Stmt); ok {
		if r, ok := e.jamRegion(c, s); ok {
			return r, true
		}
	}
	switch n := n.(type) {
	case *ast.Ident:
		return e.ident(n)
	case *ast.SelectorExpr:
		return e.selector(n)
	case *ast.CallExpr:
		return e.call(c, n)
	case *ast.AssignStmt:
		if r, ok := e.memoAssign(c, n); ok {
			return r, true
		}
		if r, ok := e.slpJamAssign(c, n); ok {
			return r, true
		}
		if r, ok := e.jamAssign(c, n); ok {
			return r, true
		}
		return e.pairResult(c, n)
	case *ast.IndexExpr:
		return e.rebasedIndex(c, n)
	case *ast.BinaryExpr:
		if holds, ok := e.rebasedProven(n); ok { // true || i < n: decided, its operands still named
			op := map[bool]token.Token{true: token.LOR, false: token.LAND}[holds]
			return &ast.BinaryExpr{X: &ast.Ident{NamePos: e.pos.at(n.Pos()), Name: strconv.FormatBool(holds)}, Op: op, Y: c.copyNode(n).(ast.Expr)}, true
		}
		return e.quotient(n)
	case *ast.BlockStmt:
		if e.rebasedLocals() != nil || e.declaresInPlace(n.List) {
			b := c.copyNode(n).(*ast.BlockStmt)
			b.List = e.afterDecls(n.List, b.List)
			return b, true
		}
	case *ast.CaseClause:
		if e.rebasedLocals() != nil || e.declaresInPlace(n.Body) {
			cc := c.copyNode(n).(*ast.CaseClause)
			cc.Body = e.afterDecls(n.Body, cc.Body)
			return cc, true
		}
	case *ast.FuncLit:
		e.inLit++
		defer func() { e.inLit-- }()
		return &ast.FuncLit{Type: c.node(n.Type).(*ast.FuncType), Body: c.node(n.Body).(*ast.BlockStmt)}, true
	case *ast.ReturnStmt:
		if e.loop != nil && e.inLit == 0 {
			return e.threadReturn(n), true
		}
	case *ast.ForStmt:
		if e.inLit == 0 {
			return e.loopStmt(c, n, n.Body)
		}
	case *ast.RangeStmt:
		if e.inLit == 0 {
			return e.loopStmt(c, n, n.Body)
		}
	}
	return nil, false
}

func (e *emitter) ident(id *ast.Ident) (ast.Node, bool) {
	obj := e.f.Src.Info.ObjectOf(id)
	tn, _ := obj.(*types.TypeName)
	if t, ok := e.f.typeExprs[id]; ok {
		return e.typeArgExpr(id, tn, t), true
	}
	if obj == nil {
		return nil, false
	}
	if tn != nil {
		if tp, ok := tn.Type().(*types.TypeParam); ok && e.f.tsub[tp] != nil {
			return e.typeArgExpr(id, tn, tp), true // a specialization's type
		}
	}
	if obj == e.f.Src.Thread {
		if e.f.BlindThread[id] {
			e.used["thread"] = true // passed along, never read: any thread will do
		} else {
			e.useThread()
		}
		return nil, false
	}
	v, ok := obj.(*types.Var)
	if ok && (isBlockGroup(v.Type()) || isGridGroup(v.Type())) {
		e.useThread() // a call that is not rewritten reads the thread through it
	}
	if ok && isCoalescedGroup(v.Type()) && e.loop != nil {
		e.enter = true // its methods read the thread it holds, the representative one
	}
	if ok && isTileGroup(v.Type()) && e.loop != nil && e.inLit == 0 && !e.tileHandle {
		return e.tileAt(id, v), true // a use not rewritten: the thread's own handle
	}
	if !ok || e.f.Vars[v] == nil {
		return nil, false
	}
	if x := e.inPlace(v, id.NamePos); x != nil && e.f.Src.Info.Uses[id] == v {
		return x, true
	}
	if e.f.Vars[v].Name == id.Name {
		return nil, false
	}
	return &ast.Ident{NamePos: e.pos.at(id.NamePos), Name: e.f.Vars[v].Name}, true
}

// typeArgExpr returns the type t written for id, which names tn; a
// type parameter's argument that is a pointer is parenthesized, so that
// a conversion to it (P(&c)) stays one.
func (e *emitter) typeArgExpr(id *ast.Ident, tn *types.TypeName, t types.Type) ast.Expr {
	x := &ast.Ident{NamePos: e.pos.at(id.NamePos), Name: e.typeString(t)}
	if _, isParam := types.Unalias(typeOfName(tn)).(*types.TypeParam); isParam && strings.HasPrefix(x.Name, "*") {
		return &ast.ParenExpr{Lparen: x.NamePos, X: x}
	}
	return x
}

// typeOfName returns the type tn names, or nil.
func typeOfName(tn *types.TypeName) types.Type {
	if tn == nil {
		return nil
	}
	return tn.Type()
}

// inPlace returns the element of its array that v, a variable kept in
// place, is in the current thread or lane loop: its scratch array's at
// the thread's rank, or its lane array's at the lane. It returns nil for
// any other variable, and outside such loops.
func (e *emitter) inPlace(v *types.Var, pos token.Pos) ast.Expr {
	kv := e.f.Vars[v]
	if kv == nil || !kv.InPlace || e.loop == nil {
		return nil
	}
	if kv.Spill {
		return &ast.IndexExpr{X: &ast.Ident{NamePos: e.pos.at(pos), Name: kv.SpillName}, Index: ast.NewIdent(e.name["rank"])}
	}
	if e.warp == nil || !e.lane {
		return nil
	}
	if arr, ok := e.warp.Arrays[v]; ok {
		return &ast.IndexExpr{X: &ast.Ident{NamePos: e.pos.at(pos), Name: arr}, Index: ast.NewIdent(e.name["lane"])}
	}
	return nil
}

// declaresInPlace reports whether a statement of list declares a
// variable kept in place (in the current loop).
func (e *emitter) declaresInPlace(list []ast.Stmt) bool {
	for _, s := range list {
		if len(e.inPlaceDecls(s)) > 0 {
			return true
		}
	}
	return false
}

// inPlaceDecls returns the stores that write, after s, the initial values
// of the variables kept in place that s declares into their arrays, where
// the later uses read them.
func (e *emitter) inPlaceDecls(s ast.Stmt) []ast.Stmt {
	if !isDefine(s) {
		return nil
	}
	var out []ast.Stmt
	for _, x := range assigned(s) {
		id := identOf(x)
		v, _ := e.f.Src.Info.Defs[id].(*types.Var)
		if at := e.inPlace(v, id.Pos()); at != nil {
			out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{at}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent(e.f.Vars[v].Name)}})
		}
	}
	return out
}

// afterDecls returns copied, the copies of the statements orig, with what
// goes after a declaration in a nested block: the stores of variables
// kept in place (inPlaceDecls), and the blanks of a rebased row's locals
// (blankLocals).
func (e *emitter) afterDecls(orig, copied []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, len(copied))
	for k, s := range copied {
		out = append(out, s)
		out = append(out, e.blankLocals(orig[k], s)...)
		out = append(out, e.inPlaceDecls(orig[k])...)
	}
	return out
}

// placeDecls writes, after s, the initial values of the variables kept in
// place that s declares into their arrays, where the later uses read them.
func (e *emitter) placeDecls(s ast.Stmt) {
	for _, st := range e.inPlaceDecls(s) {
		a := st.(*ast.AssignStmt)
		e.printf("%s = %s\n", e.plain(a.Lhs[0]), e.plain(a.Rhs[0]))
	}
}

// useThread notes that the code uses the thread itself: a thread loop
// must enter each thread.
func (e *emitter) useThread() {
	e.used["thread"] = true
	if e.loop != nil {
		e.enter = true
	}
}

// fieldRoles are the builtins of the thread's index fields, by field, and
// of their components.
var fieldRoles = map[string][2]string{
	"ThreadIdx": {"tidx", "t"},
	"BlockIdx":  {"bidx", "b"},
	"BlockDim":  {"bd", "bd"},
	"GridDim":   {"gd", "gd"},
}

func (e *emitter) selector(s *ast.SelectorExpr) (ast.Node, bool) {
	at := e.pos.at(s.Pos())
	if field, ok := e.f.threadFieldSel(s); ok && kapi.Field(field) != kapi.NotField {
		if c := s.Sel.Name; c == "X" || c == "Y" || c == "Z" {
			c = e.f.emitAxis(c)
			role := fieldRoles[field][1] + string(c[0]-'X'+'x')
			return &ast.Ident{NamePos: at, Name: e.use(role)}, true
		}
	}
	if !e.f.isThreadField(s) || kapi.Field(s.Sel.Name) == kapi.NotField {
		return nil, false
	}
	if s.Sel.Name == "ThreadIdx" {
		dim := &ast.SelectorExpr{X: ast.NewIdent(e.f.Src.Gocuda), Sel: ast.NewIdent("Dim3")}
		var elts []ast.Expr
		for _, c := range []string{"X", "Y", "Z"} {
			elts = append(elts, &ast.KeyValueExpr{Key: ast.NewIdent(c), Value: ast.NewIdent(e.use("t" + string(c[0]-'X'+'x')))})
		}
		return &ast.CompositeLit{Type: dim, Lbrace: at, Elts: elts}, true
	}
	return &ast.Ident{NamePos: at, Name: e.use(fieldRoles[s.Sel.Name][0])}, true
}

// blockMethodValue returns what a method of cg.ThreadBlock is, written
// with the body's builtins: the thread's rank and index in a thread or
// lane loop, the block's size, index and shape anywhere.
func (e *emitter) blockMethodValue(call *ast.CallExpr) (ast.Node, bool) {
	name, _, ok := e.f.blockMethod(call)
	if !ok {
		return nil, false
	}
	at := e.pos.at(call.Pos())
	dim := func(roles ...string) ast.Node {
		var elts []ast.Expr
		for i, c := range []string{"X", "Y", "Z"} {
			elts = append(elts, &ast.KeyValueExpr{Key: ast.NewIdent(c), Value: ast.NewIdent(e.use(roles[i]))})
		}
		return &ast.CompositeLit{Type: &ast.SelectorExpr{X: ast.NewIdent(e.f.Src.Gocuda), Sel: ast.NewIdent("Dim3")}, Lbrace: at, Elts: elts}
	}
	switch name {
	case "ThreadRank":
		if e.loop != nil {
			return &ast.Ident{NamePos: at, Name: e.name["rank"]}, true
		}
	case "ThreadIndex":
		if e.loop != nil {
			return dim("tx", "ty", "tz"), true
		}
	case "Size":
		return &ast.Ident{NamePos: at, Name: e.use("n")}, true
	case "GroupIndex":
		return &ast.Ident{NamePos: at, Name: e.use("bidx")}, true
	case "DimThreads":
		return &ast.Ident{NamePos: at, Name: e.use("bd")}, true
	}
	return nil, false
}

// call replaces a predicate barrier by its result and the thread's rank,
// lane and warp by the loop's counter.
func (e *emitter) call(c *cloner, call *ast.CallExpr) (ast.Node, bool) {
	if name, ok := e.f.SharedAtomics[call]; ok {
		return e.sharedAtomic(c, call, name), true
	}
	if p, ok := e.f.Private[call]; ok {
		return e.privateUpdate(c, call, p), true
	}
	if j := e.loopJam(); j != nil && j.Call == call && e.inLit == 0 {
		return e.jamCall(c, call, j), true
	}
	if n, ok := e.rebasedIndex(c, call); ok {
		return n, true
	}
	if e.simd {
		if t := e.f.twinFor(call); t != nil {
			return e.twinCall(c, call, t), true
		}
	}
	if name, ok := e.reduced[call]; ok {
		return &ast.Ident{NamePos: e.pos.at(call.Pos()), Name: name}, true
	}
	if r, ok := e.sharedCall(c, call); ok {
		return e.sharedLen(c, call, r.(ast.Expr)), true
	}
	if e.f.isSharedCall(call) {
		r := &ast.CallExpr{Fun: c.expr(call.Fun), Lparen: call.Lparen, Args: []ast.Expr{c.expr(call.Args[0]), c.expr(call.Args[1])}, Rparen: call.Rparen}
		return e.sharedLen(c, call, r), true
	}
	if name, ok := e.collOut[call]; ok && e.lane {
		return &ast.IndexExpr{X: &ast.Ident{NamePos: e.pos.at(call.Pos()), Name: name}, Index: ast.NewIdent(e.name["lane"])}, true
	}
	if n, ok := e.blockMethodValue(call); ok {
		return n, true
	}
	if n, ok := e.tileMethodValue(c, call); ok {
		return n, true
	}
	if e.loop == nil && e.warp != nil && e.f.threadMethod(call) && ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name == "WarpID" {
		return &ast.ParenExpr{X: &ast.BinaryExpr{X: ast.NewIdent(e.name["w"]), Op: token.SHR, Y: intLit(5)}}, true // at warp level: the warp's
	}
	if e.loop == nil || !e.f.threadMethod(call) || len(call.Args) != 0 {
		return nil, false
	}
	rank := &ast.Ident{NamePos: e.pos.at(call.Pos()), Name: e.name["rank"]}
	switch ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name {
	case "ThreadRank":
		return rank, true
	case "LaneID":
		return &ast.ParenExpr{X: &ast.BinaryExpr{X: rank, Op: token.AND, Y: intLit(31)}}, true
	case "WarpID":
		return &ast.ParenExpr{X: &ast.BinaryExpr{X: rank, Op: token.SHR, Y: intLit(5)}}, true
	}
	return nil, false
}

// sharedAtomic is call, an atomic on shared memory, as a call of package
// compiled's plain form name, with its type arguments if it has any.
func (e *emitter) sharedAtomic(c *cloner, call *ast.CallExpr, name string) ast.Expr {
	var fun ast.Expr = &ast.SelectorExpr{X: &ast.Ident{NamePos: e.pos.at(call.Pos()), Name: e.f.Src.Compiled}, Sel: ast.NewIdent(name)}
	switch x := ast.Unparen(call.Fun).(type) {
	case *ast.IndexExpr:
		fun = &ast.IndexExpr{X: fun, Index: c.expr(x.Index)}
	case *ast.IndexListExpr:
		fun = &ast.IndexListExpr{X: fun, Indices: c.exprs(x.Indices)}
	}
	return &ast.CallExpr{Fun: fun, Lparen: e.pos.at(call.Lparen), Args: c.exprs(call.Args), Rparen: e.pos.at(call.Rparen)}
}

// privateUpdate writes atomic.Add(&p[i], v) (or another atomic a private
// copy takes), p a parameter with a private copy, as the copy's method of
// the atomic's name (compiled.Private).
func (e *emitter) privateUpdate(c *cloner, call *ast.CallExpr, p *types.Var) ast.Expr {
	atomic, _ := e.f.entry(call)
	fun := &ast.SelectorExpr{X: &ast.Ident{NamePos: e.pos.at(call.Pos()), Name: e.private[p]}, Sel: ast.NewIdent(atomic.Short)}
	return &ast.CallExpr{Fun: fun, Lparen: e.pos.at(call.Lparen), Args: c.exprs(call.Args), Rparen: e.pos.at(call.Rparen)}
}

func intLit(v int64) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(v, 10)}
}

// threadReturn is a thread's return inside a thread loop: the thread is
// done with this loop and, recorded, with the later ones.
func (e *emitter) threadReturn(r *ast.ReturnStmt) ast.Stmt {
	e.labelUsed = true
	cont := &ast.BranchStmt{TokPos: e.pos.at(r.Pos()), Tok: token.CONTINUE, Label: ast.NewIdent(e.label)}
	var list []ast.Stmt
	if e.f.Exits {
		list = append(list, &ast.AssignStmt{
			Lhs: []ast.Expr{&ast.IndexExpr{X: ast.NewIdent(e.use("exited")), Index: ast.NewIdent(e.name["rank"])}},
			Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("true")},
		})
	}
	if e.lane { // the lane is done with the warp's later code too
		bit := &ast.BinaryExpr{X: &ast.CallExpr{Fun: ast.NewIdent("uint32"), Args: []ast.Expr{intLit(1)}}, Op: token.SHL, Y: ast.NewIdent(e.name["lane"])}
		list = append(list, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(e.use("dead"))}, Tok: token.OR_ASSIGN, Rhs: []ast.Expr{bit}},
			&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(e.name["act"])}, Tok: token.AND_NOT_ASSIGN, Rhs: []ast.Expr{bit}})
	}
	if len(list) == 0 {
		return cont
	}
	return &ast.BlockStmt{List: append(list, cont)}
}

// loopStmt writes a for or range loop of thread code: unrolled if the
// unroll pass chose it, with a stop check at its back-edge if it might not
// end.
func (e *emitter) loopStmt(c *cloner, loop ast.Stmt, body *ast.BlockStmt) (ast.Node, bool) {
	if first, ok := e.f.Unroll[loop]; ok {
		return e.unrolled(c, loop, body, first), true
	}
	if r, ok := loop.(*ast.RangeStmt); ok && e.f.RangeSteps[r] && !e.f.Stops[loop] {
		return e.rangeSteps(c, r, body), true
	}
	if !e.f.Stops[loop] {
		return nil, false
	}
	newBody := c.node(body).(*ast.BlockStmt)
	newBody.List = append(stopCheck(e.name["b"]), newBody.List...)
	switch l := loop.(type) {
	case *ast.ForStmt:
		return &ast.ForStmt{For: e.pos.at(l.For), Init: c.stmt(l.Init), Cond: c.expr(l.Cond), Post: c.stmt(l.Post), Body: newBody}, true
	case *ast.RangeStmt:
		return &ast.RangeStmt{For: e.pos.at(l.For), Key: c.expr(l.Key), Value: c.expr(l.Value), Tok: l.Tok,
			Range: e.pos.at(l.Range), X: c.expr(l.X), Body: newBody}, true
	}
	return nil, false
}

// sharedCall replaces a Shared declaration of a helper inlined more than
// once: on a GPU, and on the runtime path, the helper's __shared__ array
// is one allocation whatever the call; each copy of the declaration calls
// one function literal, whose call of Shared is the single call site the
// engine allocates by.
func (e *emitter) sharedCall(c *cloner, call *ast.CallExpr) (ast.Node, bool) {
	origin := call
	if o, ok := e.f.origins[call]; ok {
		origin = o
	}
	if !e.f.copiedCalls[origin] {
		return nil, false
	}
	if !e.f.isSharedCall(call) {
		return nil, false
	}
	name, ok := e.shared[origin]
	if !ok {
		name = e.f.Names.Fresh(fmt.Sprintf("shared%d", len(e.shared)+1))
		e.shared[origin] = name
		elem := e.f.Src.Info.TypeOf(call).(*types.Slice).Elem()
		// The defer keeps the Go compiler from inlining the literal into
		// each copy, which would make as many call sites again.
		e.sharedDecls = append(e.sharedDecls, fmt.Sprintf("%s := func(n int) []%s {\ndefer func() {}()\nreturn %s.Shared[%s](%s, n)\n}",
			name, e.typeString(elem), e.f.Src.Gocuda, e.typeString(elem), e.f.Src.Thread.Name()))
	}
	e.useThread()
	return &ast.CallExpr{Fun: &ast.Ident{NamePos: e.pos.at(call.Pos()), Name: name}, Args: []ast.Expr{c.expr(call.Args[1])}}, true
}

// sharedLen returns r, the written call of Shared, resliced to its length
// where the length is a constant or a name (Shared returns exactly that
// many elements): Go's bounds-check elimination then knows the slice's
// length, and drops the checks of constant indexes and of a thread
// loop's counter bounded by the block's size.
func (e *emitter) sharedLen(c *cloner, call *ast.CallExpr, r ast.Expr) ast.Expr {
	n := c.expr(call.Args[1])
	if _, named := n.(*ast.Ident); !named && e.f.Src.Info.Types[call.Args[1]].Value == nil {
		return r
	}
	return &ast.SliceExpr{X: r, High: n}
}

// isSharedCall reports whether call is gocuda.Shared (not its dynamic
// form).
func (f *Func) isSharedCall(call *ast.CallExpr) bool {
	en, ok := f.entry(call)
	return ok && en.Kind == kapi.SharedDecl && en.Short == "Shared"
}

// tileMethodValue returns what a method of cg.Tile that is not a
// collective is in a thread or lane loop: its rank and its tile's index
// from the thread's rank, its sizes from the block's handle.
func (e *emitter) tileMethodValue(c *cloner, call *ast.CallExpr) (ast.Node, bool) {
	name, recv, ok := e.f.tileMethod(call)
	if !ok {
		return nil, false
	}
	at := e.pos.at(call.Pos())
	size, known := e.f.tileSize(recv)
	lit := func(n int64) ast.Expr {
		return &ast.BasicLit{ValuePos: at, Kind: token.INT, Value: strconv.FormatInt(n, 10)}
	}
	switch {
	case known && name == "Size":
		return lit(size), true
	case known && name == "MetaGroupSize" && e.f.blockTile(recv): // the block's tiles, the last perhaps partial
		n := &ast.BinaryExpr{X: ast.NewIdent(e.use("n")), Op: token.ADD, Y: lit(size - 1)}
		return &ast.ParenExpr{X: &ast.BinaryExpr{X: &ast.ParenExpr{X: n}, Op: token.QUO, Y: lit(size)}}, true
	}
	if e.loop == nil {
		return nil, false
	}
	e.tileHandle = true
	handle := c.node(recv).(ast.Expr)
	e.tileHandle = false
	method := func(m string) ast.Expr {
		if known && m == "Size" { // a constant, for Go to divide by shifting
			return lit(size)
		}
		return &ast.CallExpr{Fun: &ast.SelectorExpr{X: handle, Sel: &ast.Ident{NamePos: at, Name: m}}}
	}
	rank := &ast.Ident{NamePos: at, Name: e.name["rank"]}
	switch name {
	case "ThreadRank": // lane &^ first, the tile lying within one warp
		one := &ast.BinaryExpr{X: method("Size"), Op: token.SUB, Y: intLit(1)}
		return &ast.ParenExpr{X: &ast.BinaryExpr{X: rank, Op: token.AND, Y: &ast.ParenExpr{X: one}}}, true
	case "MetaGroupRank": // modulo its parent's tiles, where it may be a tile's tile
		index := &ast.ParenExpr{X: &ast.BinaryExpr{X: rank, Op: token.QUO, Y: method("Size")}}
		if e.f.blockTile(recv) {
			return index, true
		}
		return &ast.ParenExpr{X: &ast.BinaryExpr{X: index, Op: token.REM, Y: method("MetaGroupSize")}}, true
	}
	return method(name), true
}

// tileAt is the thread's own handle on the tile of the block's handle v.
func (e *emitter) tileAt(id *ast.Ident, v *types.Var) ast.Expr {
	name := id.Name
	if e.f.Vars[v] != nil {
		name = e.f.Vars[v].Name
	}
	fun := &ast.SelectorExpr{X: ast.NewIdent(e.f.Src.Compiled), Sel: &ast.Ident{NamePos: e.pos.at(id.Pos()), Name: "TileAt"}}
	return &ast.CallExpr{Fun: fun, Args: []ast.Expr{ast.NewIdent(e.use("b")), ast.NewIdent(e.name["rank"]), ast.NewIdent(name)}}
}

// pairResult writes m, ok := MatchAllSync(...) in a lane loop as the two
// values the lane's result holds: the mask, and bit 32.
func (e *emitter) pairResult(c *cloner, a *ast.AssignStmt) (ast.Node, bool) {
	if len(a.Rhs) != 1 || len(a.Lhs) != 2 || !e.lane {
		return nil, false
	}
	call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	name, ok := e.collOut[call]
	if !ok {
		return nil, false
	}
	at := e.pos.at(call.Pos())
	r := func() ast.Expr {
		return &ast.IndexExpr{X: &ast.Ident{NamePos: at, Name: name}, Index: ast.NewIdent(e.name["lane"])}
	}
	mask := &ast.CallExpr{Fun: ast.NewIdent("uint32"), Args: []ast.Expr{r()}}
	all := &ast.BinaryExpr{X: &ast.BinaryExpr{X: r(), Op: token.SHR, Y: intLit(32)}, Op: token.NEQ, Y: intLit(0)}
	lhs := make([]ast.Expr, len(a.Lhs))
	for i, l := range a.Lhs {
		lhs[i] = c.node(l).(ast.Expr)
	}
	return &ast.AssignStmt{Lhs: lhs, TokPos: e.pos.at(a.TokPos), Tok: a.Tok, Rhs: []ast.Expr{mask, all}}, true
}
