package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// Proofs that a kernel needs no probes (probe.Proof): gocuda check then
// runs its compiled form, where a launch allows (see package probe). A
// kernel is proved when it uses the thread only for its indices and
// dimensions; calls only builtins that touch no memory, package math and
// functions of its package that are pure in the same sense; reaches no
// package variable and no memory but its parameters' (no pointer, map,
// channel, function or interface parameter); starts no goroutine; and
// writes only its own variables and its slice parameters, each of those
// only at one index, the same at every access to it, that no two
// threads share: on a one-dimensional launch the global thread index,
// or the variable of a grid-stride loop, plus a uniform value; on a
// two-dimensional one row*W + column, a guard saying the column is below
// W. A written slice is used in no other way (it is not sliced or ranged
// over, nor is an element's address taken), so that no alias reaches
// it; a slice only read may be. Uniform values are parameters no
// statement assigns, the lengths of slice parameters, constants, the
// thread's dimensions and locals assigned once from them, in int or
// int64 arithmetic (+, -, *), which is taken not to wrap.

// A Proof is a Kernel entry's proof, as package probe's Proof.
type Proof struct {
	Name, Source string // the compiled form's name and source hash
	Params       string // per parameter after the thread: 'r', 'w' or '-'
	Dims         int    // the launch shape the written indices need
}

// A prover proves one function pure or one kernel race-free.
type prover struct {
	info   *types.Info
	pkg    *types.Package
	decl   func(*types.Func) *ast.FuncDecl
	pure   map[*types.Func]bool // functions found pure, or being proved (false)
	thread *types.Var           // nil for a helper

	params   map[*types.Var]bool      // the parameters that are no slices
	slices   map[*types.Var]*sliceUse // the slice parameters
	defs     map[*types.Var]ast.Expr  // locals and their one definition (nil: none to follow)
	assigned map[*types.Var]bool      // variables assigned after their definition
	// strides are the variables of loops for v := e; ...; v += s, by
	// the post statement, which assigned does not count.
	strides map[*types.Var]*ast.AssignStmt

	threadUse map[*ast.Ident]bool       // uses of the thread for an index or dimension
	counted   map[*ast.Ident]bool       // uses of slice parameters counted as accesses or lengths
	addressed map[*ast.IndexExpr]bool   // s[e] in &s[e]
	known     map[*ast.IndexExpr][]fact // the guards holding at accesses
	why       string                    // why the proof failed
}

// A sliceUse is how a kernel uses a slice parameter.
type sliceUse struct {
	accesses []*ast.IndexExpr
	written  bool
	other    bool // a use other than s[e] and len(s)
}

// newProver returns a prover for functions of package p.
func newProver(info *types.Info, pkg *types.Package, decl func(*types.Func) *ast.FuncDecl, pure map[*types.Func]bool) *prover {
	return &prover{info: info, pkg: pkg, decl: decl, pure: pure,
		params: map[*types.Var]bool{}, slices: map[*types.Var]*sliceUse{}, defs: map[*types.Var]ast.Expr{},
		assigned: map[*types.Var]bool{}, strides: map[*types.Var]*ast.AssignStmt{}, threadUse: map[*ast.Ident]bool{}, counted: map[*ast.Ident]bool{},
		addressed: map[*ast.IndexExpr]bool{}, known: map[*ast.IndexExpr][]fact{}}
}

// prove returns fd's parameter roles and launch shape (Proof's Params
// and Dims) if fd, a kernel with thread parameter thread, is proved; else
// why not.
func (a *prover) prove(fd *ast.FuncDecl, thread *types.Var) (params string, dims int, why string) {
	a.thread = thread
	if fd.Recv != nil || fd.Body == nil {
		return "", 0, "a method"
	}
	vars, roles, why := a.paramsOf(fd.Type.Params)
	if why != "" {
		return "", 0, why
	}
	if len(vars) == 0 || vars[0] != thread {
		return "", 0, "the thread is not the first parameter"
	}
	a.definitions(fd.Body)
	if !a.walk(fd.Body) {
		return "", 0, a.why
	}
	a.guard(fd.Body, nil)
	for i, v := range vars[1:] {
		if su := a.slices[v]; su != nil && su.written {
			d, why := a.ownIndex(v.Name(), su)
			if why != "" {
				return "", 0, why
			}
			roles[i+1] = 'w'
			if dims == 0 || d < dims {
				dims = d // a one-dimensional launch has no z dimension either
			}
		}
	}
	return string(roles[1:]), dims, ""
}

// paramsOf returns the parameters in order, named or not (nil), and their
// roles ('r' for a slice, '-' for the rest); or why the kernel is not
// provable.
func (a *prover) paramsOf(fl *ast.FieldList) (vars []*types.Var, roles []byte, why string) {
	for _, f := range fl.List {
		t := a.info.TypeOf(f.Type)
		n := max(1, len(f.Names))
		for i := 0; i < n; i++ {
			var v *types.Var
			if i < len(f.Names) {
				v, _ = a.info.Defs[f.Names[i]].(*types.Var)
			}
			vars = append(vars, v)
			role := byte('-')
			switch {
			case a.thread != nil && v == a.thread:
			case isSlice(t) && pointerFree(t.Underlying().(*types.Slice).Elem()):
				role = 'r'
				if v != nil {
					a.slices[v] = &sliceUse{}
				}
			case !isSlice(t) && pointerFree(t):
				if v != nil {
					a.params[v] = true
				}
			default:
				return nil, nil, fmt.Sprintf("parameter of type %s", t)
			}
			roles = append(roles, role)
		}
	}
	return vars, roles, ""
}

