package fuzz

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/gocuda/gocuda/internal/compile"
)

// Options configure Run.
type Options struct {
	// Dir is the directory, inside the module, under which Run makes the
	// batch's temporary package (tmp-*): a testdata directory keeps it out
	// of ./... and of go generate. Empty means "testdata".
	Dir string
	// Keep leaves the temporary package in place, for debugging.
	Keep bool
	// Timeout bounds one run of the batch's driver; zero means 5 minutes.
	Timeout time.Duration
	// Check also runs the driver under `gocuda check`, which reports
	// races, barrier and mask errors and uninitialized reads: a generated
	// kernel it reports is a bug of the generator (FailChecked).
	Check bool
	// SIMD512 compiles the batch with -simd512 (compile.Options): the
	// SIMD build's steps get their sixteen-lane twins.
	SIMD512 bool
	// Portable compiles the batch with portable steps for every loop the
	// vector pass picks (compile.Options.PortableAll), which the default
	// build then runs.
	Portable bool
	// Off names optional passes to switch off for every kernel
	// (compile.Options.Off, gocuda compile -d=PASS/off); Kernel.Off adds
	// a kernel's own.
	Off []string
}

// A Failure is one way a kernel failed.
type Failure struct {
	Kind   string // one of the Fail constants
	Shape  string // the launch, for the kinds that launch
	Detail string
}

func (f Failure) String() string {
	if f.Shape == "" {
		return fmt.Sprintf("%s: %s", f.Kind, f.Detail)
	}
	return fmt.Sprintf("%s (%s): %s", f.Kind, f.Shape, f.Detail)
}

// The kinds of Failure. FailRuntime, FailRefused and FailChecked are bugs
// of the generator (an invalid or nondeterministic kernel); the others,
// bugs of the compiler.
const (
	FailMismatch = "mismatch"             // compiled and runtime path differ
	FailCompiled = "compiled form failed" // the launch failed on the compiled form only
	FailGenerate = "compile failed"       // compile.Generate returned an error or panicked
	FailBuild    = "generated code does not build"
	FailReason   = "refused without a reason"
	FailInternal = "refused for an internal error" // the reason says it is a bug of gocuda compile
	FailLine     = "line directive without a file" // positions in the generated code point nowhere
	FailCrash    = "driver crashed or hung"        // the whole process died in this kernel
	FailRuntime  = "runtime path failed"           // an invalid kernel: a generator bug
	FailRefused  = "refused kernel differs"        // a nondeterministic kernel: a generator bug
	FailChecked  = "gocuda check reports it"       // an invalid kernel: a generator bug
)

// A Result is what Run found out about one kernel.
type Result struct {
	Kernel   *Kernel
	Compiled bool   // compile gave it a compiled form
	Flat     bool   // its compiled form runs a flat grid-stride loop (compiled.StrideRows)
	Refusal  string // why compile left it on the runtime path, if it did
	Failures []Failure
}

// Failed reports whether the kernel failed in any way.
func (r *Result) Failed() bool { return len(r.Failures) > 0 }

// Report describes the result's failures, with the kernel's source.
func (r *Result) Report() string {
	var b strings.Builder
	state := "compiled"
	if !r.Compiled {
		state = "refused: " + r.Refusal
	}
	fmt.Fprintf(&b, "kernel %s (%s), from %d input bytes:\n", r.Kernel.Name, state, len(r.Kernel.Input))
	for _, f := range r.Failures {
		fmt.Fprintf(&b, "  %s\n", f)
	}
	b.WriteString(r.Kernel.File("main"))
	return b.String()
}

// Run compiles kernels, whose names must be distinct, as one package,
// launches each on both paths with each of Shapes, and returns a result
// per kernel, in order. An error means the batch could not run at all.
func Run(kernels []*Kernel, opt Options) ([]*Result, error) {
	if opt.Dir == "" {
		opt.Dir = "testdata"
	}
	if err := os.MkdirAll(opt.Dir, 0o777); err != nil {
		return nil, err
	}
	removeStale(opt.Dir)
	dir, err := os.MkdirTemp(opt.Dir, "tmp-")
	if err != nil {
		return nil, err
	}
	if !opt.Keep {
		defer os.RemoveAll(dir)
	}
	b := &batch{dir: dir, opt: opt, byName: map[string]*Result{}}
	for _, k := range kernels {
		r := &Result{Kernel: k}
		b.results = append(b.results, r)
		b.byName[k.Name] = r
	}
	return b.results, b.run()
}

// A batch is one run of Run.
type batch struct {
	dir     string
	opt     Options
	results []*Result
	byName  map[string]*Result
	dropped map[string]bool // kernels left out of the build and the launches
}

func (b *batch) run() error {
	if err := os.WriteFile(filepath.Join(b.dir, "main.go"), []byte(driver()), 0o666); err != nil {
		return err
	}
	for _, r := range b.results {
		if err := b.write(r.Kernel); err != nil {
			return err
		}
	}
	if err := b.generate(); err != nil {
		return err
	}
	if err := b.build(); err != nil {
		return err
	}
	if err := b.launch(); err != nil {
		return err
	}
	if b.opt.Check {
		return b.check()
	}
	return nil
}

// write writes a kernel's source file and its driver registration.
func (b *batch) write(k *Kernel) error {
	if err := os.WriteFile(filepath.Join(b.dir, k.Name+".go"), []byte(k.File("main")), 0o666); err != nil {
		return err
	}
	reg := fmt.Sprintf("package main\n\nfunc init() { kernels[%q] = %s }\n", k.Name, k.Ctor)
	return os.WriteFile(filepath.Join(b.dir, k.Name+"_run.go"), []byte(reg), 0o666)
}

