package gpu

import (
	"fmt"
	"strings"
)

// A GPU is one product of an architecture, with the figures the timing
// model (Predict) needs. Every figure is taken from a specification or a
// published microbenchmark named in its preset's comment, never fitted
// to the times the model is tested against (docs/tutorials/timing.md
// lists the sources).
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
	// conflict replays it.
	WavefrontCycles float64
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

// The presets. Clocks, SM and lane counts and bandwidths are the vendor's
// specifications (product pages and architecture whitepapers); latencies
// are published microbenchmarks: Wong et al., "Demystifying GPU
// Microarchitecture through Microbenchmarking" (ISPASS 2010) for GT200,
// whose 440-cycle global latency sits in the CUDA C Programming Guide
// 2.x-4.x's "400 to 600 clock cycles" and serves G80 too; Jia et al.,
// "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking"
// (2018) and its Turing sequel (2019) for Kepler to Turing; Hong and Kim
// (ISCA 2009) for the departure delays, measured on G80-class parts and
// kept for later GPUs, which have no published equivalent. Shared memory
// serves a half-warp per two cycles on 1.x (CUDA C Programming Guide
// 5.0, F.3.3: "32 bits per two clock cycles" per bank) and a warp per
// cycle from Fermi on.
var presets = []GPU{
	{Name: "GeForce 8800 GTX", Key: "g80", Arch: SM10, SMs: 16, MHz: 1350, Lanes: 8, Schedulers: 1,
		BandwidthGBs: 86.4, MemLatency: 420, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 2,
		MulInstructions: 4, DivInstructions: 20},
	{Name: "GeForce GTX 280", Key: "gt200", Arch: SM13, SMs: 30, MHz: 1296, Lanes: 8, Schedulers: 1,
		BandwidthGBs: 141.7, MemLatency: 440, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 2,
		MulInstructions: 4, DivInstructions: 20},
	{Name: "GeForce GTX 480", Key: "gf100", Arch: SM20, SMs: 15, MHz: 1401, Lanes: 32, Schedulers: 2,
		BandwidthGBs: 177.4, MemLatency: 600, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
	{Name: "Tesla K20X", Key: "gk110", Arch: SM35, SMs: 14, MHz: 732, Lanes: 192, Schedulers: 4,
		BandwidthGBs: 250, MemLatency: 230, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
	{Name: "GeForce GTX 980", Key: "gm204", Arch: SM52, SMs: 16, MHz: 1126, Lanes: 128, Schedulers: 4,
		BandwidthGBs: 224, MemLatency: 370, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
	{Name: "Tesla P100", Key: "gp100", Arch: SM60, SMs: 56, MHz: 1480, Lanes: 64, Schedulers: 2,
		BandwidthGBs: 732, MemLatency: 400, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
	{Name: "Tesla V100", Key: "gv100", Arch: SM70, SMs: 80, MHz: 1530, Lanes: 64, Schedulers: 4,
		BandwidthGBs: 900, MemLatency: 375, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
	{Name: "GeForce RTX 2080 Ti", Key: "tu102", Arch: SM75, SMs: 68, MHz: 1545, Lanes: 64, Schedulers: 4,
		BandwidthGBs: 616, MemLatency: 300, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
	{Name: "A100 SXM4", Key: "ga100", Arch: SM80, SMs: 108, MHz: 1410, Lanes: 64, Schedulers: 4,
		BandwidthGBs: 1555, MemLatency: 400, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
	{Name: "H100 SXM5", Key: "gh100", Arch: SM90, SMs: 132, MHz: 1980, Lanes: 128, Schedulers: 4,
		BandwidthGBs: 3350, MemLatency: 480, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		MulInstructions: 1, DivInstructions: 20},
}

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
