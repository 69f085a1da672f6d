package compile

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gocuda/gocuda/internal/compile/kir"
	"github.com/gocuda/gocuda/internal/ptxpack"
)

// Exit statuses of Main, as Go commands use them.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// Main is `gocuda compile`: it writes the compiled forms of the packages'
// kernels, one generated file per source file with kernels, and returns
// the exit status. The gocuda command runs it, and so does
// internal/compile/gocudacompile, which this module's own go:generate
// lines use: it does not import the packages it compiles, as the gocuda
// command (which imports kernels for its demo) does.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gocuda compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	strict := fs.Bool("strict", false, "fail if any kernel is left on the runtime path")
	verbose := fs.Bool("v", false, "name every kernel compiled, and launches of function literals that synchronize")
	tags := fs.String("tags", "", "build `tags` (comma-separated) of the files to compile, as go build's -tags")
	check := fs.Bool("check", false, "write nothing: list the generated files that are stale (differ from what compile would write, or should not exist) and exit 1 if any")
	passes := fs.Bool("passes", false, "print the compiler's passes, in order, a line on what each does, and exit")
	var off offFlag
	fs.Var(&off, "d", "switch off optional `passes`, for finding the pass a miscompile comes from: -d=PASS/off, comma-separated (-passes says which are optional)")
	gpu := fs.Bool("gpu", false, "write each kernel's PTX forms too, which a GPU device launches (gocuda.WithGPU), compressed in a file ending in _gocuda_ptx.go")
	ptxDir := fs.String("ptx", "", "with -gpu, also write each PTX form as text, for reading, to `DIR`/ENTRY.ptx")
	simd512 := fs.Bool("simd512", false, "give the SIMD build's vector steps a twin of sixteen lanes, run where the CPU has AVX-512 (Go 1.26's AVX-512 code generation has known bugs)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: gocuda compile [-check] [-strict] [-v] [-simd512] [-gpu [-ptx DIR]] [-d PASS/off,...] [-tags tags] [packages]
       gocuda compile -passes

Compile writes, beside each source file with kernels marked
//gocuda:kernel Name, a file ending in _gocuda.go with each kernel's
constructor Name and, where it can, the kernel's compiled block body. Run it
with go generate (//go:generate go tool gocuda compile, once the tool is
added with go get -tool github.com/gocuda/gocuda/cmd/gocuda)
and commit what it writes. A kernel it cannot compile keeps running on the
runtime path; compile says why. With -check it writes nothing and fails if
a generated file is stale, for CI (give it the flags go generate uses).
-passes prints the passes a kernel goes through, in order, each required
or optional; -d=PASS/off switches optional ones off. -gpu writes each
kernel's PTX too, kept compressed (a file ending in _gocuda_ptx.go per
source file); -ptx DIR writes it out as text, one ENTRY.ptx per form,
with -check too.`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if *ptxDir != "" && !*gpu {
		fmt.Fprintln(stderr, "gocuda compile: -ptx needs -gpu")
		return exitUsage
	}
	if err := kir.CheckOff(off); err != nil {
		fmt.Fprintf(stderr, "gocuda compile: -d: %v\n", err)
		return exitUsage
	}
	if *passes {
		if fs.NArg() > 0 {
			fmt.Fprintln(stderr, "gocuda compile: -passes takes no packages")
			return exitUsage
		}
		writePasses(stdout)
		return exitOK
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	out := &output{check: *check, ptxDir: *ptxDir, stdout: stdout, stderr: stderr}
	refused, err := compilePackages(patterns, *tags, *verbose, Options{SIMD512: *simd512, Off: off, GPU: *gpu}, out)
	if err != nil {
		fmt.Fprintf(stderr, "gocuda compile: %v\n", err)
		return exitFailure
	}
	if len(out.stale) > 0 {
		for _, path := range out.stale {
			fmt.Fprintf(stderr, "%s: stale: go generate would change it\n", relative(path))
		}
		fmt.Fprintf(stderr, "gocuda compile -check: %d generated files are stale: run go generate and commit them\n", len(out.stale))
		return exitFailure
	}
	if *strict && refused > 0 {
		fmt.Fprintf(stderr, "gocuda compile: -strict: %d kernels left on the runtime path\n", refused)
		return exitFailure
	}
	return exitOK
}

// writePasses writes the pass table of package kir, a numbered line per
// pass in pipeline order: its name, whether it is required or optional
// (-d=PASS/off), and what it does, as docs/architecture.md lists them.
func writePasses(w io.Writer) {
	for i, name := range kir.PassNames() {
		fmt.Fprintln(w, passLine(i, name))
	}
}

// passLine returns the line of gocuda compile -passes for the pass named
// name, the i'th (from 0) of the pipeline.
func passLine(i int, name string) string {
	kind := "optional"
	if kir.PassRequired(name) != "" {
		kind = "required"
	}
	return fmt.Sprintf("%d. %s (%s): %s", i+1, name, kind, kir.PassDoc(name))
}

// An offFlag is the value of -d: the passes to switch off, each given as
// PASS/off, comma-separated, the flag repeatable.
type offFlag []string

func (o *offFlag) String() string {
	var parts []string
	for _, name := range *o {
		parts = append(parts, name+"/off")
	}
	return strings.Join(parts, ",")
}

func (o *offFlag) Set(s string) error {
	for part := range strings.SplitSeq(s, ",") {
		name, ok := strings.CutSuffix(part, "/off")
		if !ok || name == "" {
			return fmt.Errorf("%q is not PASS/off", part)
		}
		*o = append(*o, name)
	}
	return nil
}

// compilePackages generates the files of the packages matching patterns,
// removes generated files whose source has no kernels left, and returns
// the number of kernels left on the runtime path.
func compilePackages(patterns []string, tags string, verbose bool, opts Options, out *output) (int, error) {
	stdout, stderr := out.stdout, out.stderr
	pkgs, err := LoadTags("", tags, patterns...)
	if err != nil {
		return 0, err
	}
	kernels, err := Kernels(pkgs)
	if err != nil {
		return 0, err
	}
	files, err := GenerateWith(kernels, opts)
	if err != nil {
		return 0, err
	}
	written := map[string]bool{}
	refused := 0
	for _, f := range files {
		if err := out.write(f.Path, f.Source); err != nil {
			return 0, err
		}
		if err := out.writePTX(f.PTX); err != nil {
			return 0, err
		}
		written[f.Path] = true
		for _, r := range f.Refusals {
			r.Pos.Filename = relative(r.Pos.Filename)
			fmt.Fprintln(stderr, r)
			refused++
		}
		if verbose {
			for _, k := range f.Kernels {
				fmt.Fprintf(stdout, "%s: kernel %s compiled\n", relative(f.Path), k)
			}
		}
	}
	if verbose {
		for _, note := range closureKernels(pkgs) {
			fmt.Fprintln(stdout, note)
		}
	}
	for _, p := range pkgs {
		for _, path := range append(p.GoFiles, p.IgnoredFiles...) { // a build's generated files, and the other build's
			if !written[path] && isGeneratedName(path) && isGenerated(path) {
				if err := out.remove(path); err != nil {
					return 0, err
				}
				written[path] = true // gone: a test variant of the package lists it too
			}
		}
	}
	return refused, nil
}

// An output is where compilePackages writes: the files themselves, or,
// with check, a list of those that differ.
type output struct {
	check          bool
	stdout, stderr io.Writer
	stale          []string // with check: the files that would change
	// ptxDir is where -ptx writes the PTX forms as text, "" for nowhere;
	// ptxWritten holds the entries written there.
	ptxDir     string
	ptxWritten map[string]bool
}

// writePTX writes modules to o.ptxDir, one ENTRY.ptx each, with check as
// without: the text is for reading, and no generated file. An entry is
// unique in its package, not across packages: one written twice is an
// error.
func (o *output) writePTX(modules []ptxpack.Module) error {
	if o.ptxDir == "" || len(modules) == 0 {
		return nil
	}
	if err := os.MkdirAll(o.ptxDir, 0o777); err != nil {
		return err
	}
	if o.ptxWritten == nil {
		o.ptxWritten = map[string]bool{}
	}
	for _, m := range modules {
		if o.ptxWritten[m.Entry] {
			return fmt.Errorf("-ptx: two forms named %s (of two packages): give one package at a time", m.Entry)
		}
		o.ptxWritten[m.Entry] = true
		if err := os.WriteFile(filepath.Join(o.ptxDir, m.Entry+".ptx"), []byte(m.Text), 0o666); err != nil {
			return err
		}
	}
	return nil
}

// write writes the generated file at path, or notes it if it differs.
func (o *output) write(path string, src []byte) error {
	if !o.check {
		return os.WriteFile(path, src, 0o666)
	}
	if old, err := os.ReadFile(path); err != nil || !bytes.Equal(old, src) {
		o.stale = append(o.stale, path)
	}
	return nil
}

// remove removes the generated file at path, whose source has no kernels
// left, or notes it.
func (o *output) remove(path string) error {
	if !o.check {
		return os.Remove(path)
	}
	o.stale = append(o.stale, path)
	return nil
}

// isGenerated reports whether the file at path was written by compile.
func isGenerated(path string) bool {
	b, err := os.ReadFile(path)
	return err == nil && strings.HasPrefix(string(b), Header)
}

// relative returns path relative to the working directory where that is
// shorter.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
