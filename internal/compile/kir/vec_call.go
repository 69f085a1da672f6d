package kir

import (
	"go/ast"
	"go/types"
)

// call translates a call in an expression: a conversion, a builtin, a
// function of package math, or a helper of the kernel's package, inlined.
func (v *vectorizer) call(c *ast.CallExpr) vval {
	info := v.f.Src.Info
	t := v.typeOf(c)
	if tv := info.Types[c.Fun]; tv.IsType() {
		return v.conversion(c, t)
	}
	if c.Ellipsis.IsValid() {
		v.fail()
	}
	if x, i, ok := v.rebasedAt(c); ok {
		return v.rebasedLoad(c, x, i)
	}
	if r, ok := v.laneCall(c); ok {
		return r
	}
	if v.helper(c) != nil {
		vals := v.inline(c)
		if len(vals) != 1 {
			v.fail()
		}
		return vals[0]
	}
	var args []vval
	uniform := true
	for _, a := range c.Args {
		args = append(args, v.expr(a))
		uniform = uniform && args[len(args)-1].shape == vUniform
	}
	switch fn := typeutilCallee(info, c).(type) {
	case *types.Builtin:
		switch name := fn.Name(); {
		case uniform && (name == "len" || name == "cap" || name == "min" || name == "max"):
			return vval{shape: vUniform, x: v.rebuild(c, args), typ: t}
		case name == "min" || name == "max":
			if a, ok := v.clampAffine(name, args, t); ok {
				return a
			}
			return v.minMax(name, args, t)
		}
	case *types.Func:
		if uniform && fn.Pkg() != nil && fn.Pkg().Path() == "math" && fn.Type().(*types.Signature).Recv() == nil {
			return vval{shape: vUniform, x: v.rebuild(c, args), typ: t} // math's functions are pure
		}
		if r, ok := v.math64(fn, args, t); ok {
			return r
		}
	}
	v.fail()
	return vval{}
}

// rebuild writes the call c with its translated arguments.
func (v *vectorizer) rebuild(c *ast.CallExpr, args []vval) ast.Expr {
	out := &ast.CallExpr{Fun: v.scalar(c.Fun).(ast.Expr)}
	for _, a := range args {
		out.Args = append(out.Args, a.x)
	}
	return out
}

// minMax translates min and max of integer vectors (x86's equal Go's;
// for floats they differ on NaN and signed zeros, and stay scalar).
func (v *vectorizer) minMax(name string, args []vval, t types.Type) vval {
	vt, ok := v.vecType(t)
	if !ok || isFloatVec(vt) || v.w64 { // 64-bit integers' min and max are AVX-512's
		v.fail()
	}
	m := map[string]string{"min": "Min", "max": "Max"}[name]
	v.computes()
	x := v.vec(args[0], t)
	for _, a := range args[1:] {
		x = vcall(x, m, v.vec(a, t))
	}
	return vval{shape: vVector, x: x, typ: t}
}

