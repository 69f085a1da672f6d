package instrument

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/kapi"
)

// A File is a source file with its kernels rewritten.
type File struct {
	Path   string // the original file, absolute
	Source []byte // the rewritten source
	Sites  []Site // its site table, in order
}

// Rewrite returns the files of pkgs rewritten to call package probe at
// each site of their kernels: every function with a *gocuda.Thread
// parameter, and the closures inside one. Files without a site and
// generated files (*_gocuda.go, written by gocuda compile) are left out. A
// file in several packages (a package and its test variant) is rewritten
// once. pkgs must have been loaded with syntax and type information (see
// Load) and must not be package probe or one it depends on.
func Rewrite(pkgs []*packages.Package) ([]*File, error) {
	twins := helperTwins(pkgs)
	done := map[string]bool{}
	tables := map[string]map[string]bool{} // table names taken, by directory
	var files []*File
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		own := map[string]bool{}
		for _, path := range p.GoFiles {
			own[path] = true
		}
		for _, f := range p.Syntax {
			path := p.Fset.File(f.Pos()).Name()
			if done[path] || !own[path] || kapi.GeneratedFile(path) {
				continue
			}
			done[path] = true
			dir := filepath.Dir(path)
			if tables[dir] == nil {
				tables[dir] = map[string]bool{}
			}
			out, err := rewriteFile(p, f, path, tables[dir], twins)
			if err != nil {
				return nil, fmt.Errorf("instrument: %s: %w", path, err)
			}
			if out != nil {
				files = append(files, out)
			}
		}
	}
	return files, nil
}

// A fileRewriter collects the sites and edits of one file.
type fileRewriter struct {
	pkg  *packages.Package
	info *types.Info
	file *ast.File
	tf   *token.File
	src  []byte
	path string

	idents map[string]bool // every identifier of the file
	names  struct {
		probe  string // package probe's import name
		table  string // the site table variable
		thread string // the name given to unnamed thread parameters
	}

	sites   []Site
	edits   []edit
	kernels []kernelSite            // Kernel entries, named at the end (see nameKernels)
	varLits map[*ast.FuncLit]string // literals initializing package-level variables, by name
	twins   map[helperKey]string    // the package's helpers with twins (see helpers.go)
	inTwin  bool                    // walking a twin
	// compiled holds the current compiled forms' source hashes by
	// kernel, once a kernel asked (see compiledSources); pure, the
	// package's functions proved pure or not (see prover.pureFunc).
	compiled map[string]string
	pure     map[*types.Func]bool
	// pending are the operations of the statements walked since the
	// last site, which the next site takes (see Ops); quiet stops
	// statements adding theirs (a loop's post statement, counted with
	// its condition).
	pending Ops
	quiet   bool
}

// rewriteFile returns f (of p, at path) rewritten, or nil if it has no
// site. tables holds the site table names taken in f's directory; twins
// are the helpers with twins.
func rewriteFile(p *packages.Package, f *ast.File, path string, tables map[string]bool, twins map[helperKey]string) (*File, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	tf := p.Fset.File(f.Pos())
	if tf.Size() != len(src) {
		return nil, fmt.Errorf("file changed since it was loaded")
	}
	r := &fileRewriter{pkg: p, info: p.TypesInfo, file: f, tf: tf, src: src, path: path, idents: map[string]bool{},
		varLits: map[*ast.FuncLit]string{}, twins: twins}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			r.idents[id.Name] = true
		}
		return true
	})
	r.names.probe = r.unused("gocudaprobe", nil)
	r.names.thread = r.unused("gocudaT", nil)
	r.names.table = r.unused("gocudaSites_"+identPart(strings.TrimSuffix(filepath.Base(path), ".go")), tables)
	r.walkFile()
	twinSrc, err := r.twinDecls()
	if err != nil {
		return nil, err
	}
	if len(r.sites) == 0 && twinSrc == "" && len(r.kernels) == 0 {
		return nil, nil
	}
	r.nameKernels()
	tables[r.names.table] = true
	r.insert(f.Name.End(), "; import "+r.names.probe+" "+strconv.Quote(probePath), false)
	out, err := apply(src, r.edits)
	if err != nil {
		return nil, err
	}
	if bytes.Count(out, []byte("\n")) != bytes.Count(src, []byte("\n")) {
		return nil, fmt.Errorf("internal error: rewriting moved lines")
	}
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, twinSrc...)
	out = append(out, table(r.names.table, r.names.probe, r.sites)...)
	if _, err := parser.ParseFile(token.NewFileSet(), path, out, parser.SkipObjectResolution); err != nil {
		return nil, fmt.Errorf("internal error: the rewritten file does not parse: %w", err)
	}
	return &File{Path: path, Source: out, Sites: r.sites}, nil
}

// walkFile walks every function of the file, and the closures of its
// package-level declarations.
func (r *fileRewriter) walkFile() {
	init := &fn{name: r.pkg.Name + ".init", kernel: r.pkg.Name + ".init"}
	for _, d := range r.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body == nil {
				continue
			}
			f := &fn{name: r.declName(d), k: r.threadParam(d, d.Type)}
			f.kernel = r.declKernelName(d, f.name)
			if f.k != nil {
				r.kernelEntry(d, f.kernel, false)
				r.kernels[len(r.kernels)-1].Proof = r.proof(d, f.k)
				r.compiledEntry(d)
			}
			r.pending = Ops{}
			r.walk(d.Body, f)
			if f.k != nil {
				r.nameThread(f.k)
			}
		case *ast.GenDecl:
			r.litNames(d)
			r.walk(d, init)
		}
	}
}

// unused returns base, or base with a number appended, such that the name
// is neither an identifier of the file nor declared in its package, the
// universe or taken.
func (r *fileRewriter) unused(base string, taken map[string]bool) string {
	name := base
	for i := 1; r.idents[name] || taken[name] || r.pkg.Types.Scope().Lookup(name) != nil || types.Universe.Lookup(name) != nil; i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

// identPart returns s with every character that cannot be in an
// identifier replaced by '_'.
func identPart(s string) string {
	return strings.Map(func(c rune) rune {
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			return c
		}
		return '_'
	}, s)
}
