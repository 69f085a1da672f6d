package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// The SIMD build's side of slpjam (in the jam pass) (slpjam.go). For a twin whose
// calls may run two at a time, EmitTwin also writes:
//
//	gc_slp_H_pair     both calls' bodies, the loop with groups as one
//	                  loop running both calls' trips while both run,
//	                  then each call's remaining trips
//	gc_slp_H_jam      the calls a loop's threads made, held until the
//	                  thread slpJamWindow later calls
//	gc_slp_H_add      a thread's call: held, or run with the held one
//	gc_slp_H_flush    the calls still held at the end of the loop, in
//	                  pairs
//
// A call held stores its result where the thread keeps its variable:
// gc_dst[gc_at] = gc_acc + result, gc_acc the variable's value at the
// call.

// A twinLane is one call's part of a pair: its variables are the
// helper's, named with the lane's prefix.
type twinLane struct {
	k    int
	decl *ast.FuncDecl
}

// name returns the lane's name of id, where id names a variable of the
// helper's own.
func (l *twinLane) name(f *Func, id *ast.Ident) (string, bool) {
	if l == nil {
		return "", false
	}
	v, ok := f.Src.Info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || id.Name == "_" || v.Pos() < l.decl.Pos() || v.Pos() >= l.decl.End() {
		return "", false
	}
	return l.prefix() + v.Name(), true
}

// prefix returns the prefix of the lane's names of the helper's
// variables.
func (l *twinLane) prefix() string { return fmt.Sprintf("gc_p%d_", l.k) }

// suffix returns the suffix of the lane's vectors and arrays, or "" for
// the twin's own, where l is nil.
func (l *twinLane) suffix() string {
	if l == nil {
		return ""
	}
	return fmt.Sprintf("_p%d", l.k)
}

// emitTwinPair writes the declarations that run two calls of t as one,
// loop its loop with groups (Func.pairLoop): the pair, and the state and
// functions of the calls' jam.
func emitTwinPair(f *Func, t *Twin, loop *ast.ForStmt) string {
	pm := newPosMap(f.Src.Fset)
	d := t.Decl
	var lanes [2]*twinEmitter
	var params []*ast.Field
	for k := range lanes {
		lanes[k] = newTwinEmitter(f, t, pm, &twinLane{k: k, decl: d})
		params = append(params, lanes[k].c.node(d.Type.Params).(*ast.FieldList).List...)
	}
	result := d.Type.Results.List[0].Type
	var body []ast.Stmt
	for _, st := range d.Body.List {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			body = append(body, &ast.ReturnStmt{Return: pm.at(st.Return),
				Results: []ast.Expr{lanes[0].c.expr(st.Results[0]), lanes[1].c.expr(st.Results[0])}})
		case *ast.ForStmt:
			if st == loop {
				body = append(body, pairLoops(lanes, loop)...)
				continue
			}
			body = append(body, lanes[0].c.stmt(st), lanes[1].c.stmt(st))
		default:
			body = append(body, lanes[0].c.stmt(st), lanes[1].c.stmt(st))
		}
	}
	pair := &ast.FuncDecl{Name: ast.NewIdent(t.Name + "_pair"), Type: &ast.FuncType{Func: pm.at(d.Type.Func),
		Params:  &ast.FieldList{List: params},
		Results: &ast.FieldList{List: []*ast.Field{{Type: lanes[0].c.expr(result)}, {Type: lanes[1].c.expr(result)}}}},
		Body: &ast.BlockStmt{List: body}}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// %s_pair runs two calls of %s as one, their loops\n// interleaved (gocuda compile's slpjam pass).\n", t.Name, t.Name)
	if err := sourcePrinter.Fprint(&b, pm.to, pair); err != nil {
		panic(err) // printing a well-formed tree does not fail
	}
	b.WriteString("\n\n")
	b.WriteString(slpJamState(f, t, loop, lanes[0], plainType(lanes[0].c.expr(result))))
	return b.String()
}

