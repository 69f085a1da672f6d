package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// A Func is one kernel on its way through the pipeline. The build pass
// makes Body the kernel as one thread's program, with its sync points
// explicit; the fission pass turns Body into block-level code around
// thread loops. Every pass reads the type-checked syntax of Source and
// never changes it: where a pass decides how a statement is written, it
// records the decision here, and the emitter applies it.
type Func struct {
	Src  *Source
	Body []Node

	Vars  map[*types.Var]*Var // the kernel's local variables
	Names *Namer

	// Grid is set when the kernel has no barrier, collective or shared
	// memory: a call runs a chunk of blocks (compiled.GridKernel).
	Grid bool
	// GridStride is set, in grid mode, when the body is one grid-stride
	// loop after block code that does not depend on the block: each step
	// of the loop runs for every block of the chunk.
	GridStride *ThreadLoop
	// BlocksYFirst is set, in grid mode, when the body takes its chunk's
	// blocks y fastest (the order pass, blockorder.go).
	BlocksYFirst bool
	// Transposed is set, in grid mode, when the body's thread loops run
	// along y and its blocks are taken y fastest (transpose): the
	// emitter's x is the source's y.
	Transposed bool
	// Runs is set, in grid mode, when the body runs the blocks of its
	// chunk that follow one another along x as one run (runs).
	Runs bool
	// Exits is set when a thread may return while later thread loops run:
	// the body keeps a record of the threads that have.
	Exits bool

	// Vector are the thread loops the SIMD build writes eight threads at
	// a time (vector.go).
	Vector map[*ThreadLoop]bool
	// Portable are the thread loops the default build writes eight
	// threads at a time as well, in package compiled/lanes' portable
	// vectors (portable.go).
	Portable map[*ThreadLoop]bool
	// VectorLanes are the lane loops of warp loops the SIMD build writes
	// eight lanes at a time (vec_lanes.go).
	VectorLanes map[*LaneLoop]bool
	// VectorImports are the packages the SIMD build's vector steps name
	// (in helpers they inline), by path: the names the source gives them.
	VectorImports map[string]*types.PkgName

	// SharedAtomics are the atomics on shared memory, which the body
	// writes as package compiled's plain forms, by name (shared_atomics.go).
	SharedAtomics map[*ast.CallExpr]string
	// Private are the atomics on slice parameters a kernel only updates
	// with one operator, which its body makes on the parameter's private
	// copy, by the parameter (private_atomics.go).
	Private map[*ast.CallExpr]*types.Var
	// PrivateOps are the operators of the parameters' private copies
	// (compiled.OpAdd, OpMax...).
	PrivateOps map[*types.Var]string
	// PrivateShared are the shared arrays whose block may update a
	// parameter's private copy instead, by their declarations
	// (private_shared.go).
	PrivateShared map[*Code]*PrivateShared

	Unroll map[ast.Node]int64 // constant-trip loops to write as copies, and their first key
	// RangeSteps are the ranges over slices to write four elements a
	// step (range_steps.go).
	RangeSteps map[*ast.RangeStmt]bool
	Stops      map[ast.Node]bool        // loops that check for a stopped launch at their back-edge
	Strides    map[*ast.ForStmt]*Stride // grid-stride loops run in lockstep
	// Filled are the shared-memory declarations whose allocation the
	// next code writes in full before any is read (fill.go), with the
	// elements per thread x index it writes.
	Filled map[*Code]int64

	// Helpers are the helpers inlined, whose source the compiled form
	// depends on.
	Helpers []*ast.FuncDecl

	// Streams are the loops the streams pass reordered that the SIMD
	// build runs so (vector.go).
	Streams map[*Streamed]bool
	// aheadTemps are the variables of the first operands the streams
	// pass runs ahead, by their loop: only its reordered form uses them.
	aheadTemps map[*types.Var]*Streamed

	// SLPCalls are the calls of the body to helpers with a loop of
	// accumulator statements (slp.go): the SIMD build calls their twins.
	SLPCalls map[*ast.CallExpr]*types.Func
	// twins are the twins the SIMD build's calls named, shared by the
	// Func's specializations.
	twins *twinSet
	// tables are the constant vectors each build's body loads
	// (vec_table.go).
	tables map[bool][]Table
	// jams are the helpers the jam pass looked at, with their jam or nil:
	// each is split once, however many loops call it (jam.go).
	jams map[*ast.FuncDecl]*Jam
	// regionJams are the loops the jam pass gave a jam of their own.
	regionJams map[ast.Stmt]*Jam

	// BlindThread are the uses of the thread as an argument that the
	// callee never reads: a thread loop need not enter each thread for
	// them.
	BlindThread map[*ast.Ident]bool

	// LoopVars is what each thread loop does with the varying variables.
	LoopVars map[Node]*loopVars
	// readBefore are the variables some loop reads before it assigns
	// them (spill.go).
	readBefore map[*types.Var]bool
	// deadSpills are, per lane loop or thread loop, the spilled
	// variables it assigns whose stores to scratch it skips
	// (deadspill.go).
	deadSpills map[Node]map[*types.Var]bool
	// captured are the varying variables function literals capture, and
	// whether each changes after its declaration (captured.go); nil in a
	// body without sync points.
	captured map[*types.Var]bool

	// shared are the uniform variables holding a shared-memory slice;
	// readShared, while set, lets pure take an element of one at a uniform
	// index as uniform (a block-level condition, read by every thread
	// after the same barrier).
	shared     map[*types.Var]bool
	readShared bool
	// tail holds the loops holding a barrier after which only thread code
	// runs before the kernel returns, and that code (exitBreaks): a
	// thread leaving one runs it and returns.
	tail map[*ast.ForStmt][]ast.Stmt
	// own are the shared slices only indexed (sharedread.go's
	// escapedShared): no goroutine but the block's reaches their memory.
	own map[*types.Var]bool
	// sharedLens are the lengths of the own shared slices whose
	// allocation fixes them (facts.go).
	sharedLens map[*types.Var]int64
	// readOnly are the parameters whose elements the kernel never writes
	// (readonly.go): pure takes an element of one at a pure index as pure.
	readOnly map[*types.Var]bool
	// steadyShared are the reads of shared memory that no write may change
	// between the barriers around them (sharedread.go): pure takes one at
	// a pure index as pure.
	steadyShared map[*ast.IndexExpr]bool
	// bound are the parameters of function type of the helpers being
	// analyzed or inlined that are bound to declared functions
	// (funcparam.go).
	bound     map[*types.Var]ast.Expr
	bindDepth int // helper bodies being analyzed, nested
	// returnFlags are the flags of inlined helpers that return before
	// their end (flaggedResults): true once the helper has returned.
	returnFlags map[*types.Var]bool
	// embeds are the compiler's selectors of implicit embedded fields,
	// each with whether its operand is a pointer (promote.go).
	embeds map[*ast.SelectorExpr]bool
	// snaps are the variables holding the receivers of method values
	// (methodvalue.go).
	snaps map[types.Object]bool
	// repeated are the guards returning threads that the interchange
	// pass repeats in every thread loop after theirs: a thread they
	// return needs no record.
	repeated map[ast.Stmt]bool
	// distributed is set where interchange (in the lockstep pass) took a guard apart
	// (interchange_guard.go), whose pieces the variables' classes are
	// decided from again.
	distributed bool
	// laneLoop are the loops whose lanes leave them at different trips
	// (For.Lanes), for classify's fixpoint.
	laneLoop map[*ast.ForStmt]bool

	// bitwiseSteps is set where a vector step computes a bitwise operator
	// on integers: no step of the function runs sixteen lanes (vec_512.go).
	bitwiseSteps bool

	pureFuncs   map[*types.Func]bool            // the package's functions pure.go examined, and whether they are pure
	vecLowered  map[*ast.FuncDecl]*lowered      // helpers with early returns, lowered for the vector steps
	tsub        map[*types.TypeParam]types.Type // the type arguments of a specialization (Specialize), and of the generic helpers being inlined
	results     map[ast.Stmt]*Barrier           // the statements using a barrier's result
	collResults map[ast.Stmt]*Collective        // the statements using a collective's result
	writes      map[*types.Var]int              // rebase (in the rows pass)'s count of each variable's assignments (kernelWrites)
	lenDefs     map[*types.Var]*ast.Ident       // rebase (in the rows pass)'s variables defined as a slice's length (lengthDefs)
	addrTaken   map[*types.Var]bool             // rebase (in the rows pass)'s variables whose address the kernel takes (addressedVars)
	loops       int                             // thread loops made, for their ids
	seq         map[*types.Var]int              // the order in which inlining made variables
	depth       int                             // helpers being inlined
	inlining    []*ast.FuncDecl                 // those helpers, outermost first: a recursion meets itself
	origins     map[*ast.CallExpr]*ast.CallExpr // the source calls of calls in inlined copies
	copiedCalls map[*ast.CallExpr]bool          // the source calls that have copies
	typeExprs   map[*ast.Ident]types.Type       // identifiers written as a type: inlined type parameters, declared types
	instArgs    map[*ast.Ident][]types.Type     // the type arguments of instantiations in inlined copies
}

