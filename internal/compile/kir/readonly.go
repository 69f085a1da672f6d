package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// readOnlyParams returns the kernel's parameters of slice or string type
// whose elements the kernel never writes: every use of one, in the kernel
// and its inlined helpers, indexes it for a value (or takes its len or
// cap, or ranges over it), and no assignment, increment, address, slice of
// an array field or pointer method reaches an element of it. An element
// of one is the same whenever and by whichever thread it is read, so a
// load at an index the same for the block is too (LavaMD's loop bound
// 1+box[bx].nn). The parameter is taken not to share memory with one the
// kernel writes, as CUDA code assumes of a const input: a thread reading
// it while another writes that memory, between the same barriers, would
// race.
func (f *Func) readOnlyParams() map[*types.Var]bool {
	ro := map[*types.Var]bool{}
	for obj := range f.Vars {
		if !f.isParam(obj) {
			continue
		}
		switch t := obj.Type().Underlying().(type) {
		case *types.Slice:
			ro[obj] = true
		case *types.Basic:
			ro[obj] = t.Info()&types.IsString != 0
		}
	}
	copies := f.paramCopies(ro)
	for v := range copies {
		ro[v] = true
	}
	read := map[*ast.Ident]bool{} // the uses that only read
	f.inspectAll(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt, *ast.ValueSpec:
			for _, x := range f.copiedOrBlanked(n, copies) {
				read[x] = true
			}
		case *ast.IndexExpr:
			read[identOf(n.X)] = true
		case *ast.RangeStmt:
			read[identOf(n.X)] = true
		case *ast.CallExpr:
			if a := f.lenArg(n); a != nil {
				read[a] = true
			}
			if fn, ok := typeutil.Callee(f.Src.Info, n).(*types.Func); ok && !n.Ellipsis.IsValid() {
				for k, a := range n.Args {
					if id := identOf(a); id != nil && f.readsParam(fn, k) {
						read[id] = true // a guarded load's slice: its helper only reads it
					}
				}
			}
		}
		if s, ok := n.(ast.Stmt); ok {
			for _, e := range assigned(s) {
				delete(ro, f.memRoot(e))
			}
		}
		if v := f.addressedMem(n); v != nil {
			delete(ro, v)
		}
	})
	f.inspectAll(func(n ast.Node) {
		if id, ok := n.(*ast.Ident); ok && !read[id] {
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok {
				delete(ro, v) // passed, assigned or sliced: written out of sight, maybe
			}
		}
	})
	for changed := true; changed; { // a copy is read-only with what it copies, and that with its copies
		changed = false
		for v, p := range copies {
			if ro[v] != ro[p] {
				delete(ro, v)
				delete(ro, p)
				changed = true
			}
		}
	}
	return ro
}

// paramCopies returns the variables bound to a parameter of params, or to
// such a variable, by a definition of their own (v := p, var v T = p),
// with what each copies: the parameters of a helper that synchronizes,
// which inlining binds to its arguments (bindParams).
func (f *Func) paramCopies(params map[*types.Var]bool) map[*types.Var]*types.Var {
	copies := map[*types.Var]*types.Var{}
	for changed := true; changed; {
		changed = false
		f.inspectAll(func(n ast.Node) {
			to, from, _ := f.copyDef(n)
			if to == nil || copies[to] != nil || !params[from] && copies[from] == nil || !types.Identical(to.Type(), from.Type()) {
				return
			}
			copies[to], changed = from, true
		})
	}
	return copies
}

// copyDef returns, for a definition v := p or var v T = p, v, p and the
// identifier reading p; or nils.
func (f *Func) copyDef(n ast.Node) (to, from *types.Var, rhs *ast.Ident) {
	var lhs *ast.Ident
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok == token.DEFINE && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
			lhs, rhs = identOf(n.Lhs[0]), identOf(n.Rhs[0])
		}
	case *ast.ValueSpec:
		if len(n.Names) == 1 && len(n.Values) == 1 {
			lhs, rhs = n.Names[0], identOf(n.Values[0])
		}
	}
	if lhs == nil || rhs == nil {
		return nil, nil, nil
	}
	to, _ = f.Src.Info.Defs[lhs].(*types.Var)
	from, _ = f.Src.Info.Uses[rhs].(*types.Var)
	if to == nil || from == nil {
		return nil, nil, nil
	}
	return to, from, rhs
}

