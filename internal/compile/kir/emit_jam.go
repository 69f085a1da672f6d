package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// EmitJam writes j's declarations, for both builds' files: the state of
// jamLanes threads' calls (gc_jam_H and gc_jam_H_lane), the function a
// call becomes (gc_jam_H_add: the helper's first statements, then the
// thread's state kept; every jamLanes calls, the rest jammed), the
// jammed rest (gc_jam_H_run4), and the rest for the threads left at the
// end of a loop, one at a time (gc_jam_H_flush, gc_jam_H_run1).
func EmitJam(f *Func, j *Jam) string {
	je := &jamEmitter{f: f, j: j, pm: newPosMap(f.Src.Fset)}
	je.tp, je.tn = je.typeParams()
	je.types()
	je.add()
	je.runOne()
	je.runJammed()
	return je.b.String()
}

// p appends to the declarations being written.
func (je *jamEmitter) p(format string, args ...any) { fmt.Fprintf(&je.b, format, args...) }

// types writes the jam's state: the calls held and each thread's.
func (je *jamEmitter) types() {
	j, name := je.j, je.j.describe()
	je.p("// %s holds up to %d threads' calls of %s, whose loops run\n// interleaved (gocuda compile's jam pass).\n", j.Name, jamLanes, name)
	je.p("type %s%s struct {\nn int\nlanes [%d]%s_lane%s\n}\n\n", j.Name, je.tp, jamLanes, j.Name, je.tn)
	je.p("// %s_lane is a thread's state after %s's first statements.\n", j.Name, name)
	je.p("type %s_lane%s struct {\n", j.Name, je.tp)
	for _, v := range j.state {
		je.p("%s %s\n", v.Name(), types.TypeString(v.Type(), je.f.Src.Qualifier))
	}
	if j.result != nil {
		je.p("gc_dst []%s // the result's slice and index\ngc_at int\n", je.resultType())
	}
	je.p("}\n\n")
}

// add writes the function a call becomes: the helper's first statements,
// the thread's state kept, and every jamLanes calls the rest jammed.
func (je *jamEmitter) add() {
	j := je.j
	je.p("// %s_add is a call of %s: its first statements run now; the rest\n// once %d threads have called.\n", j.Name, j.describe(), jamLanes)
	dst, keep, ret := "", je.stateNames(", ", ""), ""
	if j.result != nil { // ret: the zero value, which a call assigning the result to a variable assigns first
		dst, keep = fmt.Sprintf(", gc_dst []%s, gc_at int", je.resultType()), keep+", gc_dst, gc_at"
		ret = fmt.Sprintf(" (gc_zero %s)", je.resultType())
	}
	je.p("func %s_add%s(gc_j *%s%s, %s%s)%s {\n", j.Name, je.tp, j.Name, je.tn, je.params(), dst, ret)
	je.p("%s", je.print(j.pre))
	if j.result != nil {
		je.p("_ = gc_dst[gc_at] // where the assignment fails, after the call's first statements\n")
	}
	if len(j.guards) > 0 {
		var tests []string
		for _, g := range j.guards {
			var args []string
			for _, a := range g.args {
				args = append(args, je.printExpr(a))
			}
			if t := fmt.Sprintf("%s.%s(%s)", je.f.Src.Compiled, g.fn, strings.Join(args, ", ")); !slices.Contains(tests, t) {
				tests = append(tests, t)
			}
		}
		je.p("// a thread whose rest could fail at an index runs alone, now\n")
		je.p("if !(%s) {\n", strings.Join(tests, " && "))
		je.p("%s_run1(&%s_lane%s{%s})\nreturn\n}\n", j.Name, j.Name, je.tn, keep)
	}
	je.p("gc_j.lanes[gc_j.n] = %s_lane%s{%s}\n", j.Name, je.tn, keep)
	je.p("gc_j.n++\nif gc_j.n == %d {\n%s_run%d(gc_j)\ngc_j.n = 0\n}\n", jamLanes, j.Name, jamLanes)
	if j.result != nil {
		je.p("return\n")
	}
	je.p("}\n\n")
}