// pairLoops writes loop, the twin's loop with groups, for both lanes:
// each lane's vectors packed, one loop running both lanes' trips while
// both conditions hold, each lane's loop for its remaining trips, and
// the vectors unpacked.
func pairLoops(lanes [2]*twinEmitter, loop *ast.ForStmt) []ast.Stmt {
	gs := lanes[0].t.loops[loop]
	vector := func(te *twinEmitter) (pre []ast.Stmt, v *ast.ForStmt, post []ast.Stmt) {
		pre, s, post := te.vectorLoop(loop)
		return pre, s.(*ast.ForStmt), post
	}
	trip := func(v *ast.ForStmt) []ast.Stmt {
		if v.Post == nil {
			return v.Body.List
		}
		return append(v.Body.List, v.Post)
	}
	var out, inner []ast.Stmt
	for _, te := range lanes {
		for _, g := range gs {
			out = append(out, te.pack(g, true))
		}
	}
	preA, a, postA := vector(lanes[0])
	preB, b, postB := vector(lanes[1])
	inner = append(append(inner, preA...), preB...)
	if a.Init != nil {
		inner = append(inner, a.Init, b.Init)
	}
	inner = append(inner, &ast.ForStmt{For: a.For, Cond: &ast.BinaryExpr{X: paren(a.Cond), Op: token.LAND, Y: paren(b.Cond)},
		Body: &ast.BlockStmt{Lbrace: a.Body.Lbrace, List: append(trip(a), trip(b)...), Rbrace: a.Body.Rbrace}})
	for _, te := range lanes {
		_, rest, _ := vector(te) // the lane's trips left, on from the index the loop above reached
		rest.Init = nil
		inner = append(inner, rest)
	}
	inner = append(append(inner, postA...), postB...)
	out = append(out, &ast.BlockStmt{List: inner})
	for _, te := range lanes {
		for _, g := range gs {
			out = append(out, te.unpack(g)...)
		}
	}
	return append(out, &ast.ExprStmt{X: lanes[0].simdCall("ClearAVXUpperBits")})
}

// plainType prints a type expression on one line, without positions.
func plainType(x ast.Expr) string {
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, token.NewFileSet(), bareCopy(x)); err != nil {
		panic(err) // printing a well-formed tree does not fail
	}
	return b.String()
}

// slpJamState writes the jam of t's calls: the calls held, the function
// a call becomes (which runs a call of fewer than slpJamTrips of loop's
// trips at once), and the flush; te writes the helper's parameter
// types, result is its result's.
func slpJamState(f *Func, t *Twin, loop *ast.ForStmt, te *twinEmitter, result string) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	var names, decls []string
	for _, fld := range t.Decl.Type.Params.List {
		typ := plainType(te.c.expr(fld.Type))
		for _, id := range fld.Names {
			names = append(names, id.Name)
			decls = append(decls, id.Name+" "+typ)
		}
	}
	n, w := t.Name, slpJamWindow
	p("// %s_jam holds the calls of %s a loop's threads made\n// until the thread %d later calls (gocuda compile's slpjam pass).\n", n, n, w)
	p("type %s_jam struct {\nn int\ncalls [%d]%s_call\n}\n\n", n, w, n)
	p("// %s_call is a call held: its arguments, and where its result goes.\n", n)
	p("type %s_call struct {\n%s\ngc_acc %s\ngc_dst []%s\ngc_at int\n}\n\n", n, strings.Join(decls, "\n"), result, result)
	p("// %s_add is a thread's call of %s, whose result it adds to acc\n// and stores to dst[at]: held, or run with the call held %d calls\n// before, or at once where it is short.\n", n, n, w)
	p("func %s_add(gc_j *%s_jam, gc_acc %s, gc_dst []%s, gc_at int, %s) {\n", n, n, result, result, strings.Join(decls, ", "))
	x, c := f.pairBound(t.Decl, loop)
	p("if len(%s) < %d { // too short to gain from a partner\ngc_dst[gc_at] = gc_acc + %s(%s)\nreturn\n}\n", x.Name(), c*slpJamTrips, n, strings.Join(names, ", "))
	p("if gc_j.n < %d {\ngc_j.calls[gc_j.n] = %s_call{%s, gc_acc, gc_dst, gc_at}\ngc_j.n++\nreturn\n}\n", w, n, strings.Join(names, ", "))
	held := make([]string, len(names))
	for i, name := range names {
		held[i] = "gc_c." + name
	}
	p("gc_c := &gc_j.calls[gc_j.n-%d]\n", w)
	p("gc_r0, gc_r1 := %s_pair(%s, %s)\n", n, strings.Join(held, ", "), strings.Join(names, ", "))
	p("gc_c.gc_dst[gc_c.gc_at] = gc_c.gc_acc + gc_r0\ngc_dst[gc_at] = gc_acc + gc_r1\n")
	p("gc_j.n++\nif gc_j.n == %d {\ngc_j.n = 0\n}\n}\n\n", 2*w)
	slpJamFlush(p, n, w, names)
	return b.String()
}

