package compile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// A sourced is a formatted draft parsed, its lines and their positions,
// for merging its functions with the other build's.
type sourced struct {
	lines []string
	pos   []srcPos
	free  []bool
	fset  *token.FileSet
	funcs map[string]*ast.FuncDecl
	gotos map[string]bool // the functions that hold a goto or fallthrough
}

func parseSourced(c *chunked, src []byte) (*sourced, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	s := &sourced{lines: c.lines, pos: positions(c.lines), free: c.free, fset: fset,
		funcs: map[string]*ast.FuncDecl{}, gotos: map[string]bool{}}
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := funcKey(fd)
		s.funcs[name] = fd
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if b, ok := n.(*ast.BranchStmt); ok && (b.Tok == token.GOTO || b.Tok == token.FALLTHROUGH) {
				s.gotos[name] = true
			}
			return true
		})
	}
	return s, nil
}

// funcKey names a function or method as the file declares it.
func funcKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return ""
}

// line returns the 0-based line of p.
func (s *sourced) line(p token.Pos) int { return s.fset.PositionFor(p, false).Line - 1 }

// An mline is a line of a merged function: its text, its position in
// the source (zero where it has none) and whether it is free to move.
type mline struct {
	text string
	pos  srcPos
	free bool
	simd bool // in a run of the SIMD build's own
}

// span returns lines [from, to) of s as mlines, without their //line
// directives, whose positions the lines carry.
func (s *sourced) span(from, to int) []mline {
	var out []mline
	for i := from; i < to; i++ {
		if lineDirective.MatchString(s.lines[i]) || s.lines[i] == "//\n" && i+1 < len(s.lines) && lineDirective.MatchString(s.lines[i+1]) {
			continue
		}
		out = append(out, mline{text: s.lines[i], pos: s.pos[i], free: s.free[i]})
	}
	return out
}

// spanKey is the text of lines [from, to) of s with the positions that
// matter: two spans of equal keys are the same code at the same lines.
func (s *sourced) spanKey(from, to int) string {
	var b strings.Builder
	for _, l := range s.span(from, to) {
		b.WriteString(strings.TrimLeft(l.text, "\t"))
	}
	return b.String()
}

// A merger merges one function of the scalar build (b) and the SIMD
// build (a): the statements alike are written once, and each run of
// statements that differ under if SIMDBuild { a's } else { b's }.
type merger struct {
	a, b    *sourced
	cond    string // compiled's name and SIMDBuild
	simd    string // compiled's name and SIMD
	out     []mline
	labels  [3]map[string]int // the labels written in common (0), a's runs (1) and b's (2)
	wrapped int               // the runs written under the condition
	top     *ast.BlockStmt    // b's body
}

// mergeFunc returns the lines of function name merged from both builds,
// or false where they cannot be merged.
func mergeFunc(a, b *sourced, name, compiledName string, fromA, toA, fromB, toB int) ([]mline, bool) {
	fa, fb := a.funcs[name], b.funcs[name]
	if fa == nil || fb == nil || a.gotos[name] || b.gotos[name] || compiledName == "" {
		return nil, false
	}
	m := &merger{a: a, b: b, cond: compiledName + ".SIMDBuild", simd: compiledName + ".SIMD"}
	for k := range m.labels {
		m.labels[k] = map[string]int{}
	}
	headA, headB := a.line(fa.Body.Lbrace)+1, b.line(fb.Body.Lbrace)+1
	if a.spanKey(fromA, headA) != b.spanKey(fromB, headB) {
		return nil, false // the signatures differ
	}
	m.out = b.span(fromB, headB)
	m.top = fb.Body
	if !m.block(fa.Body, fb.Body) {
		return nil, false
	}
	m.out = append(m.out, b.span(b.line(fb.Body.Rbrace), toB)...)
	for l := range m.labels[2] {
		if m.labels[0][l] > 0 {
			return nil, false // a label once per function
		}
	}
	for l := range m.labels[1] {
		if m.labels[0][l] > 0 || m.labels[2][l] > 0 {
			m.relabel(l)
		}
	}
	return m.out, m.wrapped > 0
}

// stmtSpans returns the lines [from, to) of each statement of block,
// with the comments and directives before it, and false where two share
// a line or the block does not open and close on lines of its own.
func (s *sourced) stmtSpans(blk *ast.BlockStmt) ([][2]int, bool) {
	open, closing := s.line(blk.Lbrace), s.line(blk.Rbrace)
	prev := open
	var out [][2]int
	for _, st := range blk.List {
		from, to := s.line(st.Pos()), s.line(st.End())+1
		if from <= prev {
			return nil, false
		}
		out = append(out, [2]int{prev + 1, to})
		prev = to - 1
	}
	if closing <= prev {
		return nil, false
	}
	return out, true
}

