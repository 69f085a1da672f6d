package kir

import (
	"go/ast"
	"go/types"
)

// A blank use of remat variables (_ = f, which an inlined helper's
// parameter or a kernel's own code writes) is no code: a remat variable
// is computed where it is read, and nothing reads it here. Dropped, it
// takes with it the reads of the uniform variables f's definition names,
// and a uniform variable read nowhere else was then declared and not
// used in the generated code (found by the fuzzer: v31 := live ^ m; f32
// := !(u1 > v31); _ = f32). rematBlanks writes instead a blank use of
// each such variable, which the block's code runs.

// rematBlanks returns nodes with each blank use of remat variables
// replaced by blank uses of the uniform variables of the kernel's body
// their definitions read, directly or through other remat variables.
func (f *Func) rematBlanks(nodes []Node) []Node {
	var out []Node
	blanked := map[*types.Var]bool{} // once a list
	for _, n := range nodes {
		for i, list := range children(n) {
			setChild(n, i, f.rematBlanks(list))
		}
		c, ok := n.(*Code)
		if !ok {
			out = append(out, n)
			continue
		}
		if p, blank := f.blankPlace(c.Stmt); !blank || p != placeRemat {
			out = append(out, n)
			continue
		}
		for _, u := range f.uniformReads(c.Stmt) {
			if !blanked[u] {
				blanked[u] = true
				out = append(out, &Code{Stmt: f.blankUse(u, c.Stmt.Pos())})
			}
		}
	}
	return out
}

// uniformReads returns the uniform variables declared in the kernel's
// body that the definitions of the remat variables s reads name, through
// remat variables too, in the order of their declarations.
func (f *Func) uniformReads(s ast.Stmt) []*types.Var {
	found, seen := map[*types.Var]bool{}, map[*types.Var]bool{}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			id, ok := m.(*ast.Ident)
			if !ok {
				return true
			}
			obj, _ := f.Src.Info.Uses[id].(*types.Var)
			v := f.Vars[obj]
			if v == nil || seen[obj] {
				return true
			}
			seen[obj] = true
			switch {
			case v.Class == Uniform && !f.isParam(obj):
				found[obj] = true
			case v.Class == Remat && v.Def != nil:
				visit(v.Def)
			}
			return true
		})
	}
	visit(s)
	return sortedVars(f, found)
}
