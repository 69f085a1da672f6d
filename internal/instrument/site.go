package instrument

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// A Kind is what a site does, as package probe names it (probe.Kind).
type Kind uint8

// The kinds of site; they mirror probe's constants of the same names.
const (
	Read       Kind = iota // a load of an element: x := s[i]
	Write                  // a store: s[i] = x
	ReadWrite              // s[i] += x, s[i]++
	Branch                 // the condition of an if or for statement
	Barrier                // a block or grid barrier call
	Collective             // the mask argument of a warp collective
	BackEdge               // the top of a loop body
	AtomicOp               // an atomic of package atomic
	FenceOp                // a device-wide fence
	Kernel                 // not a site: a kernel function, named for reports
)

var kindNames = [...]string{"Read", "Write", "ReadWrite", "Branch", "Barrier", "Collective", "BackEdge",
	"AtomicOp", "FenceOp", "Kernel"}

// String returns the name of probe's constant for k, such as "Read".
func (k Kind) String() string { return kindNames[k] }

// A Site is one instrumented place, as it is listed in the file's site
// table (a []probe.Site).
type Site struct {
	Kind Kind
	Func string // the enclosing function: "pkg.Func", "pkg.Func.func1"
	File string // the original file, absolute
	Line int
	Col  int    // byte column, 1-based, of the site in the original line
	Expr string // the source text of the expression, call or loop header
	// EndLine is a Kernel entry's last line (Func is then its name).
	EndLine int
	Ops     Ops    // the arithmetic the site stands for
	Proof   *Proof // a Kernel entry's, if the kernel is proved (see proof.go)
}

// table returns the declaration, appended to the rewritten file, of the
// package-level variable name holding sites, registered with package
// probe (imported as pkg).
func table(name, pkg string, sites []Site) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nvar %s = %s.Register([]%s.Site{\n", name, pkg, pkg)
	for _, s := range sites {
		if s.Kind == Kernel {
			proof := ""
			if p := s.Proof; p != nil {
				proof = fmt.Sprintf(", Proof: &%s.Proof{Name: %q, Source: %q, Params: %q, Dims: %d}", pkg, p.Name, p.Source, p.Params, p.Dims)
			}
			fmt.Fprintf(&b, "\t{Kind: %s.%s, Func: %s, File: %s, Line: %d, Col: %d, EndLine: %d%s},\n",
				pkg, s.Kind, strconv.Quote(s.Func), strconv.Quote(s.File), s.Line, s.Col, s.EndLine, proof)
			continue
		}
		fmt.Fprintf(&b, "\t{Kind: %s.%s, Func: %s, File: %s, Line: %d, Col: %d, Expr: %s%s},\n",
			pkg, s.Kind, strconv.Quote(s.Func), strconv.Quote(s.File), s.Line, s.Col, strconv.Quote(s.Expr), s.Ops.fields())
	}
	b.WriteString("})\n")
	return b.String()
}

// site adds a site of kind at pos, with source text expr, to the table if
// f's thread is visible at use (not shadowed there), and returns the
// arguments the probe call starts with: "t, &gocudaSites_x[3]".
func (r *fileRewriter) site(f *fn, kind Kind, pos, use token.Pos, expr string) (args string, ok bool) {
	if !r.visible(f.k, use) {
		return "", false
	}
	f.k.used = true
	p := r.pkg.Fset.PositionFor(pos, false)
	r.sites = append(r.sites, Site{Kind: kind, Func: f.name, File: r.path, Line: p.Line, Col: p.Column, Expr: expr, Ops: r.pending})
	r.pending = Ops{}
	return fmt.Sprintf("%s, &%s[%d]", f.k.name, r.names.table, len(r.sites)-1), true
}

// visible reports whether k's thread is what its name means at pos.
func (r *fileRewriter) visible(k *kernel, pos token.Pos) bool {
	scope := r.pkg.Types.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(k.name, pos)
	if k.thread == nil {
		return obj == nil // a name of our own: nothing may be called so
	}
	return obj == k.thread
}
