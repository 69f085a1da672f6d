package ptx_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gocuda/gocuda/internal/compile/ptx"
)

// TestPTXWellFormed checks what ptxas would reject in every golden module
// without needing ptxas: each register used is declared, each branch
// target is a label of the entry, and each instruction that writes one
// writes a register, not a constant.
func TestPTXWellFormed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.ptx"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden modules: %v", err)
	}
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := ptx.Verify(string(text)); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// TestWellFormedCatches keeps the checker honest: each defect it looks
// for is found.
func TestWellFormedCatches(t *testing.T) {
	base := "\t.reg .b64 %rd<2>;\n"
	for _, bad := range []string{
		"\t.reg .b64 %rd<2>;\n\tmov.b64 32, %rd1;\n",
		"\t.reg .b64 %rd<2>;\n\tmov.b64 %rd2, 1;\n",
		"\t.reg .b64 %rd<2>;\n\tbra.uni $L9;\n",
		"\t.reg .b64 %rd<2>;\n\t.reg .b32 %r<2>;\n\tadd.s64 %rd1, %r1, 3;\n",
		"\t.reg .b32 %r<2>;\n\tneg.u32 %r1, %r0;\n",
	} {
		if ptx.Verify(bad) == nil {
			t.Errorf("no defect found in %q", bad)
		}
	}
	if err := ptx.Verify(base + "\tmov.b64 %rd1, 1;\n"); err != nil {
		t.Errorf("a good module: %v", err)
	}
}
