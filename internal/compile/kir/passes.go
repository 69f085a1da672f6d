package kir

import (
	"go/ast"
	"go/types"
)

// A pass is one step of the pipeline: it reads the Func and changes it,
// or stops the pipeline with a refusal.
type pass struct {
	name string
	fn   func(*Func)
}

// passes is the pipeline, in order. Emission follows it.
var passes = [...]pass{
	{"check", checkPass},   // refuse what cannot be compiled
	{"build", build},       // the kernel as one thread's program, sync points explicit
	{"classify", classify}, // uniform, remat and varying values; uniform control
	{"stride", stride},     // grid-stride loops, to run in lockstep
	{"fission", fission},   // thread loops between sync points, block-level code around them
	{"fuse", fuse},         // merge thread loops no sync point separates
	{"warp", warp},         // warp loops: lane loops between collectives, masked ifs
	{"spill", spill},       // keep per thread only what lives across a sync point
	{"mode", mode},         // a chunk of blocks per call for barrier-free kernels; exits
	{"unroll", unroll},     // write short constant-trip loops as copies
	{"stops", stops},       // loops that might not end check for a stopped launch
}

// PassNames returns the names of the passes, in order.
func PassNames() []string {
	names := make([]string, len(passes))
	for i, p := range passes {
		names[i] = p.name
	}
	return names
}

// A Result is a compiled kernel.
type Result struct {
	Body string // the body function's Go source
	Grid bool   // it runs a chunk of blocks per call: construct it with compiled.GridKernel
}

// Compile runs the pipeline on src and writes the body function name,
// with type parameters tparams ("[T Number]" or "") and parameters params
// (", a float32, x []float32"), or returns why src stays on the runtime
// path.
func Compile(src *Source, name, tparams, params string) (*Result, *Refusal) {
	f, r := Run(src, "", nil)
	if r != nil {
		return nil, r
	}
	return &Result{Body: Emit(f, name, tparams, params), Grid: f.Grid}, nil
}

// Emit writes the body function of f, which went through every pass, as
// Compile does.
func Emit(f *Func, name, tparams, params string) string { return emit(f, name, tparams, params) }

// Run runs the passes on src up to and including the pass named last (all
// of them for ""), calling after, if not nil, after each pass: for golden
// tests and invariant checks.
func Run(src *Source, last string, after func(pass string, f *Func)) (f *Func, r *Refusal) {
	f = newFunc(src)
	defer func() {
		if p := recover(); p != nil {
			rp, ok := p.(refusalPanic)
			if !ok {
				panic(p)
			}
			f, r = nil, rp.r
		}
	}()
	for _, p := range passes {
		p.fn(f)
		if after != nil {
			after(p.name, f)
		}
		if p.name == last {
			break
		}
	}
	return f, nil
}

// newFunc makes the Func of src with its variables named.
func newFunc(src *Source) *Func {
	f := &Func{Src: src, Vars: map[*types.Var]*Var{}, Names: newNamer(src.Taken),
		Unroll: map[ast.Node]int64{}, Stops: map[ast.Node]bool{}, Strides: map[*ast.ForStmt]*Stride{},
		seq: map[*types.Var]int{}, typeExprs: map[*ast.Ident]types.Type{}, instArgs: map[*ast.Ident][]types.Type{}, results: map[ast.Stmt]*Barrier{}, collResults: map[ast.Stmt]*Collective{}}
	var params, locals []*types.Var
	for id, obj := range src.Info.Defs {
		v, ok := obj.(*types.Var)
		if !ok || v == src.Thread || v.IsField() || id.Pos() < src.Decl.Pos() || id.Pos() >= src.Decl.End() {
			continue
		}
		if f.isParamPos(v) {
			params = append(params, v)
		} else {
			locals = append(locals, v)
		}
	}
	for _, list := range [][]*types.Var{params, locals} {
		for _, v := range sortedVars(f, setOf(list)) {
			name := v.Name()
			if f.isParamPos(v) {
				f.Names.Reserve(name)
			} else if name != "_" {
				name = f.Names.Local(name)
			}
			f.Vars[v] = &Var{Obj: v, Name: name}
		}
	}
	return f
}

func (f *Func) isParamPos(v *types.Var) bool {
	return v.Pos() >= f.Src.Decl.Type.Pos() && v.Pos() < f.Src.Decl.Type.End()
}

func setOf(list []*types.Var) map[*types.Var]bool {
	m := map[*types.Var]bool{}
	for _, v := range list {
		m[v] = true
	}
	return m
}
