package kir

import (
	"go/ast"
	"go/token"
)

// A loop interchange (in the lockstep pass) would turn inside out may instead run as
// written inside a thread loop the vector pass takes, in both builds
// (vector steps in the SIMD build, portable ones in the default build):
// eight threads a step then read along a row of threads already, and
// each thread's running sum stays in a register of the step for the
// whole loop, where the interchanged loop loads and stores it per thread
// and trip, from scratch. The naive matrix multiply took less than half
// the time so in both builds (gocuda bench, 2026-11-28). Which form the
// vector pass takes is known only after the passes between, so the
// interchange pass runs them first on the loops as written, as a trial.

// interchangeCandidates returns the loops interchangeList would turn
// inside out, outermost ones only, without changing anything.
func (f *Func) interchangeCandidates(nodes []Node) []*ast.ForStmt {
	var out []*ast.ForStmt
	for _, n := range nodes {
		switch n := n.(type) {
		case *Code:
			switch s := n.Stmt.(type) {
			case *ast.ForStmt:
				if f.interchangeable(s) {
					out = append(out, s)
				}
			case *ast.IfStmt:
				if k := f.distributable(s); k >= 0 {
					out = append(out, s.Body.List[k].(*ast.ForStmt))
				}
			}
		case *If:
			if blockLevel(n) {
				out = append(out, f.interchangeCandidates(n.Then)...)
				out = append(out, f.interchangeCandidates(n.Else)...)
			}
		case *For:
			if blockLevel(n) {
				out = append(out, f.interchangeCandidates(n.Body)...)
			}
		case *Range:
			if blockLevel(n) {
				out = append(out, f.interchangeCandidates(n.Body)...)
			}
		case *Scope:
			if blockLevel(n) {
				out = append(out, f.interchangeCandidates(n.Body)...)
			}
		}
	}
	return out
}

// vectorsInstead reports whether every loop of loops, left as written,
// ends up in thread loops that both builds run eight threads a step: the
// passes up to the vector pass, run on a Func of its own that keeps every
// loop, say so. None: false.
func (f *Func) vectorsInstead(loops []*ast.ForStmt) bool {
	if len(loops) == 0 {
		return false
	}
	trial := *f.Src
	trial.keepLoops = true
	trial.PortableAll = false // the default build's own choice, as without the option
	g, r := Run(&trial, "vector", nil)
	if r != nil {
		return false
	}
	for _, fs := range loops {
		if !g.stepsAround(fs.For) {
			return false
		}
	}
	return true
}

// stepsAround reports whether the thread loops holding the loop at pos,
// one at least, each run vector steps in the SIMD build and portable ones
// in the default build. A split's loop of the threads its guard rejects
// (Outside) runs none of their work and is not counted.
func (f *Func) stepsAround(pos token.Pos) bool {
	held, all := false, true
	Walk(f.Body, func(n Node) {
		l, ok := n.(*ThreadLoop)
		if !ok || l.Outside || !holdsLoopAt(l.Body, pos) {
			return
		}
		held = true
		all = all && f.Vector[l] && f.Portable[l]
	})
	return held && all
}

// holdsLoopAt reports whether nodes hold a for statement at pos.
func holdsLoopAt(nodes []Node, pos token.Pos) bool {
	found := false
	Walk(nodes, func(n Node) {
		var s ast.Node
		switch n := n.(type) {
		case *Code:
			s = n.Stmt
		case *For:
			s = n.Src
		}
		if s == nil || found {
			return
		}
		ast.Inspect(s, func(m ast.Node) bool {
			if fs, ok := m.(*ast.ForStmt); ok && fs.For == pos {
				found = true
			}
			return !found
		})
	})
	return found
}
