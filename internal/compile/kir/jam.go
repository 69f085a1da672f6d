package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A thread that ends its code by calling a helper walking a run of its
// own (a coarsened scan's serial pass over its items: s += x; out[i] = s)
// waits on each addition's latency, one chain at a time: two cycles an
// element here, where the CPU could add four chains at once. The jam
// pass gives such a call a jam (unroll-and-jam across threads): four
// threads' calls run together, their loops interleaved trip by trip,
// each thread's operations in its own order, so results are bit for bit
// the scalar form's. The helper's body splits in two: its first
// statements, which may fail (out = out[:len(in)]), run at each thread's
// call as written, so that a failure names its thread; the rest, which
// cannot fail, runs once four threads have called, jammed
// (emit_jam.go), or alone for the last threads of the loop. Threads of a
// block run in another order than the scalar form's, which CUDA allows;
// only racy code sees it (docs/differences-from-cuda.md).

// jamLanes is the threads a jam interleaves.
const jamLanes = 4

// A Jam is a helper whose calls at the end of a thread's code run four
// threads at a time.
type Jam struct {
	Name  string        // gc_jam_ and the helper's name: the accumulating type; its functions add suffixes
	Decl  *ast.FuncDecl // the helper
	pre   []ast.Stmt    // the body's statements each call runs as written
	rest  []ast.Stmt    // the rest, which cannot fail: run jammed
	state []*types.Var  // the parameters and pre's variables, which rest reads
}

// jam gives the thread loops that end with a call of a jammable helper
// their jam (ThreadLoop.Jam), outside loops the SIMD build vectorizes.
func jam(f *Func) {
	if f.Src.NoTwins || f.Exits {
		return // the helper's functions would be declared by files of other builds too; a thread may leave early
	}
	Walk(f.Body, func(n Node) {
		l, ok := n.(*ThreadLoop)
		if !ok || l.Reduce != nil || l.Tile != nil || l.Quot != nil || f.Vector[l] || f.lockstep(l) != nil || len(l.Body) == 0 {
			return
		}
		c, ok := l.Body[len(l.Body)-1].(*Code)
		if !ok {
			return
		}
		es, ok := c.Stmt.(*ast.ExprStmt)
		if !ok {
			return
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok || f.SLPCalls[call] != nil {
			return
		}
		if j := f.jamFor(call); j != nil {
			l.Jam, l.Step = &JamCall{Call: call, Jam: j}, 1
		}
	})
}

// A JamCall is a thread loop's closing call of a jammed helper.
type JamCall struct {
	Call *ast.CallExpr
	Jam  *Jam
}

// Jams returns the jams f's bodies call, by name.
func (f *Func) Jams() []*Jam {
	var out []*Jam
	Walk(f.Body, func(n Node) {
		if l, ok := n.(*ThreadLoop); ok && l.Jam != nil && !slices.Contains(out, l.Jam.Jam) {
			out = append(out, l.Jam.Jam)
		}
	})
	slices.SortFunc(out, func(a, b *Jam) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// jamFor returns the jam of call's helper, or nil where it has none: a
// plain function of the kernel's package, with no results, that does
// not synchronize, whose body is simple statements then code that
// cannot fail holding a loop that carries a value from trip to trip.
func (f *Func) jamFor(call *ast.CallExpr) *Jam {
	if call.Ellipsis.IsValid() {
		return nil
	}
	fn, _ := typeutilCallee(f.Src.Info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	decl := f.declOf(fn)
	sig := fn.Signature()
	if decl == nil || decl.Recv != nil || decl.Body == nil || sig.Variadic() || sig.Results().Len() > 0 {
		return nil
	}
	if sig.TypeParams().Len() > 0 && len(f.typeArgs(call)) != sig.TypeParams().Len() {
		return nil
	}
	var state []*types.Var
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if _, isFunc := p.Type().Underlying().(*types.Signature); isFunc || threadLike(p.Type()) || p.Name() == "" || p.Name() == "_" {
			return nil
		}
		state = append(state, p)
	}
	if _, kind := f.callSync(call, map[*ast.FuncDecl]bool{}); kind != syncNone {
		return nil
	}
	return f.splitJam(decl, state)
}

// splitJam splits decl's body into the statements each call runs and
// the rest, run jammed: the longest tail that cannot fail, after simple
// statements. It returns nil where the tail holds no loop carrying a
// value.
func (f *Func) splitJam(decl *ast.FuncDecl, state []*types.Var) *Jam {
	list := decl.Body.List
	at := len(list)
	for at > 0 {
		s := &jamSafety{f: f, pre: list[:at-1], rest: list[at-1:]}
		if !s.safeList(list[at-1:], true, true) {
			break
		}
		at--
	}
	pre, rest := list[:at], list[at:]
	if len(rest) == 0 || !(&jamSafety{f: f, pre: pre, rest: rest}).safeList(rest, true, true) {
		return nil
	}
	for _, s := range pre {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, x := range s.Lhs {
					v, _ := f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var)
					if v == nil {
						return nil // _ := or a redefinition
					}
					state = append(state, v)
				}
			}
		case *ast.IncDecStmt:
		default:
			return nil // control, declarations, calls: the pre part is assignments only
		}
		if hasFuncLit(s) {
			return nil
		}
	}
	if !carriesChain(rest) {
		return nil
	}
	return &Jam{Name: "gc_jam_" + decl.Name.Name, Decl: decl, pre: pre, rest: rest, state: state}
}

// carriesChain reports whether list holds a loop whose body assigns a
// variable it does not declare: a value carried from trip to trip.
func carriesChain(list []ast.Stmt) bool {
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if body := loopBody(n); body != nil && carriedVars(body, true) > 0 {
				found = true
			}
			return !found
		})
	}
	return found
}

// hasFuncLit reports whether n holds a function literal.
func hasFuncLit(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok {
			found = true
		}
		return !found
	})
	return found
}
