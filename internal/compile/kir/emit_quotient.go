package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// A segmentedLoop is the form of a thread loop whose rows run in segments
// of one quotient (quotient.go): the code of a thread with its divisions
// replaced by the segment's values, and its label.
type segmentedLoop struct {
	thread []byte
	label  string // the loop's label, where a thread returns
}

// segmentedBody writes the code of a thread of l in its segmented form,
// as body writes it with l's divisions replaced, or returns nil where l
// has none.
func (e *emitter) segmentedBody(l *ThreadLoop, body func()) *segmentedLoop {
	if l.Quot == nil {
		return nil
	}
	e.quot = l.Quot
	seg := &segmentedLoop{}
	seg.thread, seg.label = e.threadForm(l, "q", true, body)
	e.quot = nil
	return seg
}

// segmentedVectorStep translates the unchecked form of thread loop l,
// whose rows run in segments, into the vector step of its segments, or
// returns nil where the SIMD build writes none: the step reads the
// segment's quotients and indexes the slices resliced to the segment at
// the lane's x less the segment's first.
func (e *emitter) segmentedVectorStep(l *ThreadLoop) *vecLoop {
	if !e.simd || e.scalarOnly || !e.f.Vector[l] {
		return nil
	}
	e.quot, e.rebasedU = l.Quot, e.fast.u
	defer func() { e.quot, e.rebasedU = nil, "" }()
	vl := e.rebasedVectorStep(l)
	if vl != nil {
		e.use("pos")
		e.vecAnchor = e.pos.at(l.Body[0].(*Code).Stmt.Pos())
	}
	return vl
}

// quotient returns the replacement of division x in the segmented form:
// the segment's quotient, or the thread's x plus the segment's offset of
// the remainder.
func (e *emitter) quotient(x *ast.BinaryExpr) (ast.Node, bool) {
	seg, op := e.quot.quotOf(x)
	if seg == nil {
		return nil, false
	}
	if op == token.QUO {
		return &ast.Ident{NamePos: e.pos.at(x.Pos()), Name: seg.Q}, true
	}
	tx := &ast.Ident{NamePos: e.pos.at(x.Pos()), Name: e.use("tx")}
	return &ast.ParenExpr{X: &ast.BinaryExpr{X: tx, Op: token.ADD, Y: ast.NewIdent(seg.R)}}, true
}

// segments writes the threads v from from to to of a row of l, which has
// a segmented form: where compiled.Segmented admits each division's row,
// in segments over which every quotient is the same, each computed once
// and its threads run in the segmented form; elsewhere as threads writes
// them.
func (e *emitter) segments(l *ThreadLoop, v, from, to, rank string, thread []byte) {
	segs := l.Quot.Segs
	offs, divs := make([]string, len(segs)), make([]string, len(segs))
	var conds []string
	for k, s := range segs {
		offs[k], divs[k] = e.f.Names.Fresh("qoff"), e.f.Names.Fresh("qd")
		off := "0"
		if s.Off != nil {
			off = e.oneLine(s.Off)
		}
		e.printf("%s, %s := %s, %s\n", offs[k], divs[k], off, e.oneLine(s.D))
		conds = append(conds, fmt.Sprintf("%s.Segmented(%s, %s, %s, %s)", e.f.Src.Compiled, offs[k], divs[k], from, to))
	}
	start, end := e.segStart, e.f.Names.Fresh("segend")
	e.printf("if %s {\n", strings.Join(conds, " && "))
	e.printf("for %s := %s; %s < %s; {\n", start, from, start, to)
	ends := []string{to}
	for k, s := range segs {
		e.printf("%s := (%s + %s) / %s\n", s.Q, offs[k], start, divs[k])
		e.printf("%s := %s - %s*%s\n", s.R, offs[k], s.Q, divs[k])
		e.printf("_, _ = %s, %s\n", s.Q, s.R)
		ends = append(ends, divs[k]+"-"+s.R) // the thread whose remainder is d
	}
	e.printf("%s := min(%s)\n", end, strings.Join(ends, ", "))
	seg, fast, vec, vecFast, label, used := e.seg, e.fast, e.vec, e.vecFast, e.label, e.labelUsed
	e.seg, e.vec = nil, nil // the unchecked form, and its vector steps, run in segments only
	e.label, e.labelUsed = seg.label, seg.label != ""
	e.threads(l, v, start, end, rank, seg.thread)
	e.label, e.labelUsed = label, used
	e.printf("%s = %s\n}\n} else {\n", start, end)
	e.fast, e.vec, e.vecFast = nil, vec, nil
	e.threads(l, v, from, to, rank, thread)
	e.printf("}\n")
	e.seg, e.fast, e.vecFast = seg, fast, vecFast
}
