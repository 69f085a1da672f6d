package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// tidyAll tidies src until tidying changes nothing: a bare block in a
// bare block loses its braces only once the outer one has.
func tidyAll(src []byte) []byte {
	positioned := positionedDecls(src)
	for range 8 {
		next := tidy(src, positioned)
		if bytes.Equal(next, src) {
			break
		}
		src = next
	}
	return src
}

// tidy removes from a formatted generated file what the emitter writes
// to be safe in every context but which this file's code does not need:
// `_ = x` where x is read elsewhere, a parameter or a package variable;
// a thread's rank named only to record it (rankUses);
// bare blocks whose statements declare nothing their enclosing block
// sees; blank lines within function bodies; and //line directives where
// the lines already count to the position they name. Every line that
// holds code keeps its position, so profiles and panics name the same
// source lines; those of a declaration without directives, whose lines
// count on from another's, hold none. src is returned unchanged where it
// does not parse.
//
// positioned says which declarations the emitter gave //line directives,
// by their order in the file (positionedDecls), where the directives of
// src may have been tidied away already.
func tidy(src []byte, positioned []bool) []byte {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return src
	}
	lines := strings.SplitAfter(string(src), "\n")
	drop := make([]bool, len(lines))
	line := func(p token.Pos) int { return fset.PositionFor(p, false).Line - 1 }
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		alone := func(s ast.Stmt) bool { // s is all of its line
			text := string(src[fset.Position(s.Pos()).Offset:fset.Position(s.End()).Offset])
			return strings.TrimSpace(lines[line(s.Pos())]) == text
		}
		for _, s := range unusedBlanks(fd, alone) {
			drop[line(s.Pos())] = true
		}
		for _, r := range rankUses(fd, src, fset, alone) {
			if i, j := line(r.def.Pos()), line(r.use.Pos()); !drop[i] && !drop[j] {
				name := r.def.(*ast.AssignStmt).Lhs[0].(*ast.Ident).Name
				if l, ok := strings.CutSuffix(lines[j], " "+name+"\n"); ok {
					drop[i], lines[j] = true, l+" "+r.expr+"\n"
				}
			}
		}
		for _, b := range flatBlocks(fd) {
			if i, j := line(b.Lbrace), line(b.Rbrace); strings.TrimSpace(lines[i]) == "{" && strings.TrimSpace(lines[j]) == "}" {
				drop[i], drop[j] = true, true
				for k := i + 1; k < j; k++ {
					lines[k] = strings.TrimPrefix(lines[k], "\t")
				}
			}
		}
		for i := line(fd.Body.Lbrace) + 1; i < line(fd.Body.Rbrace); i++ {
			drop[i] = drop[i] || strings.TrimSpace(lines[i]) == ""
		}
	}
	for i := range len(lines) - 1 {
		drop[i] = drop[i] || lines[i] == "//\n" && lineDirective.MatchString(lines[i+1]) // relines writes it where it writes the directive
	}
	_, spans := declLines(fset, file)
	if len(positioned) != len(spans) {
		return src
	}
	out, want := relines(lines, drop, freeLines(lines, spans, positioned))
	if !samePositions(out, want) {
		return src
	}
	if f, err := format.Source(out); err != nil || !bytes.Equal(f, out) {
		return src // gofmt would move a line relines wrote (an if after "} else", joined to it)
	}
	return out
}

// A srcPos is the position a line of a generated file names: the
// file and line its //line directives count to ("" before any).
type srcPos struct {
	file string
	line int
}

// positions returns the position of each line of lines.
func positions(lines []string) []srcPos {
	out := make([]srcPos, len(lines))
	var at srcPos
	for i, l := range lines {
		at.line++
		if m := lineDirective.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[2])
			at = srcPos{m[1], n - 1}
		}
		out[i] = at
	}
	return out
}

// samePositions reports whether each line of src with a position in want
// has it: formatting kept the lines relines wrote.
func samePositions(src []byte, want []srcPos) bool {
	lines := strings.SplitAfter(string(src), "\n")
	if len(lines) != len(want) {
		return false
	}
	for i, p := range positions(lines) {
		if want[i].file != "" && want[i] != p {
			return false
		}
	}
	return true
}

