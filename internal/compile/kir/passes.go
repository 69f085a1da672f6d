package kir

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"
)

// A pass is one step of the pipeline: it reads the Func and changes it,
// or stops the pipeline with a refusal. Doc says what it does, in one
// line of at most 120 characters; its file's comments say the rest. This
// table is the only place the descriptions are written: gocuda compile
// -passes prints it, and a test keeps docs/architecture.md's copy equal.
//
// Required says why the pass cannot be switched off (gocuda compile
// -d=PASS/off): what later passes or the emitter rely on it for. A pass
// without it is optional: the code is correct without it, only slower,
// which TestPassesOff in the compiler fuzzer's module checks.
type pass struct {
	name     string
	fn       func(*Func)
	doc      string
	required string
}

// optional marks a pass of the table that may be switched off.
const optional = ""

// passes is the pipeline, in order. Emission follows it. The table is
// set in init because interchange (in the lockstep pass) runs part of the pipeline as
// a trial (interchange_vector.go), a cycle a variable's initializer may
// not hold.
var passes []pass

func init() {
	passes = []pass{
		{"check", checkPass, "refuse what no lowering can compile: the thread escaping, goto, defer, calls that may synchronize out of sight", "the passes after assume what it refuses is not there; without it they miscompile or panic"},
		{"build", build, "the kernel as one thread's program: helpers that synchronize inlined, sync points out of expressions, switches as ifs", "the passes after and the emitter read the one-thread program it builds, not the source"},
		{"classify", classify, "each variable uniform, remat or varying; control around barriers proved uniform, or checked at run time", "fission, spill and the emitter read whether each variable is uniform, remat or varying"},
		{"lockstep", lockstep, "a thread's loop whose trips read along a row of threads (grid-stride, or striding) runs trip by trip for the block", optional},
		{"fission", fission, "thread loops between barriers, block-level code around them, warp loops around collectives", "the emitter writes thread loops and block-level code: without them no variable of a thread is declared"},
		{"fuse", fuse, "merge thread loops that no sync point separates, a loop after a uniform if with each branch's last", optional},
		{"streams", streams, "a thread loop reading a slice at x and a block's extent further does the first reads for all threads first", optional},
		{"warp", warp, "in warp loops, lane loops between collectives and masked ifs that reconverge", "the emitter writes a warp loop's code only as the lane loops it makes: without them it is undeclared"},
		{"spill", perThread, "keep per thread or per lane only what lives across a sync point or a closure captures; enter only threads callees read", "a value live across a sync point must be kept per thread or per lane: without it, it is undeclared or lost"},
		{"mode", mode, "a chunk of blocks per call for kernels without barriers or shared memory; the record of exited threads", "its record of exited threads keeps threads that returned out of later thread loops"},
		{"shared", shared, "one goroutine's memory: shared atomics plain, arrays written whole not zeroed, atomic-only slices and merges private", optional},
		{"order", gridOrder, "a grid body whose accesses run along y and stride along x takes its blocks y fastest, and its rows where it can", optional},
		{"narrow", narrow, "thread loops run only the threads their guards admit (tid < s, tid%(2*s) == 0, ty%p == 0, 2*s*tid+s < n)", optional},
		{"flatten", flatten, "a grid-stride loop whose trips are independent runs its iteration space in rows, a contiguous part per chunk", optional},
		{"unroll", unroll, "short loops of a constant trip count written as copies; small innermost ranges four elements a step", optional},
		{"reverse", reverse, "a shift scan's step (read at the index less an offset, barrier, write at the index) runs as one loop from the last", optional},
		{"rows", rows, "thread loops run in rows of x by their index facts: split at a guard, in quotient segments, checked once a row", optional},
		{"demand", warpDemand, "warp reductions add only the lanes later code reads, read their rows ahead, and sum a lane loop's rows in their tree", optional},
		{"tile", cacheRows, "loops in cache-sized rows: a chunk's blocks along x as one row, lockstep trips in chunks (far steps too), tiles by rows", optional},
		{"stops", stops, "loops that might not end check for a stopped launch", "without its checks a launch whose loop does not end cannot be stopped, as LaunchContext promises"},
		{"trees", trees, "trees of an associative operator over shared memory (folds, sweeps) run up to three steps a trip in registers", optional},
		{"memo", memo, "in lane loops, work on values a collective leaves alike across the warp runs again only where its inputs change", optional},
		{"vector", vectorize, "thread and lane loops run eight threads a step, helpers keeping several accumulators hold them in one vector", optional},
		{"jam", unrollJam, "thread and lane loops ending with a loop carrying a value (inline or in a helper) interleave four threads' trips", optional},
		{"outline", outline, "a thread loop whose threads each run an inner loop runs in a never-inlined literal, to keep the registers", optional},
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

// PassRequired returns why the pass named name cannot be switched off,
// or "" for an optional pass.
func PassRequired(name string) string {
	for _, p := range passes {
		if p.name == name {
			return p.required
		}
	}
	return ""
}

// OptionalPasses returns the names of the passes that may be switched
// off, in order.
func OptionalPasses() []string {
	var names []string
	for _, p := range passes {
		if p.required == optional {
			names = append(names, p.name)
		}
	}
	return names
}

// CheckOff returns an error if off, the passes to switch off
// (Source.Off), names a pass that does not exist, listing those that do,
// or one that is required, saying why.
func CheckOff(off []string) error {
	for _, name := range off {
		i := slices.IndexFunc(passes, func(p pass) bool { return p.name == name })
		switch {
		case i < 0:
			return fmt.Errorf("no pass named %q: the passes are %s", name, strings.Join(PassNames(), ", "))
		case passes[i].required != optional:
			return fmt.Errorf("pass %s is required and cannot be switched off: %s", name, passes[i].required)
		}
	}
	return nil
}

// PassHook, when not nil, runs after each pass that runs, with the
// pass's name. It is for tests only: the compiler fuzzer's plants a
// miscompile in one optional pass through it, to check that its bisection
// names that pass.
var PassHook func(pass string, f *Func)

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
// of them for ""), but for those src.Off switches off, calling after, if
// not nil, after each pass run: for golden tests and invariant checks. It
// panics if src.Off fails CheckOff.
func Run(src *Source, last string, after func(pass string, f *Func)) (f *Func, r *Refusal) {
	if err := CheckOff(src.Off); err != nil {
		panic("kir.Run: " + err.Error())
	}
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
		if !slices.Contains(src.Off, p.name) {
			p.fn(f)
			if after != nil {
				after(p.name, f)
			}
			if PassHook != nil {
				PassHook(p.name, f)
			}
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
		if f.isParam(v) {
			params = append(params, v)
		} else {
			locals = append(locals, v)
		}
	}
	for _, list := range [][]*types.Var{params, locals} {
		for _, v := range sortedVars(f, setOf(list)) {
			name := v.Name()
			switch {
			case f.isParam(v) && types.Universe.Lookup(name) == nil:
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

func setOf(list []*types.Var) map[*types.Var]bool {
	m := map[*types.Var]bool{}
	for _, v := range list {
		m[v] = true
	}
	return m
}

// gridOrder is the order pass, which decides the order a grid body runs
// its blocks and rows in: blocks y fastest (blockorder), then, for those
// bodies, rows along y (transpose).
func gridOrder(f *Func) {
	blockorder(f)
	transpose(f)
}

// trees is the pass that folds trees of an associative operator
// (algebra.go's foldOps) over shared memory: halving folds (treefold.go)
// and up- and down-sweeps (sweepfold.go).
func trees(f *Func) {
	treefold(f)
	sweepfold(f)
}

// unrollJam is the jam pass: thread and lane loops that end with a
// value-carrying loop, in the kernel (jam_region.go) or a helper it
// calls (jam.go), interleave four threads' trips; the SIMD build pairs
// calls of twin helpers (slpjam.go).
func unrollJam(f *Func) {
	jam(f)
	slpjam(f)
}

// lockstep is the pass that runs a thread's loop trip by trip for the
// block where its trips read along a row of threads: a loop that strides
// (interchange), then the grid-stride loops left (stride).
func lockstep(f *Func) {
	interchange(f)
	stride(f)
}

// rows is the pass that runs thread loops in rows of the thread's x
// index by their index facts (index.go): a loop with one guard on the
// index as two (split), a loop dividing x plus a row's offset by a
// uniform value in segments of one quotient (quotient), its slices
// checked once a row instead of at each access (rebase), and a row that
// only copies, copied at once (copies).
func rows(f *Func) {
	split(f)
	quotient(f)
	rebase(f)
	copies(f)
}

// perThread is the spill pass: it keeps per thread or per lane what
// lives across a sync point (spill.go), and enters a thread only in the
// loops whose callees read it (enter.go), both decided by what later
// code reads.
func perThread(f *Func) {
	spill(f)
	enter(f)
}

// shared is the pass that lowers memory one goroutine owns as such:
// shared memory is an arena one goroutine runs the block's threads over,
// so an atomic on it is a plain read and write (shared_atomics.go) and an
// array the first thread loop writes whole needs no zeroing (fill.go); a
// slice a kernel only updates atomically, with one operator, gets a
// private copy per chunk of blocks (private_atomics.go), which a shared
// array set, updated and merged by that operator may be (private_shared.go).
func shared(f *Func) {
	sharedAtomics(f)
	privateAtomics(f)
	privateShared(f)
	fill(f)
}

// warpDemand is the demand pass over warp reductions: shuffle and warp
// trees add only the lanes later code reads (demand.go), lane loops read
// their read-only rows ahead (rowsahead.go), and a lane loop summing two
// rows into a shuffle-down sum runs as one call (pairtree.go).
func warpDemand(f *Func) {
	demand(f)
	rowsAhead(f)
	pairTree(f)
}

// cacheRows is the tile pass: loops whose trips walk memory run in rows
// a cache holds: a grid body's consecutive blocks along x as one row
// (runs.go), a lockstep loop rebase did not take in chunks of trips per
// thread (chunk.go), a block-stride walk over a tile by rows (tile.go).
func cacheRows(f *Func) {
	runs(f)
	chunk(f)
	tile(f)
}

// vectorize is the vector pass: thread and lane loops run eight threads
// a step (vector.go), then helpers keeping several accumulators get
// twins that hold them as a vector's lanes (slp.go), for the loops it
// left scalar.
func vectorize(f *Func) {
	vector(f)
	slp(f)
}