// conversion translates T(x). float32(math.Sqrt(float64(x))) of a float32
// is the vector's square root: IEEE's, correctly rounded either way.
func (v *vectorizer) conversion(c *ast.CallExpr, t types.Type) vval {
	if len(c.Args) != 1 {
		v.fail()
	}
	if x, ok := v.sqrtOf(c, t); ok {
		return x
	}
	arg := v.index(c.Args[0]) // with the variables it reads: an affine one's int32 range is checked with the index checks
	switch arg.shape {
	case vUniform:
		return vval{shape: vUniform, x: &ast.CallExpr{Fun: v.scalar(c.Fun).(ast.Expr), Args: []ast.Expr{arg.x}}, typ: t, fixed: arg.fixed, pure: arg.pure}
	case vAffine:
		switch vt, _ := v.vecType(t); {
		case vt == v.sized("Float32x8"): // the lanes' indices, exact in int32, converted as Go converts each
			return vval{shape: vVector, x: vcall(v.lanes(arg), "ConvertToFloat32"), typ: t}
		case vt == v.sized("Int32x8"):
			return vval{shape: vVector, x: v.lanes(arg), typ: t}
		case vt == "Float64x4": // from int32 lanes, exact, converted as Go converts each
			return vval{shape: vVector, x: v.lanes64(arg, vt), typ: t}
		case vt == v.sized("Uint32x8") && arg.plain() && isSigned(arg.typ) && narrowInt(arg.typ) == 0:
			v.laneRange(arg, true) // consecutive where the lanes do not wrap, which the step's checks test
		case !isInteger(t), narrowInt(t) != 0:
			v.fail() // a narrower integer's lanes may wrap between the first and the last
		}
		out := vval{shape: vAffine, x: &ast.CallExpr{Fun: v.scalar(c.Fun).(ast.Expr), Args: []ast.Expr{arg.x}}, typ: t, guard: arg.guard, stride: arg.stride}
		if arg.clamped() {
			fun := v.scalar(c.Fun).(ast.Expr)
			out.lane = func(k ast.Expr) ast.Expr { return &ast.CallExpr{Fun: fun, Args: []ast.Expr{laneOf(arg, k)}} }
		}
		return out
	}
	from, _ := v.vecType(arg.typ)
	to, ok := v.vecType(t)
	switch {
	case !ok:
		v.fail()
	case v.w64:
		if x, ok := v.convert64(arg.x, from, to); ok {
			return vval{shape: vVector, x: x, typ: t}
		}
	case from == to:
		return vval{shape: vVector, x: arg.x, typ: t}
	case from == v.sized("Int32x8") && to == v.sized("Float32x8"):
		return vval{shape: vVector, x: vcall(arg.x, "ConvertToFloat32"), typ: t}
	case from == v.sized("Float32x8") && to == v.sized("Int32x8"): // x86 truncates, as Go does, with the same value out of range
		return vval{shape: vVector, x: vcall(arg.x, "ConvertToInt32"), typ: t}
	case from == v.sized("Int32x8") && to == v.sized("Uint32x8"):
		return vval{shape: vVector, x: vcall(arg.x, v.sized("AsUint32x8")), typ: t}
	case from == v.sized("Uint32x8") && to == v.sized("Int32x8"):
		return vval{shape: vVector, x: vcall(arg.x, v.sized("AsInt32x8")), typ: t}
	}
	v.fail()
	return vval{}
}

// sqrtOf translates float32(math.Sqrt(float64(x))) for a float32 x.
func (v *vectorizer) sqrtOf(c *ast.CallExpr, t types.Type) (vval, bool) {
	info := v.f.Src.Info
	if !isKind(t, types.Float32) {
		return vval{}, false
	}
	inner, ok := ast.Unparen(c.Args[0]).(*ast.CallExpr)
	if !ok || len(inner.Args) != 1 {
		return vval{}, false
	}
	fn, ok := typeutilCallee(info, inner).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "math" || fn.Name() != "Sqrt" {
		return vval{}, false
	}
	widen, ok := ast.Unparen(inner.Args[0]).(*ast.CallExpr)
	if !ok || len(widen.Args) != 1 || !info.Types[widen.Fun].IsType() || !isKind(v.typeOf(widen.Args[0]), types.Float32) {
		return vval{}, false
	}
	x := v.expr(widen.Args[0])
	switch x.shape {
	case vUniform:
		return vval{shape: vUniform, x: &ast.CallExpr{Fun: v.scalar(c.Fun).(ast.Expr), Args: []ast.Expr{
			&ast.CallExpr{Fun: v.scalar(inner.Fun).(ast.Expr), Args: []ast.Expr{
				&ast.CallExpr{Fun: v.scalar(widen.Fun).(ast.Expr), Args: []ast.Expr{x.x}}}}}}, typ: t}, true
	case vAffine:
		v.fail()
	}
	return vval{shape: vVector, x: vcall(x.x, "Sqrt"), typ: t}, true
}

// helper returns the declaration of the function c calls, if the step
// can inline it: a function of the kernel's package, not generic, not
// variadic, not one being inlined.
func (v *vectorizer) helper(c *ast.CallExpr) *ast.FuncDecl {
	id := calleeIdent(c)
	if id == nil {
		return nil
	}
	fn, ok := v.f.Src.Info.Uses[id].(*types.Func)
	if !ok {
		return nil
	}
	d := v.f.declOf(fn)
	if d == nil || d.Recv != nil || fn.Type().(*types.Signature).Variadic() || v.inlining[d] {
		return nil
	}
	return d
}