// unusedBlanks returns the statements `_ = x` of fd's body that x does not
// need to count as used: x is a parameter, not a local (package level),
// or read elsewhere. Of the others, all but the first of each variable
// are returned too, and where x := e is all the rest and e is pure
// (pureDef), that declaration with all of them.
func unusedBlanks(fd *ast.FuncDecl, alone func(ast.Stmt) bool) []ast.Stmt {
	u := &usage{reads: map[*ast.Object]int{}, seen: map[*ast.Object]int{}, blanks: map[*ast.Object][]ast.Stmt{}}
	u.count(fd.Body)
	dead := map[*ast.Object]bool{}
	notAlone := func(s ast.Stmt) bool { return !alone(s) }
	for changed := true; changed; {
		changed = false
		for _, obj := range u.order {
			if d := pureDef(obj); !dead[obj] && d != nil && u.reads[obj] == 0 && localIn(obj, fd) &&
				u.seen[obj] == 1+len(u.blanks[obj]) && u.spare(d, fd) && alone(d) && !slices.ContainsFunc(u.blanks[obj], notAlone) {
				dead[obj], changed = true, true
				u.drop(d)
			}
		}
	}
	var out []ast.Stmt
	for _, obj := range u.order {
		stmts := slices.DeleteFunc(slices.Clone(u.blanks[obj]), notAlone)
		switch {
		case dead[obj]:
			out = append(append(out, stmts...), pureDef(obj))
		case u.reads[obj] > 0 || !localIn(obj, fd):
			out = append(out, stmts...)
		case len(stmts) == len(u.blanks[obj]):
			out = append(out, stmts[1:]...)
		}
	}
	return out
}

// A usage counts the occurrences of a body's variables: reads, all, and
// the statements `_ = x`, by variable in the order of those statements.
type usage struct {
	reads, seen map[*ast.Object]int
	blanks      map[*ast.Object][]ast.Stmt
	order       []*ast.Object
}

func (u *usage) count(body *ast.BlockStmt) {
	skip := map[*ast.Ident]bool{} // occurrences that are not reads
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						skip[id] = true
					}
				}
			}
			if x, ok := blankOf(n); ok && x.Obj != nil {
				skip[x] = true
				if u.blanks[x.Obj] == nil {
					u.order = append(u.order, x.Obj)
				}
				u.blanks[x.Obj] = append(u.blanks[x.Obj], n)
			}
		case *ast.RangeStmt:
			for _, l := range []ast.Expr{n.Key, n.Value} {
				if id, ok := l.(*ast.Ident); ok {
					skip[id] = true
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				skip[id] = true
			}
		case *ast.Ident:
			if n.Obj != nil && !skip[n] {
				u.reads[n.Obj]++
			}
			if n.Obj != nil {
				u.seen[n.Obj]++
			}
		}
		return true
	})
}

// spare reports whether dropping declaration d leaves each local its
// value reads used: read elsewhere, or kept by a `_ = y`.
func (u *usage) spare(d *ast.AssignStmt, fd *ast.FuncDecl) bool {
	need := map[*ast.Object]int{}
	ast.Inspect(d.Rhs[0], func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Obj != nil {
			need[id.Obj]++
		}
		return true
	})
	for obj, k := range need {
		if localIn(obj, fd) && u.reads[obj] <= k && len(u.blanks[obj]) == 0 {
			return false
		}
	}
	return true
}

// drop takes the occurrences of declaration d's value off the counts.
func (u *usage) drop(d *ast.AssignStmt) {
	ast.Inspect(d.Rhs[0], func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Obj != nil {
			u.reads[id.Obj]--
			u.seen[id.Obj]--
		}
		return true
	})
}

// pureDef returns the statement declaring obj where it is x := e and e
// has no effect and cannot fail: names, constants and arithmetic that
// neither divides nor shifts.
func pureDef(obj *ast.Object) *ast.AssignStmt {
	s, ok := obj.Decl.(*ast.AssignStmt)
	if !ok || s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		return nil
	}
	pure := true
	ast.Inspect(s.Rhs[0], func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.Ident, *ast.BasicLit, *ast.ParenExpr:
		case *ast.BinaryExpr:
			switch n.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				pure = false
			}
		case *ast.UnaryExpr:
			pure = pure && n.Op != token.AND && n.Op != token.ARROW
		default:
			pure = false
		}
		return pure
	})
	if !pure {
		return nil
	}
	return s
}

// blankOf returns x if s is `_ = x`.
func blankOf(s *ast.AssignStmt) (*ast.Ident, bool) {
	if s.Tok != token.ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		return nil, false
	}
	l, ok := s.Lhs[0].(*ast.Ident)
	r, ok2 := s.Rhs[0].(*ast.Ident)
	return r, ok && ok2 && l.Name == "_"
}

// localIn reports whether obj is a variable declared in fd's body, which
// alone must be used: fd's parameters and package-level names need not.
func localIn(obj *ast.Object, fd *ast.FuncDecl) bool {
	d, ok := obj.Decl.(ast.Node)
	return obj.Kind != ast.Var || !ok || d.Pos() >= fd.Body.Lbrace && d.Pos() < fd.Body.Rbrace
}

