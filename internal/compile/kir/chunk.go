package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// chunk is the pass that lets the threads of a lockstep loop run several
// trips each per round. The stride pass runs a block-stride or
// warp-stride loop in lockstep, a trip of every thread a round, so that
// neighbouring threads read neighbouring elements; but then what a
// thread carries from trip to trip (a running sum, the row it walks) is
// loaded from and stored to its scratch every trip. A chunked round runs
// each thread's next compiled.StrideChunk(step) trips in turn, its state
// in locals: the block still walks a span of about compiled.ChunkSpan
// elements a round, which the cache holds while every thread takes its
// part of it. A chunked loop runs a thread a step: its trips already pay
// for the loop's counter. Threads of a region are unordered, so any
// interleaving of their trips is one CUDA allows.
//
// Rebased loops, whose rows run unchecked, keep a trip a round, and so
// does a loop whose vector steps the build runs (the SIMD build's, or
// the default build's portable ones: the emitter decides); but where the
// step is grid-sized (compiled.StrideFar: a grid-stride loop in a block
// kernel), a trip a round reads one row and waits for memory, while a
// chunked round reads several rows at once. Such loops get a far form
// (ThreadLoop.Far), the same code chunked, which the launch runs where
// its step is far.
func chunk(f *Func) {
	Walk(f.Body, func(n Node) {
		l, ok := n.(*ThreadLoop)
		if !ok {
			return
		}
		s := f.lockstep(l)
		if s == nil || f.GridStride == l || l.Reduce != nil || l.Outside ||
			!types.Identical(s.Key.Type(), types.Typ[types.Int]) {
			return
		}
		s.Chunked, s.Span = f.Names.Fresh("chunk"), f.Names.Fresh("span")
		if l.Copy == nil && l.Every == nil && !f.nearStep(s.Step) {
			l.Far = f.farForm(l)
		}
		if l.Rebase == nil && l.Quot == nil {
			s.Chunk, l.Step = true, 0
		}
	})
}

// writesFar reports whether a build writes l's far form beside l: where
// l's rounds run a trip each, its rows unchecked (rebased, in quotient
// segments) or, where stepped, in vector steps. A chunked l runs far
// steps its own way.
func (l *ThreadLoop) writesFar(stepped bool) bool {
	return l.Far != nil && (l.Rebase != nil || l.Quot != nil || stepped)
}

// farForm returns the far form of lockstep loop l: its code and bounds,
// its rows checked at each access, a thread a step.
func (f *Func) farForm(l *ThreadLoop) *ThreadLoop {
	far := &ThreadLoop{ID: l.ID, Body: l.Body, Pos: l.Pos, Bounds: l.Bounds, Proven: l.Proven, StrideBound: l.StrideBound}
	f.LoopVars[far] = f.LoopVars[l]
	if d, ok := f.deadSpills[l]; ok {
		f.deadSpills[far] = d
	}
	return far
}

// chunkSpan is compiled.ChunkSpan: the steps from which a lockstep loop
// runs far (compiled.StrideFar).
const chunkSpan = 2048

// maxBlockExtent is the most threads a block holds, and so the most any
// of its extents is (gocuda.MaxThreadsPerBlock).
const maxBlockExtent = 1024

// nearStep reports whether the index facts bound step, a lockstep loop's
// (nil for 1), below chunkSpan: a sum of constants times the block's
// extents, as a block-stride loop's, so that no launch runs it far and
// it needs no far form.
func (f *Func) nearStep(step ast.Expr) bool {
	if step == nil {
		return true
	}
	sum, ok := f.linearOf(step, "X", nil)
	if !ok {
		return false
	}
	var most int64
	for _, t := range sum {
		if t.x {
			return false
		}
		m := max(t.c, 0) // a negative term only lowers the step
		for _, u := range t.us {
			if !f.isBlockExtent(u) || m >= chunkSpan {
				return false
			}
			m *= maxBlockExtent
		}
		if most += m; m >= chunkSpan || most >= chunkSpan {
			return false
		}
	}
	return true
}

// isBlockExtent reports whether e is a component of t.BlockDim, or a
// variable defined as one: remat, or uniform and never assigned after.
func (f *Func) isBlockExtent(e ast.Expr) bool {
	for range maxTerms { // remat definitions chain, but not without end
		if f.isBlockDim(e) {
			return true
		}
		next := f.readThrough(ast.Unparen(e), nil)
		if next == nil {
			next = f.onceDefined(e)
		}
		if e = next; e == nil {
			return false
		}
	}
	return false
}

// onceDefined returns the value of e, a variable the kernel assigns only
// where it defines it (v := value), or nil.
func (f *Func) onceDefined(e ast.Expr) ast.Expr {
	v := f.identVar(e)
	if v == nil || f.kernelWrites()[v] != 1 {
		return nil
	}
	var def ast.Expr
	f.inspectAll(func(n ast.Node) {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.DEFINE && slices.ContainsFunc(a.Lhs, func(l ast.Expr) bool { return f.identVar(l) == v }) {
			def = definedAs(a, v.Name())
		}
	})
	return def
}
