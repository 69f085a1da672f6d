package gpu

import (
	"fmt"
	"strings"
)

// A GPU is one product of an architecture, with the figures the timing
// model (Predict) needs. Every figure of a preset (presets.go) names its
// source there and in docs/tutorials/timing.md, or says that it has none
// that could be checked; none is fitted to the times the model is tested
// against.
type GPU struct {
	Name string // "GeForce 8800 GTX"
	Key  string // the short name -gpu takes: "g80"
	Arch Arch
	SMs  int     // streaming multiprocessors
	MHz  float64 // the SMs' clock, the one instruction latencies count in
	// Lanes is the FP32 lanes (CUDA cores) of one SM: a warp instruction
	// of 32 threads occupies them 32/Lanes cycles, and Schedulers warp
	// instructions at most issue per cycle.
	Lanes, Schedulers int
	// BandwidthGBs is the DRAM bandwidth in GB/s (10^9 bytes).
	BandwidthGBs float64
	// MemLatency is a global load's latency from DRAM, in cycles.
	MemLatency float64
	// DepartureCoalesced and DepartureUncoalesced are Hong and Kim's
	// departure delays: the cycles between two warps' coalesced memory
	// requests leaving an SM, and between the transactions of an
	// uncoalesced one.
	DepartureCoalesced, DepartureUncoalesced float64
	// WavefrontCycles is the cycles one shared-memory wavefront (a
	// half-warp step on 1.x, a warp step later) holds the banks: a bank
	// conflict replays it, as does each serialized step of a shared
	// atomic (see atomic.go).
	WavefrontCycles float64
	// AtomicCycles is the cycles the L2 cache takes per atomic operation
	// on one address: a warp's global atomic whose lanes name one address
	// k times waits k-1 of them beyond its memory latency (see atomic.go).
	AtomicCycles float64
	// MulInstructions is the issue slots of a 32-bit integer multiply, in
	// instructions: 4 on 1.x ("32-bit integer multiplication takes 16
	// clock cycles", against 4 for an add: CUDA Programming Guide 2.x,
	// 5.1.1.1), 1 later. DivInstructions is an integer division's or
	// remainder's: "tens of instructions" on 1.x, "below 20" later (CUDA
	// C Programming Guide 4.x-5.x, 5.4.1): 20 on every GPU.
	MulInstructions, DivInstructions float64
}

// IssueCycles returns the cycles one SM needs to issue one warp
// instruction when no other limits it: 32 threads over the SM's lanes, or
// one cycle per scheduler.
func (g GPU) IssueCycles() float64 {
	return max(32/float64(g.Lanes), 1/float64(g.Schedulers))
}

// String returns the GPU's name and architecture: "GeForce 8800 GTX (sm_10)".
func (g GPU) String() string { return fmt.Sprintf("%s (%s)", g.Name, g.Arch) }

// Presets returns the modelled GPUs, oldest first.
func Presets() []GPU { return append([]GPU(nil), presets...) }

// PresetFor returns the default GPU of architecture a: the preset of that
// compute capability, if there is one.
func PresetFor(a Arch) (GPU, bool) {
	for _, g := range presets {
		if g.Arch == a {
			return g, true
		}
	}
	return GPU{}, false
}

// LookupGPU returns the preset named s: its Key ("g80", "gv100") or its
// Name ("Tesla V100"), in any case.
func LookupGPU(s string) (GPU, error) {
	for _, g := range presets {
		if strings.EqualFold(s, g.Key) || strings.EqualFold(s, g.Name) {
			return g, nil
		}
	}
	keys := make([]string, len(presets))
	for i, g := range presets {
		keys[i] = g.Key
	}
	return GPU{}, fmt.Errorf("gpu: no GPU named %q (%s)", s, strings.Join(keys, ", "))
}
