package kir_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// TestWordings: a kernel and its rewordings (testdata/wordings: a name
// and that name with a digit) get the same thread loops from the index
// facts and inductions: after trees, their thread loops carry the
// same kinds of facts (bounds, residue classes), and the same trees fold
// and scan steps run reversed.
func TestWordings(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "./testdata/wordings")
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	p := pkgs[0]
	require.Empty(t, p.Errors)
	heads := map[string]string{}
	var names []string
	for _, file := range p.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue // the import
			}
			th := p.TypesInfo.Defs[fd.Name].(*types.Func).Signature().Params().At(0)
			src := &kir.Source{Fset: p.Fset, Info: p.TypesInfo, Pkg: p.Types, Decl: fd, Thread: th,
				Qualifier: types.RelativeTo(p.Types), Gocuda: "gocuda", Compiled: "compiled",
				Taken: func(name string) bool { return p.Types.Scope().Lookup(name) != nil }}
			f, r := kir.Run(src, "trees", nil)
			require.Nil(t, r, "%s refused", fd.Name.Name)
			heads[fd.Name.Name] = loopHeads(kir.Dump(f))
			names = append(names, fd.Name.Name)
		}
	}
	pairs := 0
	for _, name := range names {
		orig := strings.TrimRight(name, "0123456789")
		if orig == name {
			continue
		}
		pairs++
		assert.Equal(t, heads[orig], heads[name], "%s rewords %s", name, orig)
		assert.NotEmpty(t, heads[orig], "%s: no bound, class or fold to compare", orig)
	}
	assert.Equal(t, 8, pairs)
	assert.Contains(t, heads["minimum"], "fold by min", "a tree of min folds as a tree of sums does")
	assert.Contains(t, heads["sequential"], "fold")
}

// loopHeads returns the facts of dump's thread loops and tree folds,
// each by its kind (a bound and its direction, a scaled bound, a residue
// class, a rebased slice...), since rewordings write equal facts in
// other terms (x%(2*s) == 0 and x&(2*s-1) == 0).
func loopHeads(dump string) string {
	var out []string
	for _, line := range strings.Split(dump, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "threads "):
			kinds := []string{"threads"}
			for _, g := range bracketed(line) {
				kinds = append(kinds, factKind(g))
			}
			out = append(out, strings.Join(kinds, " "))
		case strings.Contains(line, "[fold "):
			out = append(out, "fold"+map[bool]string{true: " by min"}[strings.Contains(line, " by min")])
		case strings.HasPrefix(line, "reversed "):
			out = append(out, "reversed")
		}
	}
	return strings.Join(out, "\n")
}

// bracketed returns the top-level [...] groups of line.
func bracketed(line string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range line {
		switch r {
		case '[':
			if depth == 0 {
				start = i + 1
			}
			depth++
		case ']':
			if depth--; depth == 0 {
				out = append(out, line[start:i])
			}
		}
	}
	return out
}

// factKind names the kind of a thread loop's fact g.
func factKind(g string) string {
	kept := map[bool]string{true: ", guard kept"}[strings.HasSuffix(g, "guard kept")]
	op := "<"
	if strings.Contains(g, ">=") {
		op = ">="
	}
	switch {
	case strings.HasPrefix(g, "x % "), strings.HasPrefix(g, "x & "):
		return "[class" + kept + "]"
	case strings.HasPrefix(g, "x*"):
		return "[scaled " + op + kept + "]"
	case strings.HasPrefix(g, "x"):
		return "[bound " + op + kept + "]"
	case strings.HasPrefix(g, "rebase "):
		return "[rebase]"
	}
	return "[" + g + "]"
}