// runOne writes the rest for the calls left at the end of a loop, one
// thread at a time, as written.
func (je *jamEmitter) runOne() {
	j := je.j
	je.p("// %s_flush runs the rest of the calls still held, one by one.\n", j.Name)
	je.p("func %s_flush%s(gc_j *%s%s) {\nfor gc_k := range gc_j.n {\n%s_run1(&gc_j.lanes[gc_k])\n}\ngc_j.n = 0\n}\n\n", j.Name, je.tp, j.Name, je.tn, j.Name)
	je.p("// %s_run1 runs the rest of %s for one thread, as written.\n", j.Name, j.describe())
	je.p("func %s_run1%s(gc_l *%s_lane%s) {\n", j.Name, je.tp, j.Name, je.tn)
	je.p("%s := %s\n", je.stateNames(", ", ""), je.stateNames(", ", "gc_l."))
	for _, v := range j.state {
		je.p("_ = %s\n", v.Name())
	}
	je.p("%s", je.print(j.rest))
	if j.result != nil {
		je.p("gc_l.gc_dst[gc_l.gc_at] = %s\n", je.printExpr(j.result))
	}
	je.p("}\n\n")
}

// runJammed writes the rest for jamLanes threads, their loops
// interleaved (a jammer's).
func (je *jamEmitter) runJammed() {
	j := je.j
	je.p("// %s_run%d runs the rest of %s for %d threads, their loops interleaved.\n", j.Name, jamLanes, j.describe(), jamLanes)
	je.p("func %s_run%d%s(gc_j *%s%s) {\n", j.Name, jamLanes, je.tp, j.Name, je.tn)
	jm := newJammer(je)
	for k := range jamLanes {
		for _, v := range j.state {
			je.p("%s := gc_j.lanes[%d].%s\n_ = %s\n", jm.laneName(v, k), k, v.Name(), jm.laneName(v, k))
		}
	}
	je.p("%s", je.print(jm.list(j.rest)))
	if j.result != nil {
		for k := range jamLanes {
			je.p("gc_j.lanes[%d].gc_dst[gc_j.lanes[%d].gc_at] = %s\n", k, k, je.printExpr(jm.lane(j.result, k).(ast.Expr)))
		}
	}
	je.p("}\n")
}

// resultType returns the helper's result type.
func (je *jamEmitter) resultType() string {
	if je.j.Decl == nil {
		return types.TypeString(je.j.resultVar.Type(), je.f.Src.Qualifier)
	}
	return je.plain(je.j.Decl.Type.Results.List[0].Type)
}

// describe names what j jams: a helper, or a kernel's loop.
func (j *Jam) describe() string {
	if j.Decl == nil {
		return j.what
	}
	return j.Decl.Name.Name
}

// printExpr prints an expression of the helper, on one line.
func (je *jamEmitter) printExpr(x ast.Expr) string {
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, token.NewFileSet(), bareCopy(x)); err != nil {
		panic(err) // printing a well-formed tree does not fail
	}
	return b.String()
}

// A jamEmitter writes one jam's declarations.
type jamEmitter struct {
	f      *Func
	j      *Jam
	pm     *posMap
	tp, tn string // the helper's type parameters, declared and as arguments
	b      strings.Builder
}

// typeParams returns the helper's type parameters as declared ("[T
// Number]") and as arguments ("[T]"), or two empty strings.
func (je *jamEmitter) typeParams() (decl, args string) {
	if je.j.Decl == nil {
		return "", "" // regionJam takes no generic kernel's
	}
	tps := je.j.Decl.Type.TypeParams
	if tps == nil || len(tps.List) == 0 {
		return "", ""
	}
	var ds, ns []string
	for _, fld := range tps.List {
		var names []string
		for _, id := range fld.Names {
			names = append(names, id.Name)
		}
		ds = append(ds, strings.Join(names, ", ")+" "+je.plain(fld.Type))
		ns = append(ns, names...)
	}
	return "[" + strings.Join(ds, ", ") + "]", "[" + strings.Join(ns, ", ") + "]"
}

// params returns the helper's parameters as declared, or a region's
// state.
func (je *jamEmitter) params() string {
	var ps []string
	if je.j.Decl == nil {
		for _, v := range je.j.state {
			ps = append(ps, v.Name()+" "+types.TypeString(v.Type(), je.f.Src.Qualifier))
		}
		return strings.Join(ps, ", ")
	}
	for _, fld := range je.j.Decl.Type.Params.List {
		var names []string
		for _, id := range fld.Names {
			names = append(names, id.Name)
		}
		ps = append(ps, strings.Join(names, ", ")+" "+je.plain(fld.Type))
	}
	return strings.Join(ps, ", ")
}