// block merges the statements of two blocks whose braces are written
// already, appending their lines.
func (m *merger) block(a, b *ast.BlockStmt) bool {
	sa, okA := m.a.stmtSpans(a)
	sb, okB := m.b.stmtSpans(b)
	if !okA || !okB {
		return false
	}
	if n := len(sb); n > 0 && m.b.line(b.Rbrace) > sb[n-1][1] || n == 0 && m.b.line(b.Rbrace) > m.b.line(b.Lbrace)+1 {
		return false // comments before the closing brace
	}
	if n := len(sa); n > 0 && m.a.line(a.Rbrace) > sa[n-1][1] || n == 0 && m.a.line(a.Rbrace) > m.a.line(a.Lbrace)+1 {
		return false
	}
	keyA, keyB := make([]string, len(sa)), make([]string, len(sb))
	for i, sp := range sa {
		keyA[i] = m.a.spanKey(sp[0], sp[1])
	}
	for j, sp := range sb {
		keyB[j] = m.b.spanKey(sp[0], sp[1])
	}
	shape := func(i, j int) bool { return m.sameShape(a.List[i], b.List[j], sa[i], sb[j]) }
	pairs := align(len(sa), len(sb), func(i, j int) int {
		switch {
		case keyA[i] == keyB[j]:
			return 2
		case shape(i, j):
			return 1
		}
		return 0
	})
	i, j := 0, 0
	for _, p := range append(pairs, [2]int{len(sa), len(sb)}) {
		if !m.run(a.List, b.List, sa, sb, i, p[0], j, p[1]) {
			return false
		}
		i, j = p[0], p[1]
		if i == len(sa) {
			break
		}
		switch {
		case keyA[i] == keyB[j]:
			m.labelsOf(b.List[j], 0)
			m.out = append(m.out, m.b.span(sb[j][0], sb[j][1])...)
		case !m.nested(a.List[i], b.List[j], sa[i], sb[j]):
			if !m.run(a.List, b.List, sa, sb, i, i+1, j, j+1) {
				return false
			}
		}
		i, j = i+1, j+1
	}
	return true
}

// run writes statements [i0, i1) of a and [j0, j1) of b, which differ,
// under the build's condition; it fails where either declares a name a
// later statement of the block may read.
func (m *merger) run(a, b []ast.Stmt, sa, sb [][2]int, i0, i1, j0, j1 int) bool {
	if i0 == i1 && j0 == j1 {
		return true
	}
	if len(b) > 0 && &b[0] == &m.top.List[0] && m.inPreamble(b[:j0]) && m.preamble(a[i0:i1], b[j0:j1], sa[i0:i1], sb[j0:j1]) {
		return true
	}
	if declaresUsed(a[i0:i1], a[i1:]) || declaresUsed(b[j0:j1], b[j1:]) {
		return false
	}
	for _, st := range a[i0:i1] {
		m.labelsOf(st, 1)
	}

	for _, st := range b[j0:j1] {
		m.labelsOf(st, 2)
	}
	m.wrapped++
	if j0 == j1 && i1 == i0+1 && m.vectorIf(a[i0], sa[i0]) {
		return true
	}
	if i0 == i1 {
		m.out = append(m.out, mline{text: "if !" + m.cond + " {\n", free: true})
	} else {
		m.out = append(m.out, mline{text: "if " + m.cond + " {\n", free: true})
		for _, sp := range sa[i0:i1] {
			for _, l := range m.a.span(sp[0], sp[1]) {
				l.simd = true
				m.out = append(m.out, l)
			}
		}
		if j0 < j1 {
			m.out = append(m.out, mline{text: "} else {\n", free: true})
		}
	}
	for _, sp := range sb[j0:j1] {
		m.out = append(m.out, m.b.span(sp[0], sp[1])...)
	}
	m.out = append(m.out, mline{text: "}\n", free: true})
	return true
}

// align returns the pairs (i, j), increasing in both, of n and k items
// that maximize the sum of their weights w(i, j), pairing none of
// weight 0: a longest common subsequence, weighted.
func align(n, k int, w func(i, j int) int) [][2]int {
	score := make([][]int, n+1)
	weight := make([][]int, n+1)
	for i := range score {
		score[i], weight[i] = make([]int, k+1), make([]int, k+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := k - 1; j >= 0; j-- {
			best := max(score[i+1][j], score[i][j+1])
			if weight[i][j] = w(i, j); weight[i][j] > 0 {
				best = max(best, weight[i][j]+score[i+1][j+1])
			}
			score[i][j] = best
		}
	}
	var pairs [][2]int
	for i, j := 0, 0; i < n && j < k; {
		switch {
		case weight[i][j] > 0 && score[i][j] == weight[i][j]+score[i+1][j+1]:
			pairs = append(pairs, [2]int{i, j})
			i, j = i+1, j+1
		case score[i][j] == score[i+1][j]:
			i++
		default:
			j++
		}
	}
	return pairs
}
