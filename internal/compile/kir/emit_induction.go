package kir

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
)

// A row's strided index (rebase_stride.go), stride*x + off for thread x,
// keeps its form in the thread's code unless the row's unchecked loop
// counts it: then each such index is a counter the loop starts at
// off + stride*from and steps by stride with x, so that a thread computes
// no product (the Blelloch scan's tree steps, offset*(2*thid+1)-1; see
// BenchmarkScan's blelloch). The row's check (compiled.InStride) has bounded every
// thread's index, and the counter's value is the index's, wrapping as Go
// does. Only in a row that runs no vector steps and is not a segment's
// or a peeled loop's, whose threads count otherwise.

// An inductionStep is a strided slice's stride and offset, by the names
// the row's check gave them: k is the slice's.
type inductionStep struct {
	k           int
	stride, off string
}

// stridedIndex returns x, the index of strided slice k, as its slice at
// the row's counter for k, naming the counter on first use, where the
// unchecked form being written counts them (e.strided); otherwise x keeps
// its form.
func (e *emitter) stridedIndex(c *cloner, x ast.Expr, k int) (ast.Node, bool) {
	ix, ok := x.(*ast.IndexExpr)
	if e.strided == nil || !ok {
		return nil, false
	}
	if e.strided[k] == "" {
		e.strided[k] = e.stridedCounter(k)
	}
	return &ast.IndexExpr{X: c.expr(ix.X), Lbrack: ix.Lbrack, Index: &ast.Ident{NamePos: ix.Lbrack, Name: e.strided[k]}, Rbrack: ix.Rbrack}, true
}

// stridedCounter names the counter of strided slice k: another slice's
// where its index has the same stride and offset (a pair copied from
// shared memory to the same place in another slice counts once).
func (e *emitter) stridedCounter(k int) string {
	rs := e.loopRebase().Slices
	key := func(r RebasedSlice) string {
		off := "0"
		if r.Off != nil {
			off = e.oneLine(r.Off)
		}
		return e.oneLine(r.Stride) + "*x + " + off
	}
	for j, name := range e.strided {
		if name != "" && key(rs[j]) == key(rs[k]) {
			return name
		}
	}
	return e.f.Names.Fresh("idx")
}

// inducts reports whether the row counts some strided index along
// (inductionLoop).
func (f *rebasedLoop) inducts() bool {
	for _, st := range f.steps {
		if f.induction[st.k] != "" {
			return true
		}
	}
	return false
}

// inductionLoop opens the unchecked loop over threads v from from to to,
// counting the row's strided indexes along (e.fast.induction).
func (e *emitter) inductionLoop(v, from, to string) {
	vars, starts, posts := []string{v}, []string{from}, []string{v + " + 1"}
	for _, st := range e.fast.steps {
		if name := e.fast.induction[st.k]; name != "" && !slices.Contains(vars, name) {
			vars = append(vars, name)
			starts = append(starts, fmt.Sprintf("%s + %s*(%s)", st.off, st.stride, from))
			posts = append(posts, name+" + "+st.stride)
		}
	}
	if len(vars) == 1 {
		e.printf("for %s := %s; %s < %s; %s++ {\n", v, from, v, to, v)
		return
	}
	list := strings.Join(vars, ", ")
	e.printf("for %s := %s; %s < %s; %s = %s {\n", list, strings.Join(starts, ", "), v, to, list, strings.Join(posts, ", "))
}
