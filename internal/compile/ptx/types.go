package ptx

import (
	"fmt"
	"go/types"
	"math"
)

// A scalar is how a Go basic type lives in PTX: the register class that
// holds it, the type its arithmetic is written in, and its size and type
// in memory. Go's 8- and 16-bit integers compute in 32-bit registers and
// are narrowed after each operation, as Go's wrap-around requires.
type scalar struct {
	class string // register class: "pred", "b32", "b64", "f32", "f64"
	op    string // arithmetic type: "s32", "u32", "s64", "u64", "f32", "f64", "pred"
	mem   string // memory type: "u8", "s8", "s16", "u16", "s32", ..., "f64"
	size  int64  // bytes in memory
	bits  int    // the Go type's width, for narrowing (8, 16, 32, 64)
}

func (s scalar) float() bool  { return s.op == "f32" || s.op == "f64" }
func (s scalar) signed() bool { return s.op == "s32" || s.op == "s64" }
func (s scalar) wide() bool   { return s.class == "b64" || s.class == "f64" }

// bitOp is the untyped bit type of the same width, for and/or/xor/not.
func (s scalar) bitOp() string {
	if s.wide() {
		return "b64"
	}
	return "b32"
}

var (
	predT = scalar{class: "pred", op: "pred", mem: "u8", size: 1, bits: 1}
	s32T  = scalar{class: "b32", op: "s32", mem: "s32", size: 4, bits: 32}
	u32T  = scalar{class: "b32", op: "u32", mem: "u32", size: 4, bits: 32}
	s64T  = scalar{class: "b64", op: "s64", mem: "s64", size: 8, bits: 64}
	u64T  = scalar{class: "b64", op: "u64", mem: "u64", size: 8, bits: 64}
	f32T  = scalar{class: "f32", op: "f32", mem: "f32", size: 4, bits: 32}
	f64T  = scalar{class: "f64", op: "f64", mem: "f64", size: 8, bits: 64}
)

// scalarOf returns the PTX form of basic type t, or false.
func scalarOf(t types.Type) (scalar, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return scalar{}, false
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return predT, true
	case types.Int8:
		return scalar{class: "b32", op: "s32", mem: "s8", size: 1, bits: 8}, true
	case types.Uint8:
		return scalar{class: "b32", op: "u32", mem: "u8", size: 1, bits: 8}, true
	case types.Int16:
		return scalar{class: "b32", op: "s32", mem: "s16", size: 2, bits: 16}, true
	case types.Uint16:
		return scalar{class: "b32", op: "u32", mem: "u16", size: 2, bits: 16}, true
	case types.Int32:
		return s32T, true
	case types.Uint32:
		return u32T, true
	case types.Int, types.Int64, types.UntypedInt, types.UntypedRune:
		return s64T, true
	case types.Uint, types.Uint64, types.Uintptr:
		return u64T, true
	case types.Float32:
		return f32T, true
	case types.Float64, types.UntypedFloat:
		return f64T, true
	}
	return scalar{}, false
}

// layout is Go's memory layout on 64-bit platforms, which the device's
// copies of host memory keep.
var layout = types.SizesFor("gc", "amd64")

// sizeOf returns the bytes a value of t takes in memory, and its
// alignment, for the types the back end places in memory: numbers and
// bools, slices of them (which only a launch writes, see load), and
// arrays and structs of them.
func sizeOf(t types.Type) (size, align int64, err error) {
	if !plainType(t) {
		return 0, 0, fmt.Errorf("type %s has no GPU form in memory (numbers and bools, slices, arrays and structs of them)", t)
	}
	return layout.Sizeof(t), layout.Alignof(t), nil
}

// plainType reports whether t is a number or bool, or a slice, array or
// struct of plain types.
func plainType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		_, ok := scalarOf(u)
		return ok
	case *types.Slice:
		return plainType(u.Elem())
	case *types.Array:
		return plainType(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if !plainType(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// fieldOffset returns the offset of field i of struct s.
func fieldOffset(s *types.Struct, i int) int64 {
	fields := make([]*types.Var, s.NumFields())
	for k := range fields {
		fields[k] = s.Field(k)
	}
	return layout.Offsetsof(fields)[i]
}

// floatImmediate writes constant v of scalar s as a PTX operand: floats as
// the exact bits (0f/0d), integers in decimal.
func floatImmediate(s scalar, v float64) string {
	if s.op == "f32" {
		return fmt.Sprintf("0f%08X", math.Float32bits(float32(v)))
	}
	return fmt.Sprintf("0d%016X", math.Float64bits(v))
}
