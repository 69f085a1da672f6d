package golden_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// TestRefusalReasons: each of these refusal reasons comes only from the
// kernels of the testdata that hold the construct it names, so that a
// reason never stands for another cause (a policy's method called on a
// type parameter was once refused as a barrier inside an expression).
// A kernel compiled per instantiation (kernel.instance) has its
// instantiations' reasons.
func TestRefusalReasons(t *testing.T) {
	reasons := map[string][]string{
		"a barrier inside an expression": {"refuse/barrierSend", "refuse/sendTypeParam.countSend"},
		"of type parameter P synchronizes through a method known only at instantiation": {"refuse/helperTypeParam", "refuse/ownTypeParam",
			"refuse/sendTypeParam", "policy/own", "policy/param", "policyhelper/viaHelper", "policyhelper/counting"},
	}
	got := map[string][]string{}
	record := func(kernel string, src *kir.Source) {
		_, r := kir.Run(src, "", nil)
		for reason := range reasons {
			if r != nil && strings.Contains(r.Reason, reason) {
				got[reason] = append(got[reason], kernel)
			}
		}
	}
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	for _, d := range dirs {
		names, srcs := sources(t, "src/"+d.Name())
		for _, name := range names {
			record(d.Name()+"/"+name, srcs[name])
			for _, is := range instances(srcs[name]) {
				record(d.Name()+"/"+name+"."+is.InstanceName(), is)
			}
		}
	}
	for reason, want := range reasons {
		assert.ElementsMatch(t, want, got[reason], "kernels refused with %q", reason)
	}
}
