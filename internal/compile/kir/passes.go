package kir

import (
	"go/ast"
	"go/types"
)

// A pass is one step of the pipeline: it reads the Func and changes it,
// or stops the pipeline with a refusal. Doc says what it does, in one
// line of at most 120 characters; its file's comments say the rest. This
// table is the only place the descriptions are written: gocuda compile
// -passes prints it, and a test keeps docs/architecture.md's copy equal.
type pass struct {
	name string
	fn   func(*Func)
	doc  string
}

// passes is the pipeline, in order. Emission follows it. The table is
// set in init because the interchange pass runs part of the pipeline as
// a trial (interchange_vector.go), a cycle a variable's initializer may
// not hold.
var passes []pass

func init() {
	passes = []pass{
		{"check", checkPass, "refuse what no lowering can compile: the thread escaping, goto, defer, calls that may synchronize out of sight"},
		{"build", build, "the kernel as one thread's program: helpers that synchronize inlined, sync points out of expressions, switches as ifs"},
		{"classify", classify, "each variable uniform, remat or varying; control around barriers proved uniform, or checked at run time"},
		{"interchange", interchange, "a thread's loop that strides from trip to trip but reads along a row of threads runs trip by trip for the block"},
		{"stride", stride, "grid-stride loops, to run in lockstep"},
		{"fission", fission, "thread loops between barriers, block-level code around them, warp loops around collectives"},
		{"fuse", fuse, "merge thread loops that no sync point separates, a loop after a uniform if with each branch's last"},
		{"streams", streams, "a thread loop reading a slice at x and a block's extent further does the first reads for all threads first"},
		{"warp", warp, "in warp loops, lane loops between collectives and masked ifs that reconverge"},
		{"spill", spill, "keep per thread (scratch) or per lane ([32]T) only what lives across a sync point or a closure captures"},
		{"enter", enter, "thread arguments no callee reads need no thread entered"},
		{"atomics", sharedAtomics, "an atomic on a shared-memory element is a plain read and write: one goroutine runs the block's threads"},
		{"mode", mode, "a chunk of blocks per call for kernels without barriers or shared memory; the record of exited threads"},
		{"fill", fill, "a shared-memory array that the first thread loop writes whole is not zeroed first"},
		{"blockorder", blockorder, "a grid body whose accesses run along y and stride along x takes its blocks y fastest"},
		{"transpose", transpose, "a grid body taken y fastest that names the thread only by its coordinates runs its rows along y"},
		{"narrow", narrow, "thread loops run only the threads their guards admit (tid < s, tid%(2*s) == 0, ty%p == 0, 2*s*tid+s < n)"},
		{"flatten", flatten, "a grid-stride loop whose trips are independent runs its iteration space in rows, a contiguous part per chunk"},
		{"unroll", unroll, "short loops of a constant trip count written as copies; small innermost ranges four elements a step"},
		{"reverse", reverse, "a shift scan's step (read at the index less an offset, barrier, write at the index) runs as one loop from the last"},
		{"split", split, "a thread loop with one guard on the thread's index runs as two, the threads it rejects then those it admits"},
		{"quotient", quotient, "a thread loop dividing x plus a row's offset by a uniform value runs each row in segments of one quotient"},
		{"rebase", rebase, "thread loops indexing slices at x plus a row's offset check the slices once a row, not at every access"},
		{"copies", copies, "rebased loops and whole warps' lane loops that only copy elements copy each row or warp at once"},
		{"demand", demand, "shuffle-down reductions and warp trees over shared memory add only the lanes that later code reads"},
		{"rowsahead", rowsAhead, "a warp loop whose lane loops read read-only rows at x plus offsets reads each row ahead, at once, into scratch"},
		{"pairtree", pairTree, "a lane loop summing two rows' elements, then a shuffle-down sum to lane 0, run as one call (ShflDownLane0Pair)"},
		{"runs", runs, "a grid body of one rebased thread loop runs the consecutive blocks of its chunk along x as one row"},
		{"chunk", chunk, "a lockstep loop that rebase did not take runs a cache-sized chunk of trips of each thread in turn"},
		{"tile", tile, "a block-stride walk over a tile larger than the block runs in rows; a walk that only copies copies whole rows"},
		{"stops", stops, "loops that might not end check for a stopped launch"},
		{"treefold", treefold, "a halving tree over shared memory (Harris's reductions) runs up to three steps a trip, storing the last"},
		{"sweepfold", sweepfold, "three steps of each of Blelloch's sweeps run as one, eight elements at a time in registers"},
		{"memo", memo, "in lane loops, work on values a collective leaves alike across the warp runs again only where its inputs change"},
		{"vector", vector, "thread and lane loops run eight threads a step: in SIMD vectors, or in portable ones in the default build"},
		{"slp", slp, "helpers keeping several accumulators get SIMD twins that hold them as the lanes of a vector"},
		{"jam", jam, "a thread loop ending with a call of a looping helper runs four threads' loops at once, interleaved"},
		{"slpjam", slpjam, "calls of a twin helper of 128 trips or more run two threads at a time, their loops interleaved (SIMD build)"},
		{"hoist", hoist, "a call of package math in a block-level loop's condition, over values nothing changes, is evaluated once"},
		{"outline", outline, "a thread loop whose threads each run an inner loop runs in a never-inlined literal, to keep the registers"},
	}
}

