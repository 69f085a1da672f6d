package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// fission is the pass that splits the kernel at its sync points (the MCUDA
// technique): each run of thread statements between them becomes a
// ThreadLoop; uniform statements run once per block, before the loop of
// their run where they define a value, between loops where they change
// one; remat definitions are left to the loops that use them; structural
// control stays block-level around the loops. A uniform if whose first
// statements are thread code, right after thread code, gives them to the
// run before it, under its condition (fission_head.go).
func fission(f *Func) {
	f.Body = f.fissionList(f.Body)
}

// fissionList returns nodes with their thread code in thread loops, in the
// lists inside block-level nodes too.
func (f *Func) fissionList(nodes []Node) []Node {
	fi := &fissioner{f: f}
	for _, n := range nodes {
		switch n := n.(type) {
		case *Code:
			fi.code(n)
		case *Barrier:
			fi.barrier(n)
		case *Collective:
			fi.run = append(fi.run, n)
		case *If, *For, *Range, *Scope:
			if !blockLevel(n) {
				fi.run = append(fi.run, n) // warp-level control: split at collectives later
				break
			}
			if n, ok := n.(*If); ok {
				fi.head(n)
			}
			fi.flush()
			fi.out = append(fi.out, f.fissionControl(n))
		default: // Branch, Return
			fi.flush()
			fi.out = append(fi.out, n)
		}
	}
	fi.flush()
	return fi.out
}

// A fissioner gathers the nodes fissionList writes: out so far, the block
// code hoisted before the pending run, and the run of thread (or warp)
// code not yet in a loop.
type fissioner struct {
	f                 *Func
	out, hoisted, run []Node
}

// flush writes the hoisted code, then the pending run as a thread loop
// (a warp loop, and a thread loop of what follows its last collective,
// where the run holds warp-level code).
func (fi *fissioner) flush() {
	f := fi.f
	fi.out = append(fi.out, fi.hoisted...)
	switch {
	case len(fi.run) > 0 && warpLevel(fi.run):
		warp, tail := f.warpTail(fi.run)
		f.loops++
		fi.out = append(fi.out, &WarpLoop{ID: f.loops, Body: warp})
		if len(tail) > 0 {
			fi.out = append(fi.out, f.newLoop(tail, nil))
		}
	case len(fi.run) > 0:
		fi.out = append(fi.out, f.newLoop(fi.run, nil))
	}
	fi.hoisted, fi.run = nil, nil
}

// head ends the pending run with the thread statements opening if n, if
// any (ifHead), and hoists the definitions among them.
func (fi *fissioner) head(n *If) {
	nodes := fi.f.ifHead(n, fi.run)
	if len(nodes) == 0 {
		return
	}
	for _, m := range nodes[:len(nodes)-1] {
		fi.code(m.(*Code))
	}
	fi.run = append(fi.run, nodes[len(nodes)-1])
}

// code places a statement: hoisted before the run, at block level, left
// to the loops that use it, in a loop of its own, or in the run.
func (fi *fissioner) code(n *Code) {
	if len(fi.run) == 0 && fi.f.uniformCheck(n.Stmt) {
		fi.hoisted = append(fi.hoisted, &Code{Stmt: n.Stmt, Block: true, Check: true})
		return
	}
	switch fi.f.placeOf(n.Stmt) {
	case placeHoist:
		fi.hoisted = append(fi.hoisted, &Code{Stmt: n.Stmt, Block: true})
	case placeBlock:
		fi.flush()
		fi.out = append(fi.out, &Code{Stmt: n.Stmt, Block: true})
	case placeRemat:
		// each loop that needs it computes it
	case placeOwnLoop:
		fi.flush()
		fi.out = append(fi.out, fi.f.newLoop([]Node{n}, nil))
	default:
		fi.run = append(fi.run, n)
	}
}

