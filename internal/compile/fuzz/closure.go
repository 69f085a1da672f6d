package fuzz

import (
	"fmt"
	"strings"
)

// closure writes a function literal of one int32 operand, k, returning an
// int32 computed from k and the variables in scope, which it captures:
// as a C++ lambda capturing by reference, ported, it reads their values
// when called, which may be after barriers and collectives that changed
// them. One in two also adds k to a per-thread variable it captures. A
// closure that reads only block-uniform values and writes nothing is
// uniform: calls of it (closureCall) may go where the block's control
// does.
func (g *gen) closure(c ctx) {
	name := g.fresh("fn")
	uni := g.ch.pick(3) == 1
	var writes string
	if vs := writable(thread(g.vars(i32, false, true))); !uni && len(vs) > 0 && g.ch.pick(2) == 1 {
		writes = g.target(vs)
	}
	saved := g.pure
	g.pure = true // no memory, no thread: only k and what the literal captures
	g.push()
	g.declare("k", i32, uni, false).used = true
	body := g.val(i32, uni, 0)
	g.frames = g.frames[:len(g.frames)-1]
	g.pure = saved
	g.line("%s := func(k int32) int32 {", name)
	if writes != "" {
		g.line("\t%s += k", writes)
	}
	g.line("\treturn %s", body)
	g.line("}")
	g.declare(name, tfn, uni, false)
}

// writable returns the variables of vs that an assignment in a function
// literal may change: plain names, not a struct's field or an array's
// element standing as a variable.
func writable(vs []*variable) []*variable {
	var out []*variable
	for _, v := range vs {
		if !strings.ContainsAny(v.name, ".[") {
			out = append(out, v)
		}
	}
	return out
}

// closureCall returns a call of a closure in scope (closure), of type t,
// only of a uniform one if uni: there must be one.
func (g *gen) closureCall(t typ, uni bool) string {
	vs := g.vars(tfn, uni, false)
	call := fmt.Sprintf("%s(%s)", g.use(vs), g.leafVar(i32, uni))
	if t != i32 {
		call = fmt.Sprintf("%s(%s)", typeName(t), call)
	}
	return call
}
