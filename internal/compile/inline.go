package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"strings"
)

// maxInlineDepth bounds helpers inlined into helpers: deeper is taken for
// recursion.
const maxInlineDepth = 8

// An inliner writes a kernel's body with the calls of its same-package
// helpers that synchronize replaced by the helpers' bodies, so that the
// lowering sees every barrier: Go source text with //line directives to
// the kernel's and the helpers' lines, which is then parsed and
// type-checked with the package.
type inliner struct {
	k       *Kernel
	c       *checker
	n       int                    // calls inlined, for fresh names
	spans   map[*ast.FuncDecl]bool // the helpers inlined
	locals  map[string]bool        // names the kernel declares
	imports map[string]string      // import name to path, from the files of the helpers
}

// inlineHelpers returns k with its synchronizing helpers inlined, and the
// helpers' declarations (for the staleness hash), or k itself if it calls
// none.
func inlineHelpers(k *Kernel, c *checker) (*Kernel, []*ast.FuncDecl, *Refusal) {
	in := &inliner{k: k, c: c, spans: map[*ast.FuncDecl]bool{}, locals: map[string]bool{}, imports: map[string]string{}}
	if !in.callsSyncHelper(k.Decl.Body) {
		return k, nil, nil
	}
	for id, obj := range c.info.Defs {
		if obj != nil && id.Pos() >= k.Decl.Pos() && id.Pos() < k.Decl.End() {
			in.locals[id.Name] = true
		}
	}
	in.addImports(k.File)
	body, r := in.text(k.Decl.Body, map[types.Object]string{}, 0)
	if r != nil {
		return nil, nil, r
	}
	k2, err := in.check(body)
	if err != nil {
		return nil, nil, newRefusal(k, k.Decl, "inlining its helpers gave code that does not type-check (a bug in gocuda compile): %v", err)
	}
	var helpers []*ast.FuncDecl
	for fd := range in.spans {
		helpers = append(helpers, fd)
	}
	return k2, helpers, nil
}

// callsSyncHelper reports whether n calls a same-package helper that
// synchronizes.
func (in *inliner) callsSyncHelper(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && in.helperOf(call) != nil {
			found = true
		}
		return !found
	})
	return found
}

// helperOf returns the declaration of the synchronizing same-package helper
// call calls, or nil.
func (in *inliner) helperOf(call *ast.CallExpr) *ast.FuncDecl {
	fun := callee(call)
	id, ok := fun.(*ast.Ident)
	if !ok {
		return nil
	}
	fn, ok := in.c.info.Uses[id].(*types.Func)
	if !ok || in.c.decls[fn] == nil || !in.c.takesThread(fn) || in.c.helperSyncs(in.c.decls[fn]) == "" {
		return nil
	}
	return in.c.decls[fn]
}

// text prints block (a kernel's or helper's body) with subst applied to
// identifiers and the synchronizing helper calls inlined.
func (in *inliner) text(block *ast.BlockStmt, subst map[types.Object]string, depth int) (string, *Refusal) {
	type slot struct {
		list []ast.Stmt
		i    int
		old  ast.Stmt
		text string
	}
	var slots []slot
	var refusal *Refusal
	forLists(block, func(list []ast.Stmt) {
		for i, s := range list {
			call, lhs, tok := syncCallStmt(s, in)
			if call == nil {
				if refusal == nil && in.callsSyncHelperOutsideStmts(s) {
					refusal = newRefusal(in.k, s, "a helper with a barrier is called inside an expression (call it as a statement or as x := helper(t, ...))")
				}
				continue
			}
			text, r := in.inlineCall(call, lhs, tok, subst, depth)
			if r != nil && refusal == nil {
				refusal = r
			}
			name := fmt.Sprintf("gc_inline_placeholder_%d", len(slots))
			slots = append(slots, slot{list, i, s, text})
			list[i] = &ast.ExprStmt{X: &ast.Ident{NamePos: s.Pos(), Name: name}}
		}
	})
	out := in.print(block, subst)
	for _, sl := range slots {
		sl.list[sl.i] = sl.old
	}
	if refusal != nil {
		return "", refusal
	}
	for i, sl := range slots {
		pos := in.c.fset.Position(sl.old.End())
		resume := fmt.Sprintf("\n//line %s:%d\n", pos.Filename, pos.Line+1)
		out = strings.Replace(out, fmt.Sprintf("gc_inline_placeholder_%d", i), "\n"+sl.text+resume, 1)
	}
	return out, nil
}

