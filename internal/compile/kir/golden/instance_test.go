package golden_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// TestInstanceGolden: a generic kernel refused as a whole for a method
// of its type parameter (Refusal.Instantiate) runs the pipeline per
// instantiation with its package's types (kir.Instances); each one's
// trace is the golden file kernel.instance.golden (go test -update
// writes them).
func TestInstanceGolden(t *testing.T) {
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	for _, d := range dirs {
		names, srcs := sources(t, "src/"+d.Name())
		for _, name := range names {
			for _, is := range instances(srcs[name]) {
				t.Run(d.Name()+"/"+name+"."+is.InstanceName(), func(t *testing.T) {
					compareGolden(t, filepath.Join("testdata", "src", d.Name(), name+"."+is.InstanceName()+".golden"), trace(t, is))
				})
			}
		}
	}
}

// instances returns src instantiated with each type-argument list of
// its package, where the pipeline refuses it as a whole for a method of
// its type parameter; nil otherwise.
func instances(src *kir.Source) []*kir.Source {
	if _, r := kir.Run(src, "", nil); r == nil || !r.Instantiate {
		return nil
	}
	var out []*kir.Source
	for _, targs := range kir.Instances(src) {
		out = append(out, kir.Instantiate(src, targs))
	}
	return out
}
