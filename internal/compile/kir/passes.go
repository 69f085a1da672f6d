package kir

import (
	"go/ast"
	"go/types"
)

// A pass is one step of the pipeline: it reads the Func and changes it,
// or stops the pipeline with a refusal. Doc says what it does, in one
// line; the package doc and docs/architecture.md list the passes from it
// (a test keeps them in step).
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
		{"build", build, "the kernel as one thread's program, its sync points explicit: helpers and methods that synchronize inlined, and helpers walking memory from the caller's position a multiple of their counter apart, sync points inside expressions evaluated into temporaries, switches as ifs"},
		{"classify", classify, "each variable uniform, remat or varying; control around barriers uniform, or checked at run time where the block's threads must agree (a loop's or an if's condition the compiler cannot prove the block's), and a thread leaving a loop after which the kernel only runs thread code runs that code and returns; an if holding barriers whose condition the threads may not share, after which the kernel ends, runs its sides' code between barriers per thread, the sides' k-th barriers one, each side returning at its end"},
		{"interchange", interchange, "a thread's loop whose body reads along a row of threads but strides from trip to trip runs trip by trip for the block, unless the vector pass runs every such loop as written eight threads a step in both builds (a trial of the passes up to it)"},
		{"stride", stride, "grid-stride loops, to run in lockstep"},
		{"fission", fission, "thread loops between barriers, block-level code around them, warp loops around collectives; the thread statements opening a uniform if right after thread code run at that code's end, under the if's condition; a uniform check failing the launch that opens the threads' code runs once, at block level"},
		{"fuse", fuse, "merge thread loops that no sync point separates; a loop after a uniform if merges, in both branches, with a branch's last loop"},
		{"streams", streams, "a thread loop whose first statements read a slice at the thread's index and whose next reads it a block's extent further (or whose first statement's operands do so) runs those first reads for every thread first, so that memory is read in ascending order (in the SIMD build where they run vector steps; in the default build unless the loop runs portable steps); where one fails, the loop runs as written"},
		{"warp", warp, "in warp loops, lane loops between collectives and masked ifs that reconverge; an if for one lane at the end of a lane loop in a loop of its own"},
		{"spill", spill, "keep per thread (scratch) or per lane ([32]T) only what lives across a sync point; a warp's lane loop stores none that the next lane loop to name it assigns first, a thread loop none that no loop after it reads; a collective whose operand copies a variable kept per lane, unchanged in the lane loop before it, reads that variable's lanes; a variable a function literal captures that changes after its declaration (not a loop's, one per iteration) is kept per thread, and in place (every use its element), so that a closure called after a sync point sees its current value"},
		{"enter", enter, "thread arguments no callee reads need no thread entered"},
		{"atomics", sharedAtomics, "an atomic on an element of a shared-memory slice is a plain read and write (compiled.SharedAdd and its kin): the body runs the block's threads on one goroutine, the only one that reaches its shared memory"},
		{"mode", mode, "a chunk of blocks per call for kernels without barriers or shared memory; the record of exited threads"},
		{"fill", fill, "a shared-memory declaration at the body's top level whose next code is a thread loop writing every element first (v[s*x+c] for each c below s, x the thread's x index, no read of v, no return) is spared the zeroing of its allocation where its length is at most s times the block's x extent"},
		{"blockorder", blockorder, "a grid body whose accesses run along y and stride along x takes its blocks y fastest"},
		{"transpose", transpose, "a grid body blockorder takes y fastest and that names the thread only by its coordinates' components runs its thread loops' rows along y: the emitter's x is the source's y"},
		{"narrow", narrow, "thread loops run the part of each row of x that their guards admit (if tid < s, if i >= n { return }); a guard on x times a uniform factor, plus an offset or not (index := 2*s*tid; if index+s < n), bounds the row where the factor is positive, and stays; a last guard admitting a residue of x (if tid%(2*s) == 0) steps through the row, without the guard where the residue is one; a guard admitting the rows whose y is a multiple of a uniform value (if ty%p == 0) steps over the rows it rejects where the value is positive and divides the block's height"},
		{"flatten", flatten, "a grid-stride loop whose trips are independent runs its iteration space in rows, a contiguous part per chunk of blocks"},
		{"unroll", unroll, "short loops of a constant trip count written as copies; small innermost ranges over slices written four elements a step"},
		{"reverse", reverse, "a shift scan's step, two thread loops around a barrier that read a shared slice at the thread's index less offsets and write it at the index, runs as one loop over the threads from the last"},
		{"split", split, "a thread loop with one guard of the thread's index among code that cannot fail runs as two: the threads it rejects, then those it admits, neither testing it (where the rest only declares the loop's own variables, the admitted alone); so does a reversed step's first loop where the build keeps its two loops (SIMD)"},
		{"quotient", quotient, "a thread loop dividing the thread's x index plus a row's offset by a row's value runs each row in segments of one quotient: a division per segment, not per thread"},
		{"rebase", rebase, "thread loops indexing slices at x plus a row's offset (or that offset alone, or a 2-D tile's row and x plus an offset), directly or through a guarded load (a helper returning in[i] where i is in range), or at a stride times x plus an offset (bounded, not resliced; under no guard but ones comparing it with a slice's length), run, where the slices are long enough (for the part of a row its neighbours' reads leave), without those checks, and without position records where nothing else can fail; so do the lane loops of whole warps that lie in one row of x; there, a guard comparing a rebased index with a slice's length (that slice's, or another the row's check then takes in) is decided; an element the whole row reads at one index, which no slice the loop writes holds (checked per row) and nothing else it does can change, is loaded once a row"},
		{"copies", copies, "a rebased thread loop whose threads each copy an element at their x plus a row's offset, to a variable kept in scratch or to another slice at their x plus an offset, copies each row at once (where slices might overlap, those that do not); a warp's lane loop whose code only copies variables kept per lane or a shuffle's result into the variables it keeps copies each of them at once (a whole warp's shuffle up or down by a constant, from its operand's lanes shifted), and a whole warp's load under a guard its row's check decides, copied on to a variable kept per lane, copies the row"},
		{"demand", demand, "a shuffle-down reduction whose offsets halve, whose result a warp's first lanes alone read (in a lane range, or a thread loop narrowed to x < n of a one-dimensional block), adds in each whole-warp step only the lanes the later steps read, and runs the lane loops that only copy the result for lanes [0, k) alone; so does a warp's tree over shared memory (v += s[x+d], then s[x] = v) whose elements only constant indexes below a warp read after it, in one-dimensional blocks"},
		{"rowsahead", rowsAhead, "a warp loop at the body's top whose lane loops read a parameter the kernel never writes in two streams or more, at x plus offsets the same for the block, reads those rows ahead, each at once, into scratch, where the whole warps' lanes read them; in the default build, a whole warp of a one-dimensional block whose rows were read runs the loop's code written for it, its mask and extents constants, its lanes reading the rows with no test of the slices"},
		{"pairtree", pairTree, "a warp loop opening with a lane loop whose code only sums two elements of rows read ahead into the variable a shuffle-down reduction from 16 then sums to lane 0, alone read after, runs both for a whole warp as one call (compiled.ShflDownLane0Pair): the same additions, the lanes' sums never stored"},
		{"runs", runs, "a grid body of one rebased thread loop that reads its block's and thread's x only as their sum runs the blocks of its chunk that follow one another along x as one row, and a flat grid-stride loop of such code its chunk's rows"},
		{"chunk", chunk, "a lockstep loop that rebase did not take runs, each round, a chunk of trips of each thread in turn, its state in locals, the chunk's span small enough for the cache (unless the build runs the loop's vector steps)"},
		{"tile", tile, "a thread loop walking a tile larger than the block, a block-stride loop along y around one along x, runs its elements in rows where the steps are the block's extents, each element at its thread; a walk that only copies copies each row's part in range at once, and where its rows' offsets are affine in the row (a clamp in them leaving its argument alone on every row, checked at the walk's ends), checks every row at once and copies the rows one after another"},
		{"stops", stops, "loops that might not end check for a stopped launch"},
		{"treefold", treefold, "a halving tree over shared memory in the body's top level (for s := x; s > stop; s /= 2 { if tid < s { row[tid] += row[tid+s] }; barrier }), which the kernel reads after only below a bound (constant indexes, x under a constant bound plus a halving offset), runs up to three steps a trip where the block is one-dimensional and has a thread for each x below the step, storing only the last step's sums; Harris's last warp (if tid < 32 { v := row[tid]; for offset := 32; ... { v += row[tid+offset]; row[tid] = v } }), after which only row[0] is read, runs as that tree where the block is one-dimensional and its first warp whole"},
		{"sweepfold", sweepfold, "a sweep of Blelloch's scan in the body's block-level code, an up-sweep (for d := x; d > stop; d >>= 1 { barrier; if tid < d { temp[offset*(2*tid+2)-1] += temp[offset*(2*tid+1)-1] }; offset *= 2 }) or a down-sweep (for d := x; d < n; d *= 2 { offset >>= 1; barrier; if tid < d { y := temp[ai]; temp[ai] = temp[bi]; temp[bi] += y } }), runs the up-sweep's three steps from offset 1 and the down-sweep's three down to offset 1 as one, each group of eight elements in registers, where the block is one-dimensional and has a thread for each x below the steps"},
		{"memo", memo, "in a warp loop's lane loops, a run of statements that divides or calls a function, computing with no other effect from values a collective leaves the same for its lanes (a reduction's sum, a vote, a broadcast) and uniform ones, runs for a lane only where its inputs' bits differ from those of the lane that last ran it: the others take that lane's results"},
		{"vector", vector, "thread loops (and warps' lane loops) the SIMD build runs eight threads at a time, as the lanes of a vector; of those, the loops whose threads carry a sum through a loop of their own, branch, or update a variable kept across barriers, which the default build runs eight threads at a time too, in portable vectors"},
		{"slp", slp, "calls of helpers whose loops add a run's elements to as many accumulators, one statement each, call in the SIMD build a twin keeping the accumulators as a vector's lanes"},
		{"jam", jam, "a thread loop ending with a call of a helper whose first statements are assignments and whose rest cannot fail and carries a value through a loop runs four threads' rests at once, their loops interleaved trip by trip"},
		{"slpjam", slpjam, "a lockstep loop whose trips only add a twin helper's result to a variable kept per thread runs, in the SIMD build, each call of 128 trips or more with that of the thread a window later, the two twins' loops interleaved, where the helper cannot fail, keeps to its own variables and loops on a parameter's length"},
		{"hoist", hoist, "a call of package math in a block-level loop's condition whose arguments read only constants and variables nothing changes after their declaration is evaluated once, before the loop"},
		{"outline", outline, "a thread loop whose threads each run a loop of their own, which no other pass writes in a form of its own and whose code cannot return from the body, runs in a function literal that compiled.OutOfLine calls, never inlined, so that Go's register allocator gives the registers to the inner loop's values rather than to the body's"},
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
