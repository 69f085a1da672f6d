package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// A CPU programmer sums a run with several accumulators, one statement
// each (s0 += r[0]; s1 += r[1]; ...; s7 += r[7]), so that the additions
// do not wait on one another; a kernel calls such a helper once per run,
// so no thread loop of the vector pass holds it. Those statements are one
// vector operation on the accumulators held as lanes (superword-level
// parallelism, Larsen and Amarasinghe, PLDI 2000): lane k is accumulator
// k, and computes what its statement did, in the same order, so the
// results are bit for bit the scalar code's. The slp pass finds the
// calls of such helpers; for each set of type arguments the SIMD build
// writes a twin of the helper (emit_slp.go) whose loop keeps the
// accumulators in a vector, and the calls name the twin.

// slp records the calls of the body to helpers of the kernel's package
// that have a loop with a run of accumulator statements.
func slp(f *Func) {
	seen := map[*types.Func]bool{}
	Walk(f.Body, func(n Node) {
		c, ok := n.(*Code)
		if !ok {
			return
		}
		ast.Inspect(c.Stmt, func(m ast.Node) bool {
			call, ok := m.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := typeutilCallee(f.Src.Info, call).(*types.Func)
			if !ok {
				return true
			}
			fn = fn.Origin()
			d := f.Src.Decls[fn]
			if d == nil || d.Recv != nil || d.Body == nil {
				return true
			}
			if _, ok := seen[fn]; !ok {
				seen[fn] = hasAccumulatorRun(d.Body)
			}
			if seen[fn] {
				f.SLPCalls[call] = fn
				if !f.typeArgsOpen(call) && f.twinFor(call) == nil {
					delete(f.SLPCalls, call) // its types are known, and the helper has no twin for them
				}
			}
			return true
		})
	})
}

// callsTwins reports whether a call of f (with its specialization's
// types) names a twin.
func (f *Func) callsTwins() bool {
	for call := range f.SLPCalls {
		if f.twinFor(call) != nil {
			return true
		}
	}
	return false
}

// typeArgsOpen reports whether call's type arguments name a type
// parameter of the kernel: a specialization decides the twin.
func (f *Func) typeArgsOpen(call *ast.CallExpr) bool {
	for _, a := range f.typeArgs(call) {
		if _, basic := a.(*types.Basic); !basic {
			return true
		}
	}
	return false
}

// hasAccumulatorRun reports whether a loop of body holds four statements
// in a row that each assign an operation's result to a variable (s += x):
// a cheap look before the twins' analysis, which knows the types.
func hasAccumulatorRun(body *ast.BlockStmt) bool {
	found := false
	inspectLoops(body, func(b *ast.BlockStmt, _ ast.Stmt) {
		run := 0
		for _, s := range b.List {
			if _, ok := accumulatorStmt(s); ok {
				run++
				found = found || run >= 4
			} else {
				run = 0
			}
		}
	})
	return found
}

// inspectLoops calls fn for each block of body inside a loop, with the
// innermost loop around it, outside function literals.
func inspectLoops(body *ast.BlockStmt, fn func(*ast.BlockStmt, ast.Stmt)) {
	var loops []ast.Stmt
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n.(ast.Stmt))
			for _, c := range loopChildren(n.(ast.Stmt)) {
				ast.Inspect(c, visit)
			}
			loops = loops[:len(loops)-1]
			return false
		case *ast.BlockStmt:
			if len(loops) > 0 {
				fn(n, loops[len(loops)-1])
			}
		}
		return true
	}
	ast.Inspect(body, visit)
}

// loopChildren returns the parts of a for or range statement.
func loopChildren(s ast.Stmt) []ast.Node {
	var out []ast.Node
	add := func(n ast.Node) {
		if n != nil {
			out = append(out, n)
		}
	}
	switch s := s.(type) {
	case *ast.ForStmt:
		if s.Init != nil {
			add(s.Init)
		}
		if s.Cond != nil {
			add(s.Cond)
		}
		if s.Post != nil {
			add(s.Post)
		}
		add(s.Body)
	case *ast.RangeStmt:
		if s.Key != nil {
			add(s.Key)
		}
		if s.Value != nil {
			add(s.Value)
		}
		add(s.X)
		add(s.Body)
	}
	return out
}

