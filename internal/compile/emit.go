package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// An emitter writes one kernel's block body.
type emitter struct {
	a        *analysis
	w        *bytes.Buffer
	qual     types.Qualifier
	gocuda   string // the file's name for package gocuda
	compiled string // the file's name for package compiled
	exits    bool   // threads that return are recorded, for later loops
	result   map[*threadLoop]string

	nslot      int                      // scratch slots taken
	decls      []string                 // the scratch arrays of collectives and masks
	mask       string                   // the mask array of the threads running, "" for all
	collResult map[*ast.CallExpr]string // the result array of each warp collective
	masks      map[*threadLoop][2]string
}

var (
	plainPrinter  = printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	sourcePrinter = printer.Config{Mode: printer.SourcePos | printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
)

// plain prints n without position information.
func (e *emitter) plain(n ast.Node) string {
	defer e.indexFromTable(n)()
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, e.a.k.Pkg.Fset, n); err != nil {
		panic(err) // printing a type-checked tree does not fail
	}
	return b.String()
}

// indexFromTable renames the thread in n's t.ThreadIdx to gc_ix, which a
// thread loop reads from the block's table of indices, so that a loop that
// only reads its threads' indices need not move the Thread from thread to
// thread; it returns the function undoing the renaming.
func (e *emitter) indexFromTable(n ast.Node) func() {
	var renamed []*ast.Ident
	ast.Inspect(n, func(m ast.Node) bool {
		if sel, ok := m.(*ast.SelectorExpr); ok && sel.Sel.Name == "ThreadIdx" {
			if id, ok := sel.X.(*ast.Ident); ok && e.a.info.Uses[id] == e.a.k.Thread {
				renamed = append(renamed, id)
			}
		}
		return true
	})
	if e.a.info == nil {
		return func() {}
	}
	for _, id := range renamed {
		id.Name = "gc_ix"
	}
	return func() {
		for _, id := range renamed {
			id.Name = e.a.k.Thread.Name()
		}
	}
}

// source prints statement s with //line directives to its source lines.
func (e *emitter) source(s ast.Stmt) {
	defer e.indexFromTable(s)()
	var b bytes.Buffer
	if err := sourcePrinter.Fprint(&b, e.a.k.Pkg.Fset, s); err != nil {
		panic(err)
	}
	text := b.String()
	if e.a.k.inlined {
		text = e.adjustLines(text)
	}
	e.w.WriteString(relativeLines(text, filepath.Dir(e.a.k.Path)))
	e.w.WriteString("\n")
}

var lineDirective = regexp.MustCompile(`(?m)^//line (.*):(\d+)$`)

// adjustLines maps the //line directives the printer wrote for lines of an
// inlined kernel's synthetic file to the lines they came from, which the
// synthetic file's own directives record.
func (e *emitter) adjustLines(text string) string {
	f := e.a.k.Pkg.Fset.File(e.a.k.File.Pos())
	return lineDirective.ReplaceAllStringFunc(text, func(d string) string {
		m := lineDirective.FindStringSubmatch(d)
		line, _ := strconv.Atoi(m[2])
		if m[1] != f.Name() || line < 1 || line > f.LineCount() {
			return d
		}
		p := f.PositionFor(f.LineStart(line), true)
		return fmt.Sprintf("//line %s:%d", p.Filename, p.Line)
	})
}

// relativeLines makes the //line directives of text relative to dir, the
// directory of the generated file, so that generated code does not depend
// on where it was generated.
func relativeLines(text, dir string) string {
	text = strings.ReplaceAll(text, "//line "+dir+string(filepath.Separator), "//line ")
	return strings.ReplaceAll(text, "/*line "+dir+string(filepath.Separator), "/*line ")
}

// line writes a //line directive to pos.
func (e *emitter) line(pos token.Pos) {
	p := e.a.k.Pos(pos)
	fmt.Fprintf(e.w, "\n//line %s:%d\n", filepath.Base(p.Filename), p.Line)
}

