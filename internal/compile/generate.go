package compile

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/compile/kir"
	"github.com/gocuda/gocuda/internal/kapi"
	"github.com/gocuda/gocuda/internal/ptxpack"
	"github.com/gocuda/gocuda/internal/srchash"
)

// A File is one generated file.
type File struct {
	Path     string     // where it goes: the source file's name with _gocuda.go
	Source   []byte     // its contents, gofmt-formatted
	Kernels  []string   // the kernels it has a compiled form of
	Refusals []*Refusal // the kernels it leaves on the runtime path, and why
	// PTX are the modules of a PTX pack's file (PTXPath), in the pack's
	// order, for gocuda compile -ptx.
	PTX []ptxpack.Module
}

// GeneratedPath returns the path of the file generated for source file path.
func GeneratedPath(path string) string {
	return strings.TrimSuffix(path, ".go") + "_gocuda.go"
}

// SIMDPath returns the path of the file of the SIMD build's own
// declarations generated for source file path.
func SIMDPath(path string) string {
	return strings.TrimSuffix(path, ".go") + "_gocuda_simd.go"
}

// NoSIMDPath returns the path of the file of the default build's own
// declarations generated for source file path: those that differ from
// the SIMD build's.
func NoSIMDPath(path string) string {
	return strings.TrimSuffix(path, ".go") + "_gocuda_nosimd.go"
}

// isGeneratedName reports whether path is named as a generated file.
func isGeneratedName(path string) bool {
	return kapi.GeneratedFile(path)
}

// Generate returns the generated files of each source file with kernels:
// one with the declarations of both builds, and, where the builds
// differ, the SIMD build's own (SIMDPath) and the default build's own
// (NoSIMDPath).
func Generate(kernels []*Kernel) ([]*File, error) { return GenerateWith(kernels, Options{}) }

// Options are the choices of gocuda compile's flags that change what it
// writes.
type Options struct {
	// SIMD512 gives the SIMD build's vector steps of 32-bit lanes a twin
	// of sixteen lanes, run first where the CPU has AVX-512 (-simd512).
	// It is off by default: Go 1.26's AVX-512 code generation has known
	// bugs (a kernel XORing three values may not build; see
	// docs/performance.md), which the generated code works around only
	// where they were met.
	SIMD512 bool
	// PortableAll writes the default build's portable steps for every
	// loop the vector pass picks, whether it gains or not: for testing
	// them over every loop the SIMD build's steps take (the compiler
	// fuzzer's -fuzz.portable).
	PortableAll bool
	// Off names optional passes of package kir to switch off for every
	// kernel (-d=PASS/off); kir.CheckOff says which may be.
	Off []string
	// KernelOff, if not nil, names further passes to switch off for the
	// kernel named kernel: the compiler fuzzer compiles copies of a kernel
	// with different passes off in one package, to find the pass a
	// miscompile comes from.
	KernelOff func(kernel string) []string
	// GPU writes each compiled kernel's PTX forms beside its CPU forms
	// (-gpu), which a GPU device launches (gocuda.WithGPU).
	GPU bool
}

// off returns the passes opts switches off for k, or an error if it names
// a pass that is not there or is required.
func (opts Options) off(k *Kernel) ([]string, error) {
	off := opts.Off
	if opts.KernelOff != nil {
		off = append(slices.Clip(off), opts.KernelOff(k.Name())...)
	}
	if err := kir.CheckOff(off); err != nil {
		return nil, fmt.Errorf("kernel %s: %v", k.Name(), err)
	}
	return off, nil
}

