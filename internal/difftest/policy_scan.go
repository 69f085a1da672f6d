package difftest

import "github.com/gocuda/gocuda/gocuda"

// Warp scans written as policy templates, as The CUDA Handbook writes its
// scans (github.com/ArchaeaSoftware/cudahandbook, scan/): a template
// parameter supplies the step, which Go writes as a type parameter
// constrained by an interface, called by a generic helper. Kernels pick
// the policy: a value receiver, a pointer receiver with state, and a
// policy wrapping another.

// scanPolicy is what policyInclusive calls on its policy: one step of an
// inclusive warp scan at a distance.
type scanPolicy interface {
	step(t *gocuda.Thread, v int32, offset int) int32
}

// shflScanPolicy steps with a shuffle up, scanWarpShuffle's step.
type shflScanPolicy struct{}

func (shflScanPolicy) step(t *gocuda.Thread, v int32, offset int) int32 {
	u := gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	if t.LaneID() >= offset {
		v += u
	}
	return v
}

// countedScanPolicy is shflScanPolicy with a pointer receiver counting
// its steps.
type countedScanPolicy struct{ steps int32 }

func (p *countedScanPolicy) step(t *gocuda.Thread, v int32, offset int) int32 {
	p.steps++
	return shflScanPolicy{}.step(t, v, offset)
}

// nestedScanPolicy forwards to an inner policy.
type nestedScanPolicy[In scanPolicy] struct{ in In }

func (p nestedScanPolicy[In]) step(t *gocuda.Thread, v int32, offset int) int32 {
	return p.in.step(t, v, offset)
}

// policyInclusive is the Handbook's inclusive warp scan over policy p.
func policyInclusive[P scanPolicy](t *gocuda.Thread, p P, v int32) int32 {
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		v = p.step(t, v, offset)
	}
	return v
}

// PolicyScanKernel scans in over each warp into out with the policy
// picked by kind: 0 a value receiver, 1 a pointer receiver (out also
// counts its steps), 2 a nested policy.
//
//gocuda:kernel PolicyScanKernel
func policyScanKernel(t *gocuda.Thread, in, out []int32, kind int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	switch kind {
	case 0:
		out[i] = policyInclusive(t, shflScanPolicy{}, in[i])
	case 1:
		p := &countedScanPolicy{}
		v := policyInclusive(t, p, in[i])
		out[i] = v + p.steps
	default:
		out[i] = policyInclusive(t, nestedScanPolicy[shflScanPolicy]{}, in[i])
	}
}