// stateNames returns the state variables' names, each after prefix,
// joined by sep.
func (je *jamEmitter) stateNames(sep, prefix string) string {
	var out []string
	for _, v := range je.j.state {
		out = append(out, prefix+v.Name())
	}
	return strings.Join(out, sep)
}

// plain prints a type expression of the helper's declaration.
func (je *jamEmitter) plain(n ast.Node) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, je.f.Src.Fset, n); err != nil {
		panic(err) // printing a type-checked tree does not fail
	}
	return b.String()
}

// print prints statements of the helper (copies, or the jammed ones
// made of copies), with //line directives naming its lines.
func (je *jamEmitter) print(list []ast.Stmt) string {
	var b bytes.Buffer
	c := &cloner{pos: je.pm, subst: func(ast.Node) (ast.Node, bool) { return nil, false }}
	for _, s := range list {
		if err := sourcePrinter.Fprint(&b, je.pm.to, c.node(s)); err != nil {
			panic(err) // printing a well-formed tree does not fail
		}
		b.WriteString("\n")
	}
	return b.String()
}

// A jammer writes the rest of a jam's helper for jamLanes threads:
// straight code as each thread's copy in turn, an if whose condition
// the threads agree on as its branch jammed (and each thread's copy
// where they do not), and a loop as one loop running every thread's
// body while every thread is still in it, then each thread's remaining
// trips.
type jammer struct {
	je    *jamEmitter
	names [jamLanes]map[*types.Var]string
	used  [jamLanes]map[string]bool
	fresh int
	// windows, while a jammed range loop is written, maps each thread's
	// slices as long as the ranged one to their windows (rangeWindows);
	// key is the loop's key, the only index they stand in for.
	windows [jamLanes]map[*types.Var]string
	key     *types.Var
	// kept is the state rest does not assign (rereadState).
	kept map[*types.Var]bool
	// counted, while a counted loop's jammed trips are written, maps
	// each thread's proved indexes to their windows, read at countedJ,
	// the trips' counter (emit_jam_counted.go).
	counted  [jamLanes]map[*ast.IndexExpr]string
	countedJ string
}

func newJammer(je *jamEmitter) *jammer {
	jm := &jammer{je: je, kept: map[*types.Var]bool{}}
	assigned := reassigned(je.f.Src.Info, je.j.rest)
	for _, v := range je.j.state {
		jm.kept[v] = !assigned[v]
	}
	for k := range jamLanes {
		jm.names[k], jm.used[k] = map[*types.Var]string{}, map[string]bool{}
	}
	return jm
}

// laneName returns the name of thread k's copy of the helper's variable
// v: gc_l<k>_ and v's name, numbered where two variables share it.
func (jm *jammer) laneName(v *types.Var, k int) string {
	if n, ok := jm.names[k][v]; ok {
		return n
	}
	n := fmt.Sprintf("gc_l%d_%s", k, v.Name())
	for i := 2; jm.used[k][n]; i++ {
		n = fmt.Sprintf("gc_l%d_%s%d", k, v.Name(), i)
	}
	jm.names[k][v], jm.used[k][n] = n, true
	return n
}

// newName returns a fresh name for the jammed code's own variables.
func (jm *jammer) newName(base string) string {
	jm.fresh++
	return fmt.Sprintf("gc_%s%d", base, jm.fresh)
}

// own reports whether v is a variable of the helper's: a parameter or
// a local.
func (jm *jammer) own(v *types.Var) bool {
	d := jm.je.j.Decl
	if d == nil {
		return jm.je.j.own[v]
	}
	return v.Pos() >= d.Pos() && v.Pos() < d.End() && (v.Pkg() == nil || v.Parent() != v.Pkg().Scope())
}

// lane returns thread k's copy of n, the helper's variables renamed.
func (jm *jammer) lane(n ast.Node, k int) ast.Node {
	info := jm.je.f.Src.Info
	c := &cloner{bare: false, subst: func(m ast.Node) (ast.Node, bool) {
		if w := jm.window(m, k); w != nil {
			return w, true
		}
		if w := jm.countedWindow(m, k); w != nil {
			return w, true
		}
		id, ok := m.(*ast.Ident)
		if !ok {
			return nil, false
		}
		if v, ok := info.ObjectOf(id).(*types.Var); ok && !v.IsField() && jm.own(v) {
			return &ast.Ident{NamePos: id.NamePos, Name: jm.laneName(v, k)}, true
		}
		return nil, false
	}}
	return c.node(n)
}

