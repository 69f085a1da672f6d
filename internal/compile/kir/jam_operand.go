package kir

import (
	"go/ast"
	"go/types"
)

// A lane loop whose helper call's result is the value a collective
// reduces, v := runSum(...); v = cg.Reduce(tile, v, cg.Plus), keeps v
// in no lane array: the collective's operand array takes a copy of it
// at the loop's end, lane by lane, before a jam would have stored it.
// The jam then stores the result straight into that operand array, and
// the loop makes no copy of it.

// copiedValue returns the collective of colls whose value operand alone
// is copied per lane at the loop's end (no lane array holds it), every
// other per-lane operand being direct; or nil. A group's handle, which a
// collective over any group copies per lane too, reads no result.
func (f *Func) copiedValue(colls []*Collective, arrays map[*types.Var]string) *Collective {
	var found *Collective
	for _, c := range colls {
		for i, op := range f.collOperandsOf(c, arrays, func(int) string { return "per lane" }) {
			if op.array == "" || op.direct {
				continue
			}
			if i != 1 || found != nil {
				return nil
			}
			found = c
		}
	}
	return found
}

// operandIs reports whether v is c's value operand, as written.
func (f *Func) operandIs(c *Collective, v *types.Var) bool {
	id, isIdent := ast.Unparen(c.Call.Args[c.Entry.Value]).(*ast.Ident)
	return v != nil && isIdent && f.Src.Info.Uses[id] == v
}
