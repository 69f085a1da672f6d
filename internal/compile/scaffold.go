package compile

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// scaffolding reports whether line, a line of a generated function's
// body, is the generator's own bookkeeping rather than the kernel's
// work: what it computes names only generated identifiers (gc_...),
// gocuda's packages and Go's predeclared names, indexes nothing, panics
// not and calls no generated function (which runs the kernel's code).
// It may define or assign a kernel's variable (tid := gc_tx, a thread's
// index in each copy of a loop) or discard one (_ = i). Such a line
// cannot fail and costs a register move or an add at most, so it holds
// no source line: it takes the line the directives before it count to,
// which saves a //line directive wherever the lines around it moved.
func scaffolding(line string) bool {
	if !strings.HasPrefix(line, "\t") || strings.Contains(line, "panic(") {
		return false // a declaration's own line, or a failure that names its line
	}
	var s scanner.Scanner
	src := []byte(line)
	s.Init(token.NewFileSet().AddFile("", -1, len(src)), src, nil, 0)
	var toks []token.Token
	var lits []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.SEMICOLON {
			toks, lits = append(toks, tok), append(lits, lit)
		}
	}
	rhs := 0 // where what the line computes starts: after a definition's or assignment's left side
	for i, tok := range toks {
		if tok == token.DEFINE || tok == token.ASSIGN {
			rhs = i + 1
			break
		}
		if tok != token.IDENT && tok != token.COMMA && tok != token.VAR {
			break
		}
	}
	if len(toks) == rhs+1 && rhs > 0 && lits[0] == "_" && toks[rhs] == token.IDENT {
		return true // _ = x: only the compiler reads it
	}
	if len(toks) == 6 && toks[4] == token.ASSIGN && toks[5] == token.IDENT && ownElem(toks[:4], lits[:4]) {
		return true // a spill's store: gc_s_x[gc_rank] = x
	}
	if rhs == 2 && strings.HasPrefix(lits[0], genPrefix+"at") && window(toks[rhs:], lits[rhs:]) {
		return true // a window of a slice, gc_at := x[gc_off:][:gc_to], after the check of its range
	}
	if toks[0] == token.VAR && !slices.Contains(toks, token.ASSIGN) && generatedName(lits[1]) {
		return true // the generator's variable at its zero value: var gc_c1r [32]T
	}
	return len(toks) > rhs && bookkeeping(toks[rhs:], lits[rhs:], toks[0] == token.IF)
}

// bookkeeping reports whether the tokens toks (with their literals lits)
// name only generated identifiers, index nothing and call no generated
// function. Where lengths is set (an if's condition), the lengths of the
// kernel's slices may be read too: a window's check of its range.
func bookkeeping(toks []token.Token, lits []string, lengths bool) bool {
	for i, tok := range toks {
		switch tok {
		case token.LBRACK:
			if i == 0 || !ownElem(toks[i-1:], lits[i-1:]) {
				return false // an index may fail
			}
		case token.COMMENT, token.STRING, token.CHAR:
			return false // comments and strings are the kernel's
		case token.IDENT:
			selector := i > 0 && toks[i-1] == token.PERIOD
			if !selector && !generatedName(lits[i]) && !(lengths && lengthOf(toks, lits, i)) {
				return false
			}
			if !selector && i+1 < len(toks) && toks[i+1] == token.LPAREN && strings.HasPrefix(lits[i], genPrefix) {
				return false // a generated function runs the kernel's code: a trace names the call's line
			}
		}
	}
	return true
}

