package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Harris's reductions end in a tree over shared memory, a step per
// barrier:
//
//	for s := blockDim.x / 2; s > 0; s >>= 1 {
//		if tid < s {
//			sdata[tid] += sdata[tid+s]
//		}
//		__syncthreads()
//	}
//	if tid == 0 { g_odata[blockIdx.x] = sdata[0] }
//
// Run as loops over the threads, each step reads two elements and
// stores one for each thread below s, and the next step reads that sum
// back. Three steps written as one (compiled.TreeFold) read the eight
// elements whose sums they add into element x and store only that:
// the same additions in the same order, bit for bit, but the steps'
// intermediate sums, at x from the last step's size up, are never
// stored. So the kernel must not read them again: the code after the
// loop reads the slice only below a bound (rowReads), no fused step is
// below it, and the loop is in the body's top-level code, which runs
// once per block. The emitter fuses a trip where the block is
// one-dimensional and has at least s threads, so each step's threads are
// those below s.

// A TreeFold is a halving tree over shared memory the emitter runs up to
// three steps at a time (treefold.go): each trip of the loop adds
// Row[x+s] into Row[x] for the threads x below Step while Step > Stop,
// and the kernel reads Row after the loop only below Keep.
type TreeFold struct {
	Row  *ast.Ident
	Step *types.Var
	Stop ast.Expr
	Keep int
	// Op is the step's operator as package compiled names it: "" for a
	// sum (compiled.TreeFold), FoldMin or FoldMax (compiled.TreeFoldOp).
	Op string
}

// foldOps are the operators a tree's step may apply, the rules of
// treefold: the name of each in package compiled ("" for +).
var foldOps = map[token.Token]string{token.ADD: "", opMin: "FoldMin", opMax: "FoldMax"}

// treefold is the trees pass's halving folds: it finds the trees of
// treefold.go in the top level of the body.
func treefold(f *Func) {
	if f.Grid || f.Exits {
		return
	}
	for i, n := range f.Body {
		switch n := n.(type) {
		case *For:
			n.Fold = f.treeFold(n, f.Body[i+1:])
		case *WarpLoop:
			n.Tree = f.warpTree(n, f.Body[i+1:])
		}
	}
}

// treeFold returns the TreeFold of loop, followed by the body's code
// after, or nil where it is not such a tree.
func (f *Func) treeFold(loop *For, after []Node) *TreeFold {
	s, stop := f.halvingStep(loop)
	if s == nil || len(loop.Body) != 2 || f.Stops[loop.Src] {
		return nil
	}
	l, ok := loop.Body[0].(*ThreadLoop)
	b, ok2 := loop.Body[1].(*Barrier)
	if !ok || !ok2 || b.Entry.Kind != kapi.Barrier || b.Pred != nil || b.Agree != "" || !plainLoop(l) {
		return nil
	}
	row, op := f.treeStep(l, s)
	if row == nil {
		return nil
	}
	mem := f.sharedAliases(f.identVar(row))
	if mem == nil {
		return nil
	}
	keep, ok := f.readBound(mem, after)
	if !ok {
		return nil
	}
	return &TreeFold{Row: row, Step: s, Stop: stop, Keep: keep, Op: foldOps[op]}
}

// halvingStep returns the variable of loop, for s := x; s > stop; s /= 2
// (or s >>= 1) with stop a uniform expression that cannot fail, and
// stop; nil where loop is not such a loop over a uniform int.
func (f *Func) halvingStep(loop *For) (*types.Var, ast.Expr) {
	return f.scaledStep(loop, token.GTR, false)
}

// scaledStep returns the variable of loop, for s := x; s op bound; post
// over a uniform int, bound uniform and unable to fail, post doubling s
// (s *= 2, s <<= 1) where double is set and halving it (s /= 2, s >>= 1)
// where not, and bound; nil where loop is not such a loop.
func (f *Func) scaledStep(loop *For, op token.Token, double bool) (*types.Var, ast.Expr) {
	src := loop.Src
	if loop.Lanes || loop.Interchanged || src.Post == nil {
		return nil, nil
	}
	s := f.inductionVar(src)
	if s == nil || f.Vars[s] == nil || f.Vars[s].Class != Uniform || !types.Identical(s.Type(), types.Typ[types.Int]) {
		return nil, nil
	}
	bound := f.inductionCond(src.Cond, s, op)
	if bound == nil || !f.safeUniform(bound) || !f.scales(src.Post, s, double) {
		return nil, nil
	}
	return s, bound
}