// A Var is a local variable of the kernel.
type Var struct {
	Obj   *types.Var
	Name  string // its name in generated code: the source's, unless taken
	Class Class
	// Spill is set when the variable's value lives across a sync point:
	// it is kept per thread in a scratch array (SpillName).
	Spill     bool
	SpillName string
	// InPlace is set for a kept variable (spilled, or in a warp loop's
	// lane array) whose address the code takes: every use reads and
	// writes its element of the array, so that a pointer or slice made in
	// one loop reaches the value later loops read.
	InPlace bool
	// Def is the statement defining a Remat variable.
	Def ast.Stmt
}

// A Class is where a variable's value comes from.
type Class uint8

// The classes of variables.
const (
	Varying Class = iota // differs from thread to thread
	Uniform              // the same for every thread of the block: computed once per block
	Remat                // a pure function of the thread's index and uniform values: recomputed where used
)

func (c Class) String() string { return [...]string{"varying", "uniform", "remat"}[c] }

// A Node is one piece of a kernel body.
type Node interface{ node() }

// Before fission, a body holds Code, If, For, Range, Scope, Barrier,
// Branch and Return. After it, thread code is inside ThreadLoops, and the
// rest is block-level.
type (
	// Code is a statement with no sync point in it, run per thread (or,
	// with Block set, once per block).
	Code struct {
		Stmt  ast.Stmt
		Block bool
		// Check, with Block, is a uniform check that fails the launch
		// (if b&(b-1) != 0 { panic(err) }) that the threads' code opened
		// with: it runs once, reported as the block's first thread's
		// (fission_check.go).
		Check bool
	}
	// If is an if statement holding sync points; its condition is the
	// same for every thread of the block.
	If struct {
		Src        *ast.IfStmt
		Then, Else []Node
		ElseIf     bool // Else is one If: an else-if chain
	}
	// For is a for loop holding sync points, uniform, or a thread's loop
	// interchange (in the lockstep pass) turned inside out; or, with Lanes, one holding
	// warp collectives only whose header may differ between lanes, which
	// the warp pass makes a WarpFor.
	For struct {
		Src   *ast.ForStmt
		Label *ast.Ident
		Body  []Node
		Lanes bool
		// Interchanged is set for a loop of thread code the interchange
		// pass made block-level control: it holds no sync point.
		Interchanged bool
		// Fold, where set, is the loop's halving tree over shared memory,
		// whose steps run up to three at a time (treefold.go).
		Fold *TreeFold
		// Sweep, where set, is the loop's sweep of Blelloch's scan, three
		// of whose steps run as one (sweepfold.go).
		Sweep *SweepFold
	}
	// Range is a range loop holding sync points, uniform.
	Range struct {
		Src   *ast.RangeStmt
		Label *ast.Ident
		Body  []Node
	}
	// Scope is a block statement holding sync points.
	Scope struct{ Body []Node }
	// Barrier is a block barrier. A predicate barrier has Pred, and the
	// statement Stmt that uses its result (nil where it is discarded).
	Barrier struct {
		Call  *ast.CallExpr
		Entry kapi.Entry
		Pred  ast.Expr
		Stmt  ast.Stmt
		// Agree, where set, makes it the check of a loop's condition
		// (agree.go): the loop goes on while every thread's Pred holds,
		// and the launch fails where threads disagree. It names the
		// barrier of the loop the threads going on would wait at.
		Agree string
	}
	// Collective is a warp collective. Stmt is the statement going on
	// with its result (nil where it is discarded).
	Collective struct {
		Call  *ast.CallExpr
		Entry kapi.Entry
		Stmt  ast.Stmt
		// Demand, where set, is a shuffle-down reduction's step whose
		// result only a warp's first lanes are read for (demand.go).
		Demand *LaneDemand
		// ValueIn, where set, is the lane variable whose lane array holds
		// the value operand when the collective runs: the operand is a
		// copy of it the lane loop before makes (operand_copy.go).
		ValueIn *types.Var
	}
	// Branch is a break or continue of uniform control, at block level;
	// or, with Lanes, of a loop whose lanes leave it at different trips
	// (a WarpFor), taken by the lanes that reach it.
	Branch struct {
		Src   *ast.BranchStmt
		Lanes bool
		// Target is the source of the loop it leaves (*ast.ForStmt or
		// *ast.RangeStmt), by its label or the innermost around it.
		Target ast.Stmt
	}
	// Return is a return of every thread of the block at once.
	Return struct{ Src *ast.ReturnStmt }

	// ThreadLoop runs Body for every thread of the block (every block of
	// the chunk, in grid mode). A loop with Reduce evaluates a predicate
	// barrier's predicate for each thread and reduces it.
	ThreadLoop struct {
		ID     int
		Body   []Node
		Reduce *Barrier
		Pos    token.Pos
		// Bounds, where set, limit the ranks the loop visits when the
		// block is one-dimensional: its guard admits no other thread.
		Bounds []Bound
		// Proven are the guards whose whole condition the bounds decide:
		// in the range they leave, the condition always holds (true: the
		// emitter writes the if's body alone) or never does (false: a
		// guarding return the emitter drops).
		Proven map[ast.Stmt]bool
		// Step, where above 1, is the threads each step of the loop runs,
		// written as copies.
		Step int
		// StrideBound is set for a loop that is one grid-stride loop run in
		// lockstep whose start is the thread's x index plus a uniform
		// offset: each step bounds the threads by the limit, instead of a
		// test per thread.
		StrideBound bool
		// Rebase, where set, is how the loop runs where its slices are
		// long enough for the row (rebase.go).
		Rebase *Rebase
		// Quot, where set, are the divisions of the loop's code whose rows
		// run in segments of one quotient (quotient.go).
		Quot *Quotients
		// Outside, with Bounds, runs the threads the bounds do not admit
		// instead: the part of each row of x before their range and after
		// it, and the whole of a row their Row bounds skip (split.go).
		Outside bool
		// Tile, where set, is the loop's walk over a tile, which runs in
		// rows where its steps are the block's extents (tile.go).
		Tile *TileNest
		// Jam, where set, is the loop's closing call of a helper that
		// runs four threads' calls interleaved (jam.go).
		Jam *JamCall
		// SlpJam, where set, is the lockstep loop's call of a twin
		// helper, which the SIMD build runs two threads at a time
		// (slpjam.go).
		SlpJam *SlpJamCall
		// Copy, where set, is the element each thread copies: the
		// loop's rebased rows run as one copy (copies.go).
		Copy *ThreadCopy
		// Every, where set, is a guard admitting the threads whose x is
		// C modulo M: each row runs every Mth thread from the first
		// such, the guard kept (narrow_every.go).
		Every *Every
		// Far, where set, is the lockstep loop's form for a grid-sized
		// step (compiled.StrideFar), chunked (chunk.go): the emitter
		// writes it beside a form that runs a trip a round.
		Far *ThreadLoop
		// Outline, where set, runs the loop in a function literal that
		// compiled.OutOfLine calls, so that Go allocates the registers of
		// its threads' own loops apart from the body's (outline.go).
		Outline *Outline
	}
	// WarpLoop runs Body, warp-level code, for every warp of the block:
	// LaneLoops, Collectives, and WarpIfs, Fors and Ranges around them.
	WarpLoop struct {
		ID   int
		Body []Node
		// Arrays are the varying variables kept per lane across the
		// warp's collectives, with the names of their [32]T arrays.
		Arrays map[*types.Var]string
		// Tree, where set, is the last warp of a tree over shared memory
		// that runs as the block's tree (treefold_warp.go).
		Tree *WarpTree
	}
	// LaneLoop runs Body for the active lanes of the current warp.
	LaneLoop struct {
		ID   int
		Body []Node
		// Operands are collectives whose operands the loop evaluates last.
		Operands []*Collective
		// Jam, where set, is the loop's closing call of a helper that
		// runs four lanes' calls interleaved (jam.go).
		Jam *JamCall
		// Rebase, where set, is how the loop runs for a whole warp
		// whose lanes lie in one row of x, where its slices are long
		// enough for them (rebase_lanes.go).
		Rebase *Rebase
		// Copy, where set, is the element each lane copies: such a
		// warp's lanes run as one copy (copies.go).
		Copy *ThreadCopy
		// Moves, where set, says where each variable the loop defines
		// comes from, its code only copying: its lanes run as one copy
		// per variable it stores (lane_moves.go).
		Moves map[*types.Var]LaneMove
		// Ahead are the rebased slices whose block's row the warp loop
		// reads ahead into scratch (rowsahead.go).
		Ahead []int
		// Demand, where set, is a step of a tree over shared memory
		// whose result only a warp's first lanes are read for: a whole
		// warp runs only the lanes the later steps read
		// (demand_shared.go).
		Demand *StepDemand
		// Upto, where set, bounds the lanes the loop runs to [0,
		// Upto.Lanes), where the block is one-dimensional if Upto.OneD:
		// no later code reads what its other lanes do (demand.go): it
		// copies a shuffle reduction's result, or it is a step of a tree
		// written out (demand_steps.go).
		Upto *LaneDemand
		// Memo are the runs of its code that a lane computes only where
		// its inputs differ from the lane's that last did (memo.go).
		Memo []*MemoRun
		// Pair, where set, is the shuffle-down reduction after the loop
		// that a whole warp runs with it as one call (pairtree.go).
		Pair *PairTree
	}
	// WarpIf is an if holding collectives whose condition may differ
	// between lanes: each branch runs for its lanes, which then reconverge.
	WarpIf struct {
		Src        *ast.IfStmt
		Cond       *LaneLoop // evaluates the condition per lane
		Then, Else []Node
		// Warp is set when the condition is the same for every lane of a
		// warp (uniform values and the warp's index, through remat
		// variables): the condition written for warp level (warpExpr),
		// evaluated once per warp; Cond is not used.
		Warp ast.Expr
		// Range is set when the condition bounds the lane's index by
		// values the same for the warp (lane < lim, lane == 0): the
		// lanes that take the branch are a range decided once per warp;
		// Cond is not used.
		Range *laneRange
		// XBounds are set when the condition bounds the thread's x index
		// plus a uniform offset by uniform values (tid < 32): where the
		// warp's lanes lie in one row of x, the lanes that take the
		// branch are a range decided once per warp; elsewhere Cond
		// decides.
		XBounds []Bound
	}
	// WarpFor is a loop holding collectives whose trip count may differ
	// between lanes, run as on a GPU (SIMT): Init for each lane, then,
	// while any lane's condition (evaluated by Cond) holds, Body for
	// those lanes and Post for each of them; each collective's lanes are
	// those still in the loop.
	WarpFor struct {
		Src              *ast.ForStmt
		Init, Cond, Post *LaneLoop
		Body             []Node
	}
	// Reduced assigns a predicate barrier's reduced value, at block level,
	// after the ThreadLoop that reduced it.
	Reduced struct{ Barrier *Barrier }
)

