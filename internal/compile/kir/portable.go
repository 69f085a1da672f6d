package kir

import (
	"go/ast"
	"go/token"
)

// The default build, which has no archsimd, still runs some of the loops
// the vector pass picks eight threads at a time: as the lanes of package
// compiled/lanes' vectors, structs of scalars that Go keeps in registers
// and computes lane by lane. They gain nothing on a loop whose threads
// each do a little work: Go's scalar code is as fast. They gain where a
// thread runs a loop of its own that carries a sum from trip to trip
// (the blur's window, a tile's inner product): one thread's chain of
// additions waits on each addition's latency, while eight threads'
// chains, interleaved, keep the CPU's arithmetic units busy, as a
// hand-written loop carrying eight accumulators would. They gain too
// where each thread's scalar code pays what a step pays once for eight
// threads: a branch (a guarded load) or a variable kept per thread across
// barriers, loaded and stored (straightGain). So the default build writes
// those loops' steps, and only those. The steps are the
// SIMD build's translation, with the same checks, masks and scalar form
// after, in the same order: results are bit-identical to the scalar form.
//
// They lose where the eight lanes do not fit the CPU's sixteen vector
// registers (n-body's six running sums: 48 floats) and where the loop
// calls what Go does not inline (comparisons, merges: mandelbrot's
// escape loop, BenchmarkMandelbrot), so those stay scalar.

// portableCarried is the most vectors a loop of a portable step may
// carry from trip to trip: each holds eight of the sixteen registers.
const portableCarried = 1

// portableCalls are the methods of package lanes Go does not inline
// (lanes_gen.go's are above its budget): a loop calling one pays a call
// a trip, with its vectors spilled.
var portableCalls = map[string]bool{"Merge": true, "StoreMasked": true, "Sqrt": true, "Floor": true, "Ceil": true,
	"Trunc": true, "ToMask": true, "Equal": true, "NotEqual": true, "Less": true, "LessEqual": true, "Greater": true,
	"GreaterEqual": true}

// portableGain reports whether thread loop l, which the vector pass
// picked, gains from portable steps: its step translates to them and
// holds a loop, the same for its eight threads, that carries a value
// from trip to trip, calls only what Go inlines, and keeps the rest of
// the registers free.
func (f *Func) portableGain(l *ThreadLoop) bool {
	vl, ok := f.translate(l, nil, "lanes", nil, true)
	if !ok || f.Src.PortableAll {
		return ok
	}
	if vl.diverges || vl.byLane {
		return false // a failure must be the scalar form's thread, in the default build as on the runtime path
	}
	if f.chained(l) && !callsAny(&ast.BlockStmt{List: vl.body}, portableCalls) {
		return true
	}
	if f.straightGain(l, vl) {
		return true
	}
	gain := false
	for _, s := range vl.body {
		ast.Inspect(s, func(n ast.Node) bool {
			if body := loopBody(n); body != nil && !gain {
				carried := carriedVars(body, false)
				gain = carried > 0 && carried <= portableCarried && !callsAny(body, portableCalls)
			}
			return !gain
		})
	}
	return gain
}

// maskCalls are the methods of package lanes a step calls where it merges
// or stores under a mask: where its threads' scalar code branches.
var maskCalls = map[string]bool{"Merge": true, "StoreMasked": true}

// straightGain reports whether thread loop l gains from portable steps
// where its step vl holds no loop (portableGain has checked that it does
// not diverge): where its threads' scalar code branches (a guarded load
// in a helper: the tiled matmul's tile loads,
// if row < m && ac < k { av = a[row*k+ac] }), which a step decides once
// for eight threads with a mask, unless the row's check decides every
// branch (branchesProven: Harris's if i < len(in) { s[tid] = in[i] });
// or where it updates a variable kept per thread across barriers that a
// later loop reads (an interchanged loop's running sum), which a step
// loads and stores eight at a time. A plain streaming loop (SAXPY) is as
// fast scalar: Go's loop over a rebased row has no check left to save,
// and the steps' own work only adds to it (BenchmarkSAXPY). The matmuls
// gain (BenchmarkMatMul); k-means and streamcluster (Rodinia's
// BenchmarkKMeans, BenchmarkStreamcluster), whose running sums are the
// same shape, neither gain nor lose.
func (f *Func) straightGain(l *ThreadLoop, vl *vecLoop) bool {
	step := &ast.BlockStmt{List: vl.body}
	loops := false
	ast.Inspect(step, func(n ast.Node) bool {
		loops = loops || loopBody(n) != nil
		return !loops
	})
	if loops {
		return false
	}
	if callsAny(step, maskCalls) && !f.branchesProven(l) {
		return true
	}
	if lv := f.LoopVars[l]; lv != nil {
		for obj := range lv.defs {
			if kv := f.Vars[obj]; kv != nil && kv.Spill && !f.deadSpills[l][obj] {
				return true
			}
		}
	}
	return false
}

// branchesProven reports whether l's rows run, where their check holds,
// with no branch left: l is rebased whole and the condition of every if
// of its code is a comparison the check decides (rebase_proven.go), so
// a step's masks would save its threads nothing.
func (f *Func) branchesProven(l *ThreadLoop) bool {
	if l.Rebase == nil || l.Rebase.Partial {
		return false
	}
	proven := true
	for _, n := range l.Body {
		ast.Inspect(n.(*Code).Stmt, func(m ast.Node) bool {
			if s, ok := m.(*ast.IfStmt); ok {
				_, decided := l.Rebase.Proven[s.Cond]
				proven = proven && decided
			}
			return proven
		})
	}
	return proven
}

// loopBody returns the body of a for or range loop, nil for other nodes.
func loopBody(n ast.Node) *ast.BlockStmt {
	switch l := n.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// carriedVars counts the variables a loop's body assigns, by = (or, with
// ops, by an operation such as +=), that it does not declare: what it
// carries from trip to trip (the loop's own variable aside).
func carriedVars(body *ast.BlockStmt, ops bool) int {
	declared, carried := map[string]bool{}, map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for _, id := range n.Names {
				declared[id.Name] = true
			}
		case *ast.AssignStmt:
			for _, x := range n.Lhs {
				if id, ok := x.(*ast.Ident); ok {
					if n.Tok == token.DEFINE {
						declared[id.Name] = true
					} else if n.Tok == token.ASSIGN || ops {
						carried[id.Name] = true
					}
				}
			}
		}
		return true
	})
	count := 0
	for name := range carried {
		if !declared[name] && name != "_" {
			count++
		}
	}
	return count
}

// callsAny reports whether n calls a method named in names.
func callsAny(n ast.Node, names map[string]bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && names[sel.Sel.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

// chained reports whether thread loop l's code holds a loop the unroll
// pass writes as copies that carries one variable from trip to trip (a
// tile's inner product, sum += as[ty][q] * bs[q][tx]): its copies are a
// chain of additions, as the loop's trips were, which eight threads a
// step interleave (BenchmarkMatMul's tiled gains; the same product
// unrolled by hand, sixteen statements, gained nothing, so such runs of
// statements stay scalar).
func (f *Func) chained(l *ThreadLoop) bool {
	found := false
	for _, n := range l.Body {
		ast.Inspect(n.(*Code).Stmt, func(m ast.Node) bool {
			if _, copied := f.Unroll[m]; copied && !found {
				body := loopBody(m)
				found = body != nil && carriedVars(body, true) == portableCarried
			}
			return !found
		})
	}
	return found
}
