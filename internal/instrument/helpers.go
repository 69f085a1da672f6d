package instrument

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Helpers that take no thread. A kernel calls functions and methods of its
// package that index slices or arrays, or make atomics or fences, without
// the thread (a vector load, a tile copy, a spin lock's lock and unlock),
// as a CUDA kernel calls __device__ functions: their accesses are its
// thread's. Each such helper gets a twin, appended to its file, that takes
// the thread first and is instrumented as a kernel is (a method's twin is
// a method of the same receiver); kernel code (and the twins themselves)
// call the twin with their thread, other code the helper as it was. A
// //line directive gives the twin its original's lines, so that panics
// and reports name the helper's own lines, under the caller's thread.

// A helperKey names a helper: the file declaring it, its receiver's type
// name (empty for a function) and its name.
type helperKey struct{ file, recv, name string }

// keyOf returns the helperKey of fn, declared in p.
func keyOf(p *packages.Package, fn *types.Func) helperKey {
	fn = fn.Origin()
	return helperKey{p.Fset.Position(fn.Pos()).Filename, recvName(fn), fn.Name()}
}

// recvName returns the name of the type of fn's receiver, "" if fn is a
// function or an interface's method.
func recvName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// helperTwins returns the twin name of every function or method of pkgs
// (with a body, of a named type that is no interface) that kernel code
// calls, directly or through other such functions, that has no thread
// parameter, and indexes a slice or array, reads or writes through a
// pointer, copies slices, makes an atomic or a fence, or calls such a
// function.
func helperTwins(pkgs []*packages.Package) map[helperKey]string {
	twins := map[helperKey]string{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		h := &helperScan{p: p, decls: map[*types.Func]*ast.FuncDecl{}, called: map[*types.Func]bool{}}
		h.run()
		for fn := range h.needed() {
			key := keyOf(p, fn)
			if _, ok := twins[key]; !ok {
				twins[key] = twinName(p, fn)
			}
		}
	}
	return twins
}

// twinName returns an identifier for the twin of fn that p does not
// declare, or, for a method, that its receiver's type has no field or
// method of.
func twinName(p *packages.Package, fn *types.Func) string {
	taken := func(name string) bool { return p.Types.Scope().Lookup(name) != nil }
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		recv := sig.Recv().Type()
		taken = func(name string) bool {
			obj, _, _ := types.LookupFieldOrMethod(recv, true, p.Types, name)
			return obj != nil
		}
	}
	twin := "gocudaT_" + fn.Name()
	for i := 1; taken(twin); i++ {
		twin = "gocudaT" + strconv.Itoa(i) + "_" + fn.Name()
	}
	return twin
}

// A helperScan finds the helpers of one package.
type helperScan struct {
	p      *packages.Package
	decls  map[*types.Func]*ast.FuncDecl // the package's functions and methods without a thread
	called map[*types.Func]bool          // those reached from kernel code
}

func (h *helperScan) run() {
	var kernels []ast.Node
	literals := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && hasThread(h.p.TypesInfo, lit.Type) {
				kernels = append(kernels, lit.Body)
				return false
			}
			return true
		})
	}
	own := map[string]bool{}
	for _, path := range h.p.GoFiles {
		own[path] = true
	}
	for _, f := range h.p.Syntax {
		path := h.p.Fset.Position(f.Pos()).Filename
		generated := kapi.GeneratedFile(path) || !own[path] // not rewritten
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			switch {
			case generated:
			case !ok:
				literals(d) // package-level variables' closures
			case fd.Body == nil:
			case hasThread(h.p.TypesInfo, fd.Type):
				kernels = append(kernels, fd.Body)
			default:
				if fn, ok := h.p.TypesInfo.Defs[fd.Name].(*types.Func); ok && (fd.Recv == nil || recvName(fn) != "") {
					h.decls[fn] = fd
				}
				literals(fd.Body)
			}
		}
	}
	for len(kernels) > 0 {
		n := kernels[len(kernels)-1]
		kernels = kernels[:len(kernels)-1]
		for _, fn := range h.callees(n) {
			if !h.called[fn] {
				h.called[fn] = true
				kernels = append(kernels, h.decls[fn].Body)
			}
		}
	}
}

// callees returns the package's functions and methods without a thread
// that n calls.
func (h *helperScan) callees(n ast.Node) []*types.Func {
	var out []*types.Func
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if fn := typeutil.StaticCallee(h.p.TypesInfo, c); fn != nil && h.decls[fn.Origin()] != nil {
				out = append(out, fn.Origin())
			}
		}
		return true
	})
	return out
}

// needed returns the called helpers that index an element or make an
// atomic or a fence, or call one that does.
func (h *helperScan) needed() map[*types.Func]bool {
	need := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for fn := range h.called {
			if need[fn] {
				continue
			}
			if body := h.decls[fn].Body; h.indexes(body) || h.synchronizes(body) || h.callsNeeded(body, need) {
				need[fn], changed = true, true
			}
		}
	}
	return need
}

