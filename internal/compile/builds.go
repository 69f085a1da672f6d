package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/internal/kapi"
)

// splitBuilds writes the files of a source file whose builds differ,
// from each build's whole file (scalar, the default build's, and simd):
// the declarations both builds have alike once, in GeneratedPath with
// the source's build constraint, with each function they write
// differently merged (mergeBuilds) and each build's own declarations,
// so that a reader reads once what is shared and sees under
// compiled.SIMDBuild what the SIMD build changes. Only a declaration both
// builds write under one name but cannot merge goes to SIMDPath and
// NoSIMDPath, under each build's constraint. Every line of code keeps
// the position it had in the whole file, each //line directive rewritten
// where a line's neighbours moved (relines).
func splitBuilds(scalar, simd *draft) ([]*File, error) {
	sc, err := declChunks(scalar.Source, scalar.positioned)
	if err != nil {
		return []*File{scalar.File, simd.File}, nil // a whole file each, as written
	}
	si, err := declChunks(simd.Source, simd.positioned)
	if err != nil {
		return []*File{scalar.File, simd.File}, nil
	}
	shared := sharedKeys(sc, si)
	merged, consumed := mergeBuilds(scalar, simd, sc, si, shared)
	p := place(sc, si, shared, merged, consumed)
	var common *File
	var checked bool
	if p.joined {
		common, checked, err = scalar.mergedPart(simd, sc, si, p.commonSC, p.commonSI, merged, fileConstraint(scalar.src, false, false))
	} else {
		common, checked, err = scalar.part(sc, p.commonSC, GeneratedPath, fileConstraint(scalar.src, false, false), true)
	}
	if err != nil {
		return nil, err
	}
	if common == nil { // a merged function lost its lines' positions
		return []*File{scalar.File, simd.File}, nil
	}
	common.Kernels, common.Refusals = scalar.Kernels, scalar.Refusals
	files := []*File{common}
	for _, b := range []struct {
		d    *draft
		c    *chunked
		path func(string) string
		simd bool
		own  func(chunk) bool
	}{{scalar, sc, NoSIMDPath, false, p.ownSC}, {simd, si, SIMDPath, true, p.ownSI}} {
		if !hasChunk(b.c, b.own) {
			continue
		}
		f, _, err := b.d.part(b.c, b.own, b.path, fileConstraint(b.d.src, true, b.simd), !checked)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	checkedFiles := files
	if p.joined {
		checkedFiles = files[1:] // mergedPart checked each line's position
	}
	if !sameDecls(checkedFiles, sc, si) {
		return []*File{scalar.File, simd.File}, nil
	}
	return files, nil
}

// sharedKeys counts the chunks of sc that si has alike, by key.
func sharedKeys(sc, si *chunked) map[string]int {
	inSIMD := map[string]int{}
	for _, c := range si.chunks {
		inSIMD[c.key]++
	}
	shared := map[string]int{}
	for _, c := range sc.chunks {
		if inSIMD[c.key] > shared[c.key] {
			shared[c.key]++
		}
	}
	return shared
}

// A placement says which file each chunk of the two builds goes to: the
// file of both (commonSC, commonSI: the scalar build's chunks in their
// order, then the SIMD build's) or its build's own (ownSC, ownSI);
// merged functions go to the file of both, in the scalar one's place.
type placement struct {
	commonSC, commonSI, ownSC, ownSI func(chunk) bool
	joined                           bool // the file of both holds a merged function or a build's own chunk
}

// place places the chunks. Where functions merged, both builds compile
// each other's code: a declaration of one build alone joins the file of
// both, unless the other build declares its names too.
func place(sc, si *chunked, shared map[string]int, merged map[int][]mline, consumed map[int]bool) placement {
	aloneSC := func(c chunk) bool { return shared[c.key] == 0 && merged[c.from] == nil }
	aloneSI := func(c chunk) bool { return shared[c.key] == 0 && !consumed[c.from] }
	ownNamesSC, ownNamesSI := ownNames(sc, aloneSC), ownNames(si, aloneSI)
	movedSC := func(c chunk) bool { return aloneSC(c) && !declaresAny(c, ownNamesSI) }
	movedSI := func(c chunk) bool { return aloneSI(c) && !declaresAny(c, ownNamesSC) }
	p := placement{
		commonSC: func(c chunk) bool { return shared[c.key] > 0 || movedSC(c) },
		commonSI: movedSI,
		ownSC:    func(c chunk) bool { return aloneSC(c) && !movedSC(c) },
		ownSI:    func(c chunk) bool { return aloneSI(c) && !movedSI(c) },
		joined:   len(merged) > 0,
	}
	for _, c := range sc.chunks {
		p.joined = p.joined || movedSC(c)
	}
	for _, c := range si.chunks {
		p.joined = p.joined || movedSI(c)
	}
	return p
}

// A draft is a generated file and what writing its header again takes.
type draft struct {
	*File
	imports  *imports
	path     string // the source file's
	pkg      string // the package's name
	src      string // the source file's //go:build line, or ""
	compiled string // the file's name for package compiled, "" where it needs none
	// positioned says which declarations of Source, in order, the
	// emitter gave //line directives (declChunks).
	positioned []bool
}

// source returns the file of the declarations body under the build
// constraint c ("" for none), gofmt-formatted, with the imports body
// names; with version, it checks package compiled's version where body
// names the package, and reports whether it does.
func (d *draft) source(body []byte, c string, version bool) ([]byte, bool, error) {
	var head bytes.Buffer
	fmt.Fprintf(&head, "%s\n\n", Header)
	if c != "" {
		fmt.Fprintf(&head, "%s\n\n", c) // the generated file builds with its source
	}
	fmt.Fprintf(&head, "package %s\n\n", d.pkg)
	im := *d.imports
	im.used = maps.Clone(d.imports.used)
	im.named(body)
	im.write(&head)
	checked := version && d.compiled != "" && im.used[compiledPath]
	if checked {
		fmt.Fprintf(&head, "// A build error here means this file was generated for another version of\n// package compiled than the one it builds with: run go generate.\nconst _ = %s.%s\n\n", d.compiled, kapi.GeneratedVersion)
	}
	head.Write(body)
	src, err := format.Source(head.Bytes())
	if err != nil {
		return nil, false, fmt.Errorf("%s: generated code does not parse (a bug in gocuda compile): %v\n%s", d.Path, err, head.Bytes())
	}
	return ownLines(src), checked, nil
}

// sameDecls reports whether each declaration of files is one of the
// whole files' chunks, scalar's or simd's, with the positions its lines
// had there: splitting moved declarations, and changed nothing in them.
func sameDecls(files []*File, scalar, simd *chunked) bool {
	whole := map[string]bool{}
	for _, c := range append(slices.Clone(scalar.chunks), simd.chunks...) {
		whole[c.key] = true
	}
	for _, f := range files {
		c, err := declChunks(f.Source, nil)
		if err != nil {
			return false
		}
		for _, ch := range c.chunks {
			if !whole[ch.key] {
				return false
			}
		}
	}
	return true
}

// part returns the file at path(d.path) of the chunks of c that keep
// reports, under build constraint cons, and whether it checks package
// compiled's version, which it does where version is set and it names
// the package.
func (d *draft) part(c *chunked, keep func(chunk) bool, path func(string) string, cons string, version bool) (*File, bool, error) {
	drop := make([]bool, len(c.lines))
	for i := range c.body {
		drop[i] = true // the header: the part writes its own
	}
	for _, ch := range c.chunks {
		for i := ch.from; i < ch.to; i++ {
			drop[i] = !keep(ch)
		}
	}
	for i := range len(c.lines) - 1 {
		drop[i] = drop[i] || c.lines[i] == "//\n" && lineDirective.MatchString(c.lines[i+1]) // relines writes it where it writes the directive
	}
	body, _ := relines(c.lines, drop, c.free)
	src, checked, err := d.source(body, cons, version)
	if err != nil {
		return nil, false, err
	}
	return &File{Path: path(d.path), Source: src}, checked, nil // its lines are tidy already
}

// hasChunk reports whether one of c's chunks keep reports.
func hasChunk(c *chunked, keep func(chunk) bool) bool {
	for _, ch := range c.chunks {
		if keep(ch) {
			return true
		}
	}
	return false
}

// A chunked is a generated file's lines cut into its declarations.
type chunked struct {
	lines  []string
	free   []bool // the lines of the declarations without a //line directive (unpositioned)
	body   int    // the first line after the header (package clause, imports, version check)
	chunks []chunk
}

// A chunk is one top-level declaration: lines from to to (exclusive) of
// its file, with the comments and blank lines before it, and key, its
// lines of code with the position each has (where it has one), which
// two builds' chunks share where they are alike.
type chunk struct {
	from, to int
	key      string
	name     string   // a function's funcKey, "" for other declarations
	decls    []string // the names it declares (a method's funcKey)
}

// declChunks cuts src, a formatted generated file, into its
// declarations; positioned says which have //line directives, by their
// order in the file, or is nil where src's own say.
func declChunks(src []byte, positioned []bool) (*chunked, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	c := &chunked{lines: strings.SplitAfter(string(src), "\n")}
	var spans [][2]int
	c.body, spans = declLines(fset, file)
	if positioned == nil {
		positioned = directives(c.lines, spans)
	}
	if len(positioned) != len(spans) {
		return nil, fmt.Errorf("%d declarations, %d known", len(spans), len(positioned))
	}
	c.free = freeLines(c.lines, spans, positioned)
	pos := positions(c.lines)
	names, decls := declNames(file)
	for k, sp := range spans {
		ch := chunk{from: sp[0], to: sp[1], name: names[k], decls: decls[k]}
		var key strings.Builder
		for i := ch.from; i < ch.to; i++ {
			if !lineDirective.MatchString(c.lines[i]) && c.lines[i] != "//\n" { // relines writes "//" with a directive
				key.WriteString(c.lines[i])
				if !c.free[i] && !looseLine.MatchString(c.lines[i]) {
					key.WriteString(pos[i].file + ":" + strconv.Itoa(pos[i].line) + "\n")
				}
			}
		}
		ch.key = key.String()
		c.chunks = append(c.chunks, ch)
	}
	return c, nil
}

// declLines returns the first line (0-based) after file's header, and
// the lines [from, to) of each declaration after it, with the comments
// and blank lines before it.
func declLines(fset *token.FileSet, file *ast.File) (int, [][2]int) {
	end := func(n ast.Node) int { return fset.PositionFor(n.End(), false).Line } // 1-based: the 0-based line after
	body := 0
	var spans [][2]int
	for _, d := range file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && (g.Tok == token.IMPORT || isVersionCheck(g)) {
			body = end(d)
			continue
		}
		from := body
		if n := len(spans); n > 0 {
			from = spans[n-1][1]
		}
		spans = append(spans, [2]int{from, end(d)})
	}
	return body, spans
}

