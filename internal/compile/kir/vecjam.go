package kir

import (
	"go/ast"
	"go/token"
	"strings"
)

// A vector step whose threads each carry a sum through a loop of their
// own (the naive matrix multiply's sum += a[row*k+p] * b[p*n+col]) waits,
// trip after trip, on its own addition: one vector chain, bound by the
// addition's latency, where the CPU could start two a cycle. The SIMD
// build runs two such steps at once, sixteen threads, their loops as one
// whose trips run the first step's trip and then the second's: two
// chains. Each step computes what it computed alone, in the same order,
// so results are bit-identical; what changes is only when the two steps'
// trips run, and so when a failure would show:
//
//   - nothing before the stores after the loop writes memory, and nothing
//     after the loop can fail, so a check that sends the threads to the
//     scalar loop (a break out of the steps) leaves memory as it was: the
//     scalar loop, then an eight-lane step, runs the first step's threads
//     again;
//   - an operation that may fail and is not checked is uniform, the same
//     for both steps (it reads nothing the step's threads decide), so the
//     first step's copy fails first, at the same trip as when it ran
//     alone, with nothing stored.
//
// A step that holds anything else runs alone.

// jamChains is the most sums a jammed loop may carry per step: two steps
// of more would hold more vectors than AVX2's sixteen registers.
const jamChains = 2

// A vecJam is a step split around its loop: pre, the loop, post. Where
// the step checks a window's span before the loop (vec_window.go), the
// loop is the window's if: loop its copy without checks, checked the
// loop as written, and two steps run the first where both steps' spans
// hold, the second otherwise; each computes what the other does.
type vecJam struct {
	pre     []ast.Stmt
	loop    *ast.ForStmt
	window  *ast.IfStmt  // the window's if, or nil
	checked *ast.ForStmt // the window's loop with its checks, or nil
	post    []ast.Stmt
	defs    map[string]bool // the names the step defines, but the loop's own variable
}

// jamLoop returns s as the loop of a jammed step: a for statement, or a
// window's if of two copies of one.
func jamLoop(s ast.Stmt, windows map[*ast.IfStmt]bool) (loop, checked *ast.ForStmt, window *ast.IfStmt) {
	switch s := s.(type) {
	case *ast.ForStmt:
		return s, nil, nil
	case *ast.IfStmt:
		els, ok := s.Else.(*ast.BlockStmt)
		if !windows[s] || !ok || len(s.Body.List) != 1 || len(els.List) != 1 {
			return nil, nil, nil
		}
		fast, ok1 := s.Body.List[0].(*ast.ForStmt)
		slow, ok2 := els.List[0].(*ast.ForStmt)
		if ok1 && ok2 {
			return fast, slow, s
		}
	}
	return nil, nil, nil
}

// jamSplit returns the step vl of a thread loop split for two steps at
// once, where it has the shape and the safety that needs, or nil. v and
// r are the names of the step's first thread's x and rank.
func (e *emitter) jamSplit(vl *vecLoop, v, r string) *vecJam {
	if !e.simd || vl.portable || vl.far || vl.width != vecWidth || vl.laneFails || vl.byLane || vl.diverges || e.inRun() {
		return nil
	}
	j := &vecJam{defs: map[string]bool{}}
	for i, s := range vl.body {
		if loop, checked, window := jamLoop(s, vl.windows); loop != nil {
			if j.loop != nil {
				return nil
			}
			j.loop, j.checked, j.window, j.pre, j.post = loop, checked, window, vl.body[:i], vl.body[i+1:]
		}
	}
	if j.loop == nil {
		return nil
	}
	for _, s := range vl.body {
		collectDefs(s, j.defs)
	}
	loopVar := ""
	if init, ok := j.loop.Init.(*ast.AssignStmt); ok && init.Tok == token.DEFINE && len(init.Lhs) == 1 {
		loopVar = init.Lhs[0].(*ast.Ident).Name
		delete(j.defs, loopVar)
	}
	if loopVar == "" || j.defs[v] || j.defs[r] || !j.shapeFits(vl.label) {
		return nil
	}
	for _, l := range j.loops() {
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || len(init.Rhs) != 1 || readsAnyName(init.Rhs[0], j.defs) || readsAnyName(l.Cond, j.defs) || readsAnyName(l.Post, j.defs) {
			return nil // the two steps' loops would differ
		}
	}
	chains := carried(j.loop.Body, j.defs)
	if chains == 0 || chains > jamChains {
		return nil
	}
	dep := dependents(vl.body, v, r)
	free := unconditional(vl.body, dep, vl.windows)
	for _, x := range vl.risks {
		if readsAnyName(x, dep) || !free[x] {
			return nil
		}
	}
	return j
}