// plainLoop reports whether l runs its code thread by thread, as written:
// no reduction, split, tile, jam, copy or stepped guard.
func plainLoop(l *ThreadLoop) bool {
	return l.Reduce == nil && !l.Outside && l.Tile == nil && l.Jam == nil && l.Copy == nil && l.Every == nil && l.Quot == nil && len(l.Body) == 1
}

// treeStep returns the slice of l's step, where l's code is if x < s {
// row[x] += row[x+s] } (x the thread's x index, row a uniform slice of
// numbers), the sum in any spelling (accumulation) and the index by its
// facts; nil elsewhere.
func (f *Func) treeStep(l *ThreadLoop, s *types.Var) (*ast.Ident, token.Token) {
	c, ok := l.Body[0].(*Code)
	if !ok || c.Block {
		return nil, token.ILLEGAL
	}
	guard, ok := c.Stmt.(*ast.IfStmt)
	if !ok || guard.Init != nil || guard.Else != nil || len(guard.Body.List) != 1 || !f.belowStep(guard.Cond, s) {
		return nil, token.ILLEGAL
	}
	lhs, op, rhs, ok := f.accumulation(guard.Body.List[0])
	if _, known := foldOps[op]; !ok || !known {
		return nil, token.ILLEGAL
	}
	dst, ok := ast.Unparen(lhs).(*ast.IndexExpr)
	src, ok2 := ast.Unparen(rhs).(*ast.IndexExpr)
	if !ok || !ok2 || !f.isThreadX(dst.Index) {
		return nil, token.ILLEGAL
	}
	row := identOf(dst.X)
	v := f.sliceVar(dst.X)
	if row == nil || v == nil || f.sliceVar(src.X) != v || !numeric(v.Type().Underlying().(*types.Slice).Elem()) {
		return nil, token.ILLEGAL
	}
	if off, isX := f.threadXPlus(src.Index); !isX || off == nil || f.identVar(ast.Unparen(off)) != s {
		return nil, token.ILLEGAL
	}
	return row, op
}

// belowStep reports whether cond admits exactly the threads whose x
// index is below s, by the bound it makes (narrow.go) and the index
// facts: x < s, s > x, x+1 <= s, x <= s-1 (the fused steps run only for
// s >= 1, where s-1 does not wrap).
func (f *Func) belowStep(cond ast.Expr, s *types.Var) bool {
	bs := f.bounds(cond, false)
	if len(bs) != 1 || !bs[0].Upper || bs[0].Row != nil {
		return false
	}
	axis := f.laneAxis()
	lim, ok := f.linearOf(bs[0].X, axis, nil) // x + off < lim + adj
	if !ok {
		return false
	}
	lim = append(lim, term{c: int64(bs[0].Adj)})
	if bs[0].Off != nil {
		off, ok := f.linearOf(bs[0].Off, axis, nil)
		if !ok {
			return false
		}
		lim = lim.minus(off)
	}
	factor, rest := lim.split()
	return len(factor) == 0 && len(rest) == 1 && rest[0].c == 1 && len(rest[0].us) == 1 && f.identVar(ast.Unparen(rest[0].us[0])) == s
}

// rowReads finds how far the code after a tree reads its slice: the
// largest index it may name, plus one (k), or that it may name any (ok
// false). An index is a constant, the thread's x index where a guard or
// a thread loop's bound keeps x below a constant, or that x plus a
// constant or the variable of a loop halving down from a constant
// (Harris's last warp, for offset := 32; offset > 0; offset /= 2 { v +=
// sdata[tid+offset] ... } under if tid < 32).
type rowReads struct {
	f   *Func
	mem map[*types.Var]bool
	// halving are the variables of the loops being walked that halve
	// down from a constant, with that constant.
	halving map[*types.Var]int
	k       int
	ok      bool
}

// readBound returns rowReads' k for nodes, or false where they may index
// the slices mem anywhere (or a remat variable's definition reads one).
func (f *Func) readBound(mem map[*types.Var]bool, nodes []Node) (int, bool) {
	r := &rowReads{f: f, mem: mem, halving: map[*types.Var]int{}, ok: true}
	for _, v := range f.Vars {
		if v.Class == Remat && v.Def != nil {
			r.syntax(-1, v.Def)
		}
	}
	r.nodes(nodes, -1)
	return r.k, r.ok
}

// nodes walks nodes where the thread's x index is below xb (-1: not
// known).
func (r *rowReads) nodes(nodes []Node, xb int) {
	for _, n := range nodes {
		r.node(n, xb)
	}
}

