package kir

import (
	"go/ast"
	"go/types"
)

// A helper that takes or returns small arrays (GPU Gems 3's
// tile_calculation takes its body's position and acceleration and
// returns the acceleration) keeps them as arrays however its caller
// holds them: a call passes and returns them whole, which the vector
// pass cannot take. Scalar replacement (scalarize.go) reads through the
// helper by inlining it first: a plain helper of the kernel's package
// that never synchronizes, returns only at its end, and takes or returns
// an array scalar replacement takes, using each such parameter only as
// scalar replacement takes a local, is inlined into the kernel's body,
// its parameters bound by value (or read as their arguments where
// neither changes), its result assigned to the caller's variable. Its
// arrays are then the kernel's locals, replaced with the kernel's own.
// Part of the build pass.

// inlineArrayHelpers returns list with the calls of array helpers
// (arrayHelper) its statements make inlined, or list itself.
func (f *Func) inlineArrayHelpers(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	changed := false
	for _, s := range list {
		if call, decl := f.helperCallOf(s, f.arrayHelper); call != nil {
			out = append(out, codeOf(f.inlineAliased(s, call, decl, true), s)...)
			changed = true
			continue
		}
		if f.holdsArrayHelper(s) {
			s = f.copyNode(s, &instance{objs: map[types.Object]types.Object{}}, func(n ast.Node) (ast.Node, bool) {
				switch n := n.(type) {
				case *ast.BlockStmt:
					return &ast.BlockStmt{Lbrace: n.Lbrace, List: f.inlineArrayHelpers(n.List), Rbrace: n.Rbrace}, true
				case *ast.CaseClause:
					return &ast.CaseClause{Case: n.Case, List: n.List, Colon: n.Colon, Body: f.inlineArrayHelpers(n.Body)}, true
				case *ast.FuncLit: // a literal's body is its own
					return f.copyNode(n, &instance{objs: map[types.Object]types.Object{}}, nil), true
				}
				return nil, false
			}).(ast.Stmt)
			changed = true
		}
		out = append(out, s)
	}
	if !changed {
		return list
	}
	return out
}

// holdsArrayHelper reports whether a statement nested in s, outside
// function literals, calls an array helper that helperCallOf takes.
func (f *Func) holdsArrayHelper(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case ast.Stmt:
			if call, _ := f.helperCallOf(n, f.arrayHelper); call != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// arrayHelper returns the declaration of call's callee if it is a plain
// helper (plainHelper) returning only at its end that takes or returns
// an array scalar replacement takes, uses each such parameter and named
// result only as scalar replacement takes a local, and returns such a
// result as a value it takes; or nil.
func (f *Func) arrayHelper(call *ast.CallExpr) *ast.FuncDecl {
	decl, sig := f.plainHelper(call)
	if decl == nil {
		return nil
	}
	if _, plain := loopAndPlain(decl.Body, sig.Results().Len()); !plain {
		return nil
	}
	info := f.Src.Info
	arrays := map[*types.Var]*scalarArray{}
	var fields []*ast.Field
	if decl.Type.Params != nil {
		fields = append(fields, decl.Type.Params.List...)
	}
	if decl.Type.Results != nil {
		fields = append(fields, decl.Type.Results.List...)
	}
	for _, field := range fields {
		for _, name := range field.Names {
			if v, _ := info.Defs[name].(*types.Var); v != nil && scalarizable(v.Type()) {
				arrays[v] = &scalarArray{v: v, n: v.Type().Underlying().(*types.Array).Len(), reads: map[int64]bool{}, updated: map[int64]bool{}}
			}
		}
	}
	results := f.arrayResults(decl, sig)
	if results < 0 || len(arrays)+results == 0 {
		return nil
	}
	ok := true
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if id, isIdent := n.(*ast.Ident); isIdent {
			v, _ := info.Uses[id].(*types.Var)
			if a := arrays[v]; a != nil && !f.arrayUse(a, id, stack) {
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return nil
	}
	return decl
}

// arrayResults returns how many of helper decl's results are arrays
// scalar replacement takes, or -1 where its final return gives one a
// value it cannot take element by element.
func (f *Func) arrayResults(decl *ast.FuncDecl, sig *types.Signature) int {
	var ret *ast.ReturnStmt
	if n := len(decl.Body.List); n > 0 {
		ret, _ = decl.Body.List[n-1].(*ast.ReturnStmt)
	}
	count := 0
	for i := range sig.Results().Len() {
		if !scalarizable(sig.Results().At(i).Type()) {
			continue
		}
		count++
		if ret != nil && len(ret.Results) == sig.Results().Len() && !f.partsValue(ret.Results[i]) {
			return -1
		}
	}
	return count
}
