package kir

import (
	"bytes"
	"slices"
	"strings"
)

// A wholeWarp is a warp loop's code for whole warps (wholeWarps): the
// flags of the rows its lane loops read ahead, which its condition tests
// (cond), and the code.
type wholeWarp struct {
	oks  []string
	code bytes.Buffer
}

// wholeWarps writes a warp loop's code a second time for a whole warp of
// a one-dimensional block, where a lane loop of
// it reads all its rebased slices from rows read ahead (rowsahead.go),
// and returns it, or nil. The warp loop runs it, then the next warp,
// where the warp has 32 lanes, the block is one-dimensional and every
// such row was read: its lanes are then the warp's first 32 (no thread
// has returned, e.prefix) and lie in one row of x, its mask and the
// block's y and z extents are constants that Go's compiler folds into
// the tests of the collectives' fast forms, its first lane's index is
// the warp's, and those lane loops read their rows with no test of the
// slices (BenchmarkReduce's warpShuffle gains in both builds).
func (e *emitter) wholeWarps(w *WarpLoop) *wholeWarp {
	if !e.prefix || len(e.ahead) == 0 {
		return nil
	}
	outer, decls := e.w, len(e.warpDecls)
	whole := &wholeWarp{}
	e.w, e.whole = &whole.code, whole
	e.nodes(w.Body)
	e.w, e.whole, e.pairFused = outer, nil, nil
	if len(whole.oks) == 0 {
		e.warpDecls = e.warpDecls[:decls] // the code is dropped: so are the arrays it declared
		return nil
	}
	return whole
}

// cond returns the condition on which a warp runs ww: it has 32 lanes,
// the block is one-dimensional, and the rows were read.
func (ww *wholeWarp) cond(e *emitter) string {
	return strings.Join(append([]string{e.name["w"] + "+32 <= " + e.use("n"), e.oneD()}, ww.oks...), " && ")
}

// wholeRows writes, while a warp loop's code for whole warps is written,
// lane loop l's lanes of a whole warp reading their rebased slices from
// the rows read ahead, where l reads them all so (rowsAheadOnly); its
// mask is still tested, since an if of the lanes may have cleared lanes
// of it. It opens the else in which the caller writes the usual loop, and
// returns the text closing both, or "" where it writes nothing.
func (e *emitter) wholeRows(l *LaneLoop, fast []byte, checked bool) string {
	oks := e.rowsAheadOnly(l)
	if e.whole == nil || oks == nil {
		return ""
	}
	for _, ok := range oks {
		if !slices.Contains(e.whole.oks, ok) {
			e.whole.oks = append(e.whole.oks, ok)
		}
	}
	n := e.name
	x0 := e.f.Names.Fresh("x0")
	e.actRead = true
	e.printf("{\n%s := %s.X\nif %s == ^uint32(0) {\n", x0, n["tidx"], n["act"])
	for i, k := range l.Ahead {
		if e.rebased[k] != "" {
			e.printf("%s := %s[%s:][:32]\n", e.rebased[k], e.ahead[l][i].array, x0)
		}
	}
	if !e.pairTree(l, checked) {
		e.wholeLanes(l, fast, checked, x0)
	}
	e.rebased = nil
	e.printf("} else {\n")
	return "}\n}\n"
}

// pairTree writes, for lane loop l of a whole warp, its lanes' sums and
// the reduction after them as one call of compiled.ShflDownLane0Pair on
// the rows read ahead (pairtree.go), where the pass found them so and no
// lane can fail, and reports whether it did; the reduction, written
// next, then runs only where the warp's lanes were not all active
// (pairFused).
func (e *emitter) pairTree(l *LaneLoop, checked bool) bool {
	p := l.Pair
	if p == nil || checked || l.Memo != nil || e.rebased[p.Rows[0]] == "" || e.rebased[p.Rows[1]] == "" {
		return false
	}
	arr, typ := e.warp.Arrays[p.Var], e.typeString(p.Var.Type())
	e.printf("%s.ShflDownLane0Pair(&%s, (*[32]%s)(%s), (*[32]%s)(%s))\n", e.f.Src.Compiled, arr, typ, e.rebased[p.Rows[0]], typ, e.rebased[p.Rows[1]])
	e.pairFused = p.Loop
	return true
}

// rowsAheadOnly returns, where every slice the unchecked code of lane
// loop l names (e.rebased) is read ahead into a row and l's check bounds
// no other, the flags that say those rows were read; nil elsewhere.
func (e *emitter) rowsAheadOnly(l *LaneLoop) []string {
	if len(l.Ahead) == 0 {
		return nil
	}
	var oks []string
	for k, r := range l.Rebase.Slices {
		i := slices.Index(l.Ahead, k)
		switch {
		case r.Bound || e.rebased[k] != "" && i < 0:
			return nil
		case i >= 0 && e.rebased[k] != "":
			a := e.ahead[l][i]
			a.used = true
			oks = append(oks, a.ok)
		}
	}
	return oks
}
