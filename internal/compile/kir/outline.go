package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// outline is the pass that chooses the thread loops to write as a
// function literal passed to compiled.OutOfLine, which Go never inlines
// (ThreadLoop.Outline): those whose threads each run a loop of their
// own. In the body's function, the block-level values live across such
// a loop (scratch slices, tiles, the kernel's parameters, the counters
// of the loops around it) fill the registers, and Go's register allocator keeps them there and spills the
// inner loop's counter instead, which then goes through memory on every
// trip (BenchmarkNBody's tiled, against the same loop written by hand,
// shows it). In a literal of its own the loop is
// allocated with the values it names alone.
//
// A literal returns for itself, so a loop whose threads' code may
// return from the body (a loop that checks for a stopped launch) stays
// in place; so do the loops other passes write in forms of their own
// (lockstep, tiles, reductions, jams, copies). A literal called in place
// would not do: Go inlines a literal called once up to ten times its
// usual budget, which puts the loop back in the body.
func outline(f *Func) {
	sized := f.sizedShared()
	Walk(f.Body, func(n Node) {
		if l, ok := n.(*ThreadLoop); ok && f.outlinable(l) {
			l.Outline = &Outline{Sized: sizedIn(f, l, sized)}
		}
	})
}

// An Outline is what the literal of an outlined thread loop declares
// first: the shared slices of a constant length it names, resliced to
// that length (Sized: the variable and its length's value), since the
// literal's captured slices no longer tell Go's bounds-check
// elimination how long they are. Its scratch arrays are resliced to the
// block's length likewise.
type Outline struct {
	Sized []SizedSlice
}

// A SizedSlice is a shared slice declared with a constant length.
type SizedSlice struct {
	Var *types.Var
	Len string // the length's value, as Go writes the constant
}

// sizedShared returns the block-level variables declared as a Shared
// slice of a constant length (v := gocuda.Shared[T](t, 16)), with that
// length.
func (f *Func) sizedShared() map[*types.Var]string {
	sized := map[*types.Var]string{}
	Walk(f.Body, func(n Node) {
		c, ok := n.(*Code)
		if !ok {
			return
		}
		as, ok := c.Stmt.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		id, named := as.Lhs[0].(*ast.Ident)
		if !ok || !named || len(call.Args) != 2 || !f.isSharedCall(call) {
			return
		}
		v, _ := f.Src.Info.Defs[id].(*types.Var)
		if n := f.Src.Info.Types[call.Args[1]].Value; v != nil && n != nil && f.Vars[v] != nil {
			sized[v] = n.ExactString()
		}
	})
	return sized
}

// sizedIn returns the variables of sized that thread loop l names, in
// the order of their declarations.
func sizedIn(f *Func, l *ThreadLoop, sized map[*types.Var]string) []SizedSlice {
	named := map[*types.Var]bool{}
	Walk(l.Body, func(n Node) {
		if c, ok := n.(*Code); ok {
			ast.Inspect(c.Stmt, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && sized[v] != "" {
						named[v] = true
					}
				}
				return true
			})
		}
	})
	var out []SizedSlice
	for _, v := range sortedVars(f, named) {
		out = append(out, SizedSlice{Var: v, Len: sized[v]})
	}
	return out
}

// outlinable reports whether thread loop l may run in a literal, and gains
// from it: its code holds a loop that is not written as copies, and
// nothing in it returns from the body.
func (f *Func) outlinable(l *ThreadLoop) bool {
	if l.Reduce != nil || l.Tile != nil || l.Jam != nil || l.SlpJam != nil || l.Copy != nil || f.lockstep(l) != nil {
		return false
	}
	loops, stops := false, false
	for _, n := range l.Body {
		c, ok := n.(*Code)
		if !ok {
			return false
		}
		ast.Inspect(c.Stmt, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false // its loops run where it is called
			case *ast.ForStmt:
				_, copied := f.Unroll[m]
				loops = loops || !copied
			case *ast.RangeStmt:
				_, copied := f.Unroll[m]
				loops = loops || !copied
			}
			if m != nil && f.Stops[m] {
				stops = true
			}
			return true
		})
	}
	return loops && !stops
}
