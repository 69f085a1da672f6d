package golden_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// dump is kir.Dump of f and the decisions of the passes it does not
// print, which mark the source's loops and calls rather than change the
// tree: the loops written as copies or four elements a step (unroll), the
// loops that check for a stopped launch (stops), the thread arguments no
// callee reads (enter), the calls of helpers with twins (slp), the grid
// body's grid-stride loop (mode). Without them those passes would leave
// every golden unchanged.
func dump(f *kir.Func) string {
	var lines []string
	at := func(n ast.Node) string {
		return fmt.Sprintf("line %d", f.Src.Fset.Position(n.Pos()).Line)
	}
	for n, from := range f.Unroll {
		lines = append(lines, fmt.Sprintf("unroll %s: %s, from %d", at(n), loopHead(n), from))
	}
	for r := range f.RangeSteps {
		lines = append(lines, fmt.Sprintf("range steps %s: %s", at(r), loopHead(r)))
	}
	for n := range f.Stops {
		lines = append(lines, fmt.Sprintf("stops %s: %s", at(n), loopHead(n)))
	}
	for id := range f.BlindThread {
		lines = append(lines, fmt.Sprintf("blind thread %s, column %d", at(id), f.Src.Fset.Position(id.Pos()).Column))
	}
	for call, fn := range f.SLPCalls {
		lines = append(lines, fmt.Sprintf("slp call %s: %s", at(call), fn.Name()))
	}
	if f.GridStride != nil {
		lines = append(lines, fmt.Sprintf("grid stride L%d", f.GridStride.ID))
	}
	slices.Sort(lines)
	var b strings.Builder
	b.WriteString(kir.Dump(f))
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// loopHead is the first line of a loop statement, in one line.
func loopHead(n ast.Node) string {
	switch n := n.(type) {
	case *ast.ForStmt:
		return fmt.Sprintf("for %s; %s; %s", text(n.Init), text(n.Cond), text(n.Post))
	case *ast.RangeStmt:
		return "for range " + types.ExprString(n.X)
	}
	return fmt.Sprintf("%T", n)
}

// text is a loop clause: types.ExprString's form of its expressions.
func text(s ast.Node) string {
	switch s := s.(type) {
	case nil:
		return ""
	case ast.Expr:
		return types.ExprString(s)
	case *ast.AssignStmt:
		return exprs(s.Lhs) + " " + s.Tok.String() + " " + exprs(s.Rhs)
	case *ast.IncDecStmt:
		return types.ExprString(s.X) + s.Tok.String()
	case *ast.ExprStmt:
		return types.ExprString(s.X)
	}
	return fmt.Sprintf("%T", s)
}

func exprs(list []ast.Expr) string {
	s := make([]string, len(list))
	for i, e := range list {
		s[i] = types.ExprString(e)
	}
	return strings.Join(s, ", ")
}
