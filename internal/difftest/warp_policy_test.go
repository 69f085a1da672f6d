package difftest

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// hostScan returns in scanned inclusively in runs of run elements.
func hostScan(in []int32, run int) []int32 {
	out := make([]int32, len(in))
	for i, v := range in {
		out[i] = v
		if i%run > 0 {
			out[i] += out[i-1]
		}
	}
	return out
}

// requireInstances requires the generated files of warp_policy.go (both
// builds', and each build's own) to have a compiled body of kernel for
// each instantiation named (as kir.Source.InstanceName names them), so
// that the tests compare compiled code with the runtime path.
func requireInstances(t *testing.T, kernel string, instances ...string) {
	t.Helper()
	var src []byte
	for _, name := range []string{"warp_policy_gocuda.go", "warp_policy_gocuda_nosimd.go", "warp_policy_gocuda_simd.go"} {
		b, err := os.ReadFile(name)
		require.True(t, err == nil || os.IsNotExist(err), "%s: %v", name, err)
		src = append(src, b...)
	}
	for _, in := range instances {
		body := "func gc_body_" + kernel + "_" + in + "("
		require.True(t, strings.Contains(string(src), body), "no compiled instantiation %s", body)
	}
}

// TestWarpPolicyScan runs the Handbook's block scan with each warp
// policy, a zero value of the kernel's type parameter, against the
// host's scan of each block.
func TestWarpPolicyScan(t *testing.T) {
	requireInstances(t, "warpPolicyScanKernel", "shuffleWarp", "sharedWarp", "forwardWarp_shuffleWarp", "forwardWarp_sharedWarp")
	const n, bs = 1024, 256
	in := randInts(n)
	kernels := map[string]func(in, out []int32) func(*gocuda.Thread){
		"shuffle":         WarpPolicyScanKernel[shuffleWarp],
		"shared":          WarpPolicyScanKernel[sharedWarp],
		"forward shuffle": WarpPolicyScanKernel[forwardWarp[shuffleWarp]],
		"forward shared":  WarpPolicyScanKernel[forwardWarp[sharedWarp]],
	}
	for name, kernel := range kernels {
		t.Run(name, func(t *testing.T) {
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
				return out, f.launch(cfg, kernel(in, out))
			})
			require.Equal(t, hostScan(in, bs), got)
		})
	}
}

// TestWarpPolicyWith runs the warp scan of a policy passed to the kernel,
// a pointer configuring the runs it scans, and a value.
func TestWarpPolicyWith(t *testing.T) {
	requireInstances(t, "warpPolicyWithKernel", "ptr_levelsWarp", "shuffleWarp", "forwardWarp_ptr_levelsWarp")
	const n, bs = 512, 128
	in := randInts(n)
	for _, levels := range []int{5, 3} {
		policies := map[string]func(in, out []int32) func(*gocuda.Thread){
			"pointer": func(in, out []int32) func(*gocuda.Thread) {
				return WarpPolicyWithKernel(&levelsWarp{levels: levels}, in, out)
			},
			"forward pointer": func(in, out []int32) func(*gocuda.Thread) {
				return WarpPolicyWithKernel(forwardWarp[*levelsWarp]{in: &levelsWarp{levels: levels}}, in, out)
			},
		}
		if levels == 5 {
			policies["value"] = func(in, out []int32) func(*gocuda.Thread) { return WarpPolicyWithKernel(shuffleWarp{}, in, out) }
		}
		for name, kernel := range policies {
			t.Run(fmt.Sprint(name, " levels ", levels), func(t *testing.T) {
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, n)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
					return out, f.launch(cfg, kernel(in, out))
				})
				require.Equal(t, hostScan(in, 1<<levels), got)
			})
		}
	}
}

// TestWarpPolicyCounted runs the scan of a policy with pointer receivers
// on each thread's own state: each sum plus the one call it counted.
func TestWarpPolicyCounted(t *testing.T) {
	requireInstances(t, "warpPolicyCountedKernel", "countedWarp_ptr_countedWarp")
	const n, bs = 256, 64
	in := randInts(n)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
		return out, f.launch(cfg, WarpPolicyCountedKernel[countedWarp](in, out))
	})
	want := hostScan(in, gocuda.WarpSize)
	for i := range want {
		want[i]++
	}
	require.Equal(t, want, got)
}

// testWarp is a policy gocuda compile does not see (test files are not
// compiled): the constructor's switch has no case for it.
type testWarp struct{ shuffleWarp }

// TestWarpPolicyOther: a type argument the package's generated file has
// no case for runs the kernel on the runtime path, with the same result.
func TestWarpPolicyOther(t *testing.T) {
	const n, bs = 256, 128
	in := randInts(n)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
		return out, f.launch(cfg, WarpPolicyScanKernel[testWarp](in, out))
	})
	require.Equal(t, hostScan(in, bs), got)
}
