package ptx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// A local variable lives in registers unless its address is taken or it
// is an array indexed at run time: those live in the thread's local
// memory (.local), read and written through their address, as nvcc keeps
// such locals on the stack.

// inMemoryIn returns the variables of the kernel and its package's
// helpers that must live in memory.
func inMemoryIn(src *kir.Source, f *kir.Func) map[types.Object]bool {
	out := map[types.Object]bool{}
	mark := func(x ast.Expr) {
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.Ident:
				if o, ok := src.Info.Uses[y].(*types.Var); ok && !o.IsField() {
					out[o] = true
				}
				return
			case *ast.SelectorExpr:
				if sel := src.Info.Selections[y]; sel == nil || sel.Kind() != types.FieldVal || isPointer(src.Info.TypeOf(y.X)) {
					return
				}
				x = y.X
			case *ast.IndexExpr:
				if !isArrayType(src.Info.TypeOf(y.X)) {
					return
				}
				x = y.X
			default:
				return
			}
		}
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.IndexExpr:
			if isArrayType(src.Info.TypeOf(n.X)) && src.Info.Types[n.Index].Value == nil {
				mark(n.X)
			}
		case *ast.SelectorExpr:
			if pointerMethodOfValue(src.Info, n) {
				mark(n.X) // x.m() takes &x
			}
		}
		return true
	}
	ast.Inspect(src.Decl, visit)
	for _, d := range src.Decls {
		ast.Inspect(d, visit)
	}
	kir.Walk(f.Body, func(n kir.Node) {
		if c, ok := n.(*kir.Code); ok {
			ast.Inspect(c.Stmt, visit)
		}
		if fr, ok := n.(*kir.For); ok && fr.Src != nil {
			ast.Inspect(fr.Src, visit)
		}
		if r, ok := n.(*kir.Range); ok && r.Src != nil {
			ast.Inspect(r.Src, visit)
		}
		if i, ok := n.(*kir.If); ok && i.Src != nil && !reflect.ValueOf(i.Src).IsNil() {
			ast.Inspect(i.Src, visit)
		}
	})
	return out
}

// pointerMethodOfValue reports whether x selects a method with a
// pointer receiver of an operand that is not a pointer.
func pointerMethodOfValue(info *types.Info, x *ast.SelectorExpr) bool {
	sel := info.Selections[x]
	if sel == nil || sel.Kind() != types.MethodVal || isPointer(info.TypeOf(x.X)) {
		return false
	}
	sig, ok := sel.Obj().Type().(*types.Signature)
	return ok && sig.Recv() != nil && isPointer(sig.Recv().Type())
}

func isArrayType(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Array)
	return ok
}

// memVar returns a new variable of type t in local memory.
func (e *emitter) memVar(n ast.Node, t types.Type) *val {
	size, align, err := sizeOf(t)
	if err != nil {
		e.refuse(n, "%v", err)
	}
	name := fmt.Sprintf("gc_local%d", len(e.locals))
	e.locals = append(e.locals, fmt.Sprintf(".local .align %d .b8 %s[%d];", max(align, 1), name, max(size, 1)))
	v := &val{t: t, mem: e.reg(u64T), space: "local"}
	e.line("mov.u64 %s, %s;", v.mem, name)
	return v
}

// bind makes obj a variable holding v: in memory where it must be.
func (e *emitter) bindMemory(n ast.Node, obj types.Object, v *val) bool {
	if !e.inMemory[obj] {
		return false
	}
	mv := e.memVar(n, e.subst(obj.Type()))
	e.storeAt(mv.mem, "local", mv.t, v)
	e.vars[obj] = mv
	return true
}
