package instrument

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// call instruments c if the kernel API's table (package kapi, which the
// compiler reads too) says it is a block or grid barrier (its receiver
// goes through probe.Sync), a warp collective with a mask (the mask goes
// through probe.Mask), an atomic (its pointer through probe.Atomic, its
// result through probe.After) or a device-wide fence (probe.Fence follows
// it: a fence returns nothing, so it is a statement). Its operands are walked by the caller.
func (r *fileRewriter) call(c *ast.CallExpr, f *fn) {
	callee, _ := typeutil.Callee(r.info, c).(*types.Func)
	e, ok := kapi.Lookup(callee)
	if !ok {
		return
	}
	switch e.Kind {
	case kapi.Barrier, kapi.BarrierPred, kapi.GridBarrier:
		r.barrier(c, f)
	case kapi.Collective:
		if e.Mask >= 0 && e.Mask < len(c.Args) {
			if args, ok := r.site(f, Collective, c.Pos(), c.Pos(), r.text(c.Pos(), c.End())); ok {
				r.wrap(c.Args[e.Mask], r.names.probe+".Mask("+args+", ", ")")
			}
		}
	case kapi.Atomic:
		if len(c.Args) > 0 && c.Ellipsis == 0 {
			if args, ok := r.site(f, AtomicOp, c.Pos(), c.Pos(), r.text(c.Pos(), c.End())); ok {
				r.wrap(c.Args[0], r.names.probe+".Atomic("+args+", ", ")")
				r.wrap(c, r.names.probe+".After("+args+", ", ")")
			}
		}
	case kapi.Fence:
		if len(c.Args) == 0 {
			if args, ok := r.site(f, FenceOp, c.Pos(), c.Pos(), r.text(c.Pos(), c.End())); ok {
				r.insert(c.End(), "; "+r.names.probe+".Fence("+args+")", true)
			}
		}
	}
}

// barrier instruments c, a barrier called as a method: its receiver goes
// through probe.Sync. A method expression ((*gocuda.Thread).SyncThreads(t))
// is left as it is.
func (r *fileRewriter) barrier(c *ast.CallExpr, f *fn) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok || r.info.Selections[sel] == nil || r.info.Selections[sel].Kind() != types.MethodVal {
		return
	}
	if args, ok := r.site(f, Barrier, c.Pos(), c.Pos(), r.text(c.Pos(), c.End())); ok {
		r.wrap(sel.X, r.names.probe+".Sync("+args+", ", ")")
	}
}
