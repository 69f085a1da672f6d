package kir

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// The operands of a warp loop's collectives (per lane in arrays, once per
// warp, or the same for the block) and the calls of package compiled that
// complete them for a warp.

// groupArray returns the per-lane array of a coalesced group collective's
// group: each lane holds its own handle.
func (e *emitter) groupArray(c *Collective) (collOperand, bool) {
	if !c.Entry.Coalesced || !e.f.onCoalesced(c.Call) || c.Entry.Short == "CoalescedThreads" {
		return collOperand{}, false
	}
	g := e.f.groupOperand(c.Call)
	typ := e.f.Src.Info.TypeOf(g)
	if !isCoalescedGroup(typ) {
		return collOperand{}, false // a tile: its size, the same for every lane
	}
	if arr := e.laneArrayOf(g, typ); arr != "" {
		return collOperand{arg: -1, typ: typ, array: arr, direct: true}, true
	}
	return collOperand{arg: -1, typ: typ, array: fmt.Sprintf("%s%dg", e.name["c"], c.id(e))}, true
}

// A collOperand is one operand of a collective: its index among the
// call's arguments, its type, and the array holding it per lane ("" when
// it is the same for every thread of the block).
type collOperand struct {
	arg    int
	typ    types.Type
	array  string
	direct bool // array is the lane array of the variable the operand is
	// copied, with direct, is set where that variable is one the operand
	// copies (Collective.ValueIn), not the operand itself.
	copied bool
	// warp, where set, is the operand the same for every lane of the
	// warp, written to be evaluated once at warp level (warpExpr).
	warp ast.Expr
}

// laneArrayOf returns the lane array of the variable x, if x is one kept
// in a lane array of type typ's elements: the collective reads it there.
func (e *emitter) laneArrayOf(x ast.Expr, typ types.Type) string {
	if e.warp == nil {
		return ""
	}
	return e.f.laneArrayIn(e.warp.Arrays, x, typ)
}

// laneArrayIn is laneArrayOf for the warp loop whose lane arrays are
// arrays.
func (f *Func) laneArrayIn(arrays map[*types.Var]string, x ast.Expr, typ types.Type) string {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return ""
	}
	v, _ := f.Src.Info.Uses[id].(*types.Var)
	if arr, ok := arrays[v]; ok && types.Identical(v.Type(), typ) {
		return arr
	}
	return ""
}

// collOperands returns the operands of c: mask, value, argument, width.
func (e *emitter) collOperands(c *Collective) [4]collOperand {
	var arrays map[*types.Var]string
	if e.warp != nil {
		arrays = e.warp.Arrays
	}
	return e.f.collOperandsOf(c, arrays, e.operandName(c))
}

// operandName returns the names of the arrays of c's operands, by their
// index (mask, value, argument, width).
func (e *emitter) operandName(c *Collective) func(i int) string {
	return func(i int) string { return fmt.Sprintf("%s%d%s", e.name["c"], c.id(e), "mvaw"[i:i+1]) }
}

// collOperandsOf is collOperands for the warp loop whose lane arrays are
// arrays, the operands' own arrays named by name.
func (f *Func) collOperandsOf(c *Collective, arrays map[*types.Var]string, name func(i int) string) [4]collOperand {
	sig := f.Src.Info.TypeOf(c.Call.Fun).(*types.Signature)
	var ops [4]collOperand
	for i, idx := range []int{c.Entry.Mask, c.Entry.Value, c.Entry.Arg, c.Entry.Width} {
		ops[i].arg = idx
		if idx < 0 {
			continue
		}
		ops[i].typ = sig.Params().At(idx).Type()
		arr := f.laneArrayIn(arrays, c.Call.Args[idx], ops[i].typ)
		if arr == "" && i == 1 && c.ValueIn != nil && arrays[c.ValueIn] != "" {
			arr, ops[i].copied = arrays[c.ValueIn], true
		}
		switch {
		case i != 1 && c.Entry.Arg >= 0 && !f.shuffleUniform(c):
			if w, ok := f.shuffleWarp(c); ok {
				ops[i].warp = w[i] // once per warp, for every lane
			} else {
				ops[i].array = name(i) // per lane, with its mask, argument and width
			}
		case i != 1 && !f.pure(c.Call.Args[idx], f.isUniform, false):
			if w, ok := f.warpExpr(c.Call.Args[idx], 0); ok {
				ops[i].warp = w
			} else {
				ops[i].array = name(i)
			}
		case arr != "":
			ops[i].array, ops[i].direct = arr, true
		case i == 1 || !f.pure(c.Call.Args[idx], f.isUniform, false): // the value is per lane
			ops[i].array = name(i)
		}
	}
	return ops
}

