package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// A PrivateShared is a shared array that can be a parameter's private
// copy (privateShared): where the launch allows, the block's updates of
// the array go to the copy, and the loops setting and merging it are
// skipped.
type PrivateShared struct {
	Shared *types.Var // the shared array
	Param  *types.Var // the parameter it is merged into, with a private copy
	Len    int64      // the array's length
	// Width is what the block's threads along x must be, compared with
	// Len, for its loops to cover the array once: "==" where a loop takes
	// one element per thread unguarded, ">=" where it guards x < Len, ""
	// where the loops stride by the block's width.
	Width string
	// Clear and Merge are the thread loops that set the array to the
	// operator's identity and merge it into the parameter.
	Clear, Merge *ThreadLoop
}

// privateShared finds the shared arrays that privatized histograms keep
// (Kirk and Hwu's, CUDA by Example's): a block sets its array to an
// operator's identity, updates it only atomically with that operator, and
// merges it element by element into a slice parameter the kernel updates
// privately with the same operator (privateAtomics):
//
//	histoS := gocuda.Shared[uint32](t, 256)
//	if tid < 256 { histoS[tid] = 0 }               // the identity of +
//	t.SyncThreads()
//	atomic.Add(&histoS[data[i]], 1)                // only +
//	t.SyncThreads()
//	if tid < 256 { atomic.Add(&bins[tid], histoS[tid]) }
//
// The operator is associative and commutative, so folding the block's
// updates into the array and the array into the private copy leaves the
// copy as updating the copy directly would. Where the copy exists and
// the block's threads along x cover the array once (a one-dimensional
// block of at least its length, or exactly it where a loop has no
// guard; any one-dimensional block where the loops stride by its width
// from the thread's index, or where one thread sets and merges a single
// counter), the body takes the copy's first elements as the array and
// skips the two loops; elsewhere it runs them. A merge may skip the
// identity (if v > 0 for an unsigned sum), which changes nothing. A
// launch that fails keeps the updates its chunk made, as private copies
// do.
func privateShared(f *Func) {
	if f.Grid || f.Exits || len(f.PrivateOps) == 0 {
		return
	}
	for i, n := range f.Body {
		c, ok := n.(*Code)
		if !ok || !c.Block {
			continue
		}
		if s := f.sharedDef(c.Stmt); s != nil && f.own[s] {
			if ps := f.sharedIntoPrivate(s, i); ps != nil {
				if f.PrivateShared == nil {
					f.PrivateShared = map[*Code]*PrivateShared{}
				}
				f.PrivateShared[c] = ps
			}
		}
	}
}

// sharedIntoPrivate returns s, declared by f.Body[decl], as a
// PrivateShared where the nodes mentioning it after the declaration are
// a thread loop setting it, updates, and a thread loop merging it, with
// block barriers between; or nil.
func (f *Func) sharedIntoPrivate(s *types.Var, decl int) *PrivateShared {
	n, ok := f.sharedLens[s]
	if !ok || n <= 0 {
		return nil
	}
	var at []int
	for j := decl + 1; j < len(f.Body); j++ {
		if f.nodesMention(f.Body[j:j+1], s) {
			at = append(at, j)
		}
	}
	if len(at) < 3 {
		return nil
	}
	first, last := at[0], at[len(at)-1]
	clear, _ := f.Body[first].(*ThreadLoop)
	merge, _ := f.Body[last].(*ThreadLoop)
	ps := &PrivateShared{Shared: s, Len: n, Clear: clear, Merge: merge}
	if clear == nil || merge == nil || !f.blockBarrierAmong(first+1, at[1]) || !f.blockBarrierAmong(at[len(at)-2]+1, last) {
		return nil
	}
	defs := f.bodyDefs(f.Src.Decl.Body) // WGS := t.BlockDim.X
	value, clearWidth := f.clearOf(clear, ps, defs)
	p, mergeWidth := f.mergeOf(merge, ps, defs)
	if value == nil || p == nil || !types.Identical(s.Type(), p.Type()) {
		return nil
	}
	ps.Param, ps.Width = p, stricterWidth(clearWidth, mergeWidth)
	op := f.PrivateOps[p]
	if !isIdentity(f.Src.Info.Types[value].Value, op, p.Type().Underlying().(*types.Slice).Elem()) ||
		!f.onlyUpdatedBy(f.Body[at[1]:last], s, op) {
		return nil
	}
	return ps
}