// declNames returns the funcKey of each function declaration after
// file's header, and "" for each other declaration, in declLines' order,
// and the names each declares.
func declNames(file *ast.File) ([]string, [][]string) {
	var names []string
	var decls [][]string
	for _, d := range file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && (g.Tok == token.IMPORT || isVersionCheck(g)) {
			continue
		}
		name, declared := "", []string(nil)
		switch d := d.(type) {
		case *ast.FuncDecl:
			name = funcKey(d)
			declared = []string{name}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.ValueSpec:
					for _, id := range sp.Names {
						declared = append(declared, id.Name)
					}
				case *ast.TypeSpec:
					declared = append(declared, sp.Name.Name)
				}
			}
		}
		names, decls = append(names, name), append(decls, declared)
	}
	return names, decls
}

// positionedDecls reports which declarations of src, a formatted
// generated file, have //line directives, in order; nil where src does
// not parse.
func positionedDecls(src []byte) []bool {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	_, spans := declLines(fset, file)
	return directives(strings.SplitAfter(string(src), "\n"), spans)
}

// directives reports which of the declarations at spans of lines have a
// //line directive.
func directives(lines []string, spans [][2]int) []bool {
	out := make([]bool, len(spans))
	for k, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			out[k] = out[k] || lineDirective.MatchString(lines[i])
		}
	}
	return out
}

// unpositioned returns which of n lines are of a declaration at spans
// that positioned does not report: the emitter wrote no //line directive
// for it (a table, a jam's state, the embedded files), and its lines
// count on from another declaration's, which positions nothing.
func unpositioned(n int, spans [][2]int, positioned []bool) []bool {
	free := make([]bool, n)
	for k, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			free[i] = !positioned[k]
		}
	}
	return free
}

// isVersionCheck reports whether g is the check of package compiled's
// version: const _ = compiled.GeneratedCodeVersionN.
func isVersionCheck(g *ast.GenDecl) bool {
	if g.Tok != token.CONST || len(g.Specs) != 1 {
		return false
	}
	vs := g.Specs[0].(*ast.ValueSpec)
	return len(vs.Names) == 1 && vs.Names[0].Name == "_"
}
