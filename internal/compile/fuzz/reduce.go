package fuzz

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// Reduce returns a smaller kernel whose source still fails as same says,
// and its result (nil if none did): Minimize's inputs shrink what the
// generator makes, and Reduce then shrinks the source itself (delta
// debugging over its statements). Each round builds, as one batch, the
// smallest of the sources one edit makes (a statement or a run of them
// deleted, an if or a loop replaced by its body, a helper nobody calls
// deleted) that still type-check once the variables an edit left unused
// are blanked (_ = x), and keeps the smallest that fails the same way;
// it stops after rounds rounds, or when no edit helps.
func Reduce(k *Kernel, same func(*Result) bool, opt Options, rounds int) (*Kernel, *Result, error) {
	best, bestResult := k, (*Result)(nil)
	for range rounds {
		cands := smaller(best, 48)
		if len(cands) == 0 {
			break
		}
		batch := make([]*Kernel, len(cands))
		for i, c := range cands {
			batch[i] = renamed(c, fmt.Sprintf("rd%d", i))
		}
		results, err := Run(batch, opt)
		if err != nil {
			return best, bestResult, err
		}
		improved := false
		for i, r := range results {
			if same(r) && len(cands[i].Decls) < len(best.Decls) {
				best, bestResult, improved = cands[i], r, true
			}
		}
		if !improved {
			break
		}
	}
	return best, bestResult, nil
}

// smaller returns at most n kernels, each k's source with one edit, the
// smallest first; they keep k's names.
func smaller(k *Kernel, n int) []*Kernel {
	checker := newSourceChecker(k.Imports)
	var edits []*Kernel
	for at := 0; ; at++ {
		edited, ok := editAt(k.Decls, at)
		if !ok {
			break
		}
		for _, e := range edited {
			if src, imports, ok := checker.fix(e); ok && len(src) < len(k.Decls) &&
				!slices.ContainsFunc(edits, func(c *Kernel) bool { return c.Decls == src }) {
				edits = append(edits, &Kernel{Name: k.Name, Ctor: k.Ctor, Imports: imports, Decls: src})
			}
		}
	}
	slices.SortStableFunc(edits, func(a, b *Kernel) int { return len(a.Decls) - len(b.Decls) })
	return edits[:min(n, len(edits))]
}

// editAt returns the sources one edit of the at-th place of decls makes
// (in the order ast.Inspect meets statements, then top-level functions):
// the statement there deleted, or replaced by its body, or the run of
// 2, 4, 8, ... statements from there deleted; false past the last place.
func editAt(decls string, at int) ([]string, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package p\n\n"+decls, parser.ParseComments)
	if err != nil {
		return nil, false
	}
	var list *[]ast.Stmt
	var index int
	seen := 0
	ast.Inspect(f, func(n ast.Node) bool {
		stmts := stmtList(n)
		if stmts != nil && list == nil && at-seen < len(*stmts) {
			list, index = stmts, at-seen
		} else if stmts != nil && list == nil {
			seen += len(*stmts)
		}
		return list == nil
	})
	if list == nil {
		return helperDeleted(f, fset, at-seen)
	}
	orig := slices.Clone(*list)
	var out []string
	for _, repl := range replacements(orig[index]) {
		*list = slices.Concat(orig[:index], repl, orig[index+1:])
		out = append(out, printDecls(fset, f))
	}
	for w := 2; index+w <= len(orig); w *= 2 { // runs of statements, as delta debugging deletes
		*list = slices.Concat(orig[:index], orig[index+w:])
		out = append(out, printDecls(fset, f))
	}
	*list = orig
	return out, true
}

// stmtList returns the statement list n holds itself (a block's, a
// case's), or nil.
func stmtList(n ast.Node) *[]ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return &n.List
	case *ast.CaseClause:
		return &n.Body
	}
	return nil
}

// replacements returns what statement s may be replaced with: nothing,
// and for an if or a loop, its body.
func replacements(s ast.Stmt) [][]ast.Stmt {
	out := [][]ast.Stmt{nil}
	switch s := s.(type) {
	case *ast.IfStmt:
		out = append(out, s.Body.List)
		if e, ok := s.Else.(*ast.BlockStmt); ok {
			out = append(out, e.List)
		}
	case *ast.ForStmt:
		out = append(out, s.Body.List)
	case *ast.RangeStmt:
		out = append(out, s.Body.List)
	case *ast.BlockStmt:
		out = append(out, s.List)
	}
	return out
}

// helperDeleted returns the source without the at-th function that has
// no //gocuda:kernel directive, and false past the last.
func helperDeleted(f *ast.File, fset *token.FileSet, at int) ([]string, bool) {
	for i, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc != nil && slices.ContainsFunc(fd.Doc.List, func(c *ast.Comment) bool { return strings.HasPrefix(c.Text, "//gocuda:kernel ") }) {
			continue
		}
		if at--; at < 0 {
			f.Decls = slices.Delete(f.Decls, i, i+1)
			return []string{printDecls(fset, f)}, true
		}
	}
	return nil, false
}

// printDecls returns f's declarations as source, without the package
// clause.
func printDecls(fset *token.FileSet, f *ast.File) string {
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return ""
	}
	_, decls, _ := strings.Cut(b.String(), "package p\n")
	return strings.TrimLeft(decls, "\n")
}