// fullSyncWarp reports whether c is a __syncwarp whose mask is the
// constant of all 32 lanes: compiled, lanes of a warp run one after
// another between collectives, so such a sync completes with nothing to
// exchange or check, whatever lanes arrive.
func (f *Func) fullSyncWarp(c *Collective) bool {
	if c.Entry.Short != "SyncWarp" || c.Entry.Mask < 0 || c.Entry.Coalesced || c.Entry.Tile {
		return false
	}
	tv := f.Src.Info.Types[c.Call.Args[c.Entry.Mask]]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	v, exact := constant.Uint64Val(tv.Value)
	return exact && uint32(v) == ^uint32(0)
}

// shuffleWarp returns a shuffle's mask, argument and width, by operand
// index (mask 0, argument 2, width 3), where each is the same for every
// lane of a warp, written for warp level.
func (f *Func) shuffleWarp(c *Collective) (out [4]ast.Expr, ok bool) {
	for i, idx := range []int{c.Entry.Mask, -1, c.Entry.Arg, c.Entry.Width} {
		if idx < 0 {
			continue
		}
		if out[i], ok = f.warpExpr(c.Call.Args[idx], 0); !ok {
			return out, false
		}
	}
	return out, true
}

// shuffleUniform reports whether a shuffle's mask, argument and width are
// the same for every thread of the block.
func (f *Func) shuffleUniform(c *Collective) bool {
	for _, idx := range []int{c.Entry.Mask, c.Entry.Arg, c.Entry.Width} {
		if idx >= 0 && !f.pure(c.Call.Args[idx], f.isUniform, false) {
			return false
		}
	}
	return true
}

// operands writes a lane's operands of collective c into their arrays.
func (e *emitter) operands(c *Collective) {
	e.line(c.Call.Pos())
	for i, op := range e.collOperands(c) {
		if j := e.loopJam(); j != nil && j.Operand == c && i == 1 {
			continue // the jam stores it (jam_operand.go)
		}
		if op.array != "" && !op.direct {
			e.printf("%s[%s] = %s\n", op.array, e.name["lane"], e.plain(c.Call.Args[op.arg]))
		}
	}
	if g, ok := e.groupArray(c); ok && !g.direct {
		e.printf("%s[%s] = %s\n", g.array, e.name["lane"], e.plain(e.f.groupOperand(c.Call)))
	}
}

// collective writes the completion of collective c for the current warp.
func (e *emitter) collective(c *Collective) {
	if e.f.fullSyncWarp(c) {
		return // every lane that arrived is in its mask: it exchanges nothing (compiled.WarpLanes's own test)
	}
	ops := e.collOperands(c)
	for _, op := range ops {
		if op.array != "" && !op.direct {
			e.warpDecls = append(e.warpDecls, fmt.Sprintf("var %s [32]%s", op.array, e.typeString(op.typ)))
		}
	}
	sig := e.f.Src.Info.TypeOf(c.Call.Fun).(*types.Signature)
	out, rtype := "nil", "bool"
	if sig.Results().Len() > 0 {
		rtype = e.typeString(sig.Results().At(0).Type())
		if sig.Results().Len() == 2 { // MatchAllSync: the mask, and whether all matched in bit 32
			rtype = "uint64"
		}
		name := fmt.Sprintf("%s%dr", e.name["c"], c.id(e))
		e.warpDecls = append(e.warpDecls, fmt.Sprintf("var %s [32]%s", name, rtype))
		e.collOut[c.Call] = name
		out = "&" + name
	}
	n, rt := e.name, e.f.Src.Compiled
	e.line(c.Call.Pos())
	mask, value, arg, width := ops[0], ops[1], ops[2], ops[3]
	if c.Entry.Coalesced && e.f.onCoalesced(c.Call) {
		e.coalescedCollective(c, value, arg, out, rtype)
		return
	}
	if c.Entry.Tile {
		e.tileCollective(c, value, arg, out, rtype)
		return
	}
	if arg.arg >= 0 && mask.array == "" && arg.array == "" && width.array == "" {
		e.printf("%s.ShflWarp(%s, %s.%s, %s, %s, %s, &%s, %s, %s, %s)\n", rt, n["b"], rt, strings.TrimSuffix(c.Entry.Short, "Sync"), n["w"], n["act"],
			e.operand(c, mask), value.array, e.operand(c, arg), e.operand(c, width), out)
		return
	}
	vtype := "bool"
	if value.arg >= 0 {
		vtype = e.typeString(value.typ)
	}
	e.printf("%s.WarpLanes[%s, %s](%s, %q, %s, %s, %s, %s, %s, %s, %s, %s)\n", rt, vtype, rtype, n["b"], c.Entry.Short, n["w"], n["act"],
		e.scalarOrZero(c, mask), e.arrayRef(mask), e.arrayRef(value), e.arrayRef(arg), e.arrayRef(width), out)
}

