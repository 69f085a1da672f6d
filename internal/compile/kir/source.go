package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// A Source is a kernel as the front end found it: its type-checked
// declaration and what the generated file needs to write its body.
type Source struct {
	Fset   *token.FileSet
	Info   *types.Info
	Pkg    *types.Package
	Decl   *ast.FuncDecl
	Thread *types.Var // the *gocuda.Thread parameter
	// Decls are the package's function and method declarations.
	Decls map[*types.Func]*ast.FuncDecl

	// Qualifier names other packages' types in the generated file.
	Qualifier types.Qualifier
	// Gocuda and Compiled are the generated file's names for packages
	// gocuda and compiled.
	Gocuda, Compiled string
	// Archsimd is the SIMD build's name for package simd/archsimd.
	Archsimd string
	// Lanes is the default build's name for package compiled/lanes, whose
	// portable vectors its lane steps use (portable.go).
	Lanes string
	// SIMD512 asks the SIMD build for vector steps of sixteen lanes too,
	// which run where the CPU has AVX-512 (vec_512.go; gocuda compile
	// -simd512).
	SIMD512 bool
	// PortableAll asks the default build for portable steps of every loop
	// the vector pass picks, gain or not (portable.go): for tests.
	PortableAll bool
	// NoTwins keeps the SIMD build's calls of helpers as they are, with no
	// twin (slp.go): where the kernel's file has a build constraint of its
	// own, a twin written in another file might not build with it.
	NoTwins bool
	// Off names optional passes to switch off (gocuda compile
	// -d=PASS/off): for finding which pass a miscompile comes from.
	Off []string
	// keepLoops leaves every thread's loop as written (the interchange
	// pass's trial of the other form: interchange_vector.go).
	keepLoops bool
	// typeArgs instantiate a generic kernel (Instantiate); instantiated
	// is set once Decl is its copy for them.
	typeArgs     []types.Type
	instantiated bool
	// Taken reports whether a name is used in the generated file's
	// package or file scope (other than by the kernel's own locals).
	Taken func(name string) bool
}

// Name returns the kernel function's name.
func (s *Source) Name() string { return s.Decl.Name.Name }

// A Refusal is why a kernel keeps the runtime path. Unsupported is set
// when the construct is valid CUDA that this compiler does not handle yet
// (the first-generation lowering may take the kernel).
type Refusal struct {
	Pos         token.Position
	Reason      string
	Unsupported bool
	// Instantiate is set where a method of the kernel's type parameter
	// synchronizes: compiling each instantiation (Instances) may succeed.
	Instantiate bool
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%s:%d: %s", r.Pos.Filename, r.Pos.Line, r.Reason)
}

// refuse makes the refusal of node n.
func (f *Func) refuse(n ast.Node, format string, args ...any) *Refusal {
	return &Refusal{Pos: f.Src.Fset.Position(n.Pos()), Reason: fmt.Sprintf(format, args...)}
}

// unsupported makes a refusal of a construct not compiled yet.
func (f *Func) unsupported(n ast.Node, format string, args ...any) *Refusal {
	r := f.refuse(n, format, args...)
	r.Unsupported = true
	return r
}

// A refusalPanic carries a refusal out of a deep walk; the pass driver
// recovers it.
type refusalPanic struct{ r *Refusal }

// fail stops the pipeline with r.
func fail(r *Refusal) { panic(refusalPanic{r}) }
