package instrument

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/probe/record"
)

// Kernels are named in reports and profiles after their own function, never
// after a closure: a declared kernel by its name, or by the name its
// //gocuda:kernel directive gives its compiled form; a function literal
// with its own thread by the declaration holding it (the kernel
// constructor of kernels.SaxpyKernel, a test) or the package-level
// variable it initializes, with its line when that declaration holds
// several. The runtime's own names for closures (pkg.F.func1, or
// pkg.Test.func2.F.3 once inlined) are not a person's names for them.
// Each kernel gets a Kernel entry in the site table: its name and lines,
// by which package probe names a launch of it.

// directive is the comment that marks a kernel for gocuda compile.
const directive = "//gocuda:kernel "

// declKernelName returns the name of the kernel fd declares: its
// directive's name if it has one, else its own.
func (r *fileRewriter) declKernelName(fd *ast.FuncDecl, name string) string {
	if d := directiveName(fd); d != "" {
		return r.pkg.Name + "." + d
	}
	return record.FuncName(name)
}

// directiveName returns the name fd's //gocuda:kernel directive gives its
// compiled form, or "".
func directiveName(fd *ast.FuncDecl) string {
	if fd.Doc == nil {
		return ""
	}
	for _, c := range fd.Doc.List {
		if rest, ok := strings.CutPrefix(c.Text, directive); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				return f[0]
			}
		}
	}
	return ""
}

// compiledEntry adds the Kernel entry of the function gocuda compile
// generated for fd's directive, if it is in the package: a launch of the
// compiled kernel runs its per-thread closure, in the generated file,
// which is not rewritten.
func (r *fileRewriter) compiledEntry(fd *ast.FuncDecl) {
	name := directiveName(fd)
	fn, ok := r.pkg.Types.Scope().Lookup(name).(*types.Func)
	if name == "" || !ok {
		return
	}
	if gd := r.declOf(fn); gd != nil {
		start, end := r.pkg.Fset.PositionFor(gd.Pos(), false), r.pkg.Fset.PositionFor(gd.End(), false)
		r.kernels = append(r.kernels, kernelSite{Site{Kind: Kernel, Func: r.pkg.Name + "." + name,
			File: start.Filename, Line: start.Line, Col: start.Column, EndLine: end.Line}, false})
	}
}

// kernelEntry records the Kernel entry of node, a function with its own
// thread, named name (see nameKernels).
func (r *fileRewriter) kernelEntry(node ast.Node, name string, literal bool) {
	if r.inTwin {
		return // a literal in a helper's twin: the helper's own walk named it
	}
	start := r.pkg.Fset.PositionFor(node.Pos(), false)
	end := r.pkg.Fset.PositionFor(node.End(), false)
	r.kernels = append(r.kernels, kernelSite{Site{Kind: Kernel, Func: name, File: r.path, Line: start.Line,
		Col: start.Column, EndLine: end.Line}, literal})
}

// A kernelSite is a Kernel entry being named.
type kernelSite struct {
	Site
	literal bool // a function literal, named after what holds it
}

// nameKernels appends the file's Kernel entries to its sites, giving the
// literals that share a name their lines.
func (r *fileRewriter) nameKernels() {
	count := map[string]int{}
	for _, k := range r.kernels {
		if k.literal {
			count[k.Func]++
		}
	}
	for _, k := range r.kernels {
		if k.literal && count[k.Func] > 1 {
			k.Func += ":" + strconv.Itoa(k.Line)
		}
		r.sites = append(r.sites, k.Site)
	}
}

// wrapped returns the kernel name of the function lit only wraps, with
// its thread k: a literal whose body is one call passing the thread on
// (func(t *gocuda.Thread) { ReverseKernel(t, in, out) }, as launches bind
// a kernel's arguments) is named after the kernel it calls; "" for other
// literals.
func (r *fileRewriter) wrapped(lit *ast.FuncLit, k *kernel) string {
	if len(lit.Body.List) != 1 || k.thread == nil {
		return ""
	}
	es, ok := lit.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return ""
	}
	c, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return ""
	}
	fn, ok := typeutil.Callee(r.info, c).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	passes := false
	for _, a := range c.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && r.info.Uses[id] == k.thread {
			passes = true
		}
	}
	if !passes {
		return ""
	}
	if fn.Pkg() == r.pkg.Types {
		if fd := r.declOf(fn); fd != nil {
			return r.declKernelName(fd, r.pkg.Name+"."+fn.Name())
		}
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// declOf returns the declaration of fn, a function of r's package.
func (r *fileRewriter) declOf(fn *types.Func) *ast.FuncDecl {
	for _, f := range r.pkg.Syntax {
		if fn.Pos() < f.Pos() || fn.Pos() >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Origin().Pos() {
				return fd
			}
		}
	}
	return nil
}

// litNames names the function literals that initialize package-level
// variables after them: var kernel = func(t *gocuda.Thread) {...}.
func (r *fileRewriter) litNames(d *ast.GenDecl) {
	for _, spec := range d.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok || len(vs.Names) != len(vs.Values) {
			continue
		}
		for i, v := range vs.Values {
			if lit, ok := ast.Unparen(v).(*ast.FuncLit); ok && vs.Names[i].Name != "_" {
				r.varLits[lit] = r.pkg.Name + "." + vs.Names[i].Name
			}
		}
	}
}