// blockBarrierAmong reports whether a block barrier is among f.Body[from:to].
func (f *Func) blockBarrierAmong(from, to int) bool {
	for _, n := range f.Body[from:to] {
		if b, ok := n.(*Barrier); ok && b.Entry.Kind == kapi.Barrier {
			return true
		}
	}
	return false
}

// stricterWidth returns the stricter of two block widths a cover needs.
func stricterWidth(a, b string) string {
	if a == "==" || b == "==" {
		return "=="
	}
	return max(a, b) // ">=" or ""
}

// A cover is how a thread loop's one statement reaches elements [0, n)
// of an array: at the thread's x index, perhaps guarded by x < n; at the
// counter of a loop from x striding by the block's width below n; or, for
// a counter of one element, in one thread (x == 0, x == blockDim.x-1).
type cover struct {
	stmts []ast.Stmt          // what runs for each element
	at    func(ast.Expr) bool // whether an index is the element's
	width string              // PrivateShared.Width
}

// clearOf returns the value l stores where its one statement stores a
// constant at each element it covers, and the block width it needs; or
// nil.
func (f *Func) clearOf(l *ThreadLoop, ps *PrivateShared, defs map[*types.Var]ast.Expr) (ast.Expr, string) {
	c := f.coverOf(l, ps.Len, defs)
	if len(c.stmts) != 1 {
		return nil, ""
	}
	a, ok := c.stmts[0].(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || !f.elementOf(a.Lhs[0], ps.Shared, c.at) {
		return nil, ""
	}
	if f.Src.Info.Types[a.Rhs[0]].Value == nil {
		return nil, ""
	}
	return a.Rhs[0], c.width
}

// mergeOf returns the parameter l merges s into where what it runs for
// each element it covers updates the parameter's element privately by
// s's (atomic.Add(&p[x], s[x])), or by v read from s[x] where v is not
// the identity, in one statement or two (if v := s[x]; v != 0 {...};
// v := s[x]; if v > 0 {...}); and the block width it needs. Or nil.
func (f *Func) mergeOf(l *ThreadLoop, ps *PrivateShared, defs map[*types.Var]ast.Expr) (*types.Var, string) {
	c := f.coverOf(l, ps.Len, defs)
	var read ast.Stmt // v := s[x], where the statement reading s names it apart
	switch len(c.stmts) {
	case 1:
		if call, p := f.mergeCall(c.stmts[0], c.at); p != nil && f.elementOf(call.Args[1], ps.Shared, c.at) {
			return p, c.width
		}
	case 2:
		read = c.stmts[0]
	default:
		return nil, ""
	}
	s, ok := c.stmts[len(c.stmts)-1].(*ast.IfStmt)
	if !ok || s.Else != nil || len(s.Body.List) != 1 || (s.Init == nil) == (read == nil) {
		return nil, ""
	}
	if read == nil {
		read = s.Init
	}
	init, ok := read.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !f.elementOf(init.Rhs[0], ps.Shared, c.at) {
		return nil, ""
	}
	v := f.identVar(init.Lhs[0])
	call, p := f.mergeCall(s.Body.List[0], c.at)
	if v == nil || p == nil || f.identVar(call.Args[1]) != v || !f.skipsIdentity(s.Cond, v, f.PrivateOps[p]) ||
		!f.usedOnlyIn(v, c.stmts) {
		return nil, ""
	}
	return p, c.width
}

// usedOnlyIn reports whether stmts hold every use of v in the kernel's
// body: a skipped loop leaves nothing undefined that later code reads.
func (f *Func) usedOnlyIn(v *types.Var, stmts []ast.Stmt) bool {
	in := 0
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && f.identVar(id) == v {
				in++
			}
			return true
		})
	}
	all := 0
	f.inspectNodes(f.Body, func(n ast.Node) {
		if id, ok := n.(*ast.Ident); ok && f.identVar(id) == v {
			all++
		}
	})
	return in == all
}

