package kir

import (
	"go/types"
	"strings"
)

// An aheadRow is a row of a rebased slice a warp loop reads ahead
// (rowsahead.go): the slice, the scratch array holding the row, and the
// flag set where the row was read (it lies in the slice).
type aheadRow struct {
	r         RebasedSlice
	array, ok string
	typ       string
	used      bool // a whole warp's lanes read it: the row is written
}

// planAhead names the rows the lane loops of warp loop w read ahead: a
// row two loops read (the same slice at the same offset) is read once.
func (e *emitter) planAhead(w *WarpLoop) {
	e.ahead = nil
	rows := map[string]*aheadRow{}
	Walk(w.Body, func(n Node) {
		l, ok := n.(*LaneLoop)
		if !ok || len(l.Ahead) == 0 {
			return
		}
		if e.ahead == nil {
			e.ahead = map[*LaneLoop][]*aheadRow{}
		}
		for _, k := range l.Ahead {
			r := l.Rebase.Slices[k]
			key := e.oneLine(r.X) + "[]" // the row's check keys its offset so, on one line
			if r.Off != nil {
				key = e.oneLine(r.X) + "[" + e.oneLine(r.Off) + "]"
			}
			if rows[key] == nil {
				elem := e.typeString(e.f.Src.Info.TypeOf(r.X).Underlying().(*types.Slice).Elem())
				rows[key] = &aheadRow{r: r, array: e.f.Names.Fresh("row"), ok: e.f.Names.Fresh("rowok"), typ: elem}
			}
			e.ahead[l] = append(e.ahead[l], rows[key])
		}
	})
}

// rowsAhead writes, before the warp loop, the reads ahead of the rows its
// lane loops used: each row copied into its scratch array where it lies
// in the slice, in the loops' order.
func (e *emitter) rowsAhead(w *WarpLoop) {
	var loops []*LaneLoop
	Walk(w.Body, func(n Node) {
		if l, ok := n.(*LaneLoop); ok && e.ahead[l] != nil {
			loops = append(loops, l)
		}
	})
	written := map[*aheadRow]bool{}
	for _, l := range loops {
		for _, a := range e.ahead[l] {
			if !a.used || written[a] {
				continue
			}
			written[a] = true
			c := rowCheck{e: e, to: e.use("bdx"), vars: map[string]string{}, have: map[string]bool{}}
			src := c.slice(a.r)
			e.printf("%s := false\n{\n%sif %s {\ncopy(%s, %s)\n%s = true\n}\n}\n", a.ok, c.decls.String(), strings.Join(c.conds, " && "), a.array, src, a.ok)
			e.aheadArrays = append(e.aheadArrays, a)
		}
	}
	e.ahead = nil
}

// aheadSlice writes, in a whole warp's lanes of lane loop l, where the
// rows of its rebased slice k read ahead are, that the warp's part of the
// row (x0, its first lane's x) be read from there.
func (e *emitter) aheadSlice(l *LaneLoop, k int, x0 string) {
	for i, kk := range l.Ahead {
		if kk != k || e.rebased[k] == "" {
			continue
		}
		a := e.ahead[l][i]
		a.used = true
		e.printf("if %s {\n%s = %s[%s:][:32]\n}\n", a.ok, e.rebased[k], a.array, x0)
	}
}
