package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// A rebasedLoop is the unchecked form of a thread loop (rebase.go): the
// code of a thread with its slices rebased to the row, and their names.
type rebasedLoop struct {
	thread []byte
	names  []string
	lows   []string // for a slice read under a lower bound, the name of the first thread it covers
	label  string   // the loop's label, where a thread returns
}

// rebasedBody writes the code of a thread of l in its unchecked form, as
// body writes it with the rebased index expressions replaced, or returns
// nil where l has none (or runs vector steps, which check their own).
func (e *emitter) rebasedBody(l *ThreadLoop, body func()) *rebasedLoop {
	if l.Rebase == nil || e.vec != nil {
		return nil
	}
	saved := e.w
	var buf bytes.Buffer
	e.w = &buf
	names, lows := make([]string, len(l.Rebase.Slices)), make([]string, len(l.Rebase.Slices))
	for k, r := range l.Rebase.Slices {
		names[k] = e.f.Names.Fresh("at")
		if r.Low != nil {
			lows[k] = e.f.Names.Fresh("low")
		}
	}
	label, used := e.label, e.labelUsed
	e.label, e.labelUsed, e.rebased, e.rebasedLows = e.f.Names.Fresh(fmt.Sprintf("L%dr", l.ID)), false, names, lows
	e.locals(e.f.LoopVars[l], nil)
	body()
	e.stores(e.f.LoopVars[l], nil)
	fast := &rebasedLoop{thread: buf.Bytes(), names: names, lows: lows}
	if e.labelUsed {
		fast.label = e.label
	}
	e.label, e.labelUsed, e.rebased, e.rebasedLows, e.w = label, used, nil, nil, saved
	return fast
}

// rebasedIndex returns the rebased form of index expression x, where the
// unchecked form of a loop is being written and x is one of its.
func (e *emitter) rebasedIndex(x *ast.IndexExpr) (ast.Node, bool) {
	l, ok := e.loop.(*ThreadLoop)
	if e.rebased == nil || !ok || l.Rebase == nil {
		return nil, false
	}
	k, ok := l.Rebase.At[x]
	if !ok {
		return nil, false
	}
	if l.Rebase.Slices[k].One {
		return &ast.IndexExpr{X: ast.NewIdent(e.rebased[k]), Index: intLit(0)}, true
	}
	var at ast.Expr = ast.NewIdent(e.use("tx"))
	if low := e.rebasedLows[k]; low != "" {
		at = &ast.BinaryExpr{X: at, Op: token.SUB, Y: ast.NewIdent(low)}
	}
	return &ast.IndexExpr{X: ast.NewIdent(e.rebased[k]), Index: at}, true
}

// rebasedThreads opens the row's check and its unchecked loop over
// threads v from from to to, and the else branch that the usual loop
// fills; the caller closes it. Each slice is resliced to [off, off+to):
// its length is to, which lets Go drop the checks of index v (or to
// [off, off+1], an element the row's threads share, read at 0).
func (e *emitter) rebasedThreads(l *ThreadLoop, v, from, to, rank string) {
	var conds []string
	if from != "0" {
		conds = append(conds, from+" >= 0")
	}
	offs := map[string]string{} // each offset's text, its variable
	var decls, slices strings.Builder
	for k, r := range l.Rebase.Slices {
		x, at := e.plain(r.X), ""
		if r.Low != nil {
			e.lowSlice(&decls, &conds, r, e.fast.lows[k], from, to, x)
			fmt.Fprintf(&slices, "%s := %s\n", e.fast.names[k], e.lowSliceExpr(r, e.fast.lows[k], to, x))
			continue
		}
		if r.Off != nil {
			text := e.oneLine(r.Off)
			if at = offs[text]; at == "" {
				at = e.f.Names.Fresh("off")
				offs[text] = at
				fmt.Fprintf(&decls, "%s := %s\n", at, text)
				conds = append(conds, at+" >= 0")
			}
			if r.One {
				conds = append(conds, fmt.Sprintf("%s < len(%s)", at, x))
			} else {
				conds = append(conds, fmt.Sprintf("%s <= len(%s) && %s <= len(%s)-%s", at, x, to, x, at))
			}
		} else {
			conds = append(conds, fmt.Sprintf("%s <= len(%s)", to, x))
		}
		if at != "" {
			x += "[" + at + ":]"
		}
		length := to
		if r.One {
			length = "1"
		}
		fmt.Fprintf(&slices, "%s := %s[:%s]\n", e.fast.names[k], x, length)
	}
	e.printf("%sif %s {\n%s", decls.String(), strings.Join(conds, " && "), slices.String())
	if e.fast.label != "" {
		e.printf("%s:\n", e.fast.label)
	}
	e.printf("for %s := %s; %s < %s; %s++ {\n", v, from, v, to, v)
	if rank != "" {
		e.printf("%s := %s\n_ = %s\n", e.name["rank"], rank, e.name["rank"])
	}
	e.w.Write(e.fast.thread)
	e.printf("}\n} else {\n")
}

// lowSlice writes the first thread low that slice r, read under a lower
// bound of the thread's x index, covers: the bound, within [from, to];
// and the checks that the slice holds the elements of threads low to to.
// Threads below low do not read it; a bound past to leaves it empty.
func (e *emitter) lowSlice(decls *strings.Builder, conds *[]string, r RebasedSlice, low, from, to, x string) {
	adj := ""
	if r.LowAdj != 0 {
		adj = fmt.Sprintf("+%d", r.LowAdj)
	}
	fmt.Fprintf(decls, "%s := min(max(%s, %s%s), %s)\n", low, from, e.oneLine(r.Low), adj, to)
	start := low
	if r.Off != nil {
		start = fmt.Sprintf("(%s)+%s", e.oneLine(r.Off), low)
	}
	*conds = append(*conds, fmt.Sprintf("%s >= 0 && %s <= len(%s) && %s-%s <= len(%s)-(%s)", start, start, x, to, low, x, start))
}

// lowSliceExpr is the reslicing of slice r from its first thread low:
// element tx-low is the one thread tx reads.
func (e *emitter) lowSliceExpr(r RebasedSlice, low, to, x string) string {
	start := low
	if r.Off != nil {
		start = fmt.Sprintf("(%s)+%s", e.oneLine(r.Off), low)
	}
	return fmt.Sprintf("%s[%s:][:%s-%s]", x, start, to, low)
}
