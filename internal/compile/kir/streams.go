package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// streams is the pass that reorders the loads of a thread loop whose
// first statement reads one slice at the thread's index and a block-wide
// distance further, as Harris's reductions 4 to 6 load their elements:
//
//	sdata[tid] = at(in, i) + at(in, i+t.BlockDim.X)
//
// Run as written, a block reads two streams alternately, each as long as
// the block, and the next block's a little further on; the CPU's
// prefetchers follow that far more slowly than one stream (a sum in
// Harris's read order against one read a block's half at a time:
// BenchmarkReducePattern). The pass computes the statement's
// first operand for every thread of the block first (Ahead), into a
// variable of its own that the spill pass keeps per thread, then runs the
// loop with that operand read from it (Rest): memory is read a whole half
// at a time, in ascending order.
//
// The threads of a loop between barriers have no order to keep but a
// panicking thread's: the failure reported is the first in the block's
// order. Ahead runs first for every thread, so a thread whose first
// operand fails would fail before an earlier thread's second operand or
// store. Where Ahead fails, the block therefore runs the loop as written
// (Whole), which meets the failure the runtime path does; Ahead changes
// nothing but its own variable, so running the loop again is the loop.
// The operands must be pure (no thread sees another's), and read only
// uniform values and the thread's index, so that Ahead needs nothing the
// loop computes.
func streams(f *Func) {
	if !f.hasShared() {
		return // a grid body runs its chunk's blocks as rows: their streams run on
	}
	f.Body = f.streamList(f.Body)
}

// A Streamed is a thread loop the streams pass reordered: Ahead, then
// Rest where Ahead did not fail, and Whole, the loop as written, where it
// did.
type Streamed struct {
	Ahead, Rest, Whole *ThreadLoop
}

func (*Streamed) node() {}

// nodes returns the loops of a Streamed, for the walks of the passes.
func (s *Streamed) nodes() []Node { return []Node{s.Ahead, s.Rest, s.Whole} }