func (*Code) node()       {}
func (*If) node()         {}
func (*For) node()        {}
func (*Range) node()      {}
func (*Scope) node()      {}
func (*Barrier) node()    {}
func (*Branch) node()     {}
func (*Return) node()     {}
func (*ThreadLoop) node() {}
func (*Reduced) node()    {}

// A Stride is a grid-stride loop: for i := start; i < limit; i += step,
// start depending on the thread, limit and step uniform.
type Stride struct {
	Key          *types.Var
	Start, Limit ast.Expr
	Step         ast.Expr // nil for i++
	Op           token.Token
	// Names are the generated names of the lockstep loop's offset, limit
	// and flag of threads still in it.
	Names [3]string
	// Flat is set when the loop's trips are independent and its start is
	// bx*bdx + tx + Base (Base nil for 0): the launch may run its
	// iteration space in rows, a contiguous part per chunk of blocks (flatten).
	Flat bool
	Base ast.Expr
	// Trip is key := Start + off (Names[0]): how a trip of the lockstep
	// loop begins, for the vector pass.
	Trip ast.Stmt
	// Chunk is set where each round of the lockstep loop runs up to
	// compiled.StrideChunk(step) trips of each thread, one after another,
	// its state in locals (chunk.go); Chunked is the generated name of
	// that count, and Span of the keys a chunk spans (step times Chunked),
	// which a loop's far form (ThreadLoop.Far) uses too.
	Chunk         bool
	Chunked, Span string
}

