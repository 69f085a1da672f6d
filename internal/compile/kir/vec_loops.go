package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math"
)

// The loops of a thread's code in a vector step: those whose header is
// the same for every thread run as they are (or as copies, where the
// unroll pass chose); those whose lanes leave at different trips run
// masked (vec_mask.go).

// forStmt translates a loop whose header is the same for every thread,
// or, masked, one whose lanes leave it at different trips.
func (v *vectorizer) forStmt(s *ast.ForStmt) {
	if v.unrolled(s, s.Body) {
		return
	}
	if v.maskLoops[s] {
		v.maskLoop(s, s.Init, s.Cond, s.Post, s.Body, func(body *ast.BlockStmt) ast.Stmt { return &ast.ForStmt{Body: body} })
		return
	}
	outer := v.out
	var inner []ast.Stmt
	v.out = &inner
	v.depth++
	defer func() { v.depth-- }()
	if s.Init != nil {
		v.noBlank = true
		v.stmt(s.Init)
		v.noBlank = false
	}
	out := &ast.ForStmt{}
	if len(inner) > 1 {
		v.fail()
	}
	if s.Cond != nil {
		init := len(inner)
		cond := v.expr(s.Cond)
		if cond.shape != vUniform || len(inner) > init {
			// lanes leave at different trips, or the condition needs
			// statements each trip: the masked form evaluates it there
			v.maskLoops[s] = true
			v.retry = true
			inner = inner[:init]
		}
		out.Cond = cond.x
	}
	vl := &vloop{stmt: s, masks: len(v.masks)}
	v.loopStack = append(v.loopStack, vl)
	defer func() { v.loopStack = v.loopStack[:len(v.loopStack)-1] }()
	if s.Post != nil {
		var post []ast.Stmt
		v.out = &post
		v.stmt(s.Post)
		if len(post) != 1 {
			v.fail()
		}
		out.Post = post[0]
	}
	if len(inner) == 1 {
		vl.window = v.counted(s, inner[0], out.Cond, out.Post)
	}
	v.out = outer
	out.Body = &ast.BlockStmt{List: append(v.stopCheck(s), v.list(s.Body.List)...)}
	if len(inner) == 1 {
		out.Init = inner[0]
	}
	v.emit(v.windowed(out, out.Body, vl.window))
}

// rangeStmt translates a range loop over a value the same for every
// thread; masked where lanes leave it at different trips.
func (v *vectorizer) rangeStmt(s *ast.RangeStmt) {
	if v.unrolled(s, s.Body) {
		return
	}
	x := v.expr(s.X)
	if x.shape != vUniform {
		v.fail()
	}
	out := &ast.RangeStmt{Tok: s.Tok, X: x.x}
	v.depth++
	defer func() { v.depth-- }()
	if v.maskLoops[s] {
		v.level++ // the key and value are the loop's
		defer func() { v.level-- }()
	}
	for i, e := range []ast.Expr{s.Key, s.Value} {
		if e == nil {
			continue
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			v.fail()
		}
		name := id.Name
		if obj, isVar := v.f.Src.Info.ObjectOf(id).(*types.Var); isVar && id.Name != "_" {
			if s.Tok == token.DEFINE {
				v.env[obj] = &vbind{name: v.nameOf(obj), shape: vUniform, seq: v.seqHere(), level: v.level}
			} else if b := v.env[obj]; b == nil || b.shape != vUniform || b.level < v.level {
				v.fail()
			} else {
				b.assigns++
			}
			name = v.env[obj].name
		}
		if i == 0 {
			out.Key = ast.NewIdent(name)
		} else {
			out.Value = ast.NewIdent(name)
		}
	}
	var used []ast.Stmt // the key and value, which the translated body may no longer read
	for _, e := range []ast.Expr{out.Key, out.Value} {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" && s.Tok == token.DEFINE {
			used = append(used, blank(id.Name))
		}
	}
	if v.maskLoops[s] {
		v.maskLoop(s, nil, nil, nil, s.Body, func(body *ast.BlockStmt) ast.Stmt {
			out.Body = &ast.BlockStmt{List: append(used, body.List...)}
			return out
		})
		return
	}
	vl := &vloop{stmt: s, masks: len(v.masks), window: v.rangeCounted(s, out)}
	v.loopStack = append(v.loopStack, vl)
	defer func() { v.loopStack = v.loopStack[:len(v.loopStack)-1] }()
	out.Body = &ast.BlockStmt{List: append(append(used, v.stopCheck(s)...), v.list(s.Body.List)...)}
	v.emit(v.windowed(out, out.Body, vl.window))
}

// stopCheck returns, for a loop the stops pass picked, the check for a
// stopped launch that begins each trip, as in the scalar form.
func (v *vectorizer) stopCheck(s ast.Stmt) []ast.Stmt {
	if !v.f.Stops[s] {
		return nil
	}
	b := "gc_b"
	if v.e != nil {
		b = v.e.name["b"]
	}
	return stopCheck(b)
}

// tickStop returns stopCheck's statements as text, for the emitter's
// loops written as text.
func (e *emitter) tickStop() string {
	b := e.name["b"]
	return fmt.Sprintf("%s.Tick()\nif %s.Stopped() {\nreturn\n}\n", b, b)
}

// stopCheck returns the statements that begin each trip of a loop that
// might not end: b.Tick(), which now and then yields the processor, and
// if b.Stopped() { return }.
func stopCheck(b string) []ast.Stmt {
	call := func(name string) *ast.CallExpr {
		return &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(b), Sel: ast.NewIdent(name)}}
	}
	return []ast.Stmt{&ast.ExprStmt{X: call("Tick")},
		&ast.IfStmt{Cond: call("Stopped"), Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{}}}}}
}

// unrolled writes a loop the unroll pass chose as copies of its body,
// its key a constant in each, and reports whether it did.
func (v *vectorizer) unrolled(s ast.Stmt, body *ast.BlockStmt) bool {
	if _, ok := v.f.Unroll[s]; !ok {
		return false
	}
	key, from, to, _ := v.f.constantTrips(s)
	v.depth++
	defer func() { v.depth-- }()
	for k := from; k < to; k++ {
		if key != nil {
			v.env[key] = &vbind{name: key.Name(), x: v.trip(k, key.Type()), seq: math.MaxInt}
		}
		v.emit(&ast.BlockStmt{List: v.list(body.List)})
	}
	return true
}

// trip writes trip k of an unrolled loop whose counter has type t: a
// variable's value, as in the kernel (compiled.Trip), so that the
// expressions it is in stay non-constant.
func (v *vectorizer) trip(k int64, t types.Type) ast.Expr {
	b, ok := t.(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return intLit(k)
	}
	x := ast.Expr(&ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent("Trip")}, Args: []ast.Expr{intLit(k)}})
	if b.Kind() != types.Int {
		x = &ast.CallExpr{Fun: ast.NewIdent(b.Name()), Args: []ast.Expr{x}}
	}
	return x
}
