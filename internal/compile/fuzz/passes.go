package fuzz

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/gocuda/gocuda/internal/compile"
	"github.com/gocuda/gocuda/internal/compile/kir"
)

// A Culprit is what Bisect found out about a failing kernel.
type Culprit struct {
	// Pass is the first optional pass whose inclusion makes the kernel
	// fail: with the optional passes before it on and those from it on
	// off, the kernel passes; with it on too, it fails. Empty if none.
	Pass string
	// AllOff reports that the kernel fails with every optional pass off:
	// the bug is in a required pass or the emitter.
	AllOff bool
}

func (c Culprit) String() string {
	switch {
	case c.Pass != "":
		return fmt.Sprintf("first failing pass: %s (passes with the optional passes from %s on off: -d=%s/off...)", c.Pass, c.Pass, c.Pass)
	case c.AllOff:
		return "fails with every optional pass off: a required pass or the emitter"
	}
	return "bisection: the failure did not reproduce"
}

// Bisect finds the optional pass that makes k fail as same says. It runs,
// in one batch (one build), a copy of k for each point of the pipeline
// with the optional passes after that point switched off, and reports the
// first point whose copy fails, in pipeline order.
func Bisect(k *Kernel, same func(*Result) bool, opt Options) (Culprit, error) {
	optional := kir.OptionalPasses()
	var ks []*Kernel
	for on := range len(optional) + 1 { // the first on passes of optional are on
		c := renamed(k, fmt.Sprintf("bs%d", on))
		c.Off = append(slices.Clip(k.Off), optional[on:]...)
		ks = append(ks, c)
	}
	opt.Check = false // the failure is the compiler's: check only slows the batch
	results, err := Run(ks, opt)
	if err != nil {
		return Culprit{}, err
	}
	for on, r := range results {
		if !same(r) {
			continue
		}
		if on == 0 {
			return Culprit{AllOff: true}, nil
		}
		return Culprit{Pass: optional[on-1]}, nil
	}
	return Culprit{}, nil
}

// sameKind returns the test of Bisect, Minimize and Reduce that a result
// fails as f did: a failure of the same kind.
func sameKind(f Failure) func(*Result) bool {
	return func(c *Result) bool {
		return slices.ContainsFunc(c.Failures, func(g Failure) bool { return g.Kind == f.Kind })
	}
}

// Affected returns, for each optional pass, the kernels of ks it changes
// (kir.Dump of the kernel differs before and after it): those a run with
// it off tests. It compiles the kernels once, without building them.
func Affected(ks []*Kernel, opt Options) (map[string][]*Kernel, error) {
	dir, err := os.MkdirTemp(cmp.Or(opt.Dir, "testdata"), "tmp-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for _, k := range ks {
		if err := os.WriteFile(filepath.Join(dir, k.Name+".go"), []byte(k.File("main")), 0o666); err != nil {
			return nil, err
		}
	}
	pkgs, err := compile.Load(dir, ".")
	if err != nil {
		return nil, err
	}
	kernels, err := compile.Kernels(pkgs)
	if err != nil {
		return nil, err
	}
	last := map[*kir.Func]string{}
	changed := map[string]map[string]bool{} // pass: kernel names
	kir.PassHook = func(pass string, f *kir.Func) {
		d := kir.Dump(f)
		if d != last[f] && kir.PassRequired(pass) == "" {
			if changed[pass] == nil {
				changed[pass] = map[string]bool{}
			}
			changed[pass][f.Src.Decl.Name.Name] = true
		}
		last[f] = d
	}
	defer func() { kir.PassHook = nil }()
	if _, err := compile.GenerateWith(kernels, compile.Options{SIMD512: opt.SIMD512, PortableAll: opt.Portable, Off: opt.Off}); err != nil {
		return nil, err
	}
	out := map[string][]*Kernel{}
	for _, pass := range kir.OptionalPasses() {
		for _, k := range ks {
			if changed[pass][k.Name] {
				out[pass] = append(out[pass], k)
			}
		}
	}
	return out, nil
}
