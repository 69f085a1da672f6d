package fuzz

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// passesOffKernels is the number of random kernels TestPassesOff takes
// its kernels from, besides the corpus's, and passesOffEach the most it
// runs with each pass off: a batch of a few dozen kernels builds in
// seconds.
const passesOffKernels, passesOffEach = 16, 2

// TestPassesOff: with any one optional pass switched off, the compiled
// forms of random kernels and the corpus's still match the runtime path.
// A kernel runs with a pass off only where that changes its compiled
// form, all of them in one batch (one build); the passes no kernel
// exercises are logged.
func TestPassesOff(t *testing.T) {
	ks, labels := passesOffSet(t)
	affected, err := Affected(ks, flagOptions())
	if err != nil {
		t.Fatal(err)
	}
	each := passesOffEach
	if testing.Short() {
		each = 1
	}
	var batch []*Kernel
	copies := map[string]string{} // a copy's name: its label
	for i, pass := range kir.OptionalPasses() {
		if len(affected[pass]) == 0 {
			t.Logf("no kernel of the test exercises pass %s", pass)
			continue
		}
		for _, k := range affected[pass][:min(each, len(affected[pass]))] {
			c := renamed(k, fmt.Sprintf("off%d", i))
			c.Off = []string{pass}
			batch = append(batch, c)
			copies[c.Name] = fmt.Sprintf("%s with -d=%s/off", labels[k.Name], pass)
		}
	}
	if len(batch) == 0 {
		t.Fatal("no kernel exercises any optional pass")
	}
	results, err := Run(batch, flagOptions())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d kernels, %d runs with a pass off", len(ks), len(batch))
	for _, r := range results {
		for _, f := range r.Failures {
			if known(f, copies[r.Kernel.Name], r.Kernel.Decls) == nil {
				t.Errorf("%s: %s", copies[r.Kernel.Name], r.Report())
				break
			}
		}
	}
}

// passesOffSet returns TestPassesOff's kernels and their labels.
func passesOffSet(t *testing.T) ([]*Kernel, map[string]string) {
	corpus, err := readCorpus()
	if err != nil {
		t.Fatal(err)
	}
	var ks []*Kernel
	labels := map[string]string{}
	for i := range passesOffKernels {
		k := Generate(fmt.Sprintf("k%d", i), Bytes(uint64(1+i), inputBytes))
		ks, labels[k.Name] = append(ks, k), fmt.Sprintf("seed %d", 1+i)
	}
	for i, c := range corpus {
		for j, part := range split(c.data) {
			k := Generate(fmt.Sprintf("k%d", 10000+10*i+j), part)
			ks, labels[k.Name] = append(ks, k), c.name
		}
	}
	return ks, labels
}

// TestBisectPlanted: a miscompile planted in one optional pass (through
// kir.PassHook: the pass then stores a kernel's slot 7 in slot 6) makes a
// kernel fail, and Bisect names that pass.
func TestBisectPlanted(t *testing.T) {
	optional := kir.OptionalPasses()
	planted := optional[len(optional)/2]
	kir.PassHook = func(pass string, f *kir.Func) {
		if pass == planted {
			misstore(f)
		}
	}
	defer func() { kir.PassHook = nil }()
	k := Generate("k0", nil) // the simplest kernel: every thread reaches the epilogue
	results, err := Run([]*Kernel{k}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(results[0].Failures, func(f Failure) bool { return f.Kind == FailMismatch })
	if i < 0 {
		t.Fatalf("the planted miscompile in pass %s does not show: %s", planted, results[0].Report())
	}
	c, err := Bisect(k, sameKind(results[0].Failures[i]), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Pass != planted {
		t.Errorf("Bisect found %v; want pass %s, where the miscompile is planted", c, planted)
	}
}

// misstore makes the kernel store in slot 7 of out (the epilogue's
// out[gid*16+7] = ...) what it stores in slot 6. It replaces the Code
// node's statement, leaving the kernel's source, which its hash covers,
// as it is.
func misstore(f *kir.Func) {
	stores := map[string]*kir.Code{} // by slot
	kir.Walk(f.Body, func(n kir.Node) {
		if c, ok := n.(*kir.Code); ok {
			if slot := outSlot(c.Stmt); slot != "" {
				stores[slot] = c
			}
		}
	})
	six, seven := stores["6"], stores["7"]
	if six == nil || seven == nil {
		return
	}
	as := seven.Stmt.(*ast.AssignStmt)
	seven.Stmt = &ast.AssignStmt{Lhs: as.Lhs, TokPos: as.TokPos, Tok: as.Tok, Rhs: six.Stmt.(*ast.AssignStmt).Rhs}
}

// outSlot returns K where s is out[x+K] = y, K a literal, or "".
func outSlot(s ast.Stmt) string {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return ""
	}
	ix, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok || !isIdent(ix.X, "out") {
		return ""
	}
	if b, ok := ix.Index.(*ast.BinaryExpr); ok {
		if lit, ok := b.Y.(*ast.BasicLit); ok && lit.Kind == token.INT {
			return lit.Value
		}
	}
	return ""
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
