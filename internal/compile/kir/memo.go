package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/gocuda/gocuda/internal/grid"
)

// A MemoRun is a run of statements of a lane loop that compute, with no
// effect but their variables, from values a collective leaves the same
// for the lanes that take part in it (a reduction's sum, a vote, a
// broadcast): a lane whose inputs have the bits of the lane that last
// computed the run takes that lane's results instead. llm.c's layernorm
// kernels divide a tile's sums by the row's length and take a reciprocal
// square root in every lane; this computes them once a warp.
type MemoRun struct {
	First, Last *Code // the run's first and last statements in the loop's Body
	// Inputs are the variables the run reads before it assigns them,
	// other than uniform ones, which the warp loop does not change.
	Inputs []*types.Var
	// Outputs are the variables the run assigns; Defined those of them it
	// declares.
	Outputs, Defined []*types.Var
}

// memo is the pass that finds the lane loops' memo runs.
func memo(f *Func) {
	Walk(f.Body, func(n Node) {
		if w, ok := n.(*WarpLoop); ok {
			f.memoLanes(w, w.Body, f.sameVars(w))
		}
	})
}

// memoLanes finds the memo runs of the lane loops in nodes, warp-level
// code, and in the control among them (a WarpFor's Init and Post too:
// all are written by the emitter's lanes).
func (f *Func) memoLanes(w *WarpLoop, nodes []Node, same map[*types.Var]bool) {
	for _, n := range nodes {
		l, ok := n.(*LaneLoop)
		if !ok {
			for _, list := range children(n) {
				f.memoLanes(w, list, same)
			}
			continue
		}
		if l.Jam == nil && l.Copy == nil && l.Moves == nil {
			l.Memo = slices.DeleteFunc(f.memoRuns(l.Body, same), func(r *MemoRun) bool {
				f.liveOutputs(r, l, w)
				return len(r.Outputs) == 0 // dead code: Go's to drop
			})
		}
	}
}

// liveOutputs keeps of r's outputs those that lane loop l of warp loop w
// reads after r, in its statements or its collectives' operands, or keeps
// for later loops (in scratch or in w's lane arrays): a lane taking the
// results of another needs no others.
func (f *Func) liveOutputs(r *MemoRun, l *LaneLoop, w *WarpLoop) {
	read := map[*types.Var]bool{}
	after := false
	for _, n := range l.Body {
		if after {
			f.varsIn(n.(*Code).Stmt, read)
		}
		after = after || n == r.Last
	}
	for _, c := range l.Operands {
		f.varsIn(c.Call, read)
	}
	r.Outputs = slices.DeleteFunc(r.Outputs, func(v *types.Var) bool {
		_, kept := w.Arrays[v]
		return !read[v] && !f.Vars[v].Spill && !kept
	})
}

// sameVars returns the variables that warp loop w's lane code gives
// values likely the same for a warp's lanes: every statement of w
// assigning one assigns it a Same collective's result, or computes it
// (memoStmt) from uniform values and variables of the set. A variable w
// reads before it assigns it may still differ: a memo run only costs its
// lanes a comparison then.
func (f *Func) sameVars(w *WarpLoop) map[*types.Var]bool {
	defs := map[*types.Var][]ast.Stmt{}
	nested := map[*types.Var]bool{}
	Walk(w.Body, func(n Node) {
		c, ok := n.(*Code)
		if !ok {
			return
		}
		for _, x := range assigned(c.Stmt) {
			if v := f.localVar(x); v != nil {
				defs[v] = append(defs[v], c.Stmt)
			}
		}
		ast.Inspect(c.Stmt, func(m ast.Node) bool {
			if s, ok := m.(ast.Stmt); ok && s != c.Stmt {
				for _, x := range assigned(s) {
					if v := f.localVar(x); v != nil {
						nested[v] = true // under a lane's if or loop
					}
				}
			}
			return true
		})
	})
	same := map[*types.Var]bool{}
	for v := range defs {
		same[v] = !nested[v] && !f.Vars[v].InPlace && !f.addressedVars()[v]
	}
	for changed := true; changed; {
		changed = false
		for v, stmts := range defs {
			for _, s := range stmts {
				if same[v] && !f.sameResult(s, same) && !f.memoStmt(s, same) {
					same[v], changed = false, true
				}
			}
		}
	}
	return same
}

// localVar returns the kernel's local variable x names, or nil.
func (f *Func) localVar(x ast.Expr) *types.Var {
	if v := f.identVar(x); f.Vars[v] != nil {
		return v
	}
	return nil
}

// sameResult reports whether s assigns a variable the result of a
// collective whose lanes all get the same one: v = cg.Reduce(...).
func (f *Func) sameResult(s ast.Stmt, same map[*types.Var]bool) bool {
	c := f.collResults[s]
	a, ok := s.(*ast.AssignStmt)
	if c == nil || !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || ast.Unparen(a.Rhs[0]) != c.Call ||
		a.Tok != token.ASSIGN && a.Tok != token.DEFINE {
		return false
	}
	if c.Entry.Same {
		return true
	}
	if c.Entry.Warp != grid.KindShfl || c.Entry.Arg < 0 {
		return false
	}
	return f.pure(c.Call.Args[c.Entry.Arg], f.sameOrUniform(same), false) // from one lane
}

