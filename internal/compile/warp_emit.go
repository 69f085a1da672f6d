package compile

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// scratch declares a scratch array of elem for the block body and returns
// its name.
func (e *emitter) scratch(name, elem string) string {
	e.decls = append(e.decls, fmt.Sprintf("%s := %s.Scratch[%s](gc_b, %d)", name, e.compiled, elem, e.nslot))
	e.nslot++
	return name
}

// stmt writes a region statement: returns rewritten, short constant loops
// unrolled, and a warp collective's call replaced by the thread's result.
func (e *emitter) stmt(s ast.Stmt, label string) {
	call := e.a.colls[s]
	restore := func() {}
	if call != nil {
		result := &ast.Ident{Name: e.collResult[call] + "[gc_tid]"}
		switch s := s.(type) {
		case *ast.AssignStmt:
			old := s.Rhs[0]
			s.Rhs[0], restore = result, func() { s.Rhs[0] = old }
		case *ast.DeclStmt:
			vs := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
			old := vs.Values[0]
			vs.Values[0], restore = result, func() { vs.Values[0] = old }
		}
	}
	e.source(e.a.addStopChecks(e.a.unroll(e.rewriteReturns(s, label))))
	restore()
}

// A collective's operands: which arguments are its mask, value, shuffle
// argument and width (-1 for none).
type operands struct{ mask, value, arg, width int }

// operandsOf returns the operands of call, a collective named name, and
// whether it is a method of the thread (whose arguments do not include it).
func operandsOf(name string) operands {
	switch name {
	case "ShflSync", "ShflUpSync", "ShflDownSync", "ShflXorSync":
		return operands{1, 2, 3, 4}
	case "MatchAnySync", "ReduceAddSync", "ReduceMinSync", "ReduceMaxSync", "ReduceAndSync", "ReduceOrSync", "ReduceXorSync":
		return operands{1, 2, -1, -1}
	case "BallotSync", "AllSync", "AnySync":
		return operands{0, 1, -1, -1}
	case "SyncWarp":
		return operands{0, -1, -1, -1}
	}
	return operands{-1, -1, -1, -1} // ActiveMask
}

func collName(call *ast.CallExpr) string {
	fun := callee(call)
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return fun.(*ast.Ident).Name
}

// collBody writes a thread's arrival at the collective of loop l, with its
// operands, declaring the arrays that hold them.
func (e *emitter) collBody(l *threadLoop) {
	call, name := l.coll, collName(l.coll)
	ops := operandsOf(name)
	sig := e.a.info.TypeOf(call.Fun).(*types.Signature)
	var lhs, rhs []string
	add := func(i int, suffix, elem string) {
		if i < 0 {
			return
		}
		if elem == "" {
			elem = types.TypeString(sig.Params().At(i).Type(), e.qual)
		}
		lhs = append(lhs, e.scratch(fmt.Sprintf("gc_c%d%s", l.id, suffix), elem)+"[gc_tid]")
		rhs = append(rhs, e.plain(call.Args[i]))
	}
	add(ops.mask, "m", "uint32")
	add(ops.value, "v", "")
	add(ops.arg, "a", "int")
	add(ops.width, "w", "int")
	if sig.Results().Len() > 0 {
		e.collResult[call] = e.scratch(fmt.Sprintf("gc_c%dr", l.id), types.TypeString(sig.Results().At(0).Type(), e.qual))
	}
	e.line(call.Pos())
	e.printf("gc_b.Arrive(gc_tid)\n")
	if len(lhs) > 0 {
		e.printf("%s = %s\n", join(lhs), join(rhs))
	}
}

// collComplete returns the call completing the collective of loop l.
func (e *emitter) collComplete(l *threadLoop) string {
	ops := operandsOf(collName(l.coll))
	arg := func(i int, suffix, nilType string) string {
		if i < 0 {
			return nilType + "(nil)"
		}
		return fmt.Sprintf("gc_c%d%s", l.id, suffix)
	}
	out := "[]bool(nil)"
	if r, ok := e.collResult[l.coll]; ok {
		out = r
	}
	return fmt.Sprintf("%s.Warp(gc_b, %q, %s, %s, %s, %s, %s)", e.compiled, collName(l.coll),
		arg(ops.mask, "m", "[]uint32"), arg(ops.value, "v", "[]bool"), arg(ops.arg, "a", "[]int"), arg(ops.width, "w", "[]int"), out)
}

// maskedIf writes an if whose condition may differ from thread to thread
// and whose branches hold warp collectives: each branch runs under the mask
// of its threads, and the threads reconverge after it.
func (e *emitter) maskedIf(n *blockIf) {
	l := n.mask
	m := [2]string{e.scratch(fmt.Sprintf("gc_m%d", l.id), "bool"), e.scratch(fmt.Sprintf("gc_m%de", l.id), "bool")}
	if e.masks == nil {
		e.masks = map[*threadLoop][2]string{}
	}
	e.masks[l] = m
	e.loop(l)
	parent := e.mask
	e.mask = m[0]
	e.nodes(n.then)
	e.mask = m[1]
	e.nodes(n.els)
	e.mask = parent
}

func join(s []string) string { return strings.Join(s, ", ") }

// shuffleAll writes, for a shuffle that every live thread of the block
// reaches (no mask, no thread has returned) with a value kept per thread
// and operands the same for the whole block, one call that shuffles the
// value's array directly, instead of a loop copying operands; it reports
// whether it could.
func (e *emitter) shuffleAll(l *threadLoop) bool {
	call, name := l.coll, collName(l.coll)
	ops := operandsOf(name)
	if e.mask != "" || e.exits || ops.arg < 0 {
		return false
	}
	v, ok := call.Args[ops.value].(*ast.Ident)
	if !ok {
		return false
	}
	if obj, ok := e.a.info.Uses[v].(*types.Var); !ok || e.a.class[obj] != varReplicated {
		return false
	}
	for _, i := range []int{ops.mask, ops.arg, ops.width} {
		if !e.a.pure(call.Args[i], e.a.isBlock, false) {
			return false
		}
	}
	sig := e.a.info.TypeOf(call.Fun).(*types.Signature)
	if !types.Identical(sig.Params().At(ops.value).Type(), e.a.info.TypeOf(v)) {
		return false // the value converts to the shuffle's type: the general path converts it
	}
	result := e.scratch(fmt.Sprintf("gc_c%dr", l.id), types.TypeString(sig.Results().At(0).Type(), e.qual))
	e.collResult[call] = result
	e.line(call.Pos())
	e.printf("%s.ShuffleAll(gc_b, %q, %s, gc_%s, %s, %s, %s)\n", e.compiled, name,
		e.plain(call.Args[ops.mask]), e.a.nameOf(e.a.info.Uses[v].(*types.Var)), e.plain(call.Args[ops.arg]), e.plain(call.Args[ops.width]), result)
	return true
}
