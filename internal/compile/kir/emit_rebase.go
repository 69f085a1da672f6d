package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"strings"
)

// A rebasedLoop is the unchecked form of a thread loop (rebase.go): the
// code of a thread with its slices rebased to the row, and their names.
type rebasedLoop struct {
	thread []byte
	names  []string
	label  string // the loop's label, where a thread returns
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
	names := make([]string, len(l.Rebase.Slices))
	for k := range names {
		names[k] = e.f.Names.Fresh("at")
	}
	label, used := e.label, e.labelUsed
	e.label, e.labelUsed, e.rebased = e.f.Names.Fresh(fmt.Sprintf("L%dr", l.ID)), false, names
	e.locals(e.f.LoopVars[l], nil)
	body()
	e.stores(e.f.LoopVars[l], nil)
	fast := &rebasedLoop{thread: buf.Bytes(), names: names}
	if e.labelUsed {
		fast.label = e.label
	}
	e.label, e.labelUsed, e.rebased, e.w = label, used, nil, saved
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
	return &ast.IndexExpr{X: ast.NewIdent(e.rebased[k]), Index: ast.NewIdent(e.use("tx"))}, true
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
