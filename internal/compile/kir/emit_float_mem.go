package kir

// In the SIMD build, a body with vector steps takes the address of each
// float the block holds (the kernel's float parameters and the
// block-level float variables: _ = &dx), which keeps them in memory,
// not in scalar registers. Go restores a float it holds in a scalar
// register across a loop with a legacy SSE load (MOVSS) at each trip,
// even a trip that never reads it (golang/go#80835 covers Go's legacy
// encodings), and inside a vector step's loop that costs a state
// transition each time (vec_float.go): mandelbrot's escape loop, which
// reads none of the kernel's float parameters, reloaded three of them a
// trip and ran many times slower than with them in memory
// (BenchmarkMandelbrot in the SIMD build). A float in
// memory is loaded where it is read, in scalar code or before a step's
// broadcast; the portable build's steps are scalar code and keep the
// floats in registers.

// floatsInMemory reports whether the body being written keeps the
// block's floats in memory: the SIMD build's, with a vector step.
func (e *emitter) floatsInMemory() bool {
	if !e.simd {
		return false
	}
	for _, on := range e.f.Vector {
		if on {
			return true
		}
	}
	return false
}

// floatParamsInMemory writes _ = &p for each float parameter p of the
// kernel, where the body keeps its floats in memory.
func (e *emitter) floatParamsInMemory() {
	if !e.floatsInMemory() {
		return
	}
	for _, field := range e.f.Src.Decl.Type.Params.List {
		for _, name := range field.Names {
			if v := e.f.varOf(name); v != nil && v.Name != "_" && isFloat(e.f.substType(v.Obj.Type())) {
				e.printf("_ = &%s\n", v.Name) // its name in generated code (cap_ for cap)
			}
		}
	}
}

// floatsDefinedInMemory writes _ = &v for each float variable v that
// s, a block-level statement, defines, where the body keeps its floats
// in memory.
func (e *emitter) floatsDefinedInMemory(s *Code) {
	if !s.Block || !isDefine(s.Stmt) || !e.floatsInMemory() {
		return
	}
	for _, x := range assigned(s.Stmt) {
		if v := e.f.varOf(x); v != nil && v.Name != "_" && v.Class == Uniform && isFloat(e.f.substType(v.Obj.Type())) {
			e.printf("_ = &%s\n", v.Name)
		}
	}
}
