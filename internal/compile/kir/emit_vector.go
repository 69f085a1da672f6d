package kir

import (
	"go/ast"
)

// vectorStep translates the code of the thread loop being written into
// its vector step, in the SIMD build, where the vector pass picked it.
func (e *emitter) vectorStep(l *ThreadLoop) *vecLoop {
	if !e.simd || e.scalarOnly || !e.f.Vector[l] {
		return nil
	}
	vl, ok := e.f.translateLoop(l, e.f.Src.Archsimd, e)
	if !ok {
		panic("gocuda compile: a loop the vector pass picked does not translate") // the two runs are the same code
	}
	e.use("pos")
	return vl
}

// vectorSteps writes the vector steps of a row of threads, v from from
// eight at a time while eight remain before to, each step's threads
// ranked from rank ("" where v is the rank), and returns where the scalar
// loop goes on. A CPU without AVX2 takes no step.
func (e *emitter) vectorSteps(v, from, to, rank string) string {
	step := e.f.Names.Fresh("vstep")
	e.printf("%s := %s\nif %s.SIMD {\n", step, from, e.f.Src.Compiled)
	e.stmts(e.vec.hoisted)
	e.printf("for ; %s+%d < %s; %s += %d {\n", step, vecWidth-1, to, step, vecWidth)
	e.printf("%s := %s\n", v, step)
	r := v
	if rank != "" {
		r = e.name["rank"]
		e.printf("%s := %s\n", r, rank)
	}
	if e.vec.fails {
		e.printf("%s.Thread = %s\n", e.name["pos"], r) // a failure in a step is its first thread's, as in the scalar form
	} else {
		e.printf("_ = %s\n", r) // the step reads its rank only where it spills or goes lane by lane
	}
	e.stmts(e.vec.body)
	// scalar SSE code after 256-bit code runs at half speed or worse while
	// the vector registers' upper halves are dirty: clean them for the
	// scalar loop and the code after
	e.printf("}\n%s.ClearAVXUpperBits()\n}\n", e.f.Src.Archsimd)
	return step
}

// stmts prints translated statements.
func (e *emitter) stmts(list []ast.Stmt) {
	for _, s := range list {
		if err := sourcePrinter.Fprint(e.w, e.pos.to, s); err != nil {
			panic(err)
		}
		e.w.WriteString("\n")
	}
}