func (e *emitter) scalarOrZero(c *Collective, op collOperand) string {
	if op.arg < 0 || op.array != "" {
		return "0"
	}
	return e.operand(c, op)
}

// operand writes a scalar operand of c: the source's, or its warp-level
// form.
func (e *emitter) operand(c *Collective, op collOperand) string {
	if op.warp != nil {
		return e.oneLine(op.warp)
	}
	return e.plain(c.Call.Args[op.arg])
}

func (e *emitter) arrayRef(op collOperand) string {
	if op.array == "" {
		return "nil"
	}
	return "&" + op.array
}

// id returns the collective's number in the body.
func (c *Collective) id(e *emitter) int {
	if id, ok := e.collIDs[c]; ok {
		return id
	}
	e.collIDs[c] = len(e.collIDs) + 1
	return e.collIDs[c]
}

// tileCollective writes the completion of the tile collective c for the
// current warp, over the tiles of its group's size.
func (e *emitter) tileCollective(c *Collective, value, arg collOperand, out, rtype string) {
	n, rt := e.name, e.f.Src.Compiled
	size := e.plain(e.f.groupOperand(c.Call)) + ".Size()"
	if op := c.Entry.Op; op >= 0 {
		if opName := e.f.cgOperator(c.Call.Args[op]); c.Entry.Short == "Reduce" && opName != "" && isNumber(value.typ) { // its steps in place
			e.printf("%s.TileReduceOp[%s](%s, %s, %s, %s, %s, %s.%s, %s)\n", rt, e.typeString(value.typ), n["b"], n["w"], n["act"],
				size, e.arrayRef(value), rt, opName, out)
			return
		}
		e.printf("%s.TileReduce[%s](%s, %q, %s, %s, %s, %s, %s, %s)\n", rt, e.typeString(value.typ), n["b"], c.Entry.Short, n["w"], n["act"],
			size, e.arrayRef(value), e.plain(c.Call.Args[op]), out)
		return
	}
	vtype := "bool"
	if value.arg >= 0 {
		vtype = e.typeString(value.typ)
	}
	e.printf("%s.TileLanes[%s, %s](%s, %q, %s, %s, %s, %s, %s, %s, %s)\n", rt, vtype, rtype, n["b"], c.Entry.Short, n["w"], n["act"],
		size, e.arrayRef(value), e.scalarOrZero(c, arg), e.arrayRef(arg), out)
}

// coalescedCollective writes the completion of the coalesced-group
// collective c for the current warp, each lane with its own group.
func (e *emitter) coalescedCollective(c *Collective, value, arg collOperand, out, rtype string) {
	n, rt := e.name, e.f.Src.Compiled
	groups, tile := "nil", "0"
	if g, ok := e.groupArray(c); ok {
		if !g.direct {
			e.warpDecls = append(e.warpDecls, fmt.Sprintf("var %s [32]%s", g.array, e.typeString(g.typ)))
		}
		groups = "&" + g.array
	} else if c.Entry.Short != "CoalescedThreads" {
		tile = e.plain(e.f.groupOperand(c.Call)) + ".Size()"
	}
	if op := c.Entry.Op; op >= 0 {
		e.printf("%s.CoalescedReduce[%s](%s, %q, %s, %s, %s, %s, %s, %s)\n", rt, e.typeString(value.typ), n["b"], c.Entry.Short, n["w"], n["act"],
			groups, e.arrayRef(value), e.plain(c.Call.Args[op]), out)
		return
	}
	vtype := "bool"
	if value.arg >= 0 {
		vtype = e.typeString(value.typ)
	}
	e.printf("%s.CoalescedLanes[%s, %s](%s, %q, %s, %s, %s, %s, %s, %s, %s, %s)\n", rt, vtype, rtype, n["b"], c.Entry.Short, n["w"], n["act"],
		groups, tile, e.arrayRef(value), e.scalarOrZero(c, arg), e.arrayRef(arg), out)
}
