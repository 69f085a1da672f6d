package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// memoState is what a lane loop being written keeps of a memo run
// (memo.go) from lane to lane: whether a lane has run it, the inputs it
// ran with and the outputs it left, by their generated names.
type memoState struct {
	ran      string
	in, out  []string
	runStmts map[ast.Stmt]bool
}

// memoPlan names the state of lane loop l's memo runs, before its code is
// written (once, or more than once for its forms).
func (e *emitter) memoPlan(l *LaneLoop) {
	e.memo = nil
	for _, r := range l.Memo {
		if e.memo == nil {
			e.memo = map[*MemoRun]*memoState{}
		}
		s := &memoState{ran: e.f.Names.Fresh("ran"), runStmts: map[ast.Stmt]bool{}}
		for range r.Inputs {
			s.in = append(s.in, e.f.Names.Fresh("memoIn"))
		}
		for range r.Outputs {
			s.out = append(s.out, e.f.Names.Fresh("memoOut"))
		}
		for n := range memoNodes(l.Body, r) {
			s.runStmts[n.Stmt] = true
		}
		e.memo[r] = s
	}
}

// memoNodes yields the statements of run r in body.
func memoNodes(body []Node, r *MemoRun) func(yield func(*Code) bool) {
	return func(yield func(*Code) bool) {
		in := false
		for _, n := range body {
			c, _ := n.(*Code)
			in = in || c == r.First
			if in && !yield(c) || c == r.Last {
				return
			}
		}
	}
}

// memoDecls declares, before lane loop l, the state of its memo runs:
// no lane of the warp has run them yet.
func (e *emitter) memoDecls(l *LaneLoop) {
	for _, r := range l.Memo {
		s := e.memo[r]
		for i, v := range r.Inputs {
			e.printf("var %s %s\n", s.in[i], e.typeString(v.Type()))
		}
		for i, v := range r.Outputs {
			e.printf("var %s %s\n", s.out[i], e.typeString(v.Type()))
		}
		e.printf("%s := false\n", s.ran)
	}
}

// memoOpen writes what comes before the statements of the memo run
// opening with c, if one does: its variables declared, and a lane whose
// inputs are those of the lane that last ran it taking its outputs,
// while the others note their inputs and run it.
func (e *emitter) memoOpen(l *LaneLoop, c *Code) {
	for _, r := range l.Memo {
		if r.First != c {
			continue
		}
		s := e.memo[r]
		for _, v := range r.Defined {
			e.printf("var %s %s\n", e.f.Vars[v].Name, e.typeString(v.Type()))
		}
		conds := []string{s.ran}
		for i, v := range r.Inputs {
			conds = append(conds, e.sameBits(e.f.Vars[v].Name, s.in[i], v.Type()))
		}
		e.printf("if %s {\n%s = %s\n} else {\n", strings.Join(conds, " && "), e.varNames(r.Outputs), strings.Join(s.out, ", "))
		if len(r.Inputs) > 0 {
			e.printf("%s = %s\n", strings.Join(s.in, ", "), e.varNames(r.Inputs))
		}
		e.memoRun = s
	}
}

// memoClose writes what comes after the statements of the memo run
// closing with c, if one does: the lane's outputs kept for the next.
func (e *emitter) memoClose(l *LaneLoop, c *Code) {
	for _, r := range l.Memo {
		if r.Last == c {
			s := e.memo[r]
			e.printf("%s = %s\n%s = true\n}\n", strings.Join(s.out, ", "), e.varNames(r.Outputs), s.ran)
			e.memoRun = nil
		}
	}
}

// sameBits writes the test that a and b, of type t, have the same bits.
func (e *emitter) sameBits(a, b string, t types.Type) string {
	t = e.f.substType(t)
	for _, k := range []types.BasicKind{types.Float32, types.Float64} {
		if t.Underlying() != types.Typ[k] {
			continue
		}
		name := types.Typ[k].Name()
		if t != types.Typ[k] {
			a, b = name+"("+a+")", name+"("+b+")"
		}
		return e.f.Src.Compiled + ".Same" + name[len("float"):] + "(" + a + ", " + b + ")"
	}
	return a + " == " + b
}

// varNames lists the generated names of vars.
func (e *emitter) varNames(vars []*types.Var) string {
	names := make([]string, len(vars))
	for i, v := range vars {
		names[i] = e.f.Vars[v].Name
	}
	return strings.Join(names, ", ")
}

// memoAssign returns the statement of a memo run being written that
// declares variables as an assignment of them: memoOpen declared them
// before the run's if.
func (e *emitter) memoAssign(c *cloner, a *ast.AssignStmt) (ast.Node, bool) {
	if e.memoRun == nil || !e.memoRun.runStmts[a] || !isDefine(a) {
		return nil, false
	}
	out := c.copyNode(a).(*ast.AssignStmt)
	out.Tok = token.ASSIGN
	return out, true
}
