package compile

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"regexp"
	"slices"
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
	m := &merger{a: a, b: b, cond: compiledName + ".SIMDBuild"}
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

// labelsOf counts the labels st declares in m.labels[k].
func (m *merger) labelsOf(st ast.Stmt, k int) {
	ast.Inspect(st, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			m.labels[k][l.Label.Name]++
		}
		return true
	})
}

// declaresUsed reports whether stmts declare a name that an identifier of
// later names: wrapped in an if, the declaration would end before it.
func declaresUsed(stmts, later []ast.Stmt) bool {
	names := map[string]bool{}
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, e := range st.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						names[id.Name] = true
					}
				}
			}
		case *ast.DeclStmt:
			for _, sp := range st.Decl.(*ast.GenDecl).Specs {
				switch sp := sp.(type) {
				case *ast.ValueSpec:
					for _, id := range sp.Names {
						names[id.Name] = true
					}
				case *ast.TypeSpec:
					names[sp.Name.Name] = true
				}
			}
		}
	}
	if len(names) == 0 {
		return false
	}
	used := false
	for _, st := range later {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && names[id.Name] {
				used = true
			}
			return !used
		})
	}
	return used
}

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

// mergeBuilds merges each function the two builds both write, but
// differently (mergeFunc): it returns the merged lines by the scalar
// chunk's first line, and the SIMD chunks merged, by theirs.
func mergeBuilds(scalar, simd *draft, sc, si *chunked, shared map[string]int) (map[int][]mline, map[int]bool) {
	merged, consumed := map[int][]mline{}, map[int]bool{}
	if simd.compiled == "" || simd.compiled != scalar.compiled {
		return merged, consumed
	}
	b, err := parseSourced(sc, scalar.Source)
	if err != nil {
		return merged, consumed
	}
	a, err := parseSourced(si, simd.Source)
	if err != nil {
		return merged, consumed
	}
	byName := map[string]chunk{}
	for _, c := range si.chunks {
		if c.name != "" && shared[c.key] == 0 {
			byName[c.name] = c
		}
	}
	for _, c := range sc.chunks {
		ca, ok := byName[c.name]
		if c.name == "" || shared[c.key] > 0 || !ok {
			continue
		}
		lines, ok := mergeFunc(a, b, c.name, simd.compiled, ca.from, ca.to, c.from, c.to)
		if ok {
			merged[c.from], consumed[ca.from] = lines, true
		}
	}
	return merged, consumed
}

// mergedPart returns the file of both builds, GeneratedPath: the chunks
// of c that keep reports and the merged functions, in c's order, or nil
// where formatting moved a line of a merged function off its position.
func (d *draft) mergedPart(other *draft, c, simd *chunked, keep, keepSIMD func(chunk) bool, merged map[int][]mline, cons string) (*File, bool, error) {
	var lines []string
	var pos []srcPos
	var free []bool
	add := func(l mline) {
		lines, pos, free = append(lines, l.text), append(pos, l.pos), append(free, l.free)
	}
	s := &sourced{lines: c.lines, pos: positions(c.lines), free: c.free}
	for _, ch := range c.chunks {
		switch {
		case merged[ch.from] != nil:
			for _, l := range merged[ch.from] {
				add(l)
			}
		case keep(ch):
			for _, l := range s.span(ch.from, ch.to) {
				add(l)
			}
		}
	}
	si := &sourced{lines: simd.lines, pos: positions(simd.lines), free: simd.free}
	for _, ch := range simd.chunks {
		if keepSIMD(ch) {
			for _, l := range si.span(ch.from, ch.to) {
				add(l)
			}
		}
	}
	for len(lines) > 0 && lines[0] == "\n" { // the header ends in one
		lines, pos, free = lines[1:], pos[1:], free[1:]
	}
	body, want := relinesAt(lines, pos, make([]bool, len(lines)), free)
	both := *d
	both.imports = d.imports.union(other.imports)
	src, checked, err := both.source(body, cons, true)
	if err != nil {
		return nil, false, err
	}
	out := strings.SplitAfter(string(src), "\n")
	n := slices.Index(out, string(body[:bytes.IndexByte(body, '\n')+1])) // the body's first line, after the header
	if n < 0 || len(out)-n != len(want)+1 || !positionsHeld(out[n:len(out)-1], want) {
		return nil, false, nil
	}
	return &File{Path: GeneratedPath(d.path), Source: src}, checked, nil
}

