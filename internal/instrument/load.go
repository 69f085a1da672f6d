package instrument

import (
	"fmt"
	"slices"
	"strings"

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
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
		Dir:        c.Dir,
		BuildFlags: c.flags(),
		Tests:      c.Tests,
	}
	all, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("instrument: loading %q: %w", patterns, err)
	}
	if err := loadErrors(all); err != nil {
		return nil, nil, err
	}
	if len(all) == 0 {
		return nil, nil, fmt.Errorf("instrument: no packages match %q", patterns)
	}
	deps, err := probeDeps(c, all)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range all {
		switch {
		case strings.HasSuffix(p.ID, ".test"):
		case deps[p.PkgPath]:
			if !slices.Contains(skipped, p.PkgPath) { // once for a package and its test variant
				skipped = append(skipped, p.PkgPath)
			}
		default:
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, skipped, nil
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
// those can be).
func probeDeps(c Config, pkgs []*packages.Package) (map[string]bool, error) {
	own := false
	for _, p := range pkgs {
		own = own || strings.HasPrefix(p.PkgPath, "github.com/gocuda/gocuda/")
	}
	if !own {
		return nil, nil
	}
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
