package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
)

// Narrow indexes: code ported from CUDA computes a thread's index in
// int32 or uint32 (int i = blockIdx.x*blockDim.x + threadIdx.x). Such
// arithmetic wraps at 32 bits, but +, -, × and << by a constant are ring
// operations modulo 2^w whatever the width, and a conversion to a w-bit
// type keeps a value's low w bits. So a narrow expression e has a wide
// form W, an int expression with the same low w bits: its int
// subexpressions as they are, its narrow leaves widened by conversion.
// int(e) equals W exactly where W lies in e's type's range, which a
// row's check tests once for the row: the index facts then read W.

// narrowInt returns the width of t where it is a signed or unsigned
// integer type narrower than int (int32, uint16...), or 0.
func narrowInt(t types.Type) int {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return 0
	}
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 0
}

// fitLimit returns one past the largest value of narrow type t, as the
// text of an int constant: the bound a row's indexes stay below.
func fitLimit(t types.Type) string {
	w := narrowInt(t)
	if unsigned(t) {
		return "1<<" + strconv.Itoa(w)
	}
	return "1<<" + strconv.Itoa(w-1)
}

// intTypeExpr is how go/types records the type expression int, for the
// conversions widened writes.
var intTypeExpr = func() types.TypeAndValue {
	tv, err := types.Eval(token.NewFileSet(), nil, token.NoPos, "int")
	if err != nil {
		panic(err)
	}
	return tv
}()

// widened returns the wide form of narrow index e (see above), typed int
// in f's records, reading through the variables r's scope writes out;
// false where e is not of a narrow integer type, or where a variable of
// the kernel named int would shadow the conversions it writes.
func (r rowScope) widened(e ast.Expr) (ast.Expr, bool) {
	w := narrowInt(r.f.Src.Info.TypeOf(e))
	if w == 0 {
		return nil, false
	}
	for v := range r.f.Vars {
		if v.Name() == "int" {
			return nil, false
		}
	}
	return r.wide(e, w, 0), true
}

// wide is widened of e, an expression of a w-bit integer type.
func (r rowScope) wide(e ast.Expr, w, depth int) ast.Expr {
	f := r.f
	e = ast.Unparen(e)
	if depth > 16 {
		return f.intConversion(e)
	}
	if tv := f.Src.Info.Types[e]; tv.Value != nil {
		if c, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact {
			return f.intLit(c)
		}
	}
	switch x := e.(type) {
	case *ast.Ident:
		if v := r.remat(x); v != nil {
			return r.wide(defExpr(v), w, depth+1)
		}
		if r.local != nil {
			if d := r.local(x); d != nil {
				return r.wide(d, w, depth+1)
			}
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL:
			return f.typedParen(f.intBinary(r.wide(x.X, w, depth+1), x.Op, r.wide(x.Y, w, depth+1)), x.Pos())
		case token.SHL:
			if k, ok := f.intConst(x.Y); ok && k >= 0 && k < int64(w) {
				return f.typedParen(f.intBinary(r.wide(x.X, w, depth+1), token.MUL, f.intLit(1<<k)), x.Pos())
			}
		}
	case *ast.UnaryExpr:
		if x.Op == token.SUB {
			return f.typedParen(f.intBinary(f.intLit(0), token.SUB, r.wide(x.X, w, depth+1)), x.Pos())
		}
	case *ast.CallExpr:
		if in, ok := r.f.convertedInt(x, w); ok {
			if isIntType(f.Src.Info.TypeOf(in)) {
				return in // an int converted: its low w bits
			}
			return r.wide(in, w, depth+1)
		}
	}
	return f.intConversion(e)
}

// convertedInt returns x's operand where x converts an int, or an
// integer of width w, to an integer type of width w: the low w bits are
// the operand's.
func (f *Func) convertedInt(x *ast.CallExpr, w int) (ast.Expr, bool) {
	info := f.Src.Info
	if tv := info.Types[x.Fun]; !tv.IsType() || len(x.Args) != 1 || narrowInt(tv.Type) != w {
		return nil, false
	}
	from := info.TypeOf(x.Args[0])
	return x.Args[0], isIntType(from) || narrowInt(from) == w
}

// intConversion returns int(e), typed in f's records: e's value, whose
// low bits are e's whatever its integer type.
func (f *Func) intConversion(e ast.Expr) ast.Expr {
	fun := ast.NewIdent("int")
	f.Src.Info.Types[fun] = intTypeExpr
	call := &ast.CallExpr{Fun: fun, Args: []ast.Expr{e}, Lparen: e.Pos(), Rparen: e.End()}
	f.Src.Info.Types[call] = types.TypeAndValue{Type: types.Typ[types.Int]}
	return call
}

// narrowBounds is bounds for comparison b of 32-bit integers: the thread
// side read by its wide form, the uniform side by its value (Bound.Fit).
// Narrower types are left as written: their sums wrap within real
// launches, where a guard's bound would fail the launch. A side that is
// the thread's index alone needs no test: a block's indexes fit.
func (f *Func) narrowBounds(b *ast.BinaryExpr, negate bool) []Bound {
	t := f.Src.Info.TypeOf(b.X)
	if narrowInt(t) != 32 || !types.Identical(t, f.Src.Info.TypeOf(b.Y)) {
		return nil
	}
	op, x, y := b.Op, b.X, b.Y
	wide, _ := rowScope{f: f}.widened(x)
	off, isX := f.threadXPlus(wide)
	if !isX || !f.safeUniform(y) {
		op, x, y = mirror[b.Op], y, x
		if wide, _ = (rowScope{f: f}).widened(x); wide == nil {
			return nil
		}
		if off, isX = f.threadXPlus(wide); !isX || !f.safeUniform(y) {
			return nil
		}
	}
	if negate {
		var ok bool
		if op, ok = negation[op]; !ok {
			return nil
		}
	}
	var value ast.Expr = f.intConversion(y)
	if c, ok := f.intConst(y); ok {
		value = f.intLit(c)
	}
	out := unitBounds(op, value, off)
	for i := range out {
		if off != nil {
			out[i].Fit, out[i].Pos = t, b.Pos()
		}
	}
	return out
}
