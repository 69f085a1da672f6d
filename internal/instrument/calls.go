package instrument

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// barriers are the block and grid barriers, by types.Func.FullName: their
// receiver goes through probe.Sync.
var barriers = map[string]bool{
	"(*" + gocudaPath + ".Thread).SyncThreads":      true,
	"(*" + gocudaPath + ".Thread).SyncThreadsCount": true,
	"(*" + gocudaPath + ".Thread).SyncThreadsAnd":   true,
	"(*" + gocudaPath + ".Thread).SyncThreadsOr":    true,
	"(*" + gocudaPath + ".Thread).SyncGrid":         true,
	"(" + cgPath + ".ThreadBlock).Sync":             true,
	"(" + cgPath + ".Grid).Sync":                    true,
}

// collectives are the warp collectives taking a mask, by
// types.Func.FullName, with the index of the mask argument, which goes
// through probe.Mask.
var collectives = map[string]int{
	gocudaPath + ".ShflSync":                  1,
	gocudaPath + ".ShflUpSync":                1,
	gocudaPath + ".ShflDownSync":              1,
	gocudaPath + ".ShflXorSync":               1,
	gocudaPath + ".MatchAnySync":              1,
	gocudaPath + ".MatchAllSync":              1,
	gocudaPath + ".ReduceAddSync":             1,
	gocudaPath + ".ReduceMinSync":             1,
	gocudaPath + ".ReduceMaxSync":             1,
	gocudaPath + ".ReduceAndSync":             1,
	gocudaPath + ".ReduceOrSync":              1,
	gocudaPath + ".ReduceXorSync":             1,
	"(*" + gocudaPath + ".Thread).AnySync":    0,
	"(*" + gocudaPath + ".Thread).AllSync":    0,
	"(*" + gocudaPath + ".Thread).BallotSync": 0,
	"(*" + gocudaPath + ".Thread).SyncWarp":   0,
	"(*" + gocudaPath + ".Thread).UniSync":    0,
}

// call instruments c if it is a barrier or a warp collective. Its operands
// are walked by the caller.
func (r *fileRewriter) call(c *ast.CallExpr, f *fn) {
	callee, ok := typeutil.Callee(r.info, c).(*types.Func)
	if !ok {
		return
	}
	name := callee.Origin().FullName()
	if barriers[name] {
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok || r.info.Selections[sel] == nil || r.info.Selections[sel].Kind() != types.MethodVal {
			return // a method expression: (*gocuda.Thread).SyncThreads(t)
		}
		if args, ok := r.site(f, Barrier, c.Pos(), c.Pos(), r.text(c.Pos(), c.End())); ok {
			r.wrap(sel.X, r.names.probe+".Sync("+args+", ", ")")
		}
		return
	}
	if i, ok := collectives[name]; ok && i < len(c.Args) {
		if args, ok := r.site(f, Collective, c.Pos(), c.Pos(), r.text(c.Pos(), c.End())); ok {
			r.wrap(c.Args[i], r.names.probe+".Mask("+args+", ", ")")
		}
	}
}