// calleeIdent returns the function name c calls, instantiated or not
// (f(x), f[T](x)), or nil.
func calleeIdent(c *ast.CallExpr) *ast.Ident {
	switch fun := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		return fun
	case *ast.IndexExpr:
		id, _ := fun.X.(*ast.Ident)
		return id
	case *ast.IndexListExpr:
		id, _ := fun.X.(*ast.Ident)
		return id
	}
	return nil
}

// instantiate takes the type parameters of the generic helper c calls as
// the call's type arguments, specialized, while the step inlines it; it
// returns the function that undoes that.
func (v *vectorizer) instantiate(c *ast.CallExpr) func() {
	id := calleeIdent(c)
	targs := v.f.typeArgsOfIdent(id) // also a call the build pass copied from an inlined helper
	tparams := v.f.Src.Info.Uses[id].(*types.Func).Signature().TypeParams()
	if len(targs) != tparams.Len() || tparams.Len() == 0 {
		return func() {}
	}
	if v.f.tsub == nil {
		v.f.tsub = map[*types.TypeParam]types.Type{}
	}
	for i := range tparams.Len() {
		v.f.tsub[tparams.At(i)] = v.f.substType(targs[i])
	}
	return func() {
		for i := range tparams.Len() {
			delete(v.f.tsub, tparams.At(i))
		}
	}
}

// inline writes the body of the helper c calls into the step, its
// parameters and locals renamed for this instance, and returns its
// results. The body is straight-line code ending in its one return.
func (v *vectorizer) inline(c *ast.CallExpr) []vval {
	d := v.helper(c)
	info := v.f.Src.Info
	params := paramVars(d, info)
	var args []vval
	for i, a := range c.Args {
		if v.unusedThread(a, params[i], d) {
			args = append(args, vval{}) // a thread the helper takes for check and profile only
			continue
		}
		args = append(args, v.settle(v.expr(a), false))
	}
	outer := v.inst
	v.insts++
	v.inst = v.insts
	v.inlining[d] = true
	undo := v.instantiate(c)
	defer func() { v.inst = outer; v.inlining[d] = false; undo() }()
	for i, obj := range params {
		if obj != nil && args[i].x != nil {
			v.param(obj, args[i], d.Body, info.Types[c.Args[i]].Value != nil)
		}
	}
	if d.Type.Results != nil {
		for _, field := range d.Type.Results.List {
			for _, name := range field.Names {
				if obj, ok := info.Defs[name].(*types.Var); ok {
					v.zero(obj, field.Type)
				}
			}
		}
	}
	body := d.Body.List
	if earlyReturn(body) {
		return v.inlineLowered(d)
	}
	var ret *ast.ReturnStmt
	if n := len(body); n > 0 {
		ret, _ = body[n-1].(*ast.ReturnStmt)
		if ret != nil {
			body = body[:n-1]
		}
	}
	for _, s := range body {
		if hasReturn(s) {
			v.fail() // an early return: later
		}
		v.stmt(s)
	}
	return v.results(d, ret)
}

// paramVars returns the parameters of d in order, nil for a blank one.
func paramVars(d *ast.FuncDecl, info *types.Info) []*types.Var {
	var out []*types.Var
	for _, field := range d.Type.Params.List {
		for _, name := range field.Names {
			obj, _ := info.Defs[name].(*types.Var)
			if name.Name == "_" {
				obj = nil
			}
			out = append(out, obj)
		}
	}
	return out
}

// unusedThread reports whether argument a is the kernel's thread and
// helper d never reads its parameter p: a __device__ function that takes
// the thread so that gocuda check and gocuda profile attribute its
// accesses to the caller's thread, which the step need not pass.
func (v *vectorizer) unusedThread(a ast.Expr, p *types.Var, d *ast.FuncDecl) bool {
	id, ok := ast.Unparen(a).(*ast.Ident)
	if !ok || v.f.Src.Info.Uses[id] != v.f.Src.Thread {
		return false
	}
	return p == nil || !refersTo(d.Body, p, v.f.Src.Info)
}

