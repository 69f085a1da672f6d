package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// t.UniSync(mask, pred) is two votes, as package gocuda defines it (and
// so which lanes of mask take part follows the votes' rules):
// t.AnySync(mask, pred) == t.AllSync(mask, pred), its operands evaluated
// once, before them. Normalization writes it so.

// uniSync reports whether call is the thread's UniSync.
func (f *Func) uniSync(call *ast.CallExpr) bool {
	e, ok := f.entry(call)
	return ok && e.Short == "UniSync" && f.threadMethod(call)
}

// uniSync normalizes t.UniSync(mask, pred) into its two votes.
func (n *normalizer) uniSync(x *ast.CallExpr) {
	var ops []ast.Expr
	for _, a := range x.Args { // each evaluated once, in order
		if n.mark[a] {
			n.expr(a)
		}
		if _, done := n.repl[a]; !done && hasCall(n.f, a) {
			n.hoist(a, "v")
		}
		ops = append(ops, n.result(a))
	}
	recv := ast.Unparen(x.Fun).(*ast.SelectorExpr).X
	vote := func(name string) *types.Var {
		call := n.f.threadCall(recv, name, ops, x.Pos())
		v := n.newTemp(tempName(name), types.Typ[types.Bool])
		n.pre = append(n.pre, n.f.declare(v, call, x.Pos()))
		return v
	}
	all, anyv := vote("AllSync"), vote("AnySync")
	eq := &ast.BinaryExpr{X: n.f.ident(anyv, x.Pos()), OpPos: x.Pos(), Op: token.EQL, Y: n.f.ident(all, x.Pos())}
	n.f.Src.Info.Types[eq] = types.TypeAndValue{Type: n.f.Src.Info.TypeOf(x)}
	n.repl[x] = eq
}

// threadCall returns recv.name(args...), a method of the thread, with the
// type-checker's records of a call the source could have made.
func (f *Func) threadCall(recv ast.Expr, name string, args []ast.Expr, pos token.Pos) *ast.CallExpr {
	info := f.Src.Info
	sel := types.NewMethodSet(info.TypeOf(recv)).Lookup(f.Src.Thread.Pkg(), name)
	if sel == nil {
		m := f.Src.Thread.Type().(*types.Pointer).Elem().(*types.Named)
		sel = types.NewMethodSet(types.NewPointer(m)).Lookup(m.Obj().Pkg(), name)
	}
	id := &ast.Ident{NamePos: pos, Name: name}
	info.Uses[id] = sel.Obj()
	fun := &ast.SelectorExpr{X: recv, Sel: id}
	info.Selections[fun] = sel
	info.Types[fun] = types.TypeAndValue{Type: sel.Type()}
	call := &ast.CallExpr{Fun: fun, Lparen: pos, Args: args, Rparen: pos}
	info.Types[call] = types.TypeAndValue{Type: sel.Type().(*types.Signature).Results().At(0).Type()}
	return call
}