// renamed returns k with the name of every top-level function, type,
// variable and constant, and the kernel's constructor, prefixed by
// prefix, so that the kernels of one batch do not collide (the helpers'
// method types and interfaces of a generated kernel, copied once per
// candidate, did).
func renamed(k *Kernel, prefix string) *Kernel {
	decls := k.Decls
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package p\n\n"+decls, parser.SkipObjectResolution)
	if err != nil {
		return k
	}
	names := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil { // a method belongs to its type, renamed
				names[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					names[spec.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range spec.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	ctor := strings.ToUpper(prefix[:1]) + prefix[1:] + k.Name
	var b strings.Builder
	var s scanner.Scanner
	src := []byte(decls)
	file := fset.AddFile("", -1, len(src))
	s.Init(file, src, nil, scanner.ScanComments)
	last := 0
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(pos)
		switch {
		case tok == token.IDENT && names[lit]:
			b.WriteString(decls[last:off])
			b.WriteString(prefix + lit)
			last = off + len(lit)
		case tok == token.COMMENT && lit == "//gocuda:kernel "+k.Ctor:
			b.WriteString(decls[last:off])
			b.WriteString("//gocuda:kernel " + ctor)
			last = off + len(lit)
		}
	}
	b.WriteString(decls[last:])
	return &Kernel{Name: prefix + k.Name, Ctor: ctor, Imports: k.Imports, Decls: b.String()}
}

// A sourceChecker type-checks edited kernel sources, importing packages
// from source once for all of them.
type sourceChecker struct {
	imports []string
	imp     types.Importer
}

func newSourceChecker(imports []string) *sourceChecker {
	return &sourceChecker{imports: imports, imp: importer.ForCompiler(token.NewFileSet(), "source", nil)}
}

// fix returns decls, with a blank assignment for each variable the source
// no longer uses, and the imports it still uses, if it then type-checks.
func (c *sourceChecker) fix(decls string) (string, []string, bool) {
	for range 8 {
		unused, imports, err := c.unused(decls)
		switch {
		case err != nil:
			return "", nil, false
		case len(unused) == 0:
			return decls, imports, true
		}
		if decls = blanked(decls, unused); decls == "" {
			return "", nil, false
		}
	}
	return "", nil, false
}

// unused type-checks decls and returns the offsets in decls of the
// variables declared and not used, and the imports used; an error for
// any other error.
func (c *sourceChecker) unused(decls string) ([]int, []string, error) {
	src := (&Kernel{Imports: c.imports, Decls: decls}).File("main")
	headLen := len(src) - len(decls)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		return nil, nil, err
	}
	var offs []int
	imports := slices.Clone(c.imports)
	var other error
	conf := types.Config{Importer: c.imp, Error: func(err error) {
		te, ok := err.(types.Error)
		switch {
		case ok && strings.HasPrefix(te.Msg, "declared and not used"):
			offs = append(offs, fset.Position(te.Pos).Offset-headLen)
		case ok && strings.Contains(te.Msg, "imported and not used"):
			imports = slices.DeleteFunc(imports, func(p string) bool { return strings.HasPrefix(te.Msg, fmt.Sprintf("%q", p)) })
		default:
			other = err
		}
	}}
	conf.Check("main", fset, []*ast.File{f}, nil)
	return offs, imports, other
}

// blanked returns decls with _ = x after the statement declaring each
// variable at offsets (in a block or a case), or "" where it finds no
// such statement.
func blanked(decls string, offsets []int) string {
	fset := token.NewFileSet()
	const head = "package p\n\n"
	f, err := parser.ParseFile(fset, "", head+decls, parser.ParseComments)
	if err != nil {
		return ""
	}
	for _, off := range offsets {
		pos := fset.File(f.Pos()).Pos(off + len(head))
		done := false
		ast.Inspect(f, func(n ast.Node) bool {
			list := stmtList(n)
			if done || list == nil {
				return !done
			}
			for i, s := range *list {
				if s.Pos() <= pos && pos < s.End() {
					id, body := identAt(s, pos)
					if id == nil {
						return true // the declaration is deeper, in this statement's blocks
					}
					use := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent(id.Name)}}
					if body != nil { // declared by the statement's header: in scope in its body
						body.List = slices.Insert(body.List, 0, ast.Stmt(use))
					} else {
						*list = slices.Insert(*list, i+1, ast.Stmt(use))
					}
					done = true
					return false
				}
			}
			return true
		})
		if !done {
			return ""
		}
	}
	return printDecls(fset, f)
}

// identAt returns the identifier declared at pos by statement s itself
// (an assignment, a var declaration, a range, for or if clause's), or
// nil; for a clause's, the body it is in scope in.
func identAt(s ast.Stmt, pos token.Pos) (*ast.Ident, *ast.BlockStmt) {
	var header []ast.Node
	var body *ast.BlockStmt
	switch s := s.(type) {
	case *ast.AssignStmt, *ast.DeclStmt:
		header = []ast.Node{s}
	case *ast.RangeStmt:
		header, body = []ast.Node{s.Key, s.Value}, s.Body
	case *ast.ForStmt:
		header, body = []ast.Node{s.Init}, s.Body
	case *ast.IfStmt:
		header, body = []ast.Node{s.Init}, s.Body
	}
	for _, h := range header {
		if h == nil || h.Pos() > pos || pos >= h.End() {
			continue
		}
		var found *ast.Ident
		ast.Inspect(h, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Pos() == pos {
				found = id
			}
			return found == nil
		})
		return found, body
	}
	return nil, nil
}