func isSlice(t types.Type) bool { _, ok := t.Underlying().(*types.Slice); return ok }

// pointerFree reports whether values of t hold no pointer (a string's is
// to memory no kernel writes): numbers, booleans, strings, and arrays and
// structs of them; a type parameter whose type set holds only those.
func pointerFree(t types.Type) bool {
	switch u := t.(type) {
	case *types.TypeParam:
		return termsPointerFree(u.Constraint().Underlying().(*types.Interface))
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Kind() != types.UntypedNil
	case *types.Array:
		return pointerFree(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if !pointerFree(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// termsPointerFree reports whether every type of a constraint's type set
// is pointer-free; a constraint with methods or without terms is not.
func termsPointerFree(c *types.Interface) bool {
	if c.NumMethods() > 0 || c.NumEmbeddeds() == 0 {
		return false
	}
	for i := range c.NumEmbeddeds() {
		switch e := c.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range e.Len() {
				if !pointerFree(e.Term(j).Type()) {
					return false
				}
			}
		default:
			in, ok := e.Underlying().(*types.Interface)
			if !(ok && termsPointerFree(in)) && !(!ok && pointerFree(e)) {
				return false
			}
		}
	}
	return true
}

// definitions finds the locals assigned once, at their definition, and
// the variables assigned after.
func (a *prover) definitions(body ast.Node) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			a.stride(n)
		case *ast.AssignStmt:
			switch {
			case a.isStride(n):
			case n.Tok == token.DEFINE:
				a.define(n.Lhs, n.Rhs)
			default:
				for _, l := range n.Lhs {
					a.assign(l)
				}
			}
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			a.define(lhs, n.Values)
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				a.define([]ast.Expr{n.Key, n.Value}, nil)
			} else {
				a.assign(n.Key)
				a.assign(n.Value)
			}
		case *ast.IncDecStmt:
			a.assign(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				a.assign(n.X) // it may be written through the pointer
			}
		}
		return true
	})
}

// define records the variables lhs defines, with their definitions
// where rhs gives one each.
func (a *prover) define(lhs []ast.Expr, rhs []ast.Expr) {
	for i, l := range lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			continue
		}
		if v, ok := a.info.Defs[id].(*types.Var); ok {
			a.defs[v] = nil
			if len(rhs) == len(lhs) {
				a.defs[v] = rhs[i]
			}
		} else if v, ok := a.info.Uses[id].(*types.Var); ok {
			a.assigned[v] = true // redeclared by :=
		}
	}
}

// assign records that the variable e names, if it names one, is
// assigned.
func (a *prover) assign(e ast.Expr) {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := a.info.Uses[id].(*types.Var); ok {
			a.assigned[v] = true
		}
	}
}

// fail records why and returns false.
func (a *prover) fail(format string, args ...any) bool {
	if a.why == "" {
		a.why = fmt.Sprintf(format, args...)
	}
	return false
}

// proof returns the Proof of kernel fd, of thread k, if it has a current
// compiled form and is proved; else nil.
func (r *fileRewriter) proof(fd *ast.FuncDecl, k *kernel) *Proof {
	if k.thread == nil || directiveName(fd) == "" {
		return nil
	}
	if r.compiled == nil {
		r.compiled = compiledSources(r.pkg)
		r.pure = map[*types.Func]bool{}
	}
	hash, ok := r.compiled[fd.Name.Name]
	if !ok {
		return nil
	}
	params, dims, why := newProver(r.info, r.pkg.Types, r.declOf, r.pure).prove(fd, k.thread)
	if why != "" {
		return nil
	}
	return &Proof{Name: fd.Name.Name, Source: hash, Params: params, Dims: dims}
}

// stride records the variable of loop f if it is for v := e; ...; v += s.
func (a *prover) stride(f *ast.ForStmt) {
	init, ok1 := f.Init.(*ast.AssignStmt)
	post, ok2 := f.Post.(*ast.AssignStmt)
	if !ok1 || !ok2 || init.Tok != token.DEFINE || post.Tok != token.ADD_ASSIGN ||
		len(init.Lhs) != 1 || len(init.Rhs) != 1 || len(post.Lhs) != 1 {
		return
	}
	id, ok1 := init.Lhs[0].(*ast.Ident)
	pid, ok2 := post.Lhs[0].(*ast.Ident)
	if v, ok := a.info.Defs[id].(*types.Var); ok1 && ok2 && ok && a.info.Uses[pid] == v {
		a.strides[v] = post
	}
}

// isStride reports whether s is a loop's post statement v += s that
// stride recorded.
func (a *prover) isStride(s *ast.AssignStmt) bool {
	if id, ok := s.Lhs[0].(*ast.Ident); ok && s.Tok == token.ADD_ASSIGN {
		v, _ := a.info.Uses[id].(*types.Var)
		return v != nil && a.strides[v] == s
	}
	return false
}