// loops returns the loops of the split step: one, or a window's two.
func (j *vecJam) loops() []*ast.ForStmt {
	if j.checked != nil {
		return []*ast.ForStmt{j.loop, j.checked}
	}
	return []*ast.ForStmt{j.loop}
}

// unconditional returns the expressions of body that run whatever the
// step's threads: those under no if whose condition reads a name of dep,
// but a window's, whose two sides compute the same.
func unconditional(body []ast.Stmt, dep map[string]bool, windows map[*ast.IfStmt]bool) map[ast.Node]bool {
	free := map[ast.Node]bool{}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == nil {
				return false
			}
			if is, ok := m.(*ast.IfStmt); ok && !windows[is] && (readsAnyName(is.Cond, dep) || readsAnyName(is.Init, dep)) {
				return false // what it holds runs for some threads only
			}
			free[m] = true
			return true
		})
	}
	for _, s := range body {
		walk(s)
	}
	return free
}

// shapeFits reports whether the split step may run beside another:
// loops, switches, returns and function literals nowhere but the loop;
// no continue; breaks only out of the steps (label, or unlabeled in pre);
// no memory written before the loop's end; nothing after the loop that
// can leave the steps.
func (j *vecJam) shapeFits(label string) bool {
	ok := true
	check := func(list []ast.Stmt, inLoop, after bool) {
		for _, s := range list {
			ast.Inspect(s, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt,
					*ast.ReturnStmt, *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt, *ast.LabeledStmt:
					ok = false
				case *ast.BranchStmt:
					labeled := n.Label != nil && n.Label.Name == label && label != ""
					ok = ok && !after && n.Tok == token.BREAK && (labeled || n.Label == nil && !inLoop)
				case *ast.AssignStmt:
					ok = ok && (after || identsOnly(n.Lhs))
				case *ast.IncDecStmt:
					_, isIdent := n.X.(*ast.Ident)
					ok = ok && (after || isIdent)
				case *ast.CallExpr:
					ok = ok && (after || !writesMemory(n))
				}
				return ok
			})
		}
	}
	check(j.pre, false, false)
	for _, l := range j.loops() {
		check(l.Body.List, true, false)
		check([]ast.Stmt{l.Init}, true, false)
	}
	check(j.post, false, true)
	return ok
}

// identsOnly reports whether every expression of lhs is a name.
func identsOnly(lhs []ast.Expr) bool {
	for _, x := range lhs {
		if _, ok := x.(*ast.Ident); !ok {
			return false
		}
	}
	return true
}

// writesMemory reports whether call may write memory: a vector's stores,
// copy, or any call of a function the step does not only read with.
func writesMemory(call *ast.CallExpr) bool {
	name := ""
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		name = fn.Sel.Name
	}
	return name == "copy" || name == "clear" || strings.HasPrefix(name, "Store") || strings.HasPrefix(name, "Scatter")
}

// collectDefs adds to defs the names s defines (:= and var).
func collectDefs(s ast.Stmt, defs map[string]bool) {
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, x := range n.Lhs {
					if id, ok := x.(*ast.Ident); ok && id.Name != "_" {
						defs[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if id.Name != "_" {
					defs[id.Name] = true
				}
			}
		}
		return true
	})
}

// readsAnyName reports whether n names one of names.
func readsAnyName(n ast.Node, names map[string]bool) bool {
	found := false
	if n == nil {
		return false
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && names[id.Name] {
			found = true
		}
		return !found
	})
	return found
}

// carried returns how many names of defs the loop body assigns with =:
// the sums it carries from trip to trip.
func carried(body *ast.BlockStmt, defs map[string]bool) int {
	own := map[string]bool{} // the body's own variables, new each trip
	collectDefs(body, own)
	sums := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok != token.DEFINE {
			for _, x := range as.Lhs {
				if id, ok := x.(*ast.Ident); ok && defs[id.Name] && !own[id.Name] {
					sums[id.Name] = true
				}
			}
		}
		return true
	})
	return len(sums)
}