func (e *emitter) printf(format string, args ...any) { fmt.Fprintf(e.w, format, args...) }

// body writes the block body function of the kernel.
func (e *emitter) body(name string) {
	k := e.a.k
	e.printf("func %s%s(gc_b *%s.Block%s) {\n", name, typeParams(e, k), e.compiled, paramList(e, k))
	thread := k.Thread.Name()
	out := e.w
	var b bytes.Buffer
	e.w = &b
	replicated := map[*types.Var]bool{}
	for v, c := range e.a.class {
		if c == varReplicated {
			replicated[v] = true
		}
	}
	for _, v := range e.a.sorted(replicated) {
		e.printf("gc_%s := %s.Scratch[%s](gc_b, %d)\n", e.a.nameOf(v), e.compiled, types.TypeString(v.Type(), e.qual), e.nslot)
		e.nslot++
	}
	e.exits = e.tracksExits()
	if e.exits {
		e.printf("gc_exited := gc_b.Exited()\n")
	}
	e.result = map[*threadLoop]string{}
	e.collResult = map[*ast.CallExpr]string{}
	var nodes bytes.Buffer
	e.w = &nodes
	e.nodes(e.a.body)
	e.w = &b
	for _, d := range e.decls {
		e.printf("%s\n", d)
	}
	b.Write(nodes.Bytes())
	e.w = out
	e.printf("%s := gc_b.Thread()\n", thread)
	if !regexp.MustCompile(`\b` + thread + `\b`).Match(b.Bytes()) {
		e.printf("_ = %s\n", thread)
	}
	if bytes.Contains(b.Bytes(), []byte("gc_n")) {
		e.printf("gc_n := gc_b.Len()\n")
	}
	e.w.Write(b.Bytes())
	e.printf("}\n\n")
}

// tracksExits reports whether a thread that returns must be remembered:
// it does when a later thread loop, or the same one again, may run.
func (e *emitter) tracksExits() bool {
	exits := false
	for _, l := range e.a.loops {
		exits = exits || l.exits
	}
	return exits && (len(e.a.loops) > 1 || !isFlat(e.a.body))
}

// isFlat reports whether nodes has no block-level loops.
func isFlat(nodes []node) bool {
	for _, n := range nodes {
		switch n := n.(type) {
		case *blockFor, *blockRange:
			return false
		case *blockIf:
			if !isFlat(n.then) || !isFlat(n.els) {
				return false
			}
		case *blockScope:
			if !isFlat(n.body) {
				return false
			}
		}
	}
	return true
}

func (e *emitter) nodes(nodes []node) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *threadLoop:
			e.loop(n)
		case *blockCode:
			e.source(n.stmt)
		case *barrierResult:
			e.loop(n.loop)
			e.replaceCall(n.stmt, ast.NewIdent(e.result[n.loop]))
			e.source(n.stmt)
		case *warpOp:
			if e.shuffleAll(n.loop) {
				continue
			}
			e.loop(n.loop)
			e.printf("%s\n", e.collComplete(n.loop))
		case *blockIf:
			if n.mask != nil {
				e.maskedIf(n)
				continue
			}
			e.ifNode(n)
			e.printf("\n")
		case *blockFor:
			s := n.stmt
			e.line(s.Pos())
			check := stopCheck
			if e.a.counted(s) {
				check = ""
			}
			e.printf("for %s; %s; %s {\n%s", e.plainStmt(s.Init), e.plainExpr(s.Cond), e.plainStmt(s.Post), check)
			e.nodes(n.body)
			e.printf("}\n")
		case *blockRange:
			e.line(n.stmt.Pos())
			e.printf("for %s {\n", e.rangeHeader(n.stmt)) // a uniform range: over an integer, slice or map
			e.nodes(n.body)
			e.printf("}\n")
		case *blockScope:
			e.printf("{\n")
			e.nodes(n.body)
			e.printf("}\n")
		}
	}
}