func (r *rowReads) node(n Node, xb int) {
	switch n := n.(type) {
	case *Code:
		r.syntax(xb, n.Stmt)
	case *ThreadLoop:
		if n.Reduce != nil {
			r.syntax(xb, n.Reduce.Call)
		}
		r.nodes(n.Body, below(xb, r.xBound(n.Bounds)))
	case *WarpLoop, *Scope:
		r.nodes(children(n)[0], xb)
	case *LaneLoop:
		for _, c := range n.Operands {
			r.syntax(xb, c.Call)
		}
		r.nodes(n.Body, xb)
	case *WarpIf:
		r.syntax(xb, n.Src.Init, n.Src.Cond)
		r.nodes(n.Then, below(xb, r.xBound(n.XBounds)))
		r.nodes(n.Else, xb)
	case *If:
		r.syntax(xb, n.Src.Init, n.Src.Cond)
		r.nodes(n.Then, xb)
		r.nodes(n.Else, xb)
	case *For:
		r.syntax(xb, n.Src.Init, n.Src.Cond, n.Src.Post)
		if v, d0 := r.halvingFrom(n); v != nil {
			r.halving[v] = d0
			defer delete(r.halving, v)
		}
		r.nodes(n.Body, xb)
	case *Barrier:
		r.syntax(xb, n.Call, n.Stmt)
	case *Collective:
		r.syntax(xb, n.Call, n.Stmt)
	case *Branch, *Return:
	default: // any other node: its indexes must be constants
		r.f.inspectNodes([]Node{n}, func(m ast.Node) { r.index(m, -1) })
	}
}

// syntax checks the indexes of the slices in nodes.
func (r *rowReads) syntax(xb int, nodes ...ast.Node) {
	for _, n := range nodes {
		if n == nil || n == ast.Node(nil) {
			continue
		}
		ast.Inspect(n, func(m ast.Node) bool {
			r.index(m, xb)
			return r.ok
		})
	}
}

// index notes the bound of n where it indexes one of the slices.
func (r *rowReads) index(n ast.Node, xb int) {
	ix, ok := n.(*ast.IndexExpr)
	if !ok || !r.mem[r.f.identVar(ix.X)] {
		return
	}
	k, ok := r.bound(ix.Index, xb)
	r.ok = r.ok && ok
	r.k = max(r.k, k)
}

// bound returns the exclusive bound of index x where x is below xb.
func (r *rowReads) bound(x ast.Expr, xb int) (int, bool) {
	if c, ok := r.offset(x); ok {
		return c + 1, true
	}
	if xb < 0 {
		return 0, false
	}
	if r.f.isThreadX(x) {
		return xb, true
	}
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD {
		return 0, false
	}
	off := b.Y
	if !r.f.isThreadX(b.X) {
		if !r.f.isThreadX(b.Y) {
			return 0, false
		}
		off = b.X
	}
	c, ok := r.offset(off)
	return xb + c, ok
}

// offset returns the largest value of x, a constant in [0, 2^20) or the
// variable of a loop halving down from one.
func (r *rowReads) offset(x ast.Expr) (int, bool) {
	if c, ok := r.f.intConst(x); ok {
		return int(c), c >= 0 && c < 1<<20
	}
	if v := r.f.identVar(x); v != nil {
		c, ok := r.halving[v]
		return c, ok
	}
	return 0, false
}

// halvingFrom returns the variable of loop and its start where loop is
// for v := c; v > 0; v /= 2 with c a constant in [0, 2^20) and nothing
// in its body assigns v.
func (r *rowReads) halvingFrom(loop *For) (*types.Var, int) {
	v := r.f.halvingKey(loop.Src)
	if v == nil {
		return nil, 0
	}
	c, ok := r.f.intConst(loop.Src.Init.(*ast.AssignStmt).Rhs[0])
	if !ok || c < 0 || c >= 1<<20 {
		return nil, 0
	}
	assigned := false
	r.f.inspectNodes(loop.Body, func(n ast.Node) {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				assigned = assigned || r.f.identVar(l) == v
			}
		case *ast.IncDecStmt:
			assigned = assigned || r.f.identVar(s.X) == v
		case *ast.UnaryExpr:
			assigned = assigned || s.Op == token.AND && r.f.identVar(s.X) == v
		}
	})
	if assigned {
		return nil, 0
	}
	return v, int(c)
}

// xBound returns the constant below which bounds keep the thread's x
// index (an upper bound without offset, row or scale), or -1.
func (r *rowReads) xBound(bounds []Bound) int {
	xb := -1
	for _, b := range bounds {
		if !b.Upper || b.Off != nil || b.Row != nil || b.Scale != nil {
			continue
		}
		if c, ok := r.f.intConst(b.X); ok && c >= 0 && c < 1<<20 {
			xb = below(xb, int(c)+b.Adj)
		}
	}
	return xb
}

// below returns the tighter of two bounds, -1 standing for none.
func below(a, b int) int {
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	}
	return min(a, b)
}
