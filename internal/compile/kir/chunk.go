package kir

import "go/types"

// chunk is the pass that lets the threads of a lockstep loop run several
// trips each per round. The stride pass runs a block-stride or
// warp-stride loop in lockstep, a trip of every thread a round, so that
// neighbouring threads read neighbouring elements; but then what a
// thread carries from trip to trip (a running sum, the row it walks) is
// loaded from and stored to its scratch every trip. A chunked round runs
// each thread's next compiled.StrideChunk(step) trips in turn, its state
// in locals: the block still walks a span of about compiled.ChunkSpan
// elements a round, which the cache holds while every thread takes its
// part of it, and a grid-sized step gives chunks of one trip, the
// lockstep loop's order. Rebased loops, whose rows run unchecked, keep a
// trip a round, and so does a loop whose vector steps the build runs (the
// SIMD build's, or the default build's portable ones: the emitter
// decides). A chunked loop runs a thread a step: its
// trips already pay for the loop's counter. Threads of a region are
// unordered, so any interleaving of their trips is one CUDA allows.
func chunk(f *Func) {
	Walk(f.Body, func(n Node) {
		l, ok := n.(*ThreadLoop)
		if !ok {
			return
		}
		s := f.lockstep(l)
		if s == nil || f.GridStride == l || l.Rebase != nil || l.Quot != nil || l.Reduce != nil || l.Outside ||
			!types.Identical(s.Key.Type(), types.Typ[types.Int]) {
			return
		}
		s.Chunk, s.Chunked, s.Span, l.Step = true, f.Names.Fresh("chunk"), f.Names.Fresh("span"), 0
	})
}