// streamList returns nodes with each thread loop streams takes in a
// Streamed, in the lists inside nodes too.
func (f *Func) streamList(nodes []Node) []Node {
	var out []Node
	for _, n := range nodes {
		switch n := n.(type) {
		case *If:
			n.Then, n.Else = f.streamList(n.Then), f.streamList(n.Else)
		case *For, *Range, *Scope:
			setChildren(n, f.streamList(children(n)[0]))
		case *ThreadLoop:
			if s := f.streamed(n); s != nil {
				out = append(out, s)
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// streamed returns the Streamed form of l where the pass takes it, or nil.
func (f *Func) streamed(l *ThreadLoop) *Streamed {
	if l.Reduce != nil || len(l.Body) == 0 || f.lockstep(l) != nil || f.threadReturns(l) {
		return nil
	}
	if k := f.streamPrefix(l); k > 0 {
		ahead, rest := make([]Node, k), make([]Node, len(l.Body)-k)
		for i, n := range l.Body {
			if c := (&Code{Stmt: n.(*Code).Stmt}); i < k {
				ahead[i] = c
			} else {
				rest[i-k] = c
			}
		}
		return &Streamed{Ahead: f.newLoop(ahead, nil), Rest: f.newLoop(rest, nil), Whole: l}
	}
	s := l.Body[0].(*Code).Stmt
	x := f.streamOperands(s)
	if x == nil {
		return nil
	}
	typ := f.Src.Info.TypeOf(x)
	if b, ok := typ.(*types.Basic); typ == nil || ok && b.Info()&types.IsUntyped != 0 {
		return nil // a constant's operand: nothing to load
	}
	v := types.NewVar(x.Pos(), f.Src.Pkg, "ahead", typ)
	f.addVar(v)
	f.Vars[v].Class = Varying
	if f.aheadTemps == nil {
		f.aheadTemps = map[*types.Var]*Streamed{}
	}
	none := &instance{objs: map[types.Object]types.Object{}}
	ahead := f.declare(v, f.copyNode(x, none, nil).(ast.Expr), x.Pos())
	rest := f.copyNode(s, none, func(n ast.Node) (ast.Node, bool) {
		if n == x {
			return f.ident(v, x.Pos()), true
		}
		return nil, false
	}).(ast.Stmt)
	body := []Node{&Code{Stmt: rest}}
	for _, n := range l.Body[1:] {
		body = append(body, &Code{Stmt: n.(*Code).Stmt})
	}
	st := &Streamed{Ahead: f.newLoop([]Node{&Code{Stmt: ahead}}, nil), Rest: f.newLoop(body, nil), Whole: l}
	f.aheadTemps[v] = st
	return st
}

// streamOperands returns the first operand of s's value where s assigns
// one variable or element the value of a binary operation whose operands
// read one slice in two streams (streamPair), or nil.
func (f *Func) streamOperands(s ast.Stmt) ast.Expr {
	dst, value := copyOperands(s)
	if value == nil {
		return nil
	}
	if _, assign := s.(*ast.AssignStmt); assign && !f.readsOnly(dst, 0) {
		return nil // an index on the left evaluated before the operands must change nothing they read
	}
	b, ok := ast.Unparen(value).(*ast.BinaryExpr)
	if !ok || b.Op == token.LAND || b.Op == token.LOR || !f.streamPair(b.X, b.Y) {
		return nil
	}
	return b.X
}

// streamPair reports whether x reads a uniform slice at an index that
// depends on the thread and y reads it at that index plus a uniform value
// that is not a constant (a block's extent, not a neighbour), neither
// changing anything.
func (f *Func) streamPair(x, y ast.Expr) bool {
	if !f.readsOnly(x, 0) || !f.readsOnly(y, 0) {
		return false
	}
	sx, ix := f.streamRead(x)
	sy, iy := f.streamRead(y)
	return sx != nil && sx == sy && !f.pure(ix, f.isUniform, false) && f.further(ix, iy, nil)
}

// streamPrefix returns k where the first k statements of l's code may
// run ahead (aheadStmt) and read a slice at an index that depends on the
// thread, and the next statement reads it a uniform distance further that
// is not a constant (the CUDA samples' reduce3: mySum = g_idata[i], then
// mySum += g_idata[i+blockDim.x]); or 0.
func (f *Func) streamPrefix(l *ThreadLoop) int {
	declared, defs := map[*types.Var]bool{}, f.steadyDefs(l.Body)
	var reads []sliceAt
	for k, n := range l.Body {
		s := n.(*Code).Stmt
		if len(reads) > 0 && f.readsFurther(s, reads, defs) {
			return k
		}
		if !f.aheadStmt(s, declared, 0) {
			return 0
		}
		ast.Inspect(s, func(m ast.Node) bool {
			if e, ok := m.(ast.Expr); ok {
				if sl, i := f.streamRead(e); sl != nil && !f.pure(i, f.isUniform, false) {
					reads = append(reads, sliceAt{sl, i})
				}
			}
			return true
		})
	}
	return 0
}

// A sliceAt is a read of a slice variable at an index.
type sliceAt struct {
	s *types.Var
	i ast.Expr
}

// readsFurther reports whether s reads one of reads' slices at its index
// plus a uniform value that is not a constant.
func (f *Func) readsFurther(s ast.Stmt, reads []sliceAt, defs map[*types.Var]ast.Expr) bool {
	found := false
	ast.Inspect(s, func(m ast.Node) bool {
		e, ok := m.(ast.Expr)
		if !ok || found {
			return !found
		}
		sl, iy := f.streamRead(e)
		for _, r := range reads {
			if sl != nil && r.s == sl && f.further(r.i, iy, defs) {
				found = true
			}
		}
		return !found
	})
	return found
}

// further reports whether iy is ix plus a uniform value that is not a
// constant (a block's extent, not a neighbour), by the index facts: iy -
// ix, like terms added up, names no thread index and adds every term of a
// uniform value, of which it has one. defs are the loop's definitions the
// indexes may read through (j := i + blockDim.x).
func (f *Func) further(ix, iy ast.Expr, defs map[*types.Var]ast.Expr) bool {
	lx, ok := f.linearOf(ix, "X", defs)
	if !ok {
		return false
	}
	ly, ok := f.linearOf(iy, "X", defs)
	if !ok {
		return false
	}
	factor, rest := ly.minus(lx).split()
	if len(factor) > 0 {
		return false
	}
	uniform := false
	for _, t := range rest {
		if len(t.us) > 0 && t.c < 0 {
			return false
		}
		uniform = uniform || len(t.us) > 0
	}
	return uniform
}

// steadyDefs returns the definitions of body's code the index facts may
// read through: variables defined once by :=, never changed, from values
// the loop does not change (uniform and remat variables alone).
func (f *Func) steadyDefs(body []Node) map[*types.Var]ast.Expr {
	var list []ast.Stmt
	for _, n := range body {
		list = append(list, n.(*Code).Stmt)
	}
	defs := f.bodyDefs(&ast.BlockStmt{List: list})
	steady := func(v *types.Var) bool {
		return f.Vars[v] != nil && (f.Vars[v].Class == Uniform || f.Vars[v].Class == Remat)
	}
	for v, e := range defs {
		if !f.pure(e, steady, false) {
			delete(defs, v)
		}
	}
	return defs
}

// aheadStmt reports whether s may run ahead of the rest of its loop for
// every thread and run again where that fails: it changes nothing but
// variables declared by the statements before it or by itself (declared,
// to which it adds its own), so that running it again starts it afresh,
// and its expressions change nothing (readsOnly; depth bounds the chain
// of helpers). No loops: it ends. A helper's body is read the same way
// (readOnlyHelper), with its returns; a thread loop's code has none
// (streamed).
func (f *Func) aheadStmt(s ast.Stmt, declared map[*types.Var]bool, depth int) bool {
	info := f.Src.Info
	switch s := s.(type) {
	case nil:
		return true
	case *ast.ReturnStmt:
		return f.allReadOnly(s.Results, depth)
	case *ast.DeclStmt:
		gd := s.Decl.(*ast.GenDecl)
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok || !f.allReadOnly(vs.Values, depth) {
				return false
			}
			for _, id := range vs.Names {
				if v, ok := info.Defs[id].(*types.Var); ok {
					declared[v] = true
				}
			}
		}
		return gd.Tok == token.VAR
	case *ast.AssignStmt:
		if !f.allReadOnly(s.Rhs, depth) {
			return false
		}
		for _, l := range s.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				return false
			}
			if v, ok := info.Defs[id].(*types.Var); ok && s.Tok == token.DEFINE {
				declared[v] = true
			} else if v, ok := info.Uses[id].(*types.Var); id.Name != "_" && (!ok || !declared[v]) {
				return false
			}
		}
		return true
	case *ast.IncDecStmt:
		id, ok := s.X.(*ast.Ident)
		v, isVar := info.Uses[id].(*types.Var)
		return ok && isVar && declared[v]
	case *ast.IfStmt:
		return f.aheadStmt(s.Init, declared, depth) && f.readsOnly(s.Cond, depth) &&
			f.aheadStmt(s.Body, declared, depth) && f.aheadStmt(s.Else, declared, depth)
	case *ast.BlockStmt:
		for _, x := range s.List {
			if !f.aheadStmt(x, declared, depth) {
				return false
			}
		}
		return true
	}
	return false
}

// readsOnly reports whether evaluating e changes nothing: no call but
// conversions, pure builtins, the kernel API's values, package math's
// functions and helpers of the package that change nothing either
// (readOnlyHelper; depth bounds the chain), no address taken, no function
// literal. It may read memory, and panic.
func (f *Func) readsOnly(e ast.Expr, depth int) bool {
	info := f.Src.Info
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.AND && n.Op != token.ARROW
		case *ast.CallExpr:
			tv := info.Types[n.Fun]
			switch fn := typeutil.Callee(info, n).(type) {
			case *types.Builtin:
				ok = ok && pureBuiltin(fn.Name())
			case *types.Func:
				en, isAPI := f.entry(n)
				switch {
				case isAPI:
					ok = ok && (en.Kind == kapi.Index || en.Kind == kapi.Uniform)
				case fn.Pkg() != nil && pureFuncPkgs[fn.Pkg().Path()]:
				default:
					ok = ok && f.readOnlyHelper(fn, depth+1)
				}
			default:
				ok = ok && tv.IsType()
			}
		}
		return ok
	})
	return ok
}