// accumulatorStmt returns the operation of s when s is acc op= x with acc
// an identifier.
func accumulatorStmt(s ast.Stmt) (token.Token, bool) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return 0, false
	}
	if _, ok := as.Lhs[0].(*ast.Ident); !ok {
		return 0, false
	}
	switch as.Tok {
	case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN,
		token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN:
		return as.Tok, true
	}
	return 0, false
}

// A Twin is the SIMD build's copy of a helper for one set of type
// arguments, its groups of accumulator statements run as vectors.
type Twin struct {
	Name   string        // its name: gc_slp_, the helper's, the type arguments' count and names
	Decl   *ast.FuncDecl // the helper
	tsub   map[*types.TypeParam]types.Type
	loops  map[ast.Stmt][]*slpGroup       // the loops with groups, and theirs
	blocks map[*ast.BlockStmt][]*slpGroup // the same groups by the block holding them
}

// A slpGroup is w statements in a row, list[at:at+w] of a block, that
// each apply one operation with an expression of the same shape to their
// own accumulator, reading element c+k of the same slices (or the same
// values) in statement k.
type slpGroup struct {
	block *ast.BlockStmt
	at    int
	w     int
	accs  []*types.Var
	vt    string      // the vectors' archsimd type: Float32x8
	elem  types.Type  // the accumulators' type
	op    token.Token // the operation (token.ADD for +=)
	loads []slpLoad   // the slices the expression loads from, in order
}

// A slpLoad is a slice the group reads, one element further in each
// statement.
type slpLoad struct {
	x        *ast.IndexExpr // statement 0's index expression
	constant bool           // its index is the constant c
	c        int64
}

// twinSet holds the twins a Func's calls named, by helper and type
// arguments; nil where the helper has none for those arguments.
type twinSet struct {
	byKey map[string]*Twin
	list  []*Twin
}

// Twins returns the twins the SIMD build's bodies of f (and of its
// specializations) call, by name: the order the generated file writes
// them in, whatever order the calls named them in.
func (f *Func) Twins() []*Twin {
	return slices.SortedFunc(slices.Values(f.twins.list), func(a, b *Twin) int { return strings.Compare(a.Name, b.Name) })
}

// twinFor returns the twin the SIMD build calls in place of call, or nil.
func (f *Func) twinFor(call *ast.CallExpr) *Twin {
	fn := f.SLPCalls[call]
	if fn == nil || f.Src.NoTwins {
		return nil
	}
	d := f.Src.Decls[fn]
	targs := f.typeArgs(call)
	tsub := map[*types.TypeParam]types.Type{}
	// gc_slp_<helper>_<count>_<types>: the count of type arguments, which
	// no type's name is, tells helper names that end in a type's name
	// (f_int32 with none, f with int32) apart
	names := []string{"gc_slp_" + fn.Name(), strconv.Itoa(len(targs))}
	tps := fn.Type().(*types.Signature).TypeParams()
	if tps.Len() != len(targs) {
		return nil
	}
	for i, a := range targs {
		b, ok := f.substType(a).(*types.Basic)
		if !ok {
			return nil // a twin is not generic: its types are written out
		}
		tsub[tps.At(i)] = b
		names = append(names, b.Name())
	}
	name := strings.Join(names, "_")
	if t, ok := f.twins.byKey[name]; ok || f.Src.Taken != nil && f.Src.Taken(name) {
		return t // nil where the package declares the name itself
	}
	t := planTwin(f, d, tsub, name)
	f.twins.byKey[name] = t
	if t != nil {
		f.twins.list = append(f.twins.list, t)
	}
	return t
}