// sameOrUniform is the test pure applies to variables of memo runs.
func (f *Func) sameOrUniform(same map[*types.Var]bool) func(*types.Var) bool {
	return func(v *types.Var) bool {
		kv := f.Vars[v]
		return kv != nil && (kv.Class == Uniform || same[v])
	}
}

// memoStmt reports whether s can belong to a memo run: an assignment or
// increment of local variables, not kept in place, whose operands are
// pure over uniform variables and those of same.
func (f *Func) memoStmt(s ast.Stmt, same map[*types.Var]bool) bool {
	if f.collResults[s] != nil {
		return false
	}
	ok := f.sameOrUniform(same)
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, x := range s.Lhs {
			if id := identOf(x); id != nil && id.Name == "_" {
				continue
			}
			if v := f.localVar(x); v == nil || f.Vars[v].InPlace || f.Vars[v].Class != Varying ||
				s.Tok != token.ASSIGN && s.Tok != token.DEFINE && !ok(v) {
				return false
			}
		}
		return f.pureAll(s.Rhs, ok, false)
	case *ast.IncDecStmt:
		v := f.localVar(s.X)
		return v != nil && !f.Vars[v].InPlace && f.Vars[v].Class == Varying && ok(v)
	}
	return false
}

// memoRuns returns the memo runs of a lane loop's body: its longest runs
// of memoStmt statements that divide or call a function, and whose inputs
// Same can compare.
func (f *Func) memoRuns(body []Node, same map[*types.Var]bool) []*MemoRun {
	var runs []*MemoRun
	var stmts []*Code
	flush := func() {
		if r := f.memoRun(stmts); r != nil {
			runs = append(runs, r)
		}
		stmts = nil
	}
	for _, n := range body {
		c, ok := n.(*Code)
		if ok && !c.Block && f.memoStmt(c.Stmt, same) {
			stmts = append(stmts, c)
			continue
		}
		flush()
	}
	flush()
	return runs
}

// memoRun returns the memo run of stmts, or nil where they are not worth
// one or its inputs cannot be compared.
func (f *Func) memoRun(stmts []*Code) *MemoRun {
	if len(stmts) == 0 {
		return nil
	}
	r := &MemoRun{First: stmts[0], Last: stmts[len(stmts)-1]}
	costly := false
	seen := map[*types.Var]bool{}
	for _, c := range stmts {
		ast.Inspect(c.Stmt, func(m ast.Node) bool {
			costly = costly || f.costly(m) && f.readsVarying(m)
			return true
		})
		for _, v := range f.memoReads(c.Stmt) {
			if !seen[v] && f.Vars[v].Class != Uniform {
				if !f.exactType(v.Type()) {
					return nil
				}
				r.Inputs = append(r.Inputs, v)
			}
			seen[v] = true
		}
		a, _ := c.Stmt.(*ast.AssignStmt)
		for _, x := range assigned(c.Stmt) {
			v := f.localVar(x)
			if v == nil || slices.Contains(r.Outputs, v) {
				continue
			}
			seen[v] = true
			r.Outputs = append(r.Outputs, v)
			if a != nil && a.Tok == token.DEFINE && f.Src.Info.Defs[identOf(x)] == v {
				r.Defined = append(r.Defined, v)
			}
		}
	}
	if !costly || len(r.Inputs) == 0 {
		return nil // a lane's computation is no dearer than its test
	}
	return r
}

// readsVarying reports whether n reads a local variable that is not
// uniform: a computation the same in every lane is Go's to hoist.
func (f *Func) readsVarying(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && f.Vars[v] != nil && f.Vars[v].Class != Uniform {
				found = true
			}
		}
		return !found
	})
	return found
}

// memoReads returns the local variables s reads, in order: its operands'
// and, for an operation in place (x += y, x++), the variable's.
func (f *Func) memoReads(s ast.Stmt) []*types.Var {
	var out []*types.Var
	add := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && f.Vars[v] != nil {
					out = append(out, v)
				}
			}
			return true
		})
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, x := range s.Rhs {
			add(x)
		}
		if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			add(s.Lhs[0])
		}
	case *ast.IncDecStmt:
		add(s.X)
	}
	return out
}

// costly reports whether n costs more than a lane's comparison of its
// inputs: a division or remainder, or a call other than a conversion or
// a builtin.
func (f *Func) costly(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		return n.Op == token.QUO || n.Op == token.REM
	case *ast.AssignStmt:
		return n.Tok == token.QUO_ASSIGN || n.Tok == token.REM_ASSIGN
	case *ast.CallExpr:
		tv := f.Src.Info.Types[n.Fun]
		return !tv.IsType() && !tv.IsBuiltin()
	}
	return false
}

// exactType reports whether values of type t compare for a memo run: a
// boolean, an integer or a float (by its bits, compiled.Same32), not a
// type parameter.
func (f *Func) exactType(t types.Type) bool {
	b, ok := f.substType(t).Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) != 0 && b.Info()&types.IsComplex == 0
}