// readOnlyHelper reports whether fn, a function of the kernel's package,
// changes nothing: no receiver, and a body that could run ahead
// (aheadStmt) assigning only variables it declares.
func (f *Func) readOnlyHelper(fn *types.Func, depth int) bool {
	d := f.declOf(fn)
	if depth > 4 || d == nil || d.Recv != nil {
		return false
	}
	return f.aheadStmt(d.Body, map[*types.Var]bool{}, depth)
}

func (f *Func) allReadOnly(list []ast.Expr, depth int) bool {
	for _, e := range list {
		if !f.readsOnly(e, depth) {
			return false
		}
	}
	return true
}

// streamRead returns the slice and index of e where e is an element of a
// uniform slice variable, s[i], or a call of a function of the package
// with such a slice and an integer among its arguments, at(s, i): the
// slice and its first integer argument.
func (f *Func) streamRead(e ast.Expr) (*types.Var, ast.Expr) {
	info := f.Src.Info
	sliceVar := func(x ast.Expr) *types.Var {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return nil
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || !f.isUniform(v) {
			return nil
		}
		if _, ok := v.Type().Underlying().(*types.Slice); !ok {
			return nil
		}
		return v
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		if s := sliceVar(e.X); s != nil {
			return s, e.Index
		}
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		if !ok {
			return nil, nil
		}
		if fn, ok := info.Uses[id].(*types.Func); !ok || fn.Pkg() != f.Src.Pkg {
			return nil, nil
		}
		var s *types.Var
		var index ast.Expr
		for _, a := range e.Args {
			if v := sliceVar(a); v != nil {
				if s != nil {
					return nil, nil // two slices: which it reads is not known
				}
				s = v
			} else if t := info.TypeOf(a); t != nil && isInteger(t) && index == nil {
				index = a
			}
		}
		if s != nil && index != nil {
			return s, index
		}
	}
	return nil, nil
}