// PassNames returns the names of the passes, in order.
func PassNames() []string {
	names := make([]string, len(passes))
	for i, p := range passes {
		names[i] = p.name
	}
	return names
}

// PassDoc returns the one-line description of the pass named name.
func PassDoc(name string) string {
	for _, p := range passes {
		if p.name == name {
			return p.doc
		}
	}
	return ""
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
func Emit(f *Func, name, tparams, params string) string {
	body, _ := emit(f, name, tparams, params, false)
	return body
}

// EmitFile writes the body function of f for the SIMD build where simd is
// set, for the default build where it is not, and reports whether the
// body uses package compiled/lanes (f.Src.Lanes names it), which the
// default build's portable steps do.
func EmitFile(f *Func, name, tparams, params string, simd bool) (body string, lanes bool) {
	return emit(f, name, tparams, params, simd)
}

// EmitSIMD writes the body function of f for the SIMD build: the loops
// the vector pass picked run eight threads a step where the CPU has AVX2
// (compiled.SIMD), the scalar form after. f.Src.Archsimd names package
// simd/archsimd.
func EmitSIMD(f *Func, name, tparams, params string) string {
	body, _ := emit(f, name, tparams, params, true)
	return body
}

// Vectorized reports whether the SIMD build writes any of f's loops
// eight threads at a time.
func (f *Func) Vectorized() bool { return len(f.Vector) > 0 || len(f.VectorLanes) > 0 }

// SIMDDiffers reports whether the SIMD build's body of f may differ from
// the default build's: it writes vector steps, or calls helpers that
// have twins (slp.go).
func (f *Func) SIMDDiffers() bool { return f.Vectorized() || f.callsTwins() }

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
		Unroll: map[ast.Node]int64{}, RangeSteps: map[*ast.RangeStmt]bool{}, Stops: map[ast.Node]bool{}, Strides: map[*ast.ForStmt]*Stride{}, Filled: map[*Code]int64{},
		seq: map[*types.Var]int{}, typeExprs: map[*ast.Ident]types.Type{}, instArgs: map[*ast.Ident][]types.Type{},
		origins: map[*ast.CallExpr]*ast.CallExpr{}, SLPCalls: map[*ast.CallExpr]*types.Func{}, twins: &twinSet{byKey: map[string]*Twin{}}, embeds: map[*ast.SelectorExpr]bool{}, snaps: map[types.Object]bool{}, bound: map[*types.Var]ast.Expr{}, copiedCalls: map[*ast.CallExpr]bool{}, results: map[ast.Stmt]*Barrier{}, collResults: map[ast.Stmt]*Collective{}}
	if len(src.typeArgs) > 0 {
		f.instantiate()
	}
	var params, locals []*types.Var
	for _, v := range kernelVars(f.Src) {
		if f.isParamPos(v) {
			params = append(params, v)
		} else {
			locals = append(locals, v)
		}
	}
	for _, list := range [][]*types.Var{params, locals} {
		for _, v := range sortedVars(f, setOf(list)) {
			name := v.Name()
			switch {
			case f.isParamPos(v) && types.Universe.Lookup(name) == nil:
				f.Names.Reserve(name)
			case name != "_":
				// A local, or a parameter shadowing a predeclared name
				// the generated body calls (len, min, copy...): the body
				// names its parameters itself (ParamName).
				name = f.Names.Local(name)
			}
			f.Vars[v] = &Var{Obj: v, Name: name}
		}
	}
	return f
}

// ParamName returns the name the generated body gives the kernel's
// parameter v: its own, unless it shadows one of Go's predeclared names.
func (f *Func) ParamName(v *types.Var) string {
	if w := f.Vars[v]; w != nil {
		return w.Name
	}
	return v.Name()
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
