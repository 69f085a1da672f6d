package compile

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// genPrefix starts every identifier the generator declares; kernels may
// not use it.
const genPrefix = "gc_"

func newRefusal(k *Kernel, n ast.Node, format string, args ...any) *Refusal {
	return &Refusal{Pos: k.Pos(n.Pos()), Kernel: k.Name(), Reason: fmt.Sprintf(format, args...)}
}

// analyze lowers k, or returns why it stays on the runtime path.
func analyze(k *Kernel, c *checker) (*analysis, *Refusal) {
	if r := checkKernel(k, c); r != nil {
		return nil, r
	}
	if r := checkParams(k); r != nil {
		return nil, r
	}
	a := &analysis{
		k: k, c: c, info: k.Pkg.TypesInfo,
		barrier: map[ast.Stmt]bool{}, top: map[ast.Stmt]bool{}, header: map[ast.Stmt]bool{},
		results: map[ast.Stmt]*ast.CallExpr{}, colls: map[ast.Stmt]*ast.CallExpr{}, masked: map[ast.Stmt]bool{},
		sites: map[*types.Var][]site{},
		class: map[*types.Var]varClass{}, defStmt: map[*types.Var]ast.Stmt{},
		blockStmt: map[ast.Stmt]bool{}, rematStmt: map[ast.Stmt]bool{},
	}
	a.splitDefines(k.Decl.Body)
	a.scanList(k.Decl.Body.List, false)
	a.collectSites()
	a.classifyVars()
	a.body = a.lower(k.Decl.Body.List)
	if a.refusal == nil {
		a.analyzeLoops()
	}
	if a.refusal != nil {
		return nil, a.refusal
	}
	return a, nil
}

// checkParams refuses parameters the generated constructor cannot pass on.
func checkParams(k *Kernel) *Refusal {
	params := k.Decl.Type.Params.List
	if len(params[0].Names) != 1 {
		return newRefusal(k, params[0], "the *gocuda.Thread must be the only parameter of its type group")
	}
	for _, f := range params[1:] {
		if len(f.Names) == 0 {
			return newRefusal(k, f, "name every parameter: the constructor takes them")
		}
		for _, n := range f.Names {
			if n.Name == "_" {
				return newRefusal(k, n, "name every parameter: the constructor takes them")
			}
		}
	}
	return nil
}

// splitDefines splits each a, b := x, y of the kernel's statement lists
// into a := x and b := y, so that each variable is classified by its own
// value: tid, b := t.ThreadIdx.X, t.BlockDim.X defines a per-thread and a
// block-level value. A statement whose values could see one of its own
// variables, or that assigns existing variables too, stays whole.
func (a *analysis) splitDefines(body *ast.BlockStmt) {
	var split func(list []ast.Stmt) []ast.Stmt
	split = func(list []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range list {
			as, ok := s.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE || len(as.Lhs) < 2 || len(as.Lhs) != len(as.Rhs) || !a.allNew(as) {
				out = append(out, s)
				continue
			}
			for i := range as.Lhs {
				out = append(out, &ast.AssignStmt{Lhs: as.Lhs[i : i+1], TokPos: as.TokPos, Tok: token.DEFINE, Rhs: as.Rhs[i : i+1]})
			}
		}
		return out
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			n.List = split(n.List)
		case *ast.CaseClause:
			n.Body = split(n.Body)
		case *ast.CommClause:
			n.Body = split(n.Body)
		}
		return true
	})
}

// allNew reports whether as defines only new variables, none of which its
// values mention.
func (a *analysis) allNew(as *ast.AssignStmt) bool {
	defined := map[types.Object]bool{}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" || a.info.Defs[id] == nil {
			return false
		}
		defined[a.info.Defs[id]] = true
	}
	for _, r := range as.Rhs {
		if id, ok := r.(*ast.Ident); ok && defined[a.info.Uses[id]] {
			return false
		}
		mentions := false
		ast.Inspect(r, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && defined[a.info.Uses[id]] {
				mentions = true
			}
			return !mentions
		})
		if mentions {
			return false
		}
	}
	return true
}
