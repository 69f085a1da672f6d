package kir

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Cooperative groups, as far as they are compiled: the thread block
// (cg.ThisThreadBlock) is a handle on the block, the same for all its
// threads. Its Sync is a barrier (the build pass sees it in the kernel
// API table); its ThreadRank and ThreadIndex are the thread's index and
// its Size, GroupIndex and DimThreads the block's, which the emitter
// writes as the loop's and the block's own values. Tiles, the grid and
// coalesced groups are refused (check).

// blockGroup is the type of cg.ThisThreadBlock's handle.
const blockGroup = kapi.CGPath + ".ThreadBlock"

// isBlockGroup reports whether t is cg.ThreadBlock.
func isBlockGroup(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path()+"."+n.Obj().Name() == blockGroup
}

// thisThreadBlock reports whether call is cg.ThisThreadBlock(t), t the
// kernel's thread.
func (f *Func) thisThreadBlock(call *ast.CallExpr) bool {
	e, ok := f.entry(call)
	if !ok || e.Kind != kapi.Group || e.Short != "ThisThreadBlock" || len(call.Args) != 1 {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && f.Src.Info.Uses[id] == f.Src.Thread
}

// blockMethod returns the name of the cg.ThreadBlock method call calls
// (ThreadRank, Size...) and its receiver, if it is one.
func (f *Func) blockMethod(call *ast.CallExpr) (name string, recv ast.Expr, ok bool) {
	e, found := f.entry(call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !found || !isSel || !strings.HasPrefix(e.Name, "("+blockGroup+").") || len(call.Args) != 0 {
		return "", nil, false
	}
	return e.Short, sel.X, true
}
