package fuzz

import (
	"fmt"
	"strings"
)

// A helper's call through a functor: ported C++ passes an operator object
// to a template that calls its method (PyTorch's and CUB's reducers), and
// Go writes the template as a generic function or type whose type
// parameter's constraint names the method. functorCall writes the helper's
// call through one (helperFunctor declares them): as the template's
// parameter, a field of a generic struct, or behind a pointer. The method
// calls the helper and adds the functor's field k (zero, or a value of
// the calling thread's), and the compiler must see through the type
// parameter to the barriers and collectives the helper holds.
func (g *gen) functorCall(h *helper, args string) string {
	g.helperFunctor(h)
	op := h.name + "Op{}"
	if g.ch.pick(2) == 1 {
		op = fmt.Sprintf("%sOp{k: %s}", h.name, g.val(i32, false, 0))
	}
	switch g.ch.pick(3) {
	case 0:
		return fmt.Sprintf("%sVia(t, %s, %s)", h.name, op, args)
	case 1:
		box := g.fresh("box")
		g.line("%s := %sBox[%sOp]{}", box, h.name, h.name)
		return fmt.Sprintf("%s.run(t, %s)", box, args)
	default:
		ptr := g.fresh("op")
		g.line("%s := %s", ptr, op)
		return fmt.Sprintf("%sPtr(t, &%s, %s)", h.name, ptr, args)
	}
}

// helperFunctor declares, once for helper h, its functor type hOp, whose
// method applyh calls h and adds its field k, the constraint hOps naming that method, and the
// three templates calling it: hVia (the functor a parameter), hBox's run
// (a field) and hPtr (a pointer). Each helper's method has a name of its
// own: the compiler counts the most that any method of a name may do.
func (g *gen) helperFunctor(h *helper) {
	if h.functor {
		return
	}
	h.functor = true
	params := "in []int32, out []uint32, g []int32, sh []int32, p0 int32, p1 int, gid, rank, lane, size int, m uint32, x int32, first bool"
	args := "in, out, g, sh, p0, p1, gid, rank, lane, size, m, x, first"
	method := "apply" + h.name
	n := h.name
	g.decls = append(g.decls, strings.Join([]string{
		fmt.Sprintf("type %sOp struct{ k int32 }", n),
		"",
		fmt.Sprintf("func (o %sOp) %s(t *gocuda.Thread, %s) int32 {\n\treturn %s(t, %s) + o.k\n}", n, method, params, n, args),
		"",
		fmt.Sprintf("type %sOps interface {\n\t%s(t *gocuda.Thread, %s) int32\n}", n, method, params),
		"",
		fmt.Sprintf("func %sVia[Op %sOps](t *gocuda.Thread, op Op, %s) int32 {\n\treturn op.%s(t, %s)\n}", n, n, params, method, args),
		"",
		fmt.Sprintf("type %sBox[Op %sOps] struct{ op Op }", n, n),
		"",
		fmt.Sprintf("func (b %sBox[Op]) run(t *gocuda.Thread, %s) int32 {\n\treturn b.op.%s(t, %s)\n}", n, params, method, args),
		"",
		fmt.Sprintf("func %sPtr[Op %sOps](t *gocuda.Thread, op *Op, %s) int32 {\n\treturn (*op).%s(t, %s)\n}", n, n, params, method, args),
	}, "\n")+"\n")
}
