package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// A loop whose varying values are 64-bit (float64, int64, int, uint64)
// runs four threads a step, as the four lanes of a 256-bit vector: the
// translation tries eight 32-bit lanes first and, where that fails, four
// 64-bit lanes. Its float32 values are the four lanes of a 128-bit
// vector (a float32 run summed into a float64), loaded, stored, added and
// converted to and from float64 as Go does, exactly; they are not
// compared, masked or gathered, whose masks are the step's 64-bit ones.
// A four-lane step holds no other 32-bit vectors, and uses only
// what AVX2 has: no 64-bit integer multiply, min, max, arithmetic right
// shift or conversion to or from float64 (those are AVX-512's), so such
// loops stay scalar. An int index's lanes are exact in int64, so they
// need no int32 range check, but for float64(i), which converts i's
// lanes from int32.

// vecTypes64 are the archsimd types of the element types four-lane
// vectors hold; int and uint are 64-bit on amd64, the only SIMD target.
var vecTypes64 = map[types.BasicKind]string{types.Float64: "Float64x4", types.Float32: narrow32, types.Int64: "Int64x4", types.Int: "Int64x4",
	types.Uint64: "Uint64x4", types.Uint: "Uint64x4", types.Bool: "Mask64x4", types.UntypedBool: "Mask64x4"}

// narrow32 is the type of a four-lane step's float32 vectors.
const narrow32 = "Float32x4"

// width is the number of threads a step of v runs.
func (v *vectorizer) width() int {
	if v.w64 {
		return vecWidth64
	}
	if v.z {
		return vecWidth512
	}
	return vecWidth
}

// vecWidth64 is the number of threads a step of 64-bit lanes runs.
const vecWidth64 = 4

// vecType returns the archsimd type of the step's vectors of t's values.
func (v *vectorizer) vecType(t types.Type) (string, bool) {
	if !v.w64 {
		vt, ok := vecType(t)
		return v.sized(vt), ok
	}
	if t == nil {
		return "", false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return "", false
	}
	name, ok := vecTypes64[b.Kind()]
	if name == narrow32 && v.portable {
		return "", false // package lanes has no four float32 lanes
	}
	return name, ok
}

// vecElem returns the archsimd type of the step's vectors loaded from or
// stored to elements of type t: exactly a type of the loads' slices
// ([]float64, []int64, []uint64: not []int).
func (v *vectorizer) vecElem(t types.Type) (string, bool) {
	if !v.w64 {
		vt, ok := vecElem(t)
		return v.sized(vt), ok
	}
	b, ok := t.(*types.Basic)
	if !ok || b.Kind() != types.Float64 && b.Kind() != types.Int64 && b.Kind() != types.Uint64 && (b.Kind() != types.Float32 || v.portable) {
		return "", false
	}
	return vecTypes64[b.Kind()], true
}

