package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A step is how far an index moves when the thread's x index, or a
// loop's trip, moves by one: not at all, to the next element (or the one
// before), or farther.
type step uint8

const (
	stepNone step = iota
	stepNext
	stepFar
)

// steps are an index's steps along the thread's x index and along a
// loop's trips.
type steps struct{ tx, trip step }

// interchangeEffects reports how running body trip by trip for the whole
// block changes the order it reads memory in: gain where some index into
// a slice takes the next element for the next thread but jumps from trip
// to trip, hurt where one takes the next element for the next trip but
// jumps from thread to thread (which the thread's own order already
// streams).
func (f *Func) interchangeEffects(body *ast.BlockStmt, p *types.Var) (gain, hurt bool) {
	defs := f.bodyDefs(body)
	ast.Inspect(body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok {
			return true
		}
		if _, isSlice := f.Src.Info.TypeOf(ix.X).Underlying().(*types.Slice); !isSlice {
			return true
		}
		s, ok := f.stepsOf(ix.Index, p, defs, 0)
		switch {
		case !ok:
		case s.tx == stepNext && s.trip == stepFar:
			gain = true
		case s.trip == stepNext && s.tx == stepFar:
			hurt = true
		}
		return true
	})
	return gain, hurt
}

// bodyDefs returns the variables body defines once, by :=, and never
// changes (nor takes the address of), with their values.
func (f *Func) bodyDefs(body *ast.BlockStmt) map[*types.Var]ast.Expr {
	defs, changed := map[*types.Var]ast.Expr{}, map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if v := f.localOf(ast.Unparen(u.X)); v != nil {
				changed[v] = true
			}
		}
		s, ok := n.(ast.Stmt)
		if !ok {
			return true
		}
		if a, ok := s.(*ast.AssignStmt); ok && a.Tok == token.DEFINE && len(a.Lhs) == len(a.Rhs) {
			for k, x := range a.Lhs { // ai, bi := a, b: each its own, the right sides read before
				if v := f.localOf(x); v != nil {
					defs[v] = a.Rhs[k]
				}
			}
			return true
		}
		for _, x := range assigned(s) {
			if v := f.localOf(x); v != nil {
				changed[v] = true
			}
		}
		return true
	})
	for v := range changed {
		delete(defs, v)
	}
	return defs
}

// stepsOf returns index e's steps along the thread's x index and loop
// variable p, following the remat variables and body definitions (defs)
// it reads, or false where e is not a sum of such terms and uniform
// multiples of them.
func (f *Func) stepsOf(e ast.Expr, p *types.Var, defs map[*types.Var]ast.Expr, depth int) (steps, bool) {
	if depth > 16 {
		return steps{}, false
	}
	e = ast.Unparen(e)
	info := f.Src.Info
	if tv := info.Types[e]; tv.Value != nil {
		return steps{}, true
	}
	if f.isThreadX(e) {
		return steps{tx: stepNext}, true
	}
	if id, ok := e.(*ast.Ident); ok {
		v, _ := info.ObjectOf(id).(*types.Var)
		switch {
		case v == p:
			return steps{trip: stepNext}, true
		case defs[v] != nil:
			return f.stepsOf(defs[v], p, defs, depth+1)
		case f.Vars[v] != nil && f.Vars[v].Class == Remat && defExpr(f.Vars[v]) != nil:
			return f.stepsOf(defExpr(f.Vars[v]), p, defs, depth+1)
		}
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		a, okA := f.stepsOf(x.X, p, defs, depth+1)
		b, okB := f.stepsOf(x.Y, p, defs, depth+1)
		if !okA || !okB {
			break
		}
		switch x.Op {
		case token.ADD, token.SUB:
			return steps{addStep(a.tx, b.tx), addStep(a.trip, b.trip)}, true
		case token.MUL:
			if a == (steps{}) {
				return scaled(b, x.X, info), true
			}
			if b == (steps{}) {
				return scaled(a, x.Y, info), true
			}
		case token.SHL:
			if b == (steps{}) && info.Types[x.Y].Value != nil {
				return scaled(a, nil, info), true
			}
		}
	case *ast.CallExpr:
		if tv := info.Types[x.Fun]; tv.IsType() && len(x.Args) == 1 {
			return f.stepsOf(x.Args[0], p, defs, depth+1)
		}
	}
	if f.pure(e, f.isUniform, false) && !f.readsVar(e, p) {
		return steps{}, true
	}
	return steps{}, false
}

// addStep is the step of a sum of two terms.
func addStep(a, b step) step {
	switch {
	case a == stepNone:
		return b
	case b == stepNone:
		return a
	}
	return stepFar
}

// scaled is the steps of s multiplied by factor k (nil for a shift by a
// constant): a constant 0 leaves none, a constant ±1 leaves them as they
// are, anything else makes them far.
func scaled(s steps, k ast.Expr, info *types.Info) steps {
	if k != nil {
		if tv := info.Types[k]; tv.Value != nil {
			if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
				switch v {
				case 0:
					return steps{}
				case 1, -1:
					return s
				}
			}
		}
	}
	far := func(x step) step {
		if x == stepNone {
			return stepNone
		}
		return stepFar
	}
	return steps{far(s.tx), far(s.trip)}
}

// readsVar reports whether e reads v.
func (f *Func) readsVar(e ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && f.Src.Info.ObjectOf(id) == v {
			found = true
		}
		return !found
	})
	return found
}
