package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A twin keeps a thread's accumulators in one vector, so a thread's run
// waits on that vector's additions one after another: in the
// coarsened reduction, one core then adds eight floats per addition's
// latency, below what memory delivers. Two threads' runs interleaved
// give two independent chains, and the results stay bit for bit the
// scalar form's, each thread adding in its own order. The slpjam pass
// finds lockstep loops whose threads each add a twin helper's result to
// a variable kept across a sync point (v += sum(in[lo:hi])); the SIMD
// build holds each call until the thread slpJamWindow calls later calls
// too, then runs the two as one (emit_slpjam.go). Pairing threads a
// window apart, not neighbours, keeps each of the two chains reading
// memory where its last call stopped, where the prefetchers already
// are: neighbouring threads' runs, read at once, ran at half the speed.
// A held call cannot fail nor change memory (the helper's body is
// checked for both), so holding it changes nothing another thread can
// see; threads of a region are unordered, so running two together is an
// order CUDA allows.

// slpJamWindow is how many threads apart the calls a jam pairs are.
const slpJamWindow = 32

// slpJamTrips is the fewest trips of its loop a call must have to be
// held for a partner; a shorter one runs at once. Pairs of short runs
// cost more than they gain, pairs of long ones gain (BenchmarkReduce's
// coarsenedCompiled in the SIMD build, at several run lengths).
const slpJamTrips = 128

// An SlpJamCall is a lockstep loop's statement v += h(args), h a helper
// the SIMD build calls a twin of, which that build runs two threads at
// a time.
type SlpJamCall struct {
	Stmt *ast.AssignStmt
	Call *ast.CallExpr
	Var  *types.Var // v, kept per thread across a sync point
}

// slpjam gives the lockstep loops whose trips only add a twin helper's
// result to a variable kept per thread their SlpJamCall.
func slpjam(f *Func) {
	if f.Src.NoTwins || f.Exits {
		return
	}
	Walk(f.Body, func(n Node) {
		l, ok := n.(*ThreadLoop)
		if !ok || l.Tile != nil || l.Jam != nil {
			return
		}
		s := f.lockstep(l)
		if s == nil || !s.Chunk || f.GridStride == l {
			return
		}
		fs := l.Body[0].(*Code).Stmt.(*ast.ForStmt)
		if len(fs.Body.List) != 1 {
			return
		}
		l.SlpJam = f.slpJamOf(fs.Body.List[0])
	})
}

// slpJamOf returns st as an SlpJamCall, or nil.
func (f *Func) slpJamOf(st ast.Stmt) *SlpJamCall {
	a, ok := st.(*ast.AssignStmt)
	if !ok || a.Tok != token.ADD_ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return nil
	}
	v, _ := f.Src.Info.ObjectOf(identOf(a.Lhs[0])).(*types.Var)
	call, _ := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
	if v == nil || call == nil || call.Ellipsis.IsValid() || f.SLPCalls[call] == nil {
		return nil
	}
	if kv := f.Vars[v]; kv == nil || !kv.Spill || kv.InPlace {
		return nil
	}
	if !f.allReadOnly(call.Args, 0) {
		return nil // evaluating them could change what a held call reads
	}
	return &SlpJamCall{Stmt: a, Call: call, Var: v}
}

// pairLoop returns the loop of t's helper whose groups run as vectors
// where the SIMD build may run two calls of t as one (emitTwinPair), or
// nil: the helper returns one value, at its end only; that loop, a for
// statement, is its only loop with groups and one of its top-level
// statements; and its body cannot fail and assigns only its own
// variables.
func (f *Func) pairLoop(t *Twin) *ast.ForStmt {
	d := t.Decl
	list := d.Body.List
	sig, _ := f.Src.Info.Defs[d.Name].(*types.Func)
	if sig == nil || sig.Signature().Results().Len() != 1 || sig.Signature().Variadic() || len(list) == 0 || len(t.loops) != 1 {
		return nil
	}
	for _, fld := range d.Type.Params.List {
		if len(fld.Names) == 0 || slices.ContainsFunc(fld.Names, func(id *ast.Ident) bool { return id.Name == "_" }) {
			return nil // the jam holds the arguments by their names
		}
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 || returnsIn(list[:len(list)-1]) {
		return nil
	}
	var loop *ast.ForStmt
	for _, st := range list {
		if fs, ok := st.(*ast.ForStmt); ok && t.loops[fs] != nil {
			loop = fs
		}
	}
	s := &jamSafety{f: f, rest: list, local: map[*types.Var]bool{}}
	if loop == nil || !assignsNames(d) || !s.safeList(list[:len(list)-1], false, true) || !s.safeExpr(ret.Results[0]) {
		return nil
	}
	if x, _ := f.pairBound(t.Decl, loop); x == nil {
		return nil
	}
	return loop
}

// pairBound returns x and c where loop's condition is len(x) >= c for a
// parameter x of d: a call's trips are about len(x)/c.
func (f *Func) pairBound(d *ast.FuncDecl, loop *ast.ForStmt) (*types.Var, int64) {
	x, c, ok := (&jamSafety{f: f}).lenBound(loop.Cond)
	if !ok || c <= 0 || x.Pos() < d.Type.Params.Pos() || x.Pos() >= d.Type.Params.End() {
		return nil, 0
	}
	return x, c
}

// assignsNames reports whether every assignment of d's body assigns a
// variable, no element, field or pointer's target: with the jam's
// safety check (which admits only d's own variables, no address taken
// and no call but builtins and conversions), d keeps to itself.
func assignsNames(d *ast.FuncDecl) bool {
	ok := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, x := range n.Lhs {
				_, isIdent := ast.Unparen(x).(*ast.Ident)
				ok = ok && isIdent
			}
		case *ast.IncDecStmt:
			_, isIdent := ast.Unparen(n.X).(*ast.Ident)
			ok = ok && isIdent
		}
		return ok
	})
	return ok
}
