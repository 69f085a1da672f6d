package compile

import (
	"go/ast"
	"maps"
)

// A frame is a compound statement's lines apart from its blocks: text
// spans, and between each two, one of its blocks.
type frame struct {
	text   [][2]int
	blocks []*ast.BlockStmt
	label  string
}

// frameOf returns the frame of st, whose lines (with the comments before
// it) are sp, or false where st has no blocks this merge enters.
func (s *sourced) frameOf(st ast.Stmt, sp [2]int) (frame, bool) {
	var f frame
	if l, ok := st.(*ast.LabeledStmt); ok {
		switch l.Stmt.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			f.label, st = l.Label.Name, l.Stmt
		default:
			return f, false
		}
	}
	var blocks []*ast.BlockStmt
	switch st := st.(type) {
	case *ast.ExprStmt: // a call of a function literal's: compiled.OutOfLine(func() { ... })
		call, ok := st.X.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return f, false
		}
		lit, ok := call.Args[len(call.Args)-1].(*ast.FuncLit)
		if !ok {
			return f, false
		}
		blocks = []*ast.BlockStmt{lit.Body}
	case *ast.BlockStmt:
		blocks = []*ast.BlockStmt{st}
	case *ast.ForStmt:
		blocks = []*ast.BlockStmt{st.Body}
	case *ast.RangeStmt:
		blocks = []*ast.BlockStmt{st.Body}
	case *ast.IfStmt:
		blocks = []*ast.BlockStmt{st.Body}
		if st.Else != nil {
			e, ok := st.Else.(*ast.BlockStmt)
			if !ok {
				return f, false // else if: compared whole
			}
			blocks = append(blocks, e)
		}
	default:
		return f, false
	}
	from := sp[0]
	for _, b := range blocks {
		f.text = append(f.text, [2]int{from, s.line(b.Lbrace) + 1})
		from = s.line(b.Rbrace)
	}
	f.text = append(f.text, [2]int{from, sp[1]})
	f.blocks = blocks
	return f, true
}

// sameShape reports whether statements a and b are compound statements
// of the same kind whose lines apart from their blocks are alike.
func (m *merger) sameShape(a, b ast.Stmt, sa, sb [2]int) bool {
	fa, okA := m.a.frameOf(a, sa)
	fb, okB := m.b.frameOf(b, sb)
	if !okA || !okB || len(fa.text) != len(fb.text) {
		return false
	}
	for k := range fa.text {
		if m.a.spanKey(fa.text[k][0], fa.text[k][1]) != m.b.spanKey(fb.text[k][0], fb.text[k][1]) {
			return false
		}
	}
	return true
}

// nested writes statements a and b, of the same shape, once, merging
// their blocks; it writes nothing and fails where a block cannot merge.
func (m *merger) nested(a, b ast.Stmt, sa, sb [2]int) bool {
	if !m.sameShape(a, b, sa, sb) {
		return false
	}
	fa, _ := m.a.frameOf(a, sa)
	fb, _ := m.b.frameOf(b, sb)
	out, wrapped := len(m.out), m.wrapped
	var labels [3]map[string]int
	for k := range labels {
		labels[k] = maps.Clone(m.labels[k])
	}
	if fb.label != "" {
		m.labels[0][fb.label]++
	}
	for k, blk := range fb.blocks {
		m.out = append(m.out, m.b.span(fb.text[k][0], fb.text[k][1])...)
		if !m.block(fa.blocks[k], blk) {
			m.out, m.wrapped, m.labels = m.out[:out], wrapped, labels
			return false
		}
	}
	last := fb.text[len(fb.text)-1]
	m.out = append(m.out, m.b.span(last[0], last[1])...)
	return true
}
