package corpus_test

import (
	"go/types"
	"sort"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/internal/compile"
	"github.com/gocuda/gocuda/internal/compile/ptx"
)

// ptxFloor is how many of the corpora's kernels the GPU back end writes
// as PTX (every numeric instantiation of a generic one): the count may
// rise, and this floor with it, but must not fall.
const ptxFloor = 558

// TestPTXCoverage writes every kernel of the corpora as PTX, checks each
// module (ptx.Verify) and that no fewer are written than before, and logs
// the commonest reasons for the others.
func TestPTXCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every corpus package")
	}
	pkgs, err := compile.Load(".", "./...")
	if err != nil {
		t.Fatal(err)
	}
	ks, err := compile.Kernels(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	written := 0
	reasons := map[string]int{}
	for _, k := range ks {
		forms := compile.GPUForms(k, numericArgs)
		ok := len(forms) > 0
		for _, g := range forms {
			if g.Err == nil {
				if err := ptx.Verify(g.PTX.Text); err != nil {
					t.Errorf("%s: %v", g.PTX.Entry, err)
				}
			}
			if g.Err != nil {
				ok = false
				r := g.Err.Error()
				reasons[r[strings.Index(r, "ptx: ")+5:]]++
			}
		}
		if ok {
			written++
		}
	}
	var common []string
	for r := range reasons {
		common = append(common, r)
	}
	sort.Slice(common, func(i, j int) bool { return reasons[common[i]] > reasons[common[j]] })
	for _, r := range common[:min(10, len(common))] {
		t.Logf("%3d %s", reasons[r], r)
	}
	t.Logf("%d of %d kernels written as PTX", written, len(ks))
	if written < ptxFloor {
		t.Errorf("%d kernels written as PTX, fewer than the %d before", written, ptxFloor)
	}
}

// numericArgs admits instantiations with int, int32, float32 and float64.
func numericArgs(targs []types.Type) bool {
	for _, t := range targs {
		b, ok := t.(*types.Basic)
		if !ok {
			return false
		}
		switch b.Kind() {
		case types.Int, types.Int32, types.Float32, types.Float64:
		default:
			return false
		}
	}
	return true
}