// mergeCall returns the call and parameter of stmt where it is a private
// update of the parameter's element at an index at admits.
func (f *Func) mergeCall(stmt ast.Stmt, at func(ast.Expr) bool) (*ast.CallExpr, *types.Var) {
	call, p := f.paramUpdate(stmt)
	if p == nil || f.Private[call] != p {
		return nil, nil
	}
	u := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
	if !f.elementOf(u.X, p, at) {
		return nil, nil
	}
	return call, p
}

// coverOf returns how l's code covers elements [0, n), or a cover with
// no statements; defs are the variables the index facts may read
// through.
func (f *Func) coverOf(l *ThreadLoop, n int64, defs map[*types.Var]ast.Expr) cover {
	if l.Reduce != nil || len(l.Body) == 0 {
		return cover{}
	}
	var stmts []ast.Stmt
	for _, node := range l.Body {
		c, ok := node.(*Code)
		if !ok || c.Block {
			return cover{}
		}
		stmts = append(stmts, c.Stmt)
	}
	isX := func(e ast.Expr) bool { return f.isThreadIndexX(e, defs) }
	if len(stmts) > 1 {
		return cover{stmts, isX, "=="}
	}
	switch s := stmts[0].(type) {
	case *ast.IfStmt:
		if s.Init != nil || s.Else != nil {
			return cover{}
		}
		if f.belowLen(s.Cond, n, isX) {
			return cover{s.Body.List, isX, ">="}
		}
		if n == 1 && f.oneThread(s.Cond, defs) {
			return cover{s.Body.List, func(e ast.Expr) bool { c, ok := f.intConst(e); return ok && c == 0 }, ""}
		}
	case *ast.ForStmt:
		return f.strideCover(s, n, defs)
	default:
		return cover{stmts, isX, "=="}
	}
	return cover{}
}

// strideCover returns the cover of for b := x; b < n; b += bdx { ... },
// x the thread's x index and bdx the block's width (b = b + bdx, bdx held
// in a variable, alike).
func (f *Func) strideCover(s *ast.ForStmt, n int64, defs map[*types.Var]ast.Expr) cover {
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !f.isThreadIndexX(init.Rhs[0], defs) {
		return cover{}
	}
	b := f.identVar(init.Lhs[0])
	isB := func(e ast.Expr) bool { return b != nil && f.identVar(e) == b }
	if !f.stridesByWidth(s.Post, isB, defs) || !f.belowLen(s.Cond, n, isB) || reassigned(f.Src.Info, s.Body.List)[b] {
		return cover{}
	}
	return cover{s.Body.List, isB, ""}
}

// stridesByWidth reports whether post adds the block's width along x to
// the variable isB admits: b += bdx, b = b + bdx or b = bdx + b.
func (f *Func) stridesByWidth(post ast.Stmt, isB func(ast.Expr) bool, defs map[*types.Var]ast.Expr) bool {
	a, ok := post.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || !isB(a.Lhs[0]) {
		return false
	}
	isWidth := func(e ast.Expr) bool { return f.isThreadCoordOn(f.throughDefs(e, defs), "BlockDim", "X") }
	switch a.Tok {
	case token.ADD_ASSIGN:
		return isWidth(a.Rhs[0])
	case token.ASSIGN:
		sum, ok := ast.Unparen(a.Rhs[0]).(*ast.BinaryExpr)
		return ok && sum.Op == token.ADD && (isB(sum.X) && isWidth(sum.Y) || isWidth(sum.X) && isB(sum.Y))
	}
	return false
}