// planTwin finds the groups of d's loops under tsub, or returns nil where
// it has none that can run as vectors.
func planTwin(f *Func, d *ast.FuncDecl, tsub map[*types.TypeParam]types.Type, name string) *Twin {
	t := &Twin{Name: name, Decl: d, tsub: tsub, loops: map[ast.Stmt][]*slpGroup{}, blocks: map[*ast.BlockStmt][]*slpGroup{}}
	if hasDefer(d.Body) {
		return nil // a deferred function could read the accumulators a panic left in a vector
	}
	labeled := labeledLoops(d.Body)
	inspectLoops(d.Body, func(b *ast.BlockStmt, loop ast.Stmt) {
		if labeled[loop] {
			return
		}
		for i := 0; i < len(b.List); {
			if g := t.group(f, b, i); g != nil {
				t.loops[loop] = append(t.loops[loop], g)
				i += g.w
				continue
			}
			i++
		}
	})
	for loop, gs := range t.loops {
		if !groupsOwnAccumulators(f, d, loop, gs) {
			delete(t.loops, loop)
		}
	}
	for _, gs := range t.loops {
		for _, g := range gs {
			t.blocks[g.block] = append(t.blocks[g.block], g)
		}
	}
	if len(t.loops) == 0 {
		return nil
	}
	return t
}

func (t *Twin) typeOf(f *Func, e ast.Expr) types.Type {
	return substitute(f.substType(f.Src.Info.TypeOf(e)), func(tp *types.TypeParam) (types.Type, bool) {
		to, ok := t.tsub[tp]
		return to, ok
	})
}

// groupsOwnAccumulators reports whether a loop's groups may keep their
// accumulators in vectors for the whole loop: the loop names each only
// in its statement, no function literal of d names one or takes its
// address, and the loop leaves only by its condition or a break (no
// return, goto or labeled branch, which would skip the lanes' store
// back).
func groupsOwnAccumulators(f *Func, d *ast.FuncDecl, loop ast.Stmt, gs []*slpGroup) bool {
	accs := map[*types.Var]bool{}
	own := map[*ast.Ident]bool{}
	for _, g := range gs {
		for k, a := range g.accs {
			if accs[a] {
				return false // in two groups: two vectors would hold it
			}
			accs[a] = true
			own[g.block.List[g.at+k].(*ast.AssignStmt).Lhs[0].(*ast.Ident)] = true
		}
	}
	ok := true
	scope := f.Src.Pkg.Scope().Innermost(loop.Pos())
	for a := range accs {
		if a.Pos() >= loop.Pos() && a.Pos() < loop.End() {
			return false // declared in the loop: no value to carry in from before it
		}
		if scope == nil {
			return false
		}
		if _, found := scope.LookupParent(a.Name(), loop.Pos()); found != a {
			return false // another variable of its name is in scope at the loop
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt, *ast.LabeledStmt, *ast.GoStmt:
			ok = false
		case *ast.BranchStmt:
			ok = ok && n.Label == nil && n.Tok != token.GOTO && n.Tok != token.FALLTHROUGH
		case *ast.Ident:
			if v, isVar := f.Src.Info.Uses[n].(*types.Var); isVar && accs[v] && !own[n] {
				ok = false
			}
		}
		return ok
	})
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ast.Inspect(n, func(m ast.Node) bool {
				if id, isID := m.(*ast.Ident); isID && accs[usedVar(f, id)] {
					ok = false
				}
				return ok
			})
			return false
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND && accs[usedVar(f, id)] {
				ok = false
			}
		}
		return ok
	})
	return ok
}

func usedVar(f *Func, id *ast.Ident) *types.Var {
	v, _ := f.Src.Info.Uses[id].(*types.Var)
	return v
}

// hasDefer reports whether body defers a call.
func hasDefer(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		_, isDefer := n.(*ast.DeferStmt)
		found = found || isDefer
		return !found
	})
	return found
}

// labeledLoops returns the loops of body that carry a label.
func labeledLoops(body *ast.BlockStmt) map[ast.Stmt]bool {
	out := map[ast.Stmt]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			out[l.Stmt] = true
		}
		return true
	})
	return out
}