// barrier ends the run at a barrier; a predicate barrier's loop reduces
// its predicate, and its result is the block's or each thread's.
func (fi *fissioner) barrier(n *Barrier) {
	f := fi.f
	fi.flush()
	if n.Pred == nil {
		fi.out = append(fi.out, n) // separates the loops around it: nothing to write
		return
	}
	fi.out = append(fi.out, f.newLoop(nil, n))
	uniform := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }
	switch {
	case n.Agree != "":
		fi.out = append(fi.out, &Reduced{Barrier: n})
	case n.Stmt == nil:
	case f.allAssigned(n.Stmt, uniform):
		fi.out = append(fi.out, &Reduced{Barrier: n})
	default: // each thread stores the result where it says
		fi.run = append(fi.run, &Code{Stmt: n.Stmt})
	}
}

// fissionControl returns block-level control n with fission applied to
// the lists inside it.
func (f *Func) fissionControl(n Node) Node {
	switch n := n.(type) {
	case *If:
		n.Then, n.Else = f.fissionList(n.Then), f.fissionList(n.Else)
		if n.ElseIf && (len(n.Else) != 1 || !isIf(n.Else[0])) {
			n.ElseIf = false // the else-if holds warp-level code only: a warp loop in an else
		}
	case *For:
		n.Body = f.fissionList(n.Body)
	case *Range:
		n.Body = f.fissionList(n.Body)
	case *Scope:
		n.Body = f.fissionList(n.Body)
	}
	return n
}

func (f *Func) newLoop(body []Node, reduce *Barrier) *ThreadLoop {
	f.loops++
	l := &ThreadLoop{ID: f.loops, Body: body, Reduce: reduce}
	switch {
	case reduce != nil:
		l.Pos = reduce.Call.Pos()
	case len(body) > 0:
		l.Pos = body[0].(*Code).Stmt.Pos()
	}
	return l
}

// A place is where fission puts a statement.
type place uint8

const (
	placeThread  place = iota // in the thread loop of its run
	placeHoist                // once per block, before the loop of its run
	placeBlock                // once per block, between loops
	placeRemat                // recomputed in each loop that uses its variables
	placeOwnLoop              // a thread loop of its own (a grid-stride loop)
)

// placeOf decides where fission puts a Code statement.
func (f *Func) placeOf(s ast.Stmt) place {
	if d, ok := s.(*ast.DeclStmt); ok && d.Decl.(*ast.GenDecl).Tok != token.VAR {
		return placeHoist // constants and types, which any loop may use
	}
	if fs, ok := s.(*ast.ForStmt); ok && f.Strides[fs] != nil {
		return placeOwnLoop
	}
	if p, ok := f.blankPlace(s); ok {
		return p
	}
	class := Varying
	vars := assigned(s)
	for i, e := range vars {
		v := f.varOf(e)
		if v == nil {
			if id, ok := e.(*ast.Ident); ok && id.Name == "_" {
				continue
			}
			return placeThread
		}
		if i == 0 {
			class = v.Class
		} else if v.Class != class {
			return placeThread
		}
	}
	uniform := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }
	switch {
	case len(vars) == 0 && f.uniformCompound(s, f.isUniform):
		return placeBlock
	case len(vars) == 0:
		return placeThread
	case class == Uniform && f.uniformStmt(s, uniform) && isDefine(s):
		return placeHoist
	case class == Uniform && f.uniformStmt(s, uniform):
		return placeBlock
	case class == Remat:
		return placeRemat
	}
	return placeThread
}

// blankPlace places a statement _ = v, ... of variables that are not
// varying (an inlined helper's parameter binding writes them, to keep an
// unused parameter legal): with the uniform definitions, or nowhere for
// remat ones, rather than in a thread loop of its own.
func (f *Func) blankPlace(s ast.Stmt) (place, bool) {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN {
		return 0, false
	}
	for _, l := range a.Lhs {
		if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
			return 0, false
		}
	}
	classes := map[Class]bool{}
	for _, r := range a.Rhs {
		v := f.varOf(ast.Unparen(r))
		if v == nil || v.Class == Varying {
			return 0, false
		}
		classes[v.Class] = true
	}
	switch {
	case len(classes) > 1:
		return 0, false // a remat one is not defined at block level
	case classes[Uniform]:
		return placeHoist, true
	}
	return placeRemat, true
}