// belowLen reports whether cond is x < n or x <= n-1 (either way round),
// x an index isX admits.
func (f *Func) belowLen(cond ast.Expr, n int64, isX func(ast.Expr) bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, bound, op := b.X, b.Y, b.Op
	if flipped, ok := map[token.Token]token.Token{token.GTR: token.LSS, token.GEQ: token.LEQ}[op]; ok {
		x, bound, op = b.Y, b.X, flipped
	}
	c, ok := f.intConst(bound)
	return ok && isX(x) && (op == token.LSS && c == n || op == token.LEQ && c == n-1)
}

// elementOf reports whether e is v[i], i an index at admits.
func (f *Func) elementOf(e ast.Expr, v *types.Var, at func(ast.Expr) bool) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	return ok && f.identVar(ix.X) == v && at(ix.Index)
}

// isThreadIndexX reports whether e is the thread's x index, by its index
// facts.
func (f *Func) isThreadIndexX(e ast.Expr, defs map[*types.Var]ast.Expr) bool {
	l, ok := f.linearOf(e, "X", defs)
	return ok && len(l) == 1 && l[0].x && l[0].c == 1 && len(l[0].us) == 0
}

// oneThread reports whether cond holds for exactly one thread of every
// row of the block along x: x == 0 or x == blockDim.x-1 (either way
// round), x the thread's x index.
func (f *Func) oneThread(cond ast.Expr, defs map[*types.Var]ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if !f.isThreadIndexX(p[0], defs) {
			continue
		}
		k := f.throughDefs(p[1], defs)
		if c, ok := f.intConst(k); ok && c == 0 || f.lastThread(k, defs) {
			return true
		}
	}
	return false
}

// lastThread reports whether k is blockDim.x - 1.
func (f *Func) lastThread(k ast.Expr, defs map[*types.Var]ast.Expr) bool {
	b, ok := ast.Unparen(k).(*ast.BinaryExpr)
	if !ok || b.Op != token.SUB {
		return false
	}
	one, ok := f.intConst(b.Y)
	return ok && one == 1 && f.isThreadCoordOn(f.throughDefs(b.X, defs), "BlockDim", "X")
}

// throughDefs returns e's definition in defs where e names one, or e.
func (f *Func) throughDefs(e ast.Expr, defs map[*types.Var]ast.Expr) ast.Expr {
	if d := defs[f.identVar(e)]; d != nil {
		return d
	}
	return e
}

// skipsIdentity reports whether cond holds for every value of v but op's
// identity: v != id, or v > 0 where the identity of an unsigned v is 0.
func (f *Func) skipsIdentity(cond ast.Expr, v *types.Var, op string) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, c, tok := b.X, b.Y, b.Op
	if f.identVar(x) != v {
		x, c = b.Y, b.X
		tok = map[token.Token]token.Token{token.NEQ: token.NEQ, token.LSS: token.GTR}[tok]
	}
	val := f.Src.Info.Types[c].Value
	if f.identVar(x) != v || val == nil || !isIdentity(val, op, v.Type()) {
		return false
	}
	unsigned := v.Type().Underlying().(*types.Basic).Info()&types.IsUnsigned != 0
	return tok == token.NEQ || tok == token.GTR && unsigned && constant.Sign(val) == 0
}

// onlyUpdatedBy reports whether every mention of s in nodes is the
// element pointer of a statement of a shared atomic of operator op, its
// result unused.
func (f *Func) onlyUpdatedBy(nodes []Node, s *types.Var, op string) bool {
	allowed := map[*ast.Ident]bool{}
	var uses []*ast.Ident
	f.inspectNodes(nodes, func(n ast.Node) {
		if st, ok := n.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && f.SharedAtomics[call] != "" && len(call.Args) == 2 {
				if e, _ := f.entry(call); privateOps[e.Short] == op {
					if id := addedSlice(call.Args[0]); id != nil {
						allowed[id] = true
					}
				}
			}
		}
		if id, ok := n.(*ast.Ident); ok && f.identVar(id) == s {
			uses = append(uses, id)
		}
	})
	for _, id := range uses {
		if !allowed[id] {
			return false
		}
	}
	return true
}