func (h *helperScan) indexes(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && h.p.TypesInfo.Types[ix].IsValue() && elements(h.p.TypesInfo.TypeOf(ix.X)) {
			found = true
		}
		if c, ok := n.(*ast.CallExpr); ok && isBuiltinCopy(h.p.TypesInfo, c) || isDeref(h.p.TypesInfo, n) {
			found = true // through a pointer or copy: shared memory, maybe
		}
		return !found
	})
	return found
}

// synchronizes reports whether body calls an atomic or a device-wide
// fence: the checker orders accesses by them (a spin lock's methods).
func (h *helperScan) synchronizes(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			callee, _ := typeutil.Callee(h.p.TypesInfo, c).(*types.Func)
			if e, ok := kapi.Lookup(callee); ok && (e.Kind == kapi.Atomic || e.Kind == kapi.Fence) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (h *helperScan) callsNeeded(body *ast.BlockStmt, need map[*types.Func]bool) bool {
	for _, fn := range h.callees(body) {
		if need[fn] {
			return true
		}
	}
	return false
}

// hasThread reports whether a function of type ft has a *gocuda.Thread
// parameter.
func hasThread(info *types.Info, ft *ast.FuncType) bool {
	for _, f := range ft.Params.List {
		if isThread(info.TypeOf(f.Type)) {
			return true
		}
	}
	return false
}

// twinOf returns the twin of the function or method c calls, if it has
// one, and the identifier naming it in the call. A method expression
// (T.m(x)) and a method value stored first are called as they are.
func (r *fileRewriter) twinOf(c *ast.CallExpr) (name string, id *ast.Ident, ok bool) {
	fn := typeutil.StaticCallee(r.info, c)
	if fn == nil || fn.Pkg() != r.pkg.Types {
		return "", nil, false
	}
	fun := ast.Unparen(c.Fun)
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun = x.X
	case *ast.IndexListExpr:
		fun = x.X
	}
	switch x := fun.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		if sel := r.info.Selections[x]; sel != nil && sel.Kind() == types.MethodVal {
			id = x.Sel
		}
	}
	if id == nil {
		return "", nil, false
	}
	name, ok = r.twins[keyOf(r.pkg, fn)]
	return name, id, ok
}

// callTwin makes c, a call in kernel code of a helper with a twin, call the
// twin with f's thread.
func (r *fileRewriter) callTwin(c *ast.CallExpr, f *fn) {
	twin, id, ok := r.twinOf(c)
	if !ok || f.k == nil || !r.visible(f.k, c.Lparen) {
		return
	}
	f.k.used = true
	r.replace(id.Pos(), id.End(), twin)
	arg := f.k.name
	if len(c.Args) > 0 {
		arg += ", "
	}
	r.insert(c.Lparen+1, arg, false)
}

// twin returns the source of the twin of fd, instrumented: a //line
// directive, then fd's text with its name and thread parameter changed
// and its sites rewritten as a kernel's.
func (r *fileRewriter) twin(fd *ast.FuncDecl, name string) (string, error) {
	saved := r.edits
	r.edits = nil
	defer func() { r.edits = saved }()
	k := &kernel{name: r.names.thread, fn: fd}
	f := &fn{name: r.declName(fd), k: k}
	r.inTwin = true
	defer func() { r.inTwin = false }()
	r.replace(fd.Name.Pos(), fd.Name.End(), name)
	param := k.name + " *" + r.names.probe + ".Thread"
	if len(fd.Type.Params.List) > 0 {
		param += ", "
	}
	r.insert(fd.Type.Params.Opening+1, param, false)
	r.pending = Ops{}
	r.walk(fd.Body, f)
	start, end := r.tf.Offset(fd.Pos()), r.tf.Offset(fd.End())
	for i := range r.edits {
		r.edits[i].start -= start
		r.edits[i].end -= start
	}
	body, err := apply(r.src[start:end], r.edits)
	if err != nil {
		return "", err
	}
	p := r.pkg.Fset.PositionFor(fd.Pos(), false)
	return "\n//line " + p.Filename + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column) + "\n" + string(body) + "\n", nil
}

// twinDecls returns the twins of the helpers r's file declares.
func (r *fileRewriter) twinDecls() (string, error) {
	var b strings.Builder
	for _, d := range r.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		fn, _ := r.info.Defs[fd.Name].(*types.Func)
		if fn == nil {
			continue
		}
		name, ok := r.twins[helperKey{r.path, recvName(fn), fd.Name.Name}]
		if !ok {
			continue
		}
		src, err := r.twin(fd, name)
		if err != nil {
			return "", err
		}
		b.WriteString(src)
	}
	return b.String(), nil
}
