package ptx_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/compile"
	"github.com/gocuda/gocuda/internal/compile/ptx"
)

// TestStructParams: a struct parameter is declared as its fields in
// order, nested structs' too (p_w_0, p_w_1, a slice's address and
// length...), which is how gocuda's launch flattens a struct argument;
// a struct whose pointer method is called (a local, a parameter) lives in
// local memory. A slice in global memory (a field of a struct a
// pointer parameter points to, an element of a slice of slices) is
// loaded as its address and length; one in local memory (a struct
// parameter whose pointer method is called) is stored and loaded there.
// The modules are goldens (testdata/params/*.ptx) and pass
// Verify.
func TestStructParams(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a package")
	}
	pkgs, err := compile.Load("testdata/params", ".")
	require.NoError(t, err)
	ks, err := compile.Kernels(pkgs)
	require.NoError(t, err)
	require.Len(t, ks, 4)
	for _, k := range ks {
		g := compile.GPUForms(k, nil)[0]
		require.NoError(t, g.Err, k.Name())
		assert.NoError(t, ptx.Verify(g.PTX.Text), k.Name())
		goldenIn(t, "testdata/params", g.PTX.Entry+".ptx", g.PTX.Text)
		if k.Name() == "step" {
			assert.Contains(t, g.PTX.Text, "\tld.global.u64 %rd10, [%rd8+8];\n", "s.cost's length")
		}
		if k.Name() == "rowsKernel" {
			assert.Contains(t, g.PTX.Text, "\tst.local.u64 [", "r's slices stored in local memory")
		}
		if k.Name() != "scale" {
			continue
		}
		assert.Equal(t, "params.window", g.PTX.Params[0].Go.String()[strings.LastIndex(g.PTX.Params[0].Go.String(), "/")+1:])
		var decls []string
		for _, l := range strings.Split(g.PTX.Text, "\n") {
			if l = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l), ",")); strings.HasPrefix(l, ".param ") {
				decls = append(decls, l)
			}
		}
		assert.Equal(t, []string{".param .s32 p_w_0", ".param .f32 p_w_1", ".param .u64 p_w_2", ".param .u64 p_w_2_len",
			".param .u64 p_w_3", ".param .s64 p_w_4_0", ".param .s64 p_w_4_1", ".param .u32 p_w_5",
			".param .u64 p_out", ".param .u64 p_out_len"}, decls)
	}
}