// GenerateWith is Generate with opts.
func GenerateWith(kernels []*Kernel, opts Options) ([]*File, error) {
	var files []*File
	byPath := map[string][]*Kernel{}
	var paths []string
	for _, k := range kernels {
		if byPath[k.Path] == nil {
			paths = append(paths, k.Path)
		}
		byPath[k.Path] = append(byPath[k.Path], k)
	}
	results := map[*Kernel]*result{}
	decls := map[*packages.Package]map[*types.Func]*ast.FuncDecl{}
	for _, k := range kernels {
		if decls[k.Pkg] == nil {
			decls[k.Pkg] = funcDecls(k.Pkg)
		}
		off, err := opts.off(k)
		if err != nil {
			return nil, err
		}
		results[k] = compileKernel(k, decls[k.Pkg], opts, off)
	}
	pkgs := map[*packages.Package]*pkgDecls{} // what each package's files declare: one run may compile several
	for _, path := range paths {
		p := byPath[path][0].Pkg
		if pkgs[p] == nil {
			pkgs[p] = newPkgDecls()
		}
		fs, err := generateFiles(byPath[path], results, pkgs[p])
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	return files, nil
}

// A result is a kernel through the pipeline, or why it stays on the
// runtime path.
type result struct {
	f       *kir.Func
	refusal *Refusal
	specs   []*spec // a generic kernel's specializations whose SIMD bodies differ
	// insts are a generic kernel's instantiations compiled where it
	// compiles per instantiation (instances.go), and instRefusals why the
	// others of its package did not.
	insts        []*inst
	instRefusals []string
	// gpu are the kernel's PTX forms (Options.GPU), and gpuRefusal why
	// the first of those not written was not.
	gpu        []GPUForm
	gpuRefusal string
}

// compileKernel runs the pipeline (package kir) on k.
func compileKernel(k *Kernel, decls map[*types.Func]*ast.FuncDecl, opts Options, off []string) *result {
	if r := checkNames(k); r != nil {
		return &result{refusal: r}
	}
	if r := checkParams(k); r != nil {
		return &result{refusal: r}
	}
	src := &kir.Source{
		Fset: k.Pkg.Fset, Info: k.Pkg.TypesInfo, Pkg: k.Pkg.Types, Decl: k.Decl, Thread: k.Thread,
		Decls: decls, Taken: takenIn(k), SIMD512: opts.SIMD512, PortableAll: opts.PortableAll,
		NoTwins: buildConstraint(k.File) != "", Off: off,
	}
	f, r := kir.Run(src, "", nil)
	if r != nil && r.Instantiate {
		res := compileInstances(k, src, r)
		if opts.GPU && res.refusal == nil && k.Decl.Recv == nil {
			res.addGPU(k, res.compiledInstance)
		}
		return res
	}
	if r != nil {
		return &result{refusal: &Refusal{Pos: r.Pos, Kernel: k.Name(), Reason: r.Reason}}
	}
	res := &result{f: f, specs: specialize(k, f)}
	if opts.GPU && k.Decl.Recv == nil {
		res.addGPU(k, gpuTypeArgs)
	}
	return res
}

// addGPU records k's GPU forms for the instantiations admit admits (see
// GPUForms), and why the first of those not written was not.
func (res *result) addGPU(k *Kernel, admit func([]types.Type) bool) {
	for _, g := range GPUForms(k, admit) {
		if g.Err == nil {
			res.gpu = append(res.gpu, g)
		} else if res.gpuRefusal == "" {
			res.gpuRefusal = gpuRefusal(k, g)
		}
	}
}

// funcDecls returns the function and method declarations of pkg.
func funcDecls(pkg *packages.Package) map[*types.Func]*ast.FuncDecl {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pkg.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	return decls
}

// takenIn returns the names the generated code of k must not declare:
// those of k's package scope and file scope.
func takenIn(k *Kernel) func(string) bool {
	scope := k.Pkg.Types.Scope()
	files := map[string]bool{}
	for _, spec := range k.File.Imports {
		if spec.Name != nil {
			files[spec.Name.Name] = true
		} else if pn, ok := k.Pkg.TypesInfo.Implicits[spec].(*types.PkgName); ok {
			files[pn.Name()] = true
		}
	}
	return func(name string) bool { return files[name] || scope.Lookup(name) != nil }
}

// generateFiles writes the generated file of kernels, all of one file,
// and, where the vector pass picked loops of theirs, the files of each
// build's own declarations (splitBuilds).
func generateFiles(kernels []*Kernel, results map[*Kernel]*result, pkg *pkgDecls) ([]*File, error) {
	twin := false
	for _, k := range kernels {
		for _, f := range results[k].funcs() {
			twin = twin || f.SIMDDiffers() || len(results[k].specs) > 0
		}
	}
	scalar, err := generateFile(kernels, results, twin, false, pkg)
	if err != nil {
		return nil, err
	}
	files := []*File{scalar.File}
	if twin {
		simd, err := generateFile(kernels, results, true, true, pkg)
		if err != nil {
			return nil, err
		}
		if files, err = splitBuilds(scalar, simd); err != nil {
			return nil, err
		}
		if files, err = importArchsimd(files, scalar); err != nil {
			return nil, err
		}
	}
	for _, f := range files {
		f.Source = inlineDirectives(f.Source)
	}
	pf, err := ptxFile(kernels, results, importName("compiled", kernels, results))
	if err != nil || pf == nil {
		return files, err
	}
	return append(files, pf), nil
}

// generateFile writes the generated file of kernels, all of one file: the
// SIMD build's where simd is set; twin is set where there are both.
func generateFile(kernels []*Kernel, results map[*Kernel]*result, twin, simd bool, pkg *pkgDecls) (*draft, error) {
	k0 := kernels[0]
	out := &File{Path: GeneratedPath(k0.Path)}
	if simd {
		out.Path = SIMDPath(k0.Path)
	}
	imports := newImports(k0.File, k0.Pkg)
	w := &writer{fset: k0.Pkg.Fset, gocuda: imports.name(gocudaPath, "gocuda"), simd: simd, twin: twin, pkg: pkg}
	if simd {
		// lanes is archsimd in the SIMD build: code of both builds names
		// one package, so that their files can share it (builds_merge.go)
		w.archsimd = imports.own(lanesPath, importName("lanes", kernels, results))
	} else {
		w.lanes = importName("lanes", kernels, results)
	}
	w.files, w.ptx = filesVar(k0.Path), ptxVar(k0.Path)
	embedded := map[string]bool{}
	for _, k := range kernels {
		r := results[k]
		if r.refusal != nil {
			out.Refusals = append(out.Refusals, r.refusal)
			w.refused(k, r.refusal)
			imports.use(k.Decl.Type, k.Pkg.TypesInfo)
			continue
		}
		out.Kernels = append(out.Kernels, k.Name())
		w.compiled = imports.own(compiledPath, importName("compiled", kernels, results))
		lines, hash, err := sourceLines(k, r.helpers(), embedded)
		if err != nil {
			return nil, err
		}
		mark, err := goexitMark(k, r, embedded)
		if err != nil {
			return nil, err
		}
		if len(r.insts) > 0 {
			w.instances(k, r, imports, hash, lines, mark)
			continue
		}
		w.kernel(k, r, imports, hash, lines, mark)
	}
	if len(embedded) > 0 {
		w.embed(imports.own("embed", importName("embed", kernels, results)), slices.Sorted(maps.Keys(embedded)))
	}
	d := &draft{File: out, imports: imports, path: k0.Path, pkg: k0.Pkg.Name, src: buildConstraint(k0.File), compiled: w.compiled}
	src, _, err := d.source(w.buf.Bytes(), fileConstraint(d.src, twin, simd), true)
	if err != nil {
		return nil, err
	}
	out.Source = tidyAll(src)
	d.positioned = positionedDecls(src)
	return d, nil
}

// gluedLine matches a //line directive that follows code on its line.
var gluedLine = regexp.MustCompile(`(\S)(//line [^\s:]+:[0-9]+\n)`)

// ownLines starts each //line directive that follows code on a line of
// its own. go/printer's SourcePos mode breaks a call whose closing
// parenthesis keeps a later line than its rewritten arguments, with a
// directive before the parenthesis (internal/bench/variants'
// ScanBlellochMaxKernel), and format.Source then joins the parenthesis
// and the directive to the code: the compiler ignores a directive there,
// and gofmt moves it.
func ownLines(src []byte) []byte { return gluedLine.ReplaceAll(src, []byte("$1\n$2")) }

// importName returns the name to import one of gocuda's packages under
// in the generated file of kernels: name, its package name, unless the
// package, the file's imports (which the copied code may use), or the
// kernels and helpers copied into the file declare it; then
// genPrefix+name, which no user identifier can be.
func importName(name string, kernels []*Kernel, results map[*Kernel]*result) string {
	k0 := kernels[0]
	if takenIn(k0)(name) {
		return genPrefix + name
	}
	var decls []*ast.FuncDecl
	for _, k := range kernels {
		decls = append(decls, k.Decl)
		decls = append(decls, results[k].helpers()...) // the twins copy their helpers too
	}
	for id := range k0.Pkg.TypesInfo.Defs {
		for _, d := range decls {
			if id.Name == name && id.Pos() >= d.Pos() && id.Pos() < d.End() {
				return genPrefix + name
			}
		}
	}
	return name
}

// buildConstraint returns the //go:build line of f, or "".
func buildConstraint(f *ast.File) string {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				return c.Text
			}
		}
	}
	return ""
}