// callsSyncHelperOutsideStmts reports a synchronizing helper call in s
// that is not s itself (or the value s assigns).
func (in *inliner) callsSyncHelperOutsideStmts(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.FuncLit:
			return n == s
		case *ast.CallExpr:
			found = found || in.helperOf(n) != nil
		}
		return !found
	})
	return found
}

// syncCallStmt returns the synchronizing helper call s makes as a
// statement, and what s assigns its results to.
func syncCallStmt(s ast.Stmt, in *inliner) (*ast.CallExpr, []ast.Expr, token.Token) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok && in.helperOf(call) != nil {
			return call, nil, token.ILLEGAL
		}
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			if call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && in.helperOf(call) != nil {
				return call, s.Lhs, s.Tok
			}
		}
	}
	return nil, nil, token.ILLEGAL
}

// forLists calls f with every statement list in n, outside function
// literals, outermost first.
func forLists(n ast.Node, f func([]ast.Stmt)) {
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			f(m.List)
		case *ast.CaseClause:
			f(m.Body)
		case *ast.CommClause:
			f(m.Body)
		}
		return true
	})
}

// expr prints e without position information, renaming the identifiers
// subst names.
func (in *inliner) expr(e ast.Expr, subst map[types.Object]string) string {
	return in.printWith(plainPrinter, e, subst)
}

// print prints n with //line directives, renaming the identifiers subst
// names.
func (in *inliner) print(n ast.Node, subst map[types.Object]string) string {
	return in.printWith(sourcePrinter, n, subst)
}

func (in *inliner) printWith(cfg printer.Config, n ast.Node, subst map[types.Object]string) string {
	type rename struct {
		id  *ast.Ident
		old string
	}
	var renamed []rename
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if name, ok := subst[in.c.info.ObjectOf(id)]; ok {
				renamed = append(renamed, rename{id, id.Name})
				id.Name = name
			}
		}
		return true
	})
	var b bytes.Buffer
	if err := cfg.Fprint(&b, in.c.fset, n); err != nil {
		panic(err) // printing a type-checked tree does not fail
	}
	for _, r := range renamed {
		r.id.Name = r.old
	}
	return b.String()
}

// inlineCall returns the text replacing a statement that calls a
// synchronizing helper and assigns its results to lhs with tok: the
// helper's parameters bound to the arguments in a block, its body, and its
// results through fresh variables.
func (in *inliner) inlineCall(call *ast.CallExpr, lhs []ast.Expr, tok token.Token, subst map[types.Object]string, depth int) (string, *Refusal) {
	fd := in.helperOf(call)
	if depth >= maxInlineDepth {
		return "", newRefusal(in.k, call, "helper %s is recursive (or helpers nest deeper than %d)", fd.Name.Name, maxInlineDepth)
	}
	if r := in.checkHelper(fd); r != nil {
		return "", r
	}
	in.spans[fd] = true
	in.addImports(in.c.files[fd])
	in.n++
	hsubst, r := in.helperSubst(fd, call, subst)
	if r != nil {
		return "", r
	}
	var b strings.Builder
	sig := in.c.info.TypeOf(call.Fun).(*types.Signature)
	var temps []string
	for i := range sig.Results().Len() {
		temps = append(temps, fmt.Sprintf("gc_rv%d_%d", in.n, i))
		if lhs != nil {
			fmt.Fprintf(&b, "var %s %s\n", temps[i], types.TypeString(sig.Results().At(i).Type(), in.qualifier()))
		}
	}
	b.WriteString("{\n")
	in.bindParams(&b, fd, call, subst)
	list := fd.Body.List
	var ret *ast.ReturnStmt
	if n := len(list); n > 0 {
		ret, _ = list[n-1].(*ast.ReturnStmt)
		if ret != nil {
			list = list[:n-1]
		}
	}
	body, r := in.text(&ast.BlockStmt{List: list}, hsubst, depth+1)
	if r != nil {
		return "", r
	}
	// The results are assigned inside the body's block, where its
	// variables are in scope.
	body = strings.TrimSuffix(strings.TrimSpace(body), "}")
	b.WriteString(body + "\n")
	if ret != nil && len(ret.Results) > 0 {
		var results []string
		for _, e := range ret.Results {
			results = append(results, in.expr(e, hsubst))
		}
		to := temps
		if lhs == nil {
			to = strings.Split(strings.Repeat("_,", len(temps)), ",")[:len(temps)]
		}
		fmt.Fprintf(&b, "%s = %s\n", strings.Join(to, ", "), strings.Join(results, ", "))
	}
	b.WriteString("}\n}\n")
	if lhs != nil {
		var names []string
		for _, e := range lhs {
			names = append(names, in.expr(e, subst))
		}
		fmt.Fprintf(&b, "%s %s %s", strings.Join(names, ", "), tok, strings.Join(temps, ", "))
	}
	return b.String(), nil
}