// lanes returns every thread's copy of list, thread by thread.
func (jm *jammer) lanes(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for k := range jamLanes {
		for _, s := range list {
			out = append(out, jm.lane(s, k).(ast.Stmt))
		}
	}
	return out
}

// laneExprs returns each thread's copy of e.
func (jm *jammer) laneExprs(e ast.Expr) []ast.Expr {
	out := make([]ast.Expr, jamLanes)
	for k := range out {
		out[k] = jm.lane(e, k).(ast.Expr)
	}
	return out
}

// list jams list, the rest or a part of it.
func (jm *jammer) list(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for i, s := range list {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return out
		case *ast.IfStmt:
			if n := len(s.Body.List); s.Else == nil && n > 0 && endsReturn(s.Body.List[n-1]) {
				// if c { A; return }; B...: the rest of the list is its else
				return append(out, jm.ifStmt(s.Cond, s.Body.List[:n-1], list[i+1:], list[i:]))
			}
			var els []ast.Stmt
			switch e := s.Else.(type) {
			case *ast.BlockStmt:
				els = e.List
			case ast.Stmt:
				els = []ast.Stmt{e}
			}
			out = append(out, jm.ifStmt(s.Cond, s.Body.List, els, []ast.Stmt{s}))
		case *ast.ForStmt:
			out = append(out, jm.forStmt(s)...)
		case *ast.RangeStmt:
			out = append(out, jm.rangeStmt(s)...)
		case *ast.BlockStmt:
			out = append(out, &ast.BlockStmt{List: jm.list(s.List)})
		default:
			out = append(out, jm.lanes([]ast.Stmt{s})...)
		}
	}
	return out
}

// endsReturn reports whether s is a return statement.
func endsReturn(s ast.Stmt) bool {
	_, ok := s.(*ast.ReturnStmt)
	return ok
}

// ifStmt jams an if on cond: then where every thread takes it, els
// where none does, and otherwise each thread's copy of whole (the if,
// and with a returning branch the statements after it), each in a
// function literal that its return ends.
func (jm *jammer) ifStmt(cond ast.Expr, then, els, whole []ast.Stmt) ast.Stmt {
	nots := make([]ast.Expr, jamLanes)
	for k := range nots {
		nots[k] = &ast.UnaryExpr{Op: token.NOT, X: paren(jm.lane(cond, k).(ast.Expr))}
	}
	var each []ast.Stmt
	for k := range jamLanes {
		var body []ast.Stmt
		for _, s := range whole {
			body = append(body, jm.lane(s, k).(ast.Stmt))
		}
		lit := &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: &ast.BlockStmt{List: body}}
		each = append(each, &ast.ExprStmt{X: &ast.CallExpr{Fun: lit}})
	}
	return &ast.IfStmt{Cond: jm.allOf(jm.laneExprs(cond)), Body: &ast.BlockStmt{List: jm.list(then)},
		Else: &ast.IfStmt{Cond: jm.allOf(nots), Body: &ast.BlockStmt{List: jm.list(els)}, Else: &ast.BlockStmt{List: each}}}
}

// allOf returns the conjunction of conds.
func (jm *jammer) allOf(conds []ast.Expr) ast.Expr {
	all := paren(conds[0])
	for _, c := range conds[1:] {
		all = &ast.BinaryExpr{X: all, Op: token.LAND, Y: paren(c)}
	}
	return all
}