// spillable reports whether a variable of type t kept per thread loads
// and stores as the step's vectors: its slice is of a vector's elements.
func (v *vectorizer) spillable(t types.Type) bool {
	if !v.w64 {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	_, ok = v.vecElem(types.Typ[b.Kind()])
	return ok && types.Identical(t, b)
}

func isFloatVec(vt string) bool { return strings.HasPrefix(vt, "Float") }
func isMaskVec(vt string) bool  { return strings.HasPrefix(vt, "Mask") }

// maskInt is the integer vector type of the step's masks' lanes.
func (v *vectorizer) maskInt() string {
	if v.w64 {
		return "Int64x4"
	}
	return v.sized("Int32x8")
}

// laneInt is the Go type of the lanes of maskInt.
func (v *vectorizer) laneInt() string {
	if v.w64 {
		return "int64"
	}
	return "int32"
}

// notMask writes the complement of mask m.
func (v *vectorizer) notMask(m ast.Expr) ast.Expr {
	if v.z { // AVX-512's masks are bits
		return v.pkgCall("Mask32x16FromBits", &ast.UnaryExpr{Op: token.XOR, X: vcall(m, "ToBits")})
	}
	to := "To" + v.maskInt()
	return v.toMask(vcall(vcall(m, to), "Not"), v.maskInt())
}

// inRange writes "x[i:i+width] is in x".
func (v *vectorizer) inRange(x, i ast.Expr) ast.Expr { return inSpan(x, i, 0, v.width()) }

// avx2Op reports whether AVX2 has op on vectors of type vt: of 64-bit
// integers it lacks the multiply and the arithmetic right shift.
func (v *vectorizer) avx2Op(op token.Token, vt string) bool {
	switch vt {
	case "Int64x4":
		return op != token.MUL && op != token.SHR
	case "Uint64x4":
		return op != token.MUL
	}
	return true
}

// negFloat writes -x of a float vector: its sign bit flipped, as Go's
// negation (-0 from 0).
func (v *vectorizer) negFloat(x ast.Expr, vt string) ast.Expr {
	ut, bits, back := v.sized("Uint32x8"), "0x80000000", v.sized("AsFloat32x8")
	if vt == "Float64x4" {
		ut, bits, back = "Uint64x4", "0x8000000000000000", "AsFloat64x4"
	}
	sign := v.pkgCall("Broadcast"+ut, &ast.BasicLit{Kind: token.INT, Value: bits})
	return vcall(vcall(vcall(x, "As"+ut), "Xor", sign), back)
}

// lanes64 returns the vector of an affine index's four values as vt:
// Int64x4 or Uint64x4 exactly; Float64x4 converted from int32 lanes,
// which the step's checks send to the scalar form where they do not fit.
func (v *vectorizer) lanes64(i vval, vt string) ast.Expr {
	if !i.plain() {
		v.fail()
	}
	switch vt {
	case "Float64x4":
		if !isSigned(i.typ) {
			v.fail() // an unsigned index past MaxInt64 would pass its int32 check as an int
		}
		v.laneRange(i, false)
		// The first lane's value converted, plus 0 to 3 in float64 lanes,
		// exact: a vector of 128 bits hoisted out of the steps would be
		// spilled and reloaded with a legacy SSE instruction (Go 1.26
		// moves one of X0-X15 with MOVUPS), each reload a state
		// transition while the upper halves of the registers are in use.
		first := &ast.CallExpr{Fun: ast.NewIdent("int32"), Args: []ast.Expr{i.x}}
		iota := v.iotaOf("iotaf64", "Float64x4", "float64", 1)
		return vcall(vcall(v.pkgCall("BroadcastInt32x4", first), "ConvertToFloat64"), "Add", iota)
	case "Int64x4", "Uint64x4":
		if b, ok := i.typ.Underlying().(*types.Basic); !ok || laneType(vt) != types.Typ[b.Kind()] && (b.Kind() != types.Int && b.Kind() != types.Uint) {
			v.fail() // a narrower index wraps at its own width
		}
		var first ast.Expr = &ast.CallExpr{Fun: ast.NewIdent("int64"), Args: []ast.Expr{i.x}}
		if isKind(i.typ, types.Int64) {
			first = i.x
		}
		x := vcall(v.pkgCall("BroadcastInt64x4", first), "Add", v.lanesIota())
		if vt == "Uint64x4" {
			x = vcall(x, "AsUint64x4")
		}
		return x
	}
	v.fail()
	return nil
}

// iotaOf returns the vector 0, s, 2s, ... of type vt with lanes of type
// elem, hoisted under key.
func (v *vectorizer) iotaOf(key, vt, elem string, s int) ast.Expr {
	n := v.width() // Int32x4's four lanes are a four-lane step's
	return v.hoisted1(key, v.tableLoad(vt, elem, tableOf(n, func(k int) int { return k * s })))
}

// convert64 translates a conversion between four-lane vectors: between
// int64 and uint64 lanes, their bits; from or to float64, none (AVX-512's).
func (v *vectorizer) convert64(x ast.Expr, from, to string) (ast.Expr, bool) {
	switch {
	case from == to:
		return x, true
	case from == "Int64x4" && to == "Uint64x4", from == "Uint64x4" && to == "Int64x4":
		return vcall(x, "As"+to), true
	case from == narrow32 && to == "Float64x4", from == "Float64x4" && to == narrow32: // rounded as Go rounds
		return vcall(x, "ConvertTo"+strings.TrimSuffix(to, "x4")), true
	}
	return nil, false
}

// laneType returns the Go type of the lanes of archsimd type vt.
func laneType(vt string) *types.Basic {
	kinds := map[string]types.BasicKind{"Float32x8": types.Float32, "Int32x8": types.Int32, "Uint32x8": types.Uint32,
		"Float32x16": types.Float32, "Int32x16": types.Int32, "Uint32x16": types.Uint32,
		"Float64x4": types.Float64, "Int64x4": types.Int64, "Uint64x4": types.Uint64, narrow32: types.Float32}
	return types.Typ[kinds[vt]]
}

// math64 translates math.Sqrt, Floor, Ceil and Trunc of a float64
// vector: IEEE's square root and x86's roundings give Go's results.
func (v *vectorizer) math64(fn *types.Func, args []vval, t types.Type) (vval, bool) {
	if fn.Pkg() == nil || fn.Pkg().Path() != "math" || len(args) != 1 || args[0].shape != vVector {
		return vval{}, false
	}
	if vt, _ := v.vecType(args[0].typ); vt != "Float64x4" {
		return vval{}, false
	}
	switch fn.Name() {
	case "Sqrt", "Floor", "Ceil", "Trunc":
		return vval{shape: vVector, x: vcall(args[0].x, fn.Name()), typ: t}, true
	}
	return vval{}, false
}