// drop records a failure of the kernel named name and removes it from the
// build.
func (b *batch) drop(name string, f Failure) {
	r := b.byName[name]
	r.Failures = append(r.Failures, f)
	if b.dropped == nil {
		b.dropped = map[string]bool{}
	}
	b.dropped[name] = true
	for _, suffix := range []string{".go", "_run.go", "_gocuda.go", "_gocuda_simd.go", "_gocuda_nosimd.go"} {
		path := filepath.Join(b.dir, name+suffix)
		if b.opt.Keep {
			os.Rename(path, path+".dropped") // kept for debugging, out of the build
		} else {
			os.Remove(path)
		}
	}
}

// kernelFile matches a file of the batch named in the go command's output.
var kernelFile = regexp.MustCompile(`\b([A-Za-z][A-Za-z0-9]*)(_gocuda|_gocuda_simd|_gocuda_nosimd|_run)?\.go:`)

// culprits returns the kernels named in output, the go command's.
func (b *batch) culprits(output string) map[string]bool {
	found := map[string]bool{}
	for _, m := range kernelFile.FindAllStringSubmatch(output, -1) {
		if _, ok := b.byName[m[1]]; ok && !b.dropped[m[1]] {
			found[m[1]] = true
		}
	}
	return found
}

// sharedPath returns the path of the generated file of both builds of
// the source file whose generated file is at path: path, or the file a
// build's own declarations go with.
func sharedPath(path string) string {
	for _, own := range []string{"_gocuda_simd.go", "_gocuda_nosimd.go"} {
		if strings.HasSuffix(path, own) {
			return strings.TrimSuffix(path, own) + "_gocuda.go"
		}
	}
	return path
}

// generate runs the compiler on the batch's package and writes what it
// generates; a failure it cannot pin on some kernels is an error.
func (b *batch) generate() error {
	files, err := b.generateDir(b.dir)
	if err != nil {
		bad, berr := b.bisectGenerate()
		if berr != nil || len(bad) == 0 {
			return fmt.Errorf("compiling the batch: %v", err)
		}
		for name, msg := range bad {
			b.drop(name, Failure{Kind: FailGenerate, Detail: msg})
		}
		if files, err = b.generateDir(b.dir); err != nil {
			return fmt.Errorf("compiling the batch without the kernels that fail alone: %v", err)
		}
	}
	compiled := map[string][]string{} // the kernels of each generated file, its builds' own files' too
	for _, f := range files {
		key := sharedPath(f.Path)
		compiled[key] = append(compiled[key], f.Kernels...)
	}
	for _, f := range files {
		if err := os.WriteFile(f.Path, f.Source, 0o666); err != nil {
			return err
		}
		for _, name := range compiled[sharedPath(f.Path)] {
			if r := b.byName[name]; r != nil {
				r.Compiled = true
				r.Flat = r.Flat || flatBody(string(f.Source), name)
				if i := strings.Index(string(f.Source), "\n//line :"); i >= 0 {
					line := strings.Count(string(f.Source[:i]), "\n") + 2
					r.Failures = append(r.Failures, Failure{Kind: FailLine,
						Detail: fmt.Sprintf("%s:%d: %s", filepath.Base(f.Path), line, "//line :1")})
				}
			}
		}
		for _, ref := range f.Refusals {
			r := b.byName[ref.Kernel]
			if r == nil {
				continue
			}
			r.Refusal = ref.Reason
			switch {
			case strings.TrimSpace(ref.Reason) == "":
				r.Failures = append(r.Failures, Failure{Kind: FailReason, Detail: ref.Error()})
			case strings.Contains(ref.Reason, "a bug in gocuda compile"):
				r.Failures = append(r.Failures, Failure{Kind: FailInternal, Detail: ref.Reason})
			}
		}
	}
	return nil
}

// generateDir loads the package in dir and returns what compile generates
// for it with the options b.opt asks for, and each kernel's own passes
// off (Kernel.Off), turning a panic of the compiler into an error.
func (b *batch) generateDir(dir string) (files []*compile.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("compile panicked: %v", p)
		}
	}()
	pkgs, err := compile.Load(dir, ".")
	if err != nil {
		return nil, err
	}
	kernels, err := compile.Kernels(pkgs)
	if err != nil {
		return nil, err
	}
	return compile.GenerateWith(kernels, compile.Options{SIMD512: b.opt.SIMD512, PortableAll: b.opt.Portable, Off: b.opt.Off,
		KernelOff: func(name string) []string {
			if r := b.byName[name]; r != nil {
				return r.Kernel.Off
			}
			return nil
		}})
}

// removeStale removes the temporary packages under dir that a run killed
// before it could (go test -fuzz stops its workers so) left more than an
// hour ago.
func removeStale(dir string) {
	paths, _ := filepath.Glob(filepath.Join(dir, "tmp-*"))
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > time.Hour {
			os.RemoveAll(p)
		}
	}
}

// flatBody reports whether the body function of kernel name in generated
// source src runs a flat grid-stride loop.
func flatBody(src, name string) bool {
	_, body, ok := strings.Cut(src, "func gc_body_"+name+"(")
	if !ok {
		return false
	}
	body, _, _ = strings.Cut(body, "\nfunc ")
	return strings.Contains(body, ".StrideRows(")
}
