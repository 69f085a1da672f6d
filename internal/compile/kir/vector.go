package kir

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// vector is the pass that picks the thread loops the SIMD build writes
// eight consecutive threads at a time, as the eight lanes of a 256-bit
// vector (package simd/archsimd, AVX2): ISPC's SPMD-on-SIMD. A loop
// qualifies when every value of its code is one of three shapes: uniform
// (the same for the eight threads: a scalar, broadcast where a vector
// needs it), affine (an int index equal to the first thread's plus the
// lane: a unit-stride load or store) or a vector of 32-bit numbers (or,
// where those do not fit, four threads a step of 64-bit ones:
// vec_wide.go); its
// control is uniform (loops and ifs whose conditions are the same for
// every thread); and the pure helpers it calls are straight-line code,
// inlined. Everything else keeps the scalar form, which the SIMD build
// still writes after the vector steps for the row's remaining threads.
//
// The vector steps compute what the scalar form computes, in the same
// order and precision (no fused multiply-add, IEEE division and square
// root), so results are bit-identical for race-free kernels. An index a
// step would load or store outside its slice sends the step's threads to
// the scalar form, which fails exactly where the scalar build fails.
func vector(f *Func) {
	f.Vector, f.Portable = map[*ThreadLoop]bool{}, map[*ThreadLoop]bool{}
	Walk(f.Body, func(n Node) {
		if l, ok := n.(*ThreadLoop); ok && f.vectorizable(l) {
			f.Vector[l] = true
			if f.portableGain(l) {
				f.Portable[l] = true
			}
		}
	})
	f.streamsTaken()
	Walk(f.Body, func(n Node) { // the default build runs a streamed loop's reads ahead and rest scalar (streamsOn)
		if s, ok := n.(*Streamed); ok {
			delete(f.Portable, s.Ahead)
			delete(f.Portable, s.Rest)
		}
	})
	f.vectorLanes()
}

// streamsTaken decides which loops the streams pass reordered the SIMD
// build runs so (Func.Streams): those whose loads ahead run vector steps,
// and whose rest does too or whose loop as written does not (its vector
// steps would beat a scalar rest). The loop as written, then only the
// fallback, keeps its scalar form; a loop not taken runs as written, with
// its vector steps.
func (f *Func) streamsTaken() {
	f.Streams = map[*Streamed]bool{}
	Walk(f.Body, func(n Node) {
		s, ok := n.(*Streamed)
		if !ok {
			return
		}
		ahead := f.Vector[s.Ahead] || s.Ahead.Copy != nil // a copy moves a row in vector registers
		if ahead && (f.Vector[s.Rest] || !f.Vector[s.Whole]) {
			f.Streams[s] = true
			delete(f.Vector, s.Whole)
			return
		}
		delete(f.Vector, s.Ahead)
		delete(f.Vector, s.Rest)
	})
}

// vectorizable reports whether the code of l can run eight threads at a
// time: the translation succeeds without writing anything.
func (f *Func) vectorizable(l *ThreadLoop) bool {
	if l.Reduce != nil || l.Outside || l.stepped() {
		return false
	}
	if f.lockstep(l) != nil && !l.StrideBound {
		return false // a lockstep grid-stride loop whose threads' trips its bounds do not decide
	}
	_, ok := f.translateLoop(l, "archsimd", nil)
	return ok
}

// A vshape is how a value varies across the eight threads of a vector
// step.
type vshape uint8

const (
	vUniform vshape = iota // the same for every thread: a scalar
	vAffine                // an int, the first thread's value plus the lane: a scalar holding the first's
	vVector                // a vector of eight 32-bit numbers
)

// A vval is a translated expression: a scalar expression for uniform and
// affine values, an expression of an archsimd vector type for vectors.
type vval struct {
	shape vshape
	x     ast.Expr
	typ   types.Type // its Go type; nil for an untyped constant written by the step
	// fixed is set for a constant or a variable of the block's: the same
	// in every step, its broadcast hoisted.
	fixed bool
	value constant.Value // a constant's value, where the source's expression is one
	reads []*vbind       // for an index: the step's variables it reads
	// guard and lane are set for a clamped affine index (vec_clamp.go):
	// where guard holds it is the plain affine one; lane writes lane k's.
	guard  ast.Expr
	lane   func(k ast.Expr) ast.Expr
	stride int // of an affine index: lane k is x + stride*k (0: 1)
	// pin is set for an integer variable of the block's, or a uniform
	// value computed from it and constants, which the step may take as 1
	// where it scales an index (vec_pin.go); pinX is its scalar code.
	pin  *types.Var
	pinX ast.Expr
	// all, for a mask, is a scalar condition under which every lane
	// holds (an affine index compared with a bound: its reach), so that
	// an if on the mask may run its body unmasked (vec_all.go).
	all ast.Expr
	// addr is set for an element read, x, whose address the step may
	// take (&x): a broadcast of it loads it into a vector (vec_float.go).
	addr bool
	// pure is set for a value computed from constants and the block's
	// variables by operations that cannot fail: the same in every step,
	// its broadcast is hoisted as a fixed value's is (vec_float.go).
	pure bool
}

// A vbind is a variable of the translated code: its name and shape, and
// what the hoisted index checks need to know of it.
type vbind struct {
	name    string
	x       ast.Expr // set for an alias of a value the same in every step: a constant, a block's variable
	shape   vshape
	seq     int                       // the top-level statement that defined it; -1 inside control
	assigns int                       // assignments after its definition
	level   int                       // the varying control it was defined in
	guard   ast.Expr                  // a clamped affine index's guard, evaluated at its definition
	lane    func(k ast.Expr) ast.Expr // and its lanes
	stride  int                       // an affine index's
}

// A vaccess is a vector load or store: the slice (or array) and the first
// thread's index, and the variables they read, which must be defined
// before the step's first memory access and never changed.
type vaccess struct {
	x, i  ast.Expr
	binds []*vbind
	int32 bool // not an access: i to i+7 must fit in int32
	// unsigned, with int32, is i to i+7 in uint32 instead.
	unsigned bool
	node     ast.Node       // the load or store, checked in place if the check cannot go first
	at       *ast.SliceExpr // x[i:] as the load's translation reads it, which a row may replace (vec_rows.go)
	elem     *ast.IndexExpr // x[i], a read of one element, which a row may replace (vec_rows.go)
	seq      int            // the top-level statement of an element read
}

// vecTypes are the archsimd types of the element types vectors hold.
var vecTypes = map[types.BasicKind]string{types.Float32: "Float32x8", types.Int32: "Int32x8", types.Uint32: "Uint32x8",
	types.Bool: "Mask32x8", types.UntypedBool: "Mask32x8"}

// vecType returns the archsimd type of vectors of t's values.
func vecType(t types.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return "", false
	}
	name, ok := vecTypes[b.Kind()]
	return name, ok
}

// vecElem returns the archsimd type of vectors loaded from or stored to
// elements of type t: exactly one of the basic types, since the loads take
// a []float32, []int32 or []uint32.
func vecElem(t types.Type) (string, bool) {
	b, ok := t.(*types.Basic)
	if !ok || b.Kind() == types.Bool {
		return "", false
	}
	name, ok := vecTypes[b.Kind()]
	return name, ok
}

// vecWidth is the number of threads a vector step runs.
const vecWidth = 8