// checkHelper refuses a helper the inliner cannot copy: early returns,
// labels, unnamed or variadic parameters, named results, and names it uses
// from the package that the kernel declares too.
func (in *inliner) checkHelper(fd *ast.FuncDecl) *Refusal {
	var r *Refusal
	refuse := func(n ast.Node, format string, args ...any) {
		if r == nil {
			r = newRefusal(in.k, n, "helper %s: "+format, append([]any{fd.Name.Name}, args...)...)
		}
	}
	last := ast.Stmt(nil)
	if n := len(fd.Body.List); n > 0 {
		last = fd.Body.List[n-1]
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if n != last {
				refuse(n, "returns early (inlining needs its only return at the end)")
			}
		case *ast.LabeledStmt:
			refuse(n, "has a label")
		case *ast.Ident:
			obj := in.c.info.Uses[n]
			if obj != nil && (obj.Parent() == types.Universe || obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() || isPkgName(obj)) && in.locals[n.Name] {
				refuse(n, "uses %s, which the kernel declares too", n.Name)
			}
		}
		return true
	})
	if fd.Type.Results != nil && len(fd.Type.Results.List) > 0 && len(fd.Type.Results.List[0].Names) > 0 {
		refuse(fd, "has named results")
	}
	for _, f := range fd.Type.Params.List {
		if _, ok := f.Type.(*ast.Ellipsis); ok || len(f.Names) == 0 {
			refuse(f, "has unnamed or variadic parameters")
		}
	}
	return r
}

func isPkgName(obj types.Object) bool { _, ok := obj.(*types.PkgName); return ok }

// helperSubst returns the renaming of fd's body inlined at call: its thread
// parameter to the caller's thread, its type parameters to the call's type
// arguments.
func (in *inliner) helperSubst(fd *ast.FuncDecl, call *ast.CallExpr, subst map[types.Object]string) (map[types.Object]string, *Refusal) {
	hsubst := map[types.Object]string{}
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, name := range f.Names {
			obj := in.c.info.Defs[name]
			if isThread(obj.Type()) {
				hsubst[obj] = in.expr(call.Args[i], subst)
			}
			i++
		}
	}
	if fd.Type.TypeParams == nil {
		return hsubst, nil
	}
	id := callee(call)
	inst := in.c.info.Instances[id.(*ast.Ident)]
	j := 0
	for _, f := range fd.Type.TypeParams.List {
		for _, name := range f.Names {
			arg := inst.TypeArgs.At(j)
			text := types.TypeString(arg, in.qualifier())
			if tp, ok := arg.(*types.TypeParam); ok {
				if s, ok := subst[tp.Obj()]; ok {
					text = s
				}
			}
			hsubst[in.c.info.Defs[name]] = text
			j++
		}
	}
	return hsubst, nil
}

// bindParams writes the binding of fd's parameters (but the thread) to the
// call's arguments.
func (in *inliner) bindParams(b *strings.Builder, fd *ast.FuncDecl, call *ast.CallExpr, subst map[types.Object]string) {
	var names, args []string
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, name := range f.Names {
			arg := call.Args[i]
			i++
			if isThread(in.c.info.Defs[name].Type()) {
				continue
			}
			names = append(names, name.Name)
			args = append(args, in.expr(arg, subst))
		}
	}
	if len(names) == 0 {
		return
	}
	fmt.Fprintf(b, "var %s = %s\n", strings.Join(names, ", "), strings.Join(args, ", "))
	fmt.Fprintf(b, "%s = %s\n", strings.TrimSuffix(strings.Repeat("_, ", len(names)), ", "), strings.Join(names, ", "))
}