// flatBlocks returns the bare blocks of fd's body whose braces may go:
// those whose own statements declare no name that a statement beside
// them in the enclosing list mentions, nor a parameter's or result's
// where that list is the body's, and hold no label.
func flatBlocks(fd *ast.FuncDecl) []*ast.BlockStmt {
	outer := map[string]bool{}
	for _, fl := range []*ast.FieldList{fd.Recv, fd.Type.Params, fd.Type.Results} {
		if fl != nil {
			for _, f := range fl.List {
				for _, n := range f.Names {
					outer[n.Name] = true
				}
			}
		}
	}
	var out []*ast.BlockStmt
	var visit func(list []ast.Stmt, top bool)
	visit = func(list []ast.Stmt, top bool) {
		for i, s := range list {
			b, ok := s.(*ast.BlockStmt)
			if !ok || !flattens(b, list, i, top, outer) {
				continue
			}
			out = append(out, b)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			visit(n.List, n == fd.Body)
		case *ast.CaseClause:
			visit(n.Body, false)
		case *ast.CommClause:
			visit(n.Body, false)
		case *ast.FuncLit:
			return false // its parameters are its body's scope
		}
		return true
	})
	return nonNested(out)
}

// nonNested drops the blocks nested in another of blocks: a block
// flattened into one that is flattened in turn may meet the names of
// the outer list, which flattens did not check it against.
func nonNested(blocks []*ast.BlockStmt) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	for _, b := range blocks {
		nested := false
		for _, o := range blocks {
			nested = nested || o != b && o.Pos() < b.Pos() && b.End() <= o.End()
		}
		if !nested {
			out = append(out, b)
		}
	}
	return out
}

// flattens reports whether block list[i] may give up its braces.
func flattens(b *ast.BlockStmt, list []ast.Stmt, i int, top bool, outer map[string]bool) bool {
	names, ok := declared(b.List)
	if !ok {
		return false
	}
	for n := range names {
		if top && outer[n] {
			return false
		}
	}
	if len(names) == 0 {
		return true
	}
	for j, s := range list {
		if j != i && mentions(s, names) {
			return false
		}
	}
	return true
}

// declared returns the names list declares at its level, and false
// where it holds a label.
func declared(list []ast.Stmt) (map[string]bool, bool) {
	names := map[string]bool{}
	for _, s := range list {
		switch s := s.(type) {
		case *ast.LabeledStmt:
			return nil, false
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					names[l.(*ast.Ident).Name] = true
				}
			}
		case *ast.DeclStmt:
			for _, sp := range s.Decl.(*ast.GenDecl).Specs {
				switch sp := sp.(type) {
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						names[n.Name] = true
					}
				case *ast.TypeSpec:
					names[sp.Name.Name] = true
				}
			}
		}
	}
	return names, true
}

// mentions reports whether n holds an identifier named in names.
func mentions(n ast.Node, names map[string]bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && names[id.Name] {
			found = true
		}
		return !found
	})
	return found
}

// lineDirective matches a //line directive on a line of its own.
var lineDirective = regexp.MustCompile(`^//line (\S+):([0-9]+)\n?$`)

// commentDirective matches a comment line that is a directive (//go:embed).
var commentDirective = regexp.MustCompile(`^//[a-z0-9]+:\S`)

// looseLine matches a line whose position nothing reports: a blank, a
// comment, a brace, an else between braces, a label.
var looseLine = regexp.MustCompile(`^\s*(\{|\}|\} else \{|\w+:|//.*)?\n?$`)

// relines returns lines without those dropped and without their //line
// directives, writing a directive before each line whose position the
// lines before it no longer count to: the position the line had in the
// input. Braces and labels are not held to theirs.
// It returns too the position each written line must have, where it
// must keep one. A line free reports (free may be nil) keeps none.
func relines(lines []string, drop, free []bool) ([]byte, []srcPos) {
	return relinesAt(lines, positions(lines), drop, free)
}

// relinesAt is relines of lines whose positions are pos, lines that
// carry no directives of their own.
func relinesAt(lines []string, pos []srcPos, drop, free []bool) ([]byte, []srcPos) {
	var out bytes.Buffer
	var want []srcPos
	var at srcPos
	last := ""
	for i, l := range pos {
		if drop[i] || lineDirective.MatchString(lines[i]) {
			continue
		}
		at.line++
		if free != nil && free[i] {
			l = srcPos{}
		}
		if l.file != "" && at != l && !looseLine.MatchString(lines[i]) {
			if strings.HasPrefix(last, "//") && last != "//\n" && !commentDirective.MatchString(last) {
				out.WriteString("//\n") // gofmt parts a doc comment's text from its directives
				want = append(want, srcPos{})
			}
			fmt.Fprintf(&out, "//line %s:%d\n", l.file, l.line)
			want = append(want, srcPos{})
			at = l
		}
		last = lines[i]
		out.WriteString(lines[i])
		if looseLine.MatchString(lines[i]) {
			l = srcPos{}
		}
		want = append(want, l)
	}
	return out.Bytes(), want
}
