package instrument

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"
)

// A Config says which packages to load, and how.
type Config struct {
	Dir   string // the directory patterns are relative to; "" is the current one
	Tags  string // build tags, comma-separated, as go build's -tags
	Tests bool   // load the packages' test files too
}

// flags returns the go command's flags for c.
func (c Config) flags() []string {
	if c.Tags == "" {
		return nil
	}
	return []string{"-tags=" + c.Tags}
}

// Load type-checks the packages matching patterns, for Rewrite. It leaves
// out package probe and the packages it depends on, which cannot import
// it (naming them in skipped, by import path), and the test main packages
// the go command generates. A package that does not load or type-check is
// an error.
func Load(c Config, patterns ...string) (pkgs []*packages.Package, skipped []string, err error) {
	l, err := load(c, patterns...)
	if err != nil {
		return nil, nil, err
	}
	return l.pkgs, l.skipped, nil
}

// An Untested package is one that patterns matched and that has no test
// files: go test runs nothing of it.
type Untested struct {
	Path string // its import path
	Main bool   // a main package, which go run runs
}

// loaded is what load found.
type loaded struct {
	pkgs     []*packages.Package
	skipped  []string
	matched  int        // the packages patterns matched, without their test variants
	untested []Untested // with Config.Tests, those of them without test files
}

// load is Load, also counting the packages matched and, when it loads
// tests, finding those that have none.
func load(c Config, patterns ...string) (*loaded, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
		Dir:        c.Dir,
		BuildFlags: c.flags(),
		Tests:      c.Tests,
	}
	// In gocuda's own tree the loaded packages may need probe's deps
	// (see probeDeps): the two go commands run at once.
	early := startProbeDeps(c)
	defer early.wait() // the go command ends before load returns
	all, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("instrument: loading %q: %w", patterns, err)
	}
	if err := loadErrors(all); err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("instrument: no packages match %q", patterns)
	}
	deps, err := probeDeps(c, all, early)
	if err != nil {
		return nil, err
	}
	l := &loaded{}
	for _, p := range all {
		switch {
		case strings.HasSuffix(p.ID, ".test"):
		case deps[p.PkgPath]:
			if !slices.Contains(l.skipped, p.PkgPath) { // once for a package and its test variant
				l.skipped = append(l.skipped, p.PkgPath)
			}
		default:
			l.pkgs = append(l.pkgs, p)
		}
	}
	l.matched, l.untested = untested(all, c.Tests)
	return l, nil
}

// untested returns the number of packages among all that are not test
// variants and, if all holds tests, those of them with no test main: no
// test files.
func untested(all []*packages.Package, tests bool) (matched int, none []Untested) {
	mains := map[string]bool{}
	for _, p := range all {
		if path, ok := strings.CutSuffix(p.ID, ".test"); ok {
			mains[path] = true
		}
	}
	for _, p := range all {
		if p.ID != p.PkgPath || strings.HasSuffix(p.ID, ".test") {
			continue // a test variant, or a test main
		}
		matched++
		if tests && !mains[p.PkgPath] {
			none = append(none, Untested{Path: p.PkgPath, Main: p.Name == "main"})
		}
	}
	return matched, none
}

// loadErrors returns the errors of pkgs, each once, as one error.
func loadErrors(pkgs []*packages.Package) error {
	var msgs []string
	seen := map[string]bool{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			if msg := e.Error(); !seen[msg] {
				seen[msg] = true
				msgs = append(msgs, msg)
			}
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("instrument: %s", strings.Join(msgs, "\n"))
}

// probeDeps returns the import paths of package probe and of every
// package it depends on, if any of pkgs is in gocuda's own module (only
// those can be): early's, if it loaded them.
func probeDeps(c Config, pkgs []*packages.Package, early *depsLoad) (map[string]bool, error) {
	own := false
	for _, p := range pkgs {
		own = own || strings.HasPrefix(p.PkgPath, ownModule+"/")
	}
	if !own {
		return nil, nil
	}
	if early != nil {
		return early.wait()
	}
	return loadProbeDeps(c)
}

// A depsLoad is loadProbeDeps running in the background.
type depsLoad struct {
	done chan struct{}
	deps map[string]bool
	err  error
}

// startProbeDeps starts loadProbeDeps if c.Dir lies in gocuda's own
// module, whose packages need it; else it returns nil.
func startProbeDeps(c Config) *depsLoad {
	if modulePath(c.Dir) != ownModule {
		return nil
	}
	d := &depsLoad{done: make(chan struct{})}
	go func() {
		defer close(d.done)
		d.deps, d.err = loadProbeDeps(c)
	}()
	return d
}

// wait returns d's result once it is in (nil for a nil d).
func (d *depsLoad) wait() (map[string]bool, error) {
	if d == nil {
		return nil, nil
	}
	<-d.done
	return d.deps, d.err
}

// loadProbeDeps returns the import paths of package probe and of every
// package it depends on.
func loadProbeDeps(c Config) (map[string]bool, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps,
		Dir:  c.Dir, BuildFlags: c.flags(),
	}
	roots, err := packages.Load(cfg, probePath)
	if err != nil {
		return nil, fmt.Errorf("instrument: loading %s: %w", probePath, err)
	}
	deps := map[string]bool{}
	packages.Visit(roots, func(p *packages.Package) bool {
		deps[p.PkgPath] = true
		return true
	}, nil)
	return deps, nil
}

// modulePath returns the path of the module whose go.mod governs dir
// ("" is the current directory), or "" if there is none or it does not
// parse.
func modulePath(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			return modfile.ModulePath(data)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}