func (e *emitter) ifNode(n *blockIf) {
	s := n.stmt
	e.line(s.Pos())
	if s.Init != nil {
		e.printf("if %s; %s {\n", e.plainStmt(s.Init), e.plain(s.Cond))
	} else {
		e.printf("if %s {\n", e.plain(s.Cond))
	}
	e.nodes(n.then)
	switch {
	case n.elseIsCond:
		e.printf("} else ")
		e.ifNode(n.els[0].(*blockIf))
		return
	case s.Else != nil:
		e.printf("} else {\n")
		e.nodes(n.els)
	}
	e.printf("}")
}

func (e *emitter) plainStmt(s ast.Stmt) string {
	if s == nil {
		return ""
	}
	return e.plain(s)
}

func (e *emitter) plainExpr(x ast.Expr) string {
	if x == nil {
		return ""
	}
	return e.plain(x)
}

func (e *emitter) rangeHeader(s *ast.RangeStmt) string {
	switch {
	case s.Key == nil:
		return "range " + e.plain(s.X)
	case s.Value == nil:
		return fmt.Sprintf("%s %s range %s", e.plain(s.Key), s.Tok, e.plain(s.X))
	}
	return fmt.Sprintf("%s, %s %s range %s", e.plain(s.Key), e.plain(s.Value), s.Tok, e.plain(s.X))
}

// replaceCall replaces the barrier call a result statement assigns by x.
func (e *emitter) replaceCall(s ast.Stmt, x ast.Expr) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		s.Rhs[0] = x
	case *ast.DeclStmt:
		s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0] = x
	}
}

// loop writes a thread loop. A loop whose code does not read the thread
// only marks each thread as running (for failure reports) instead of
// moving the Thread to it.
func (e *emitter) loop(l *threadLoop) {
	out := e.w
	var b bytes.Buffer
	e.w = &b
	e.loopText(l)
	e.w = out
	text := b.String()
	thread := regexp.MustCompile(`\b` + regexp.QuoteMeta(e.a.k.Thread.Name()) + `\b`)
	if !thread.MatchString(text) {
		text = strings.ReplaceAll(text, "gc_b.Enter(gc_tid)", "gc_b.Mark(gc_tid)")
	}
	e.w.WriteString(e.declareIndex(text))
}

// declareIndex declares gc_ix (see indexFromTable) in each thread loop of
// text that reads it. (A lockstep loop writes two thread loops.)
func (e *emitter) declareIndex(text string) string {
	const head = "for gc_tid := 0; gc_tid < gc_n; gc_tid++ {\n"
	parts := strings.Split(text, head)
	for i := 1; i < len(parts); i++ {
		if !strings.Contains(parts[i], "gc_ix.") {
			continue
		}
		first, rest, _ := strings.Cut(parts[i], "\n") // the Enter or Mark line
		parts[i] = first + "\ngc_ix := struct{ ThreadIdx " + e.gocuda + ".Dim3 }{gc_b.At(gc_tid)}\n" + rest
	}
	return strings.Join(parts, head)
}

// loopText writes a thread loop, entering each thread.
func (e *emitter) loopText(l *threadLoop) {
	label := fmt.Sprintf("gc_L%d", l.id)
	if l.pred != nil {
		e.predInit(l)
	}
	if l.exits {
		e.printf("%s:\n", label)
	}
	if l.grid != nil {
		e.lockstep(l)
		return
	}
	e.threadLoopHead(l, true)
	if l.cond != nil {
		m := e.masks[l]
		e.printf("%s[gc_tid], %s[gc_tid] = false, false\n", m[0], m[1])
	}
	e.skips()
	e.loopLocals(l)
	if l.pred != nil {
		e.predBody(l)
	}
	if l.coll != nil {
		e.collBody(l)
	}
	if l.cond != nil {
		m := e.masks[l]
		e.line(l.cond.Pos())
		e.printf("if %s {\n%s[gc_tid] = true\n} else {\n%s[gc_tid] = true\n}\n", e.plain(l.cond), m[0], m[1])
	}
	for _, s := range l.stmts {
		e.stmt(s, label)
	}
	e.loopStores(l)
	e.printf("}\n")
}

