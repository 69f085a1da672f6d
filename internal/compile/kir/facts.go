package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Facts about indexes that hold for every thread, which the passes query
// instead of matching shapes: the lengths of shared-memory slices whose
// allocation fixes them, and the values an index can take by its type or
// form. An index below the length cannot fail, whatever loop it is in.

// sharedLengths returns, of the shared slices that are only indexed
// (Func.own), those whose allocation gives a constant length, and the
// length: allocs are the shared allocations (sharedAllocs).
func (f *Func) sharedLengths(allocs map[*types.Var]ast.Node) map[*types.Var]int64 {
	out := map[*types.Var]int64{}
	for v := range f.own {
		call, ok := allocs[v].(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			continue
		}
		if e, ok := f.entry(call); !ok || e.Kind != kapi.SharedDecl || e.Short != "Shared" {
			continue
		}
		if n, ok := f.intConst(call.Args[1]); ok {
			out[v] = n
		}
	}
	return out
}

// inBounds reports whether the index x cannot fail: its slice has a known
// length (sharedLengths) that every value its index can take is below.
func (f *Func) inBounds(x *ast.IndexExpr) bool {
	n, ok := f.sharedLens[f.identVar(x.X)]
	if !ok {
		return false
	}
	hi, ok := f.indexMax(x.Index)
	return ok && hi < n
}

// indexMax returns the largest value e can take, where its form bounds it
// and it cannot be negative: a constant of at least zero, a value of an
// unsigned type of 8 or 16 bits, a conversion of one to a wider integer
// type, and x & c or x % c for an unsigned x or a constant c of at least
// zero (& with it) or above zero (% of an unsigned x).
func (f *Func) indexMax(e ast.Expr) (int64, bool) {
	e = ast.Unparen(e)
	if v, ok := f.intConst(e); ok {
		return v, v >= 0
	}
	info := f.Src.Info
	t, _ := info.TypeOf(e).Underlying().(*types.Basic)
	if t != nil {
		switch t.Kind() {
		case types.Uint8:
			return 1<<8 - 1, true
		case types.Uint16:
			return 1<<16 - 1, true
		}
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		if tv := info.Types[x.Fun]; tv.IsType() && len(x.Args) == 1 && wideInt(tv.Type, info.TypeOf(x.Args[0])) {
			return f.indexMax(x.Args[0])
		}
	case *ast.BinaryExpr:
		c, ok := f.intConst(x.Y)
		switch {
		case !ok:
		case x.Op == token.AND && c >= 0:
			return c, true
		case x.Op == token.REM && c > 0 && unsigned(info.TypeOf(x.X)):
			return c - 1, true
		}
	}
	return 0, false
}

// wideInt reports whether converting a value of integer type from to the
// integer type to keeps every value of from.
func wideInt(to, from types.Type) bool {
	t, ok1 := to.Underlying().(*types.Basic)
	s, ok2 := from.Underlying().(*types.Basic)
	if !ok1 || !ok2 || t.Info()&types.IsInteger == 0 || s.Info()&types.IsInteger == 0 {
		return false
	}
	sizes := types.SizesFor("gc", "amd64")
	ts, ss := sizes.Sizeof(t), sizes.Sizeof(s)
	if unsigned(s) {
		return ts > ss || ts == ss && unsigned(t)
	}
	return !unsigned(t) && ts >= ss
}

// unsigned reports whether t is an unsigned integer type.
func unsigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}
