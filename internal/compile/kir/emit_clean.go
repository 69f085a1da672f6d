package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// cleanUpper writes, in the SIMD build, a VZEROUPPER before thread loop
// l where the body runs vector steps elsewhere but l runs scalar float
// arithmetic only, once a trip of a block-level loop around it: legacy
// SSE scalar instructions merge with their registers' upper halves, so
// where those are dirty each thread's sum waits on the last writer of its
// register and the loop's threads run one after another. Go keeps vector
// values live across such loops, and the engine's code between blocks may
// leave the halves dirty: Harris's reduction kernel 1 ran slower in the
// SIMD build than in the default one until its tree's steps were cleaned
// first (BenchmarkReduce's interleaved). Loops run once a block are left
// alone: cleaning before the three of llm.c's softmax kernel 4, each once
// a block, cost it more than it saved (BenchmarkLlmcSoftmax), for a
// reason not understood.
func (e *emitter) cleanUpper(l *ThreadLoop) {
	if e.lockMore != "" || e.uniformLoops == 0 || !e.needsClean(l) {
		return
	}
	e.printf("%s.ClearAVXUpperBits()\n", e.f.Src.Archsimd)
}

// cleanLockstep writes cleanUpper's VZEROUPPER before a chunked lockstep
// loop, once: each round of its chunks runs each thread's trips as scalar
// code (see llm.c's softmax kernel 7 in BenchmarkLlmcSoftmax).
func (e *emitter) cleanLockstep(l *ThreadLoop, chunked bool) {
	if chunked && e.needsClean(l) {
		e.printf("%s.ClearAVXUpperBits()\n", e.f.Src.Archsimd)
	}
}

// needsClean reports whether l, in the SIMD build, runs scalar float
// arithmetic where the body runs vector steps elsewhere (cleanUpper).
func (e *emitter) needsClean(l *ThreadLoop) bool {
	return e.simd && !e.f.Vector[l] && e.f.Vectorized() && e.f.floatCode(l.Body)
}

// floatCode reports whether nodes compute with floats: an operation or
// a call whose result is a float.
func (f *Func) floatCode(nodes []Node) bool {
	found := false
	Walk(nodes, func(n Node) {
		c, ok := n.(*Code)
		if !ok || found {
			return
		}
		ast.Inspect(c.Stmt, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.BinaryExpr, *ast.CallExpr, *ast.UnaryExpr:
				found = found || f.isFloat(f.Src.Info.TypeOf(m.(ast.Expr)))
			case *ast.AssignStmt:
				found = found || len(m.Lhs) == 1 && m.Tok != token.ASSIGN && m.Tok != token.DEFINE && f.isFloat(f.Src.Info.TypeOf(m.Lhs[0]))
			}
			return !found
		})
	})
	return found
}

// isFloat reports whether t is a float type, a specialization's type
// argument substituted, or a type parameter (which may be one).
func (f *Func) isFloat(t types.Type) bool {
	if t == nil {
		return false
	}
	t = f.substType(t)
	if _, ok := t.(*types.TypeParam); ok {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}
