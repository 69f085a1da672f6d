package compile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

// TestInstancesGPU: a kernel compiled per instantiation (a policy
// template) gets, with -gpu, the GPU form of each compiled instantiation
// the back end writes (the reason for any other would be NoGPU's, as for
// other kernels: result.addGPU), and a probe in its per-thread form (a
// variadic parameter handed as its slice); the files type-check.
func TestInstancesGPU(t *testing.T) {
	files := generateGPU(t, "policy")
	src := string(files[0].Source)
	assert.Contains(t, src, "gc_thread := func(gc_t *gocuda.Thread) {\n\t\tif compiled.Probing(gc_t) {\n\t\t\tcompiled.ProbeArgs(gc_t, p, in, out, scale)")
	assert.Contains(t, src, `compiled.PTX{Entry: "scan_ptr_scaled", Pack: gc_ptx_policy, Params: []string{"*policy.scaled", "[]int32", "[]int32", "[]int32"}`)
	// shfl, an empty struct passed by value, takes no parameter.
	assert.Contains(t, src, `compiled.PTX{Entry: "scan_shfl", Pack: gc_ptx_policy, Params: []string{"policy.shfl", "[]int32", "[]int32", "[]int32"}`)
	assert.NotContains(t, src, ".NoGPU(")
	var ptxFile *File
	overlay := map[string][]byte{}
	for _, f := range files {
		overlay[f.Path] = f.Source
		if strings.HasSuffix(f.Path, "_gocuda_ptx.go") {
			ptxFile = f
		}
	}
	require.NotNil(t, ptxFile, "no PTX pack file")
	require.Len(t, ptxFile.PTX, 2)
	assert.Equal(t, "scan_ptr_scaled", ptxFile.PTX[0].Entry)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedTypes | packages.NeedName, Overlay: overlay}, "./testdata/src/policy")
	require.NoError(t, err)
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	}
}