// withTwins returns the helpers f's compiled forms depend on: those
// inlined, and those the SIMD build's twins copy (kir.Twin), so that an
// edit of either makes the generated file stale.
func withTwins(f *kir.Func) []*ast.FuncDecl {
	out := slices.Clone(f.Helpers)
	for _, t := range f.Twins() {
		if !slices.Contains(out, t.Decl) {
			out = append(out, t.Decl)
		}
	}
	for _, j := range f.Jams(false) { // the default build's: all of them
		if j.Decl != nil && !slices.Contains(out, j.Decl) { // a region's loop is the kernel's
			out = append(out, j.Decl)
		}
	}
	return out
}

// sourceLines returns the "file:first-end" arguments naming the lines of
// k and the helpers inlined into it, and the hash of those lines.
func sourceLines(k *Kernel, helpers []*ast.FuncDecl, embedded map[string]bool) (string, string, error) {
	return spanArgs(append([]span{{k.Path, k.First, k.End}}, declSpans(k, helpers)...), embedded)
}

// A span is lines first to end of a file.
type span struct {
	path       string
	first, end int
}

// declSpans returns the spans of decls, functions of k's package, each
// from its doc comment to its closing brace, sorted.
func declSpans(k *Kernel, decls []*ast.FuncDecl) []span {
	var spans []span
	for _, fd := range decls {
		first := fd.Pos()
		if fd.Doc != nil {
			first = fd.Doc.Pos()
		}
		p := k.Pkg.Fset.Position(first)
		spans = append(spans, span{p.Filename, p.Line, k.Pkg.Fset.Position(fd.End()).Line})
	}
	slices.SortFunc(spans, func(x, y span) int { return strings.Compare(fmt.Sprint(x), fmt.Sprint(y)) })
	return spans
}

