package instrument

import (
	"go/ast"
	"go/types"
	"strconv"

	"github.com/gocuda/gocuda/internal/kapi"
)

// The packages whose functions and types the rewriter recognises.
const (
	gocudaPath = "github.com/gocuda/gocuda/gocuda"
	cgPath     = "github.com/gocuda/gocuda/cg"
	probePath  = "github.com/gocuda/gocuda/probe"
	ownModule  = "github.com/gocuda/gocuda" // gocuda's own, probe's among them
)

// A kernel is the thread of a function being instrumented: its
// *gocuda.Thread parameter, which every probe call receives.
type kernel struct {
	thread *types.Var // the parameter; nil when it is unnamed or blank
	name   string     // the identifier generated calls use for it
	// fn is the function declaring the thread: variables declared in it
	// (and in the closures inside it) are the thread's own.
	fn ast.Node

	// For an unnamed or blank parameter, which gets name once a site uses
	// it: the parameter list, the parameter's field and its blank name.
	params *ast.FieldList
	field  *ast.Field
	blank  *ast.Ident
	used   bool
}

// A fn is a function being walked: a declaration or a closure.
type fn struct {
	k        *kernel // its thread, its enclosing kernel's, or nil
	name     string  // as the runtime names it: "pkg.F", "pkg.F.func1"
	kernel   string  // the name a kernel in it gets: its declaration's (see names.go)
	closure  bool
	closures int // closures numbered so far directly inside it
}

// closureName returns the name of the next closure directly inside f:
// pkg.F.func1, then pkg.F.func1.1 for one nested in it, as the gc compiler
// names them.
func (f *fn) closureName() string {
	f.closures++
	if f.closure {
		return f.name + "." + strconv.Itoa(f.closures)
	}
	return f.name + ".func" + strconv.Itoa(f.closures)
}

// isThread reports whether t is *gocuda.Thread.
func isThread(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Name() == "Thread" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == kapi.GocudaPath
}

// threadParam returns the thread of fn, a function declaration or literal
// of type ft: its first named *gocuda.Thread parameter, else its first
// unnamed or blank one, which will be called r's thread name; nil if it
// has none.
func (r *fileRewriter) threadParam(fn ast.Node, ft *ast.FuncType) *kernel {
	var unnamed *kernel
	for _, f := range ft.Params.List {
		if !isThread(r.info.TypeOf(f.Type)) {
			continue
		}
		if len(f.Names) == 0 && unnamed == nil {
			unnamed = &kernel{params: ft.Params, field: f, fn: fn}
		}
		for _, n := range f.Names {
			if v, ok := r.info.Defs[n].(*types.Var); ok && n.Name != "_" {
				return &kernel{thread: v, name: n.Name, fn: fn}
			}
			if unnamed == nil {
				unnamed = &kernel{params: ft.Params, field: f, blank: n, fn: fn}
			}
		}
	}
	if unnamed != nil {
		unnamed.name = r.names.thread
	}
	return unnamed
}

// nameThread names k's parameter if a site uses it and it has no name:
// a blank one is renamed; in a list of unnamed parameters the others
// become blank (Go names all parameters or none).
func (r *fileRewriter) nameThread(k *kernel) {
	switch {
	case k.thread != nil || !k.used:
	case k.blank != nil:
		r.replace(k.blank.Pos(), k.blank.End(), k.name)
	default:
		for _, f := range k.params.List {
			name := "_ "
			if f == k.field {
				name = k.name + " "
			}
			r.insert(f.Type.Pos(), name, false)
		}
	}
}

// declName returns the runtime's name of the function fd declares, with
// the package's name: pkg.F, pkg.T.M, pkg.(*T).M, pkg.F[...].
func (r *fileRewriter) declName(fd *ast.FuncDecl) string {
	name := fd.Name.Name
	if fd.Type.TypeParams != nil {
		name += "[...]"
	}
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		recv, ptr := fd.Recv.List[0].Type, false
		if s, ok := recv.(*ast.StarExpr); ok {
			recv, ptr = s.X, true
		}
		typ := ""
		switch x := recv.(type) {
		case *ast.Ident:
			typ = x.Name
		case *ast.IndexExpr:
			typ = exprName(x.X) + "[...]"
		case *ast.IndexListExpr:
			typ = exprName(x.X) + "[...]"
		}
		if ptr {
			typ = "(*" + typ + ")"
		}
		name = typ + "." + name
	}
	return r.pkg.Name + "." + name
}

func exprName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return "?"
}