// copiedOrBlanked returns the identifiers n only reads: the p of a
// definition of copies (copyDef), and the x of _ = x.
func (f *Func) copiedOrBlanked(n ast.Node, copies map[*types.Var]*types.Var) []*ast.Ident {
	var out []*ast.Ident
	if to, _, rhs := f.copyDef(n); to != nil && copies[to] != nil {
		out = append(out, rhs)
	}
	if a, ok := n.(*ast.AssignStmt); ok && isBlankUse(a) {
		out = append(out, identOf(a.Rhs[0]))
	}
	return out
}

// addressedMem returns the variable whose memory n takes the address of:
// the operand of &, an array sliced, a pointer method's operand.
func (f *Func) addressedMem(n ast.Node) *types.Var {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			return f.memRoot(n.X)
		}
	case *ast.SliceExpr:
		if _, array := f.Src.Info.TypeOf(n.X).Underlying().(*types.Array); array {
			return f.memRoot(n.X)
		}
	case *ast.SelectorExpr:
		s := f.Src.Info.Selections[n]
		if s != nil && s.Kind() == types.MethodVal {
			if _, ptr := s.Obj().(*types.Func).Signature().Recv().Type().(*types.Pointer); ptr {
				return f.memRoot(n.X)
			}
		}
	}
	return nil
}

// memRoot returns the variable whose memory e is: v for v, a field or
// element of v, or an element of the slice v; nil where a pointer leads
// elsewhere.
func (f *Func) memRoot(e ast.Expr) *types.Var {
	info := f.Src.Info
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			if sel, isField := f.fieldSel(x); !isField || sel.indirect {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			switch info.TypeOf(x.X).Underlying().(type) {
			case *types.Array, *types.Slice:
				e = x.X
			default:
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// readsParam reports whether fn, a function of the kernel's package,
// uses its parameter k only to read its elements and take its length, as
// a guarded load does (if i < len(in) { return in[i] }): a slice passed
// there is not written. Its body is examined once per call site, which
// the few helpers of a kernel afford.
func (f *Func) readsParam(fn *types.Func, k int) bool {
	d := f.declOf(fn)
	if d == nil || d.Recv != nil || d.Body == nil {
		return false
	}
	var param *types.Var
	i := 0
	for _, field := range d.Type.Params.List {
		for _, name := range field.Names {
			if i == k {
				param, _ = f.Src.Info.Defs[name].(*types.Var)
			}
			i++
		}
	}
	if param == nil {
		return false
	}
	reads := map[*ast.Ident]bool{} // the uses of param that read
	written := map[ast.Node]bool{} // the element expressions written or addressed
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				written[ast.Unparen(l)] = true
			}
		case *ast.IncDecStmt:
			written[ast.Unparen(n.X)] = true
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				written[ast.Unparen(n.X)] = true
			}
		case *ast.IndexExpr:
			if id := identOf(n.X); id != nil && !written[n] {
				reads[id] = true
			}
		case *ast.CallExpr:
			if a := f.lenArg(n); a != nil {
				reads[a] = true
			}
		}
		return true
	})
	only := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && f.Src.Info.Uses[id] == param && !reads[id] {
			only = false
		}
		return only
	})
	return only
}

// lenArg returns the identifier whose length or capacity call takes
// (len(x), cap(x)), or nil.
func (f *Func) lenArg(call *ast.CallExpr) *ast.Ident { return f.builtinArg(call, "len", "cap") }

// builtinArg returns the identifier x where e is a call of one of the
// builtins names with the one argument x (len(x)), or nil.
func (f *Func) builtinArg(e ast.Expr, names ...string) *ast.Ident {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if b, ok := f.Src.Info.Uses[identOf(call.Fun)].(*types.Builtin); ok && slices.Contains(names, b.Name()) {
		return identOf(call.Args[0])
	}
	return nil
}