// preamble writes the runs that open the body, where each statement of
// both defines builtins from the block (role names, gc_bdx := gc_b.Dim().X):
// b's definitions, then a's of the names b leaves undefined. A role's
// name means one value in both builds, whichever way each computes it.
func (m *merger) preamble(a, b []ast.Stmt, sa, sb [][2]int) bool {
	defined := map[string]bool{}
	for _, st := range b {
		names, ok := builtinDef(st)
		if !ok {
			return false
		}
		for _, n := range names {
			defined[n] = true
		}
	}
	var extra []int
	for i, st := range a {
		names, ok := builtinDef(st)
		if !ok {
			return false
		}
		fresh := false
		for _, n := range names {
			fresh = fresh || !defined[n]
		}
		if fresh {
			for _, n := range names {
				if defined[n] {
					return false
				}
			}
			extra = append(extra, i)
		}
	}
	for j := range b {
		m.out = append(m.out, m.b.span(sb[j][0], sb[j][1])...)
	}
	for _, i := range extra {
		m.out = append(m.out, m.a.span(sa[i][0], sa[i][1])...)
	}
	return true
}

// inPreamble reports whether the statements before, of b's body, are
// all definitions of builtins (or the thread's).
func (m *merger) inPreamble(before []ast.Stmt) bool {
	for _, st := range before {
		if _, ok := builtinDef(st); !ok {
			return false
		}
	}
	return true
}

// builtinDef returns the names st defines where it is a definition of
// the block's builtins: gc_ names from gc_ names, selectors and calls
// without arguments.
func builtinDef(st ast.Stmt) ([]string, bool) {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return nil, false
	}
	var names []string
	for _, e := range as.Lhs {
		id, ok := e.(*ast.Ident)
		if !ok {
			return nil, false
		}
		names = append(names, id.Name)
	}
	for _, e := range as.Rhs {
		if !builtinExpr(e) {
			return nil, false
		}
	}
	return names, true
}

// builtinExpr reports whether e is a gc_ name, a selector of one or a
// call without arguments of one.
func builtinExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return strings.HasPrefix(e.Name, "gc_")
	case *ast.SelectorExpr:
		return builtinExpr(e.X)
	case *ast.CallExpr:
		return len(e.Args) == 0 && builtinExpr(e.Fun)
	case *ast.ParenExpr:
		return builtinExpr(e.X)
	}
	return false
}

// positionsHeld reports whether each of lines with a position in want has
// it.
func positionsHeld(lines []string, want []srcPos) bool {
	for i, p := range positions(lines) {
		if want[i].file != "" && want[i] != p {
			return false
		}
	}
	return true
}

// ownNames returns the names declared by the chunks of c that are its
// build's own and not merged.
func ownNames(c *chunked, shared map[string]int, merged map[int][]mline) map[string]bool {
	names := map[string]bool{}
	for _, ch := range c.chunks {
		if shared[ch.key] == 0 && merged[ch.from] == nil {
			for _, n := range ch.decls {
				names[n] = true
			}
		}
	}
	return names
}

// consumedLines returns consumed as ownNames takes merged chunks.
func consumedLines(consumed map[int]bool) map[int][]mline {
	out := map[int][]mline{}
	for from := range consumed {
		out[from] = []mline{}
	}
	return out
}

// declaresAny reports whether c declares one of names.
func declaresAny(c chunk, names map[string]bool) bool {
	for _, n := range c.decls {
		if names[n] {
			return true
		}
	}
	return false
}

// vectorIf writes st, the SIMD build's alone, where it is an if on
// compiled.SIMD without an else (a row's vector steps), as the same if
// on SIMDBuild && SIMD: one if, not two.
func (m *merger) vectorIf(st ast.Stmt, sp [2]int) bool {
	is, ok := st.(*ast.IfStmt)
	simd := strings.TrimSuffix(m.cond, "Build")
	if !ok || is.Init != nil || is.Else != nil {
		return false
	}
	lines := m.a.span(sp[0], sp[1])
	head := m.a.line(is.Pos()) - sp[0]
	for k := range head { // the lines before, which span keeps
		if lineDirective.MatchString(m.a.lines[sp[0]+k]) || m.a.lines[sp[0]+k] == "//\n" {
			head--
		}
	}
	text := strings.TrimLeft(lines[head].text, "\t")
	if !strings.HasPrefix(text, "if "+simd+" {") && !strings.HasPrefix(text, "if "+simd+" && ") {
		return false
	}
	lines[head].text = "if " + m.cond + " && " + strings.TrimPrefix(text, "if ")
	for k := range lines {
		lines[k].simd = true
	}
	m.out = append(m.out, lines...)
	return true
}

// relabel renames label l where the SIMD build's own runs declare and
// use it: the default build's code, or code both share, declares it too.
// A run holds the statement its label labels, and with it every break
// and continue to it (functions with a goto are not merged).
func (m *merger) relabel(l string) {
	decl := regexp.MustCompile(`^(\s*)` + l + `:`)
	use := regexp.MustCompile(`\b(break|continue) ` + l + `\b`)
	to := "gc_simd_" + strings.TrimPrefix(l, "gc_")
	for k := range m.out {
		if m.out[k].simd {
			t := decl.ReplaceAllString(m.out[k].text, "${1}"+to+":")
			m.out[k].text = use.ReplaceAllString(t, "$1 "+to)
		}
	}
}