// threadLoopHead opens a thread loop, entering each thread if enter.
func (e *emitter) threadLoopHead(l *threadLoop, enter bool) {
	e.printf("for gc_tid := 0; gc_tid < gc_n; gc_tid++ {\n")
	if enter {
		e.printf("gc_b.Enter(gc_tid)\n")
	} else {
		e.printf("gc_b.Mark(gc_tid)\n")
	}
	if l.grid != nil {
		e.skips()
	}
}

// skips writes the tests that skip threads that have returned or are
// outside the current mask.
func (e *emitter) skips() {
	if e.exits {
		e.printf("if gc_exited[gc_tid] {\ncontinue\n}\n")
	}
	if e.mask != "" {
		e.printf("if !%s[gc_tid] {\ncontinue\n}\n", e.mask)
	}
}

// loopLocals writes a thread loop's recomputed and reloaded variables.
func (e *emitter) loopLocals(l *threadLoop) {
	done := map[ast.Stmt]bool{}
	for _, v := range e.a.rematFor(l) {
		if s := e.a.defStmt[v]; !done[s] {
			done[s] = true
			e.source(s)
		}
	}
	for _, v := range e.a.sorted(l.refs) {
		if e.a.class[v] == varReplicated && !l.defs[v] {
			e.printf("%s := gc_%s[gc_tid]\n", e.a.nameOf(v), e.a.nameOf(v))
		}
	}
}

// loopStores writes back the replicated variables a thread loop changed.
func (e *emitter) loopStores(l *threadLoop) {
	for _, v := range e.a.sorted(l.refs) {
		if e.a.class[v] == varReplicated && (l.defs[v] || l.sets[v]) {
			e.printf("gc_%s[gc_tid] = %s\n", e.a.nameOf(v), e.a.nameOf(v))
		}
	}
}

// predInit declares the variable a barrier's predicate reduces into.
func (e *emitter) predInit(l *threadLoop) {
	name := fmt.Sprintf("gc_r%d", l.id)
	e.result[l] = name
	switch predMethod(l.pred) {
	case "SyncThreadsCount":
		e.printf("%s := 0\n", name)
	case "SyncThreadsAnd":
		e.printf("%s := true\n", name)
	default:
		e.printf("%s := false\n", name)
	}
}

// predBody evaluates the predicate for one thread.
func (e *emitter) predBody(l *threadLoop) {
	name, pred := e.result[l], e.plain(l.pred.Args[0])
	e.line(l.pred.Pos())
	switch predMethod(l.pred) {
	case "SyncThreadsCount":
		e.printf("if %s {\n%s++\n}\n", pred, name)
	case "SyncThreadsAnd":
		e.printf("if !(%s) {\n%s = false\n}\n", pred, name)
	default:
		e.printf("if %s {\n%s = true\n}\n", pred, name)
	}
}

func predMethod(call *ast.CallExpr) string {
	return ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name
}

// rewriteReturns replaces the returns of s (outside function literals):
// the thread is done, for this loop and, recorded, for later ones.
func (e *emitter) rewriteReturns(s ast.Stmt, label string) ast.Stmt {
	return astutil.Apply(s, func(c *astutil.Cursor) bool {
		switch c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			cont := &ast.BranchStmt{Tok: token.CONTINUE, Label: ast.NewIdent(label)}
			var repl ast.Stmt = cont
			if e.exits {
				mark := &ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: ast.NewIdent("gc_exited"), Index: ast.NewIdent("gc_tid")}},
					Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("true")}}
				repl = &ast.BlockStmt{List: []ast.Stmt{mark, cont}}
			}
			c.Replace(repl)
		}
		return true
	}, nil).(ast.Stmt)
}