// dependents returns the names of body whose values depend on the step's
// threads: v and r, and every name defined or assigned from one of them.
func dependents(body []ast.Stmt, v, r string) map[string]bool {
	dep := map[string]bool{v: true, r: true}
	for grew := true; grew; {
		grew = false
		for _, s := range body {
			ast.Inspect(s, func(n ast.Node) bool {
				var lhs []ast.Expr
				var rhs []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					lhs, rhs = n.Lhs, n.Rhs
				case *ast.ValueSpec:
					for _, id := range n.Names {
						lhs = append(lhs, id)
					}
					rhs = n.Values
				default:
					return true
				}
				reads := false
				for _, x := range rhs {
					reads = reads || readsAnyName(x, dep)
				}
				for _, x := range lhs {
					if id, ok := x.(*ast.Ident); ok && reads && !dep[id.Name] {
						dep[id.Name] = true
						grew = true
					}
				}
				return true
			})
		}
	}
	return dep
}

// jamSteps writes, before the loop of single steps, the loop of two steps
// at once, j split from vl, while sixteen threads remain: the first
// step's code as it is, the second's under names of its own, its threads
// eight further, the loop's trips each running both steps' bodies.
func (e *emitter) jamSteps(j *vecJam, vl *vecLoop, v, step, to, rank string) {
	ren := map[string]string{}
	label := ""
	if vl.label != "" {
		label = e.f.Names.Fresh("jam")
		ren[vl.label] = label
		e.printf("%s:\n", label)
	}
	first := renamer(ren)
	e.printf("for ; %s+%d < %s; %s += %d {\n", step, 2*vl.width-1, to, step, 2*vl.width)
	e.printf("%s := %s\n", v, step)
	second := map[string]string{v: e.f.Names.Fresh(v)}
	e.printf("%s := %s + %d\n_ = %s\n", second[v], v, vl.width, second[v])
	if rank != "" {
		r := e.name["rank"]
		second[r] = e.f.Names.Fresh(r)
		e.printf("%s := %s\n", r, rank)
		e.printf("%s := %s\n_ = %s\n", second[r], exprText(e.rankExpr(ast.NewIdent(second[v]))), second[r])
		if vl.fails {
			e.printf("%s.Thread = %s\n", e.name["pos"], r) // a failure is the first step's (vecjam.go)
		}
		e.printf("_ = %s\n", r)
	} else if vl.fails {
		e.printf("%s.Thread = %s\n", e.name["pos"], v)
	}
	for name := range j.defs {
		second[name] = e.f.Names.Fresh(name)
	}
	for k, n := range ren {
		second[k] = n
	}
	other := renamer(second)
	fused := func(l *ast.ForStmt) *ast.ForStmt {
		return &ast.ForStmt{For: l.For, Init: l.Init, Cond: l.Cond, Post: l.Post,
			Body: &ast.BlockStmt{Lbrace: l.Body.Lbrace, List: append(first.stmts(l.Body.List), other.stmts(l.Body.List)...), Rbrace: l.Body.Rbrace}}
	}
	var loop ast.Stmt = fused(j.loop)
	if j.window != nil { // both spans hold, or each step checks its loads
		cond := &ast.BinaryExpr{X: paren(first.expr(j.window.Cond)), Op: token.LAND, Y: paren(other.expr(j.window.Cond))}
		loop = &ast.IfStmt{If: j.window.If, Cond: cond, Body: &ast.BlockStmt{List: []ast.Stmt{loop}},
			Else: &ast.BlockStmt{List: []ast.Stmt{fused(j.checked)}}}
	}
	e.stmts(first.stmts(j.pre))
	e.stmts(other.stmts(j.pre))
	e.stmts([]ast.Stmt{loop})
	e.stmts(first.stmts(j.post))
	e.stmts(other.stmts(j.post))
	e.printf("}\n")
}

// renamer returns a copier of syntax with the names of ren renamed, but
// selectors' fields and methods.
func renamer(ren map[string]string) *cloner {
	c := &cloner{}
	c.subst = func(n ast.Node) (ast.Node, bool) {
		switch n := n.(type) {
		case *ast.Ident:
			if to, ok := ren[n.Name]; ok {
				return &ast.Ident{NamePos: n.NamePos, Name: to}, true
			}
		case *ast.SelectorExpr:
			return &ast.SelectorExpr{X: c.expr(n.X), Sel: ast.NewIdent(n.Sel.Name)}, true
		}
		return nil, false
	}
	return c
}
