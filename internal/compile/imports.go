package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// imports are the imports of a generated file: those of its source file
// that the generated code uses, under the same names.
type imports struct {
	names map[string]string // import path to name in the source file
	real  map[string]string // import path to package name
	used  map[string]bool
	info  *types.Info
}

func newImports(f *ast.File, pkg *packages.Package) *imports {
	im := &imports{names: map[string]string{}, real: map[string]string{}, used: map[string]bool{}, info: pkg.TypesInfo}
	for _, spec := range f.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		name := path.Base(p)
		if imp := pkg.Imports[p]; imp != nil {
			name = imp.Name
		}
		im.real[p] = name
		if spec.Name != nil {
			name = spec.Name.Name
		}
		im.names[p] = name
	}
	return im
}

// name returns the file's name for the package at p, using it.
func (im *imports) name(p, fallback string) string {
	im.used[p] = true
	if n, ok := im.names[p]; ok {
		return n
	}
	im.names[p], im.real[p] = fallback, fallback
	return fallback
}

// own returns the file's name for gocuda's package at p, whose package
// name is p's last element, using it: the file's own import's name, or
// else name.
func (im *imports) own(p, name string) string {
	n := im.name(p, name)
	im.real[p] = path.Base(p)
	return n
}

// qualifier writes types of other packages with the file's names for them.
func (im *imports) qualifier(self *types.Package) types.Qualifier {
	return func(p *types.Package) string {
		if p.Path() == self.Path() {
			return ""
		}
		return im.name(p.Path(), p.Name())
	}
}

// use marks the packages n refers to as used.
func (im *imports) use(n ast.Node, info *types.Info) {
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok {
				path := pn.Imported().Path()
				im.used[path] = true
				if _, ok := im.names[path]; !ok {
					im.names[path], im.real[path] = pn.Name(), pn.Imported().Name()
				}
			}
		}
		return true
	})
}

// usePkg marks the package pn names as used, under pn's name where the
// file does not import it.
func (im *imports) usePkg(pn *types.PkgName) {
	path := pn.Imported().Path()
	im.used[path] = true
	if _, ok := im.names[path]; !ok {
		im.names[path], im.real[path] = pn.Name(), pn.Imported().Name()
	}
}

// named keeps, of the packages marked used, those that body, the
// generated file's code, names (an identifier followed by a dot): a pass
// may drop a statement that named one (a definition nothing reads, in an
// inlined helper: `f := bits.OnesCount32(x) > 3; _ = f`), and Go refuses
// an import the file does not use. Marking follows the source, which
// over-approximates; this trims to what was written. A blank or dot
// import is kept.
func (im *imports) named(body []byte) {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(body)), body, nil, 0)
	seen := map[string]bool{}
	prev := ""
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.PERIOD && prev != "" {
			seen[prev] = true
		}
		prev = ""
		if tok == token.IDENT {
			prev = lit
		}
	}
	for p := range im.used {
		if name := im.names[p]; name != "_" && name != "." && !seen[name] {
			delete(im.used, p)
		}
	}
}

// write writes the import declaration.
func (im *imports) write(b *bytes.Buffer) {
	var paths []string
	for p := range im.used {
		paths = append(paths, p)
	}
	// the standard library's first, as goimports groups them
	std := func(p string) bool { return !strings.Contains(strings.Split(p, "/")[0], ".") }
	slices.SortFunc(paths, func(x, y string) int {
		if std(x) != std(y) {
			if std(x) {
				return -1
			}
			return 1
		}
		return strings.Compare(x, y)
	})
	b.WriteString("import (\n")
	for i, p := range paths {
		if i > 0 && std(paths[i-1]) && !std(p) {
			b.WriteString("\n")
		}
		if name := im.names[p]; name != im.real[p] {
			fmt.Fprintf(b, "%s %q\n", name, p)
		} else {
			fmt.Fprintf(b, "%q\n", p)
		}
	}
	b.WriteString(")\n\n")
}

// union returns the imports of a file that holds im's code and other's,
// generated from one source file.
func (im *imports) union(other *imports) *imports {
	u := &imports{names: maps.Clone(im.names), real: maps.Clone(im.real), used: maps.Clone(im.used), info: im.info}
	for p, n := range other.names {
		if _, ok := u.names[p]; !ok {
			u.names[p], u.real[p] = n, other.real[p]
		}
	}
	for p, used := range other.used {
		u.used[p] = u.used[p] || used
	}
	return u
}