// inlineLowered writes the body of helper d, which returns before its
// end, in the form the inliner gives such helpers (returnLowering): each
// return assigns the results and sets a flag, and the code after a
// statement that may return runs where the flag is not set. Lanes take
// their returns under masks, as they take ifs.
func (v *vectorizer) inlineLowered(d *ast.FuncDecl) []vval {
	low := v.f.loweredHelper(d)
	for _, r := range low.results {
		v.zero(r, nil)
	}
	v.zero(low.flag, nil)
	for _, s := range low.body {
		v.stmt(s)
	}
	var out []vval
	for _, r := range low.results {
		out = append(out, v.expr(v.f.ident(r, d.Body.Rbrace)))
	}
	return out
}

// A lowered is a helper's body with its returns lowered, for the vector
// steps: its results and flag are variables of their own.
type lowered struct {
	results []*types.Var
	flag    *types.Var
	body    []ast.Stmt
}

// loweredHelper returns helper d's body with its returns lowered, made
// once so that every translation of a step sees the same variables.
func (f *Func) loweredHelper(d *ast.FuncDecl) *lowered {
	if low, ok := f.vecLowered[d]; ok {
		return low
	}
	low := &lowered{flag: types.NewVar(d.Pos(), f.Src.Pkg, "returned", types.Typ[types.Bool])}
	sig := f.Src.Info.Defs[d.Name].(*types.Func).Signature()
	for i := range sig.Results().Len() {
		r := sig.Results().At(i)
		if r.Name() != "" && r.Name() != "_" {
			low.results = append(low.results, r) // a named result: the body reads and assigns it
			continue
		}
		low.results = append(low.results, types.NewVar(d.Pos(), f.Src.Pkg, "result", r.Type()))
	}
	l := &returnLowering{f: f, results: low.results, flag: low.flag}
	low.body = l.list(d.Body.List, false)
	if f.vecLowered == nil {
		f.vecLowered = map[*ast.FuncDecl]*lowered{}
	}
	f.vecLowered[d] = low
	return low
}

// param binds a helper's parameter to its argument: an alias of a
// block's variable the helper does not change, a variable of its own
// otherwise. A constant argument (constant says which is) gets a
// variable too: in its place in the helper's expressions it would make
// them constant, computed exactly where the parameter's type wraps (a
// uint32 shifted left) or fails (a division by zero).
func (v *vectorizer) param(obj *types.Var, arg vval, body *ast.BlockStmt, constant bool) {
	if _, ok := arg.x.(*ast.Ident); ok && arg.fixed && !constant && types.Identical(arg.typ, v.varType(obj)) && !v.f.assignsTo(body, obj) {
		v.env[obj] = &vbind{name: obj.Name(), x: arg.x, seq: -1}
		return
	}
	v.define(obj, arg)
}

// results evaluates a helper's return values into temporaries (its named
// results where the return is bare).
func (v *vectorizer) results(d *ast.FuncDecl, ret *ast.ReturnStmt) []vval {
	var out []vval
	if ret == nil || len(ret.Results) == 0 {
		if d.Type.Results == nil {
			return nil
		}
		for _, field := range d.Type.Results.List {
			for _, name := range field.Names {
				out = append(out, v.expr(name))
			}
		}
		return out
	}
	if len(ret.Results) == 1 && d.Type.Results.NumFields() > 1 {
		v.fail() // return f(): later
	}
	for _, r := range ret.Results {
		out = append(out, v.settle(v.expr(r), false))
	}
	return out
}

// hasReturn reports whether s holds a return statement outside function
// literals.
func hasReturn(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ReturnStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

// typeutilCallee returns the function or builtin c calls, if it names one.
func typeutilCallee(info *types.Info, c *ast.CallExpr) types.Object {
	switch fun := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		return info.Uses[fun]
	case *ast.SelectorExpr:
		if sel := info.Selections[fun]; sel != nil {
			return sel.Obj()
		}
		return info.Uses[fun.Sel]
	}
	return nil
}

func isKind(t types.Type, k types.BasicKind) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == k
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