// slpJamFlush writes the flush of twin n's jam, whose window is w and
// whose parameters are names: the calls still held run in pairs, the
// first half's with the second's, so that each chain reads on from where
// its last call stopped, as in the window; an odd one out runs alone.
func slpJamFlush(p func(string, ...any), n string, w int, names []string) {
	held, partner := make([]string, len(names)), make([]string, len(names))
	for i, name := range names {
		held[i], partner[i] = "gc_c."+name, "gc_d."+name
	}
	p("// %s_flush runs the calls still held, in pairs: the first half's\n// with the second's; an odd one out alone.\n", n)
	p("func %s_flush(gc_j *%s_jam) {\n", n, n)
	p("gc_lo, gc_hi := max(gc_j.n-%d, 0), min(gc_j.n, %d)\ngc_half := (gc_hi - gc_lo) / 2\n", w, w)
	p("for gc_k := gc_lo; gc_k < gc_lo+gc_half; gc_k++ {\n")
	p("gc_c, gc_d := &gc_j.calls[gc_k], &gc_j.calls[gc_k+gc_half]\n")
	p("gc_r0, gc_r1 := %s_pair(%s, %s)\n", n, strings.Join(held, ", "), strings.Join(partner, ", "))
	p("gc_c.gc_dst[gc_c.gc_at] = gc_c.gc_acc + gc_r0\ngc_d.gc_dst[gc_d.gc_at] = gc_d.gc_acc + gc_r1\n}\n")
	p("if (gc_hi-gc_lo)%%2 == 1 {\n")
	p("gc_c := &gc_j.calls[gc_hi-1]\ngc_c.gc_dst[gc_c.gc_at] = gc_c.gc_acc + %s(%s)\n}\ngc_j.n = 0\n}\n\n", n, strings.Join(held, ", "))
}

// An slpJamSite is the lockstep loop being written whose calls of a
// twin run in pairs.
type slpJamSite struct {
	call  *SlpJamCall
	twin  *Twin
	state string // the jam's variable
}

// slpJamTwin returns the twin whose calls thread loop l runs in pairs
// in the build being written, or nil.
func (e *emitter) slpJamTwin(l *ThreadLoop) *Twin {
	if !e.simd || l.SlpJam == nil {
		return nil
	}
	if t := e.f.twinFor(l.SlpJam.Call); t != nil && e.f.pairLoop(t) != nil {
		return t
	}
	return nil
}

// slpJamLoop writes the rounds of lockstep loop l, whose calls of t run
// in pairs where the CPU runs vectors and each thread a trip a round
// (its variable then changes once a round, at the call): the jam's state
// before the rounds, and in each round the threads' loop twice, calling
// the jam and as written. head opens a round, threads writes its loop
// over the threads.
func (e *emitter) slpJamLoop(l *ThreadLoop, t *Twin, s *Stride, head, threads func()) {
	state := e.f.Names.Fresh("pairs")
	e.printf("var %s %s_jam\n", state, t.Name)
	head()
	e.printf("if %s.SIMD && %s == 1 {\n", e.f.Src.Compiled, s.Chunked)
	e.slpJam = &slpJamSite{call: l.SlpJam, twin: t, state: state}
	threads()
	e.slpJam = nil
	e.printf("%s_flush(&%s)\n} else {\n", t.Name, state)
	threads()
	e.printf("}\n}\n")
}

// slpJamAssign returns the call of the jam's add function that stands
// for the paired loop's statement v += h(args).
func (e *emitter) slpJamAssign(c *cloner, a *ast.AssignStmt) (ast.Node, bool) {
	sj := e.slpJam
	if sj == nil || sj.call.Stmt != a || e.inLit > 0 {
		return nil, false
	}
	v := e.f.Vars[sj.call.Var]
	call := sj.call.Call
	out := &ast.CallExpr{Fun: &ast.Ident{NamePos: e.pos.at(a.Pos()), Name: sj.twin.Name + "_add"},
		Lparen: e.pos.at(call.Lparen), Rparen: e.pos.at(call.Rparen)}
	out.Args = []ast.Expr{&ast.UnaryExpr{Op: token.AND, X: ast.NewIdent(sj.state)}, ast.NewIdent(v.Name),
		ast.NewIdent(v.SpillName), ast.NewIdent(e.use("rank"))}
	for _, arg := range call.Args {
		out.Args = append(out.Args, c.expr(arg))
	}
	return &ast.ExprStmt{X: out}, true
}
