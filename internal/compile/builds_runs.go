package compile

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"
)

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

// vectorIf writes st, the SIMD build's alone, where it is an if on
// compiled.SIMD without an else (a row's vector steps), as the same if
// on SIMDBuild && SIMD: one if, not two.
func (m *merger) vectorIf(st ast.Stmt, sp [2]int) bool {
	is, ok := st.(*ast.IfStmt)
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
	if !strings.HasPrefix(text, "if "+m.simd+" {") && !strings.HasPrefix(text, "if "+m.simd+" && ") {
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
