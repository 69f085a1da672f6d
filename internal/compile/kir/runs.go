package kir

import (
	"go/ast"
	"go/token"
)

// runs is the pass that lets a grid body run the blocks of its chunk that
// follow one another along x as one run: one row of threads as long as
// the run, x counted from the run's first thread, instead of a loop per
// block. Gaussian's Fan2, transposed, has 4×4 blocks: four threads a row
// per block, against a whole row of the matrix per run.
//
// A run is the same program where the body depends on the block's and
// the thread's x only through bx*bdx + tx, the thread's x in the grid:
// the run writes bx = 0 and tx = the grid's x, which gives that sum its
// value, and each thread of each block of the run runs once. The pass
// takes a body of one thread loop that names the thread only by its
// coordinates' components, whose every use of tx or bx (its remat
// variables written out) is part of a sum of bx*bdx, tx and other terms,
// each once and added; that is rebased whole (rebase), so that the
// threads of a run's fast rows record no position; and whose row
// conditions cannot fail. A thread that fails elsewhere (a row whose
// slices are short) records its block and rank from its x.
func runs(f *Func) {
	if f.GridStride != nil {
		f.Runs = f.flatRuns()
		return
	}
	if !f.Grid || f.Exits || f.BlocksYFirst || len(f.Body) == 0 {
		return
	}
	for _, n := range f.Body[:len(f.Body)-1] {
		if c, ok := n.(*Code); !ok || !f.runsBlockCode(c) {
			return
		}
	}
	l, ok := f.Body[len(f.Body)-1].(*ThreadLoop)
	if !ok || l.Reduce != nil || l.Outside || l.Quot != nil || l.Rebase == nil || l.Rebase.Partial {
		return
	}
	for _, b := range l.Bounds {
		if b.RowRisk {
			return
		}
	}
	if !f.onlyCoords() {
		return
	}
	c := &runCheck{f: f, lane: f.laneAxis()}
	for _, n := range l.Body {
		if !c.stmt(n.(*Code).Stmt) {
			return
		}
	}
	f.Runs = c.sums > 0
}

// flatRuns reports whether the flat form of a grid-stride body may run
// its chunk's rows as one: rows of bdx iterations, each a block's threads
// at one step, which lie one after another in the loop's iteration space
// (flatten), so that a row of them is iteration base + x for x from the
// first row's first to the last's end, bx and the step's offset 0 and tx
// x. The loop must be rebased whole, its start a sum bx*bdx + tx (+
// base), and its body read tx and bx only in such sums.
func (f *Func) flatRuns() bool {
	l := f.GridStride
	s := f.lockstep(l)
	if s == nil || !s.Flat || f.Exits || l.Rebase == nil || l.Rebase.Partial || !f.onlyCoords() {
		return false
	}
	for _, b := range l.Bounds {
		if b.RowRisk {
			return false
		}
	}
	c := &runCheck{f: f, lane: "X"}
	if !c.expr(s.Start) || c.sums != 1 {
		return false
	}
	fs := l.Body[0].(*Code).Stmt.(*ast.ForStmt)
	for _, st := range fs.Body.List {
		if !c.stmt(st) {
			return false
		}
	}
	return true
}

// runsBlockCode reports whether block code c may run once for a run of
// blocks instead of once for each: a definition of variables, not from
// the block's coordinates, that cannot fail.
func (f *Func) runsBlockCode(c *Code) bool {
	a, ok := c.Stmt.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || f.readsBlock(a) {
		return false
	}
	for _, x := range a.Rhs {
		if !f.safeCond(x) {
			return false
		}
	}
	return true
}

// A runCheck checks that code depends on the block's and the thread's x
// only through their sum (runs).
type runCheck struct {
	f    *Func
	lane string // the source's component along which threads run
	sums int    // the sums bx*bdx + tx found
	// work counts the terms examined: remat variables written out at
	// each use could make that exponential, and the pass gives up.
	work int
}

// stmt reports whether s reads tx and bx only in such sums. The
// definitions of remat variables are skipped: their uses are examined
// with the definitions written out.
func (c *runCheck) stmt(s ast.Stmt) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if a, isAssign := n.(*ast.AssignStmt); isAssign && c.definesRemat(a) {
			return false
		}
		if x, isExpr := n.(ast.Expr); isExpr {
			ok = c.expr(x)
			return false
		}
		return true
	})
	return ok
}

// definesRemat reports whether a is the definition of remat variables.
func (c *runCheck) definesRemat(a *ast.AssignStmt) bool {
	if a.Tok != token.DEFINE {
		return false
	}
	for _, x := range a.Lhs {
		v := c.f.varOf(x)
		if v == nil || v.Class != Remat || v.Def != ast.Stmt(a) {
			return false
		}
	}
	return true
}

// A runTerm is a term of a sum, subtracted where neg.
type runTerm struct {
	e   ast.Expr
	neg bool
}

// expr reports whether e, taken as a sum of terms, holds tx and bx*bdx
// each once and added, or neither, and its other terms read tx and bx
// only in such sums.
func (c *runCheck) expr(e ast.Expr) bool {
	var terms []runTerm
	c.flatten(e, false, &terms, 0)
	if c.work += len(terms); c.work > 1e5 {
		return false
	}
	tx, base := 0, 0
	for _, t := range terms {
		switch {
		case c.isLane(t.e, "ThreadIdx"):
			tx++
		case c.isLaneBase(t.e):
			base++
		default:
			if !c.inside(t.e) {
				return false
			}
			continue
		}
		if t.neg {
			return false
		}
	}
	c.sums += tx
	return tx == base && tx <= 1
}

// flatten appends the terms of integer sum e (through parentheses and
// remat variables) to terms.
func (c *runCheck) flatten(e ast.Expr, neg bool, terms *[]runTerm, depth int) {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.ADD || b.Op == token.SUB) && isInteger(c.f.Src.Info.TypeOf(b)) {
		c.flatten(b.X, neg, terms, depth+1)
		c.flatten(b.Y, neg != (b.Op == token.SUB), terms, depth+1)
		return
	}
	if v := c.f.varOf(e); v != nil && v.Class == Remat && depth < 64 {
		if d := defExpr(v); d != nil && d != e {
			c.flatten(d, neg, terms, depth+1)
			return
		}
	}
	*terms = append(*terms, runTerm{e, neg})
}

// inside reports whether e, a term that is neither tx nor bx*bdx, reads
// them only in sums of its operands.
func (c *runCheck) inside(e ast.Expr) bool {
	if s, ok := e.(*ast.SelectorExpr); ok {
		if c.isLane(s, "ThreadIdx") || c.isLane(s, "BlockIdx") {
			return false
		}
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if n == ast.Node(e) || !ok {
			return ok
		}
		if x, isExpr := n.(ast.Expr); isExpr {
			ok = c.expr(x)
			return false
		}
		return true
	})
	return ok
}

// isLane reports whether e is t.<field>.<lane>.
func (c *runCheck) isLane(e ast.Expr, field string) bool {
	s, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	got, ok := c.f.threadFieldSel(s)
	return ok && got == field && s.Sel.Name == c.lane
}

// isLaneBase reports whether e is bx*bdx, in either order.
func (c *runCheck) isLaneBase(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && b.Op == token.MUL &&
		(c.isLane(b.X, "BlockIdx") && c.isLane(b.Y, "BlockDim") || c.isLane(b.X, "BlockDim") && c.isLane(b.Y, "BlockIdx"))
}