// window reports whether toks are a slice variable sliced by bounds the
// generator computed alone (x[gc_off:][:gc_to], as[gc_row][:gc_bdx]).
func window(toks []token.Token, lits []string) bool {
	if len(toks) < 4 || toks[0] != token.IDENT || toks[1] != token.LBRACK || !slices.Contains(toks, token.COLON) {
		return false
	}
	for i, tok := range toks[1:] {
		switch tok {
		case token.LBRACK, token.RBRACK, token.COLON, token.INT, token.ADD, token.SUB, token.MUL:
		case token.IDENT:
			if !generatedName(lits[i+1]) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// lengthOf reports whether the identifier at toks[i] is the operand of
// len or cap alone (len(x)): a length, which cannot fail, is what a
// window's check reads of the kernel's slices.
func lengthOf(toks []token.Token, lits []string, i int) bool {
	return i >= 2 && i+1 < len(toks) && toks[i-1] == token.LPAREN && toks[i+1] == token.RPAREN &&
		toks[i-2] == token.IDENT && (lits[i-2] == "len" || lits[i-2] == "cap")
}

// ownElem reports whether toks start with an element of the
// generator's own per-thread or per-lane arrays at the thread's rank or
// the lane (gc_s_v[gc_rank], gc_l_v[gc_lane], gc_exited[gc_rank]): a
// spill's load or store, or the record of exited threads, which the
// arrays' lengths (the block's, a warp's) keep in range.
func ownElem(toks []token.Token, lits []string) bool {
	if len(toks) < 4 || toks[0] != token.IDENT || toks[1] != token.LBRACK || toks[2] != token.IDENT || toks[3] != token.RBRACK {
		return false
	}
	array := strings.HasPrefix(lits[0], genPrefix+"s_") || strings.HasPrefix(lits[0], genPrefix+"l_") || strings.HasPrefix(lits[0], genPrefix+"exited")
	index := strings.TrimRight(lits[2], "0123456789")
	return array && (index == genPrefix+"rank" || index == genPrefix+"lane")
}

// generatedName reports whether an identifier that is not a selector is
// the generator's: gc_..., a package the generated code imports, or one
// of Go's predeclared names.
func generatedName(name string) bool {
	switch name {
	case "compiled", "archsimd", "lanes", "gocuda":
		return true
	}
	return strings.HasPrefix(name, genPrefix) || types.Universe.Lookup(name) != nil
}

// freeLines returns which of lines hold no position: those of the
// declarations at spans that positioned does not report (unpositioned),
// and the scaffolding of function bodies.
func freeLines(lines []string, spans [][2]int, positioned []bool) []bool {
	free := unpositioned(len(lines), spans, positioned)
	prev := "" // the line before, not counting directives
	for i, l := range lines {
		// An if after "} else" on a line of its own (ownLines) keeps its
		// directive, which keeps it there: gofmt would join the two.
		free[i] = free[i] || scaffolding(l) && !strings.HasSuffix(prev, "else\n")
		if !lineDirective.MatchString(l) {
			prev = l
		}
	}
	return free
}

// A rankUse is a statement `gc_rank := e` whose variable only the next
// statement reads, `gc_pos.Thread = gc_rank`: a thread's rank recorded
// as its position, and read for nothing else.
type rankUse struct {
	def, use ast.Stmt
	expr     string // e's text
}

// rankUses returns the rankUses of fd's body whose statements are each
// all of their line (alone): the use can assign e itself, a line fewer.
func rankUses(fd *ast.FuncDecl, src []byte, fset *token.FileSet, alone func(ast.Stmt) bool) []rankUse {
	u := &usage{reads: map[*ast.Object]int{}, seen: map[*ast.Object]int{}, blanks: map[*ast.Object][]ast.Stmt{}}
	u.count(fd.Body)
	var out []rankUse
	visit := func(list []ast.Stmt) {
		for i := 0; i+1 < len(list); i++ {
			def, ok1 := list[i].(*ast.AssignStmt)
			use, ok2 := list[i+1].(*ast.AssignStmt)
			if !ok1 || !ok2 || def.Tok != token.DEFINE || len(def.Lhs) != 1 || len(def.Rhs) != 1 ||
				use.Tok != token.ASSIGN || len(use.Lhs) != 1 || len(use.Rhs) != 1 {
				continue
			}
			name, ok1 := def.Lhs[0].(*ast.Ident)
			read, ok2 := use.Rhs[0].(*ast.Ident)
			sel, ok3 := use.Lhs[0].(*ast.SelectorExpr)
			if !ok1 || !ok2 || !ok3 || name.Obj == nil || read.Obj != name.Obj || sel.Sel.Name != "Thread" ||
				!strings.HasPrefix(name.Name, genPrefix+"rank") || u.seen[name.Obj] != 2 || len(u.blanks[name.Obj]) > 0 ||
				!alone(def) || !alone(use) {
				continue
			}
			e := def.Rhs[0]
			out = append(out, rankUse{def, use, string(src[fset.Position(e.Pos()).Offset:fset.Position(e.End()).Offset])})
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			visit(n.List)
		case *ast.CaseClause:
			visit(n.Body)
		}
		return true
	})
	return out
}

// inlineDirectives moves each //line directive within a function body
// onto the line it positions, as a /*line*/ comment before its code,
// which the compiler reads alike: the position of the code after it, and
// the lines after counting on from there. A reader sees each statement's
// source line beside it, and the file is a line shorter for each. src is
// returned unchanged where gofmt would format the result otherwise.
func inlineDirectives(src []byte) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	var out strings.Builder
	for i := 0; i < len(lines); i++ {
		m := lineDirective.FindStringSubmatch(lines[i])
		if m != nil && i > 0 && i+1 < len(lines) && inlinable(lines[i-1], lines[i+1]) {
			code := strings.TrimLeft(lines[i+1], "\t")
			fmt.Fprintf(&out, "%s/*line %s:%s*/ %s", lines[i+1][:len(lines[i+1])-len(code)], m[1], m[2], code)
			i++
			continue
		}
		out.WriteString(lines[i])
	}
	if f, err := format.Source([]byte(out.String())); err != nil || string(f) != out.String() {
		return src
	}
	return []byte(out.String())
}

// inlinable reports whether line, the line after a //line directive, can
// take the directive before its code: a statement of a function body,
// not a case of a switch nor a line closing a block ("} else if"), and
// not after the continued lines of a statement (indented deeper than
// line, where prev is the line before the directive), whose comments
// gofmt would move.
func inlinable(prev, line string) bool {
	code := strings.TrimLeft(line, "\t")
	indent := len(line) - len(code)
	return indent > 0 && len(prev)-len(strings.TrimLeft(prev, "\t")) <= indent && !looseLine.MatchString(line) &&
		!strings.HasPrefix(code, "case ") && !strings.HasPrefix(code, "default:") && !strings.HasPrefix(code, "}")
}
