package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// A store at stride 2 (Blelloch's tree, temp[2*thid+1] += temp[2*thid]
// at its widest level) writes every other element of the 2w from the
// first lane's (w the step's lanes): the lanes spread over two vectors,
// lane k at elements 2k and 2k+1, each stored under a mask of its even
// elements. At the end of the slice, where the last of the 2w is past
// it, the 2w from the element before take the lanes at their odd
// elements. A masked store writes nothing else, so the elements between
// keep whatever the step or another block wrote there. Under a mask (an
// if some lanes take), lane k's bit goes to the element 2k's of its
// vector: the mask spread as the lanes are. Where neither span lies in
// the slice, a step that has stored nothing yet starts again in the
// scalar loop, which fails where the scalar form does (vec_restart.go);
// one that has goes lane by lane.

// stridedStore stores vector val's lanes to x at i, i+s, ...: at stride
// 2 as two masked stores where their elements lie in x (whole, where x
// is the block's own: maskedStore); elsewhere (see above), and at other
// strides, lane by lane, in lane order.
func (v *vectorizer) stridedStore(x, i vval, val ast.Expr, elem types.Type, own bool) {
	if strideOf(i) != 2 || v.portable || v.w64 {
		v.movesLanes()
		v.emit(&ast.BlockStmt{List: v.laneStores(x.x, lanesOf(i), val, elem)})
		return
	}
	name := v.temp("st")
	v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{val}})
	w := v.width()
	lo, hi := v.spreads()
	evenLo, oddLo, evenHi, oddHi := v.spreadMasks(lo, hi)
	store := func(from int, spread, mask ast.Expr) ast.Stmt {
		at := &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(int64(from))}
		if from < 0 {
			at = &ast.BinaryExpr{X: paren(i.x), Op: token.SUB, Y: intLit(int64(-from))}
		}
		return v.maskedStore(&ast.SliceExpr{X: x.x, Low: at}, vcall(ast.NewIdent(name), "Permute", spread), mask, elem, own)
	}
	fast := []ast.Stmt{store(0, lo, evenLo), store(w, hi, evenHi)}
	shifted := []ast.Stmt{store(-1, lo, oddLo), store(w-1, hi, oddHi)}
	inner := &ast.IfStmt{Cond: inSpan(x.x, asInt(i), -1, 2*w-1), Body: &ast.BlockStmt{List: shifted}}
	v.noteInPlace(inner) // before the store's own record: a step that stored nothing yet may start again
	inner.Else = &ast.BlockStmt{List: v.laneStores(x.x, lanesOf(i), ast.NewIdent(name), elem)}
	v.emit(&ast.IfStmt{Cond: evenWindow(inSpan(x.x, asInt(i), 0, 2*w), i, inSpan(x.x, asInt(i), -1, 2*w-1)), Body: &ast.BlockStmt{List: fast}, Else: inner})
}

// spreadMasks returns the masks of the two stores at stride 2, by the
// spreads lo and hi: the even elements (the odd ones, for the stores from
// the element before) whose lanes the mask in force holds, or all of them
// where none is.
func (v *vectorizer) spreadMasks(lo, hi ast.Expr) (evenLo, oddLo, evenHi, oddHi ast.Expr) {
	even, odd := v.alternate(0), v.alternate(1)
	m := v.maskNow()
	switch {
	case m == nil:
		return even, odd, even, odd
	case v.z: // through the bits: Go 1.26 miscompiles code combining AVX-512's masks (vec_512.go)
		bits := v.temp("bits")
		v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(bits)}, Tok: token.DEFINE, Rhs: []ast.Expr{vcall(m, "ToBits")}})
		spread := func(shift, up int) ast.Expr {
			var b ast.Expr = ast.NewIdent(bits)
			if shift > 0 {
				b = &ast.BinaryExpr{X: b, Op: token.SHR, Y: intLit(int64(shift))}
			}
			var x ast.Expr = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent("EvenBits")},
				Args: []ast.Expr{&ast.CallExpr{Fun: ast.NewIdent("uint8"), Args: []ast.Expr{b}}}}
			if up > 0 {
				x = &ast.BinaryExpr{X: x, Op: token.SHL, Y: intLit(int64(up))}
			}
			return v.pkgCall("Mask32x16FromBits", x)
		}
		return spread(0, 0), spread(0, 1), spread(8, 0), spread(8, 1)
	}
	spread := func(s, alt ast.Expr) ast.Expr {
		return vcall(v.toMask(vcall(vcall(m, "ToInt32x8"), "Permute", s), "Int32x8"), "And", alt)
	}
	return spread(lo, even), spread(lo, odd), spread(hi, even), spread(hi, odd)
}

// spreads returns the hoisted indexes of Permute that spread a vector's
// lanes over two, each lane twice: lane k of the first is lane k/2, of
// the second lane w/2+k/2.
func (v *vectorizer) spreads() (lo, hi ast.Expr) {
	if v.z {
		return v.permuteTable("spread16Lo", func(k int) int { return k / 2 }), v.permuteTable("spread16Hi", func(k int) int { return 8 + k/2 })
	}
	return v.table8("spreadLo", "Uint32x8", func(k int) int { return k / 2 }), v.table8("spreadHi", "Uint32x8", func(k int) int { return 4 + k/2 })
}

// alternate returns the hoisted mask of the even lanes (first 0) or the
// odd ones (first 1).
func (v *vectorizer) alternate(first int) ast.Expr {
	key := []string{"evenLanes", "oddLanes"}[first]
	if v.z {
		bits := uint64(0x5555) << first
		return v.hoisted1(key+"16", v.pkgCall("Mask32x16FromBits", intLit(int64(bits))))
	}
	return v.table8(key, "Int32x8", func(k int) int { return -(1 - (k+first)%2) })
}

// table8 returns a hoisted vector of eight lanes of archsimd type typ
// (Uint32x8 or Int32x8, which is taken as a mask), lane k holding at(k).
func (v *vectorizer) table8(key, typ string, at func(k int) int) ast.Expr {
	x := v.tableLoad(typ, strings.ToLower(typ[:len(typ)-2]), tableOf(8, at))
	if typ == "Int32x8" {
		x = v.toMask(x, typ)
	}
	return v.hoisted1(key, x)
}
