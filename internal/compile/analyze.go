package compile

import (
	"fmt"
	"go/ast"
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