// Walk calls f for every node of nodes, depth first, parents first.
func Walk(nodes []Node, f func(Node)) {
	for _, n := range nodes {
		f(n)
		for _, list := range children(n) {
			Walk(list, f)
		}
	}
}

// children returns the node lists directly inside n.
func children(n Node) [][]Node {
	switch n := n.(type) {
	case *If:
		return [][]Node{n.Then, n.Else}
	case *For:
		return [][]Node{n.Body}
	case *Range:
		return [][]Node{n.Body}
	case *Scope:
		return [][]Node{n.Body}
	case *ThreadLoop:
		return [][]Node{n.Body}
	case *WarpLoop:
		return [][]Node{n.Body}
	case *LaneLoop:
		return [][]Node{n.Body}
	case *WarpIf:
		return [][]Node{n.Then, n.Else}
	case *WarpFor:
		return [][]Node{{n.Init}, n.Body, {n.Post}}
	case *Reversed:
		return [][]Node{n.nodes()}
	case *Streamed:
		return [][]Node{n.nodes()}
	}
	return nil
}

func (*Collective) node() {}
func (*WarpLoop) node()   {}
func (*LaneLoop) node()   {}
func (*WarpIf) node()     {}
func (*WarpFor) node()    {}

// rewriteNodes returns nodes with the lists inside each node rewritten
// first, then each node replaced by what rewrite returns for it.
func rewriteNodes(nodes []Node, rewrite func(Node) []Node) []Node {
	var out []Node
	for _, n := range nodes {
		for i, list := range children(n) {
			setChild(n, i, rewriteNodes(list, rewrite))
		}
		out = append(out, rewrite(n)...)
	}
	return out
}
