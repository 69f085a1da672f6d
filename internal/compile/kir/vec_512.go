package kir

import (
	"go/ast"
	"go/token"
	"strings"
)

// Generated with gocuda compile -simd512 (Source.SIMD512), a thread
// loop's vector steps run sixteen threads at a time where the CPU has
// AVX-512 (compiled.SIMD512), as the lanes of archsimd's 512-bit vectors,
// before the eight-lane steps take what is left of the row: the emitter
// translates the loop a second time at that width (z), writing the same
// archsimd calls on the x16 types (a load at stride 2 permutes two vectors
// in one instruction: vec_stride512.go). Only 32-bit lanes widen (a
// 64-bit step stays at four lanes) and warps' lane loops keep eight
// lanes; a loop whose wider translation fails runs eight lanes a step
// alone. So does a loop with bitwise operators on vectors of integers:
// Go 1.26 rewrites an expression of three operands of And, Or, Xor and
// AndNot on 512-bit vectors into one VPTERNLOGD, and where one operand
// is a load it writes an instruction its assembler rejects (a XOR of
// three values, one loaded, became VPTERNLOGD $150, (DX), Z0), so the
// package would not build. Masks are combined through their bits, which
// that rewrite does not see. A shift under a mask, at sixteen lanes, it
// may write as a masked VPSRAD its assembler rejects (VPSRAD Z6, K2, Z5):
// loops that shift keep eight lanes too.

// vecWidth512 is the number of threads a step of AVX-512's 32-bit lanes
// runs.
const vecWidth512 = 16

// sized returns name, an archsimd type or function of eight 32-bit lanes
// (Float32x8, AsInt32x8) or a helper of package compiled for eight lanes
// (FirstLane), as the step's width names it: its sixteen-lane twin where
// the step runs sixteen.
func (v *vectorizer) sized(name string) string {
	if !v.z || name == "" {
		return name
	}
	if strings.HasSuffix(name, "32x8") {
		return strings.TrimSuffix(name, "x8") + "x16"
	}
	return name + "16"
}

// translate512 translates thread loop l for the sixteen-lane steps, or
// reports that it cannot, or that they would not gain: where a loop of
// the step runs while any lane is in it (mandelbrot's escape loop), twice
// the lanes wait for the slowest of twice as many, and on a CPU that runs
// a 512-bit instruction as two 256-bit halves (AMD's Zen 4) that costs
// more than the wider step saves (BenchmarkMandelbrot with -simd512, on
// Zen 4 and Zen 5).
func (f *Func) translate512(l *ThreadLoop, simd string, e *emitter) (*vecLoop, bool) {
	vl, ok := f.translateAt(l, nil, simd, e, vmode{z: true})
	if !ok || vl.diverges {
		return nil, false
	}
	return vl, true
}

// maskOp writes the masks' a.op(b) (And, Or): on sixteen lanes, through
// their bits (Go 1.26 miscompiles code combining AVX-512's masks).
func (v *vectorizer) maskOp(a ast.Expr, op string, b ast.Expr) ast.Expr {
	if !v.z {
		return vcall(a, op, b)
	}
	tok := map[string]token.Token{"And": token.AND, "Or": token.OR}[op]
	return v.pkgCall("Mask32x16FromBits", &ast.BinaryExpr{X: vcall(a, "ToBits"), Op: tok, Y: vcall(b, "ToBits")})
}

// bitwise notes that the step being translated computes a bitwise
// operator on vectors of integers: in the SIMD build, where a function
// holds sixteen-lane steps, Go 1.26 may turn an eight-lane expression of
// three such operands and a load into a VPTERNLOGD on 256-bit registers
// that its assembler rejects too (VPTERNLOGD $150, (R12), Y3, found by
// the fuzzer with -fuzz.simd512), so such a function has none
// (Func.bitwiseSteps, widen). The vector pass's translations note it
// before any step is written.
func (v *vectorizer) bitwise() {
	if !v.portable {
		v.f.bitwiseSteps = true
	}
}

// bitOps are the bitwise operators: on 512-bit vectors Go 1.26 turns an
// expression of three of their operands into one VPTERNLOGD, which it
// may write with a memory operand the assembler rejects.
var bitOps = map[token.Token]bool{token.AND: true, token.OR: true, token.XOR: true, token.AND_NOT: true}
