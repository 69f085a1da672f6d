package ptx_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/compile"
	"github.com/gocuda/gocuda/internal/compile/ptx"
)

// TestMathForms writes a kernel calling math.Sin, math.Cos and math.Tanh
// and one calling math.Pow (the steps trig_ref_test.go and
// pow_ref_test.go check in Go): the modules pass Verify, the first
// declares trig_reduce.go's table once, and they are goldens
// (testdata/mathfn).
func TestMathForms(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a package")
	}
	pkgs, err := compile.Load("testdata/mathfn", ".")
	require.NoError(t, err)
	ks, err := compile.Kernels(pkgs)
	require.NoError(t, err)
	require.Len(t, ks, 2)
	for _, k := range ks {
		g := compile.GPUForms(k, nil)[0]
		require.NoError(t, g.Err)
		assert.NoError(t, ptx.Verify(g.PTX.Text))
		if k.Name() == "trig" {
			assert.Equal(t, 1, strings.Count(g.PTX.Text, ".global .align 8 .u64 gc_mpi4[20]"))
		}
		goldenIn(t, "testdata/mathfn", g.PTX.Entry+".ptx", g.PTX.Text)
	}
}