// spanArgs returns spans as quoted "file:first-end" arguments, and the
// hash of their lines; it adds their files' names to embedded.
func spanArgs(spans []span, embedded map[string]bool) (string, string, error) {
	var args []string
	var parts [][]byte
	for _, sp := range spans {
		src, err := os.ReadFile(sp.path)
		if err != nil {
			return "", "", err
		}
		parts = append(parts, srchash.Span(src, sp.first, sp.end))
		args = append(args, strconv.Quote(fmt.Sprintf("%s:%d-%d", filepath.Base(sp.path), sp.first, sp.end)))
		embedded[filepath.Base(sp.path)] = true
	}
	return strings.Join(args, ", "), srchash.Sum(parts...), nil
}

// goexitMark returns what follows the NewSource call of k, compiled as
// r: a call of NoGoexit with the lines of the functions k calls that its
// record leaves out, where k cannot call runtime.Goexit (goexit.go).
func goexitMark(k *Kernel, r *result, embedded map[string]bool) (string, error) {
	ok, calls := noGoexit(k, r.helpers(), r.funcs()[0].Src.Decls)
	if !ok {
		return "", nil
	}
	args, hash, err := spanArgs(declSpans(k, calls), embedded)
	if err != nil {
		return "", err
	}
	if args != "" {
		args = ", " + args
	}
	return fmt.Sprintf(".NoGoexit(%q%s)", hash, args), nil
}

// docOf returns the constructor's doc comment: the kernel's, without the
// directive, and with a refusal a note of it.
func docOf(k *Kernel, refusal *Refusal) string {
	var lines []string
	if k.Decl.Doc != nil {
		for _, c := range k.Decl.Doc.List {
			if !strings.HasPrefix(c.Text, Directive) {
				lines = append(lines, c.Text)
			}
		}
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "//" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		lines = append(lines, fmt.Sprintf("// %s returns the kernel %s bound to its arguments.", k.Ctor, k.Name()))
	}
	if refusal != nil {
		lines = append(lines, "//", fmt.Sprintf("// gocuda compile left it on the runtime path: %s.", refusal.Reason))
	}
	return strings.Join(lines, "\n") + "\n"
}

// simdBuild is the build constraint of the SIMD build.
const simdBuild = "goexperiment.simd && amd64"

// fileConstraint returns the //go:build line of a generated file whose
// source has the line src ("" for none): the source's, and, where the
// SIMD build has a twin, that build or every other.
func fileConstraint(src string, twin, simd bool) string {
	if !twin {
		return src
	}
	own := "!(" + simdBuild + ")"
	if simd {
		own = simdBuild
	}
	if src == "" {
		return "//go:build " + own
	}
	expr, err := constraint.Parse(src)
	if err != nil {
		return src
	}
	return "//go:build (" + expr.String() + ") && " + own
}