// varOf returns the Var of identifier e, or nil.
func (f *Func) varOf(e ast.Expr) *Var {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.Src.Info.ObjectOf(id).(*types.Var)
	return f.Vars[v]
}

// blockLevel reports whether structural node n must stay block-level
// control: it holds a block barrier, or a break or continue of block-level
// control (of a loop around n, or of one in n holding a barrier). Control
// holding only warp collectives runs inside a warp loop, and so do the
// breaks and continues of its loops, uniform ones included: every lane
// there takes them.
func blockLevel(n Node) bool {
	found := false
	warpLoops := map[ast.Stmt]bool{} // the loops in n without a barrier
	Walk([]Node{n}, func(m Node) {
		switch m := m.(type) {
		case *Barrier:
			found = true
		case *For:
			found = found || m.Interchanged
			warpLoops[m.Src] = !hasBarrier(m)
		case *Range:
			warpLoops[m.Src] = !hasBarrier(m)
		}
	})
	Walk([]Node{n}, func(m Node) {
		if b, ok := m.(*Branch); ok && !b.Lanes && !warpLoops[b.Target] {
			found = true
		}
	})
	return found
}

// warpTail splits a warp-level run after its last warp-level node, where
// the thread code after it reads nothing the warp-level code assigns (a
// value kept in a lane array stays there): that code runs in a thread
// loop of its own, which the narrow and rebase passes can bound (Harris's
// if tid == 0 { partial[b] = sdata[0] } after the last warp's steps
// visits one thread, not every lane of every warp). Warps are unordered
// between barriers, so running the tail of every warp after the
// warp-level code of all of them is a schedule CUDA allows.
func (f *Func) warpTail(run []Node) (warp, tail []Node) {
	last := -1
	for i, n := range run {
		if _, ok := n.(*Code); !ok {
			last = i
		}
	}
	if last == len(run)-1 {
		return run, nil
	}
	set := map[*types.Var]bool{}
	Walk(run[:last+1], func(n Node) {
		var s ast.Stmt
		switch n := n.(type) {
		case *Code:
			s = n.Stmt
		case *Collective:
			s = n.Stmt
		}
		if s == nil {
			return
		}
		ast.Inspect(s, func(m ast.Node) bool {
			if st, ok := m.(ast.Stmt); ok {
				for _, x := range assigned(st) {
					if v := f.localOf(x); v != nil {
						set[v] = true
					}
				}
			}
			return true
		})
	})
	for _, n := range run[last+1:] {
		found := false
		ast.Inspect(n.(*Code).Stmt, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && set[v] {
					found = true
				}
			}
			return !found
		})
		if found && !f.guardedTail(run[last+1:]) {
			return run, nil
		}
	}
	return run[:last+1], run[last+1:]
}

// guardedTail reports whether tail, the thread code after a warp-level
// run's last collective, is definitions that cannot fail, then one if
// whose condition bounds the thread's x index (Harris's
// if tid == 0 { partial[b] = sum }, sum the warp's reduction): the narrow
// pass runs it for the threads the bounds admit, so it pays to split it
// off even where it reads values of the warp-level code, which the spill
// pass then keeps per thread.
func (f *Func) guardedTail(tail []Node) bool {
	last, ok := tail[len(tail)-1].(*Code).Stmt.(*ast.IfStmt)
	if !ok || last.Init != nil || last.Else != nil || f.xCondBounds(last.Cond) == nil {
		return false
	}
	for _, n := range tail[:len(tail)-1] {
		if !f.localDefinition(n.(*Code).Stmt, nil) {
			return false
		}
	}
	return true
}

// warpLevel reports whether a run holds warp-level nodes.
func warpLevel(run []Node) bool {
	for _, n := range run {
		if _, ok := n.(*Code); !ok {
			return true
		}
	}
	return false
}

func isIf(n Node) bool {
	_, ok := n.(*If)
	return ok
}