// forStmt jams a for loop: each thread's init, one loop running every
// thread's body and post while every thread's condition holds, then
// each thread's loop for its remaining trips.
func (jm *jammer) forStmt(s *ast.ForStmt) []ast.Stmt {
	if k, a, b, ok := jm.countedLoop(s); ok && len(jm.je.j.windows) > 0 {
		return jm.countedFor(s, k, a, b)
	}
	var out []ast.Stmt
	if s.Init != nil {
		out = jm.lanes([]ast.Stmt{s.Init})
	}
	trip := func(k int) []ast.Stmt {
		var body []ast.Stmt
		for _, b := range s.Body.List {
			body = append(body, jm.lane(b, k).(ast.Stmt))
		}
		if s.Post != nil {
			body = append(body, jm.lane(s.Post, k).(ast.Stmt))
		}
		return body
	}
	var jammed []ast.Stmt
	for k := range jamLanes {
		jammed = append(jammed, trip(k)...)
	}
	out = append(out, &ast.ForStmt{For: s.For, Cond: jm.allOf(jm.laneExprs(s.Cond)), Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: jammed, Rbrace: s.Body.Rbrace}})
	for k := range jamLanes {
		out = append(out, &ast.ForStmt{For: s.For, Cond: jm.lane(s.Cond, k).(ast.Expr), Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: trip(k), Rbrace: s.Body.Rbrace}})
	}
	return out
}

// rangeStmt jams a range loop over a slice: the trips every thread's
// slice has, one counter for all, then each thread's remaining trips.
func (jm *jammer) rangeStmt(s *ast.RangeStmt) []ast.Stmt {
	xs := jm.laneExprs(s.X)
	n, i := jm.newName("n"), jm.newName("i")
	lens := make([]ast.Expr, jamLanes)
	for k, x := range xs {
		lens[k] = &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{x}}
	}
	trip := func(k int, at string, x ast.Expr) []ast.Stmt {
		var body []ast.Stmt
		if s.Key != nil && identOf(s.Key).Name != "_" {
			key := jm.lane(s.Key, k).(ast.Expr)
			body = append(body, define(key, ast.NewIdent(at)), blankUse(key))
		}
		if s.Value != nil && identOf(s.Value).Name != "_" {
			val := jm.lane(s.Value, k).(ast.Expr)
			body = append(body, define(val, &ast.IndexExpr{X: x, Index: ast.NewIdent(at)}), blankUse(val))
		}
		for _, b := range s.Body.List {
			body = append(body, jm.lane(b, k).(ast.Stmt))
		}
		return body
	}
	out := []ast.Stmt{define(ast.NewIdent(n), &ast.CallExpr{Fun: ast.NewIdent("min"), Args: lens})}
	var jammed []ast.Stmt
	for k := range jamLanes {
		short := jm.newName("r") // as long as the counter's bound: its loads need no bounds checks
		out = append(out, define(ast.NewIdent(short), &ast.SliceExpr{X: xs[k], High: ast.NewIdent(n)}), blankUse(ast.NewIdent(short)))
		out = append(out, jm.rangeWindows(s, k, n, short)...)
		jammed = append(jammed, &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: trip(k, i, ast.NewIdent(short)), Rbrace: s.Body.Rbrace})
	}
	jm.windows, jm.key = [jamLanes]map[*types.Var]string{}, nil
	// the loops take the range loop's positions: the printer's //line
	// directives then name its lines throughout; the counter is the
	// jammed loop's own, and each thread's remaining trips start at n,
	// where it ends, and re-read the thread's state (emit_jam_window.go)
	out = append(out, &ast.ForStmt{For: s.For, Init: define(ast.NewIdent(i), intLit(0)), Cond: &ast.BinaryExpr{X: ast.NewIdent(i), Op: token.LSS, Y: ast.NewIdent(n)},
		Post: &ast.IncDecStmt{X: ast.NewIdent(i), Tok: token.INC}, Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: jammed, Rbrace: s.Body.Rbrace}})
	for k := range jamLanes {
		j := jm.newName("i")
		loop := &ast.ForStmt{For: s.For, Init: define(ast.NewIdent(j), ast.NewIdent(n)),
			Cond: &ast.BinaryExpr{X: ast.NewIdent(j), Op: token.LSS, Y: lens[k]},
			Post: &ast.IncDecStmt{X: ast.NewIdent(j), Tok: token.INC}, Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: trip(k, j, xs[k]), Rbrace: s.Body.Rbrace}}
		out = append(out, &ast.BlockStmt{Lbrace: s.For, List: append(jm.rereadState(s, k), loop), Rbrace: s.Body.Rbrace})
	}
	return out
}

// define returns x := v.
func define(x, v ast.Expr) ast.Stmt {
	return &ast.AssignStmt{Lhs: []ast.Expr{x}, Tok: token.DEFINE, Rhs: []ast.Expr{v}}
}

// blankUse returns _ = x.
func blankUse(x ast.Expr) ast.Stmt {
	return &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{x}}
}
