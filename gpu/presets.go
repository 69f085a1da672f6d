package gpu

// The presets, oldest first, each with the sources of its figures. "Not
// checked" marks a figure recalled from the source named but not read
// there when the preset was written: treat it as unsourced.
//
// Figures shared by several presets:
//   - Departure delays, the cycles between two warps' coalesced requests
//     leaving an SM (4) and between the transactions of an uncoalesced
//     one (10): Hong and Kim (ISCA 2009) for the Quadro FX5600, a G80,
//     as a public reimplementation of their worked example quotes them
//     (the paper was not opened here). No published figure exists for
//     later GPUs; theirs are kept.
//   - WavefrontCycles: 2 on 1.x, where a bank serves "32 bits per two
//     clock cycles" and a half-warp is one wavefront (CUDA C Programming
//     Guide 5.0, F.3.3); 1 later, a bank serving 32 bits per clock for a
//     whole warp (F.4.3, and the 12.x guide's §20.4.3 for 5.x and later).
//   - AtomicCycles: 1 from 3.x, whose L2 performs "one operation per
//     clock" on a common global address, 9 times Fermi's rate (NVIDIA's
//     Kepler GK110 whitepaper, 2012, not checked; the Nsight Visual
//     Studio Edition 4.7 User Guide, "Memory Statistics - Atomics", has
//     3.x's global atomics "dramatically" faster than earlier ones): 9 on
//     2.x, and 180 on 1.x, Fermi's atomics being "up to 20x faster" than
//     GT200's (NVIDIA's Fermi whitepaper, 2009, not checked).
//   - MulInstructions: 4 on 1.x, a 32-bit integer multiply taking 16
//     cycles against 4 for an add (CUDA Programming Guide 2.x,
//     §5.1.1.1); 1 later. DivInstructions: 20, the guide's "below 20
//     instructions" from 2.x on (CUDA C Programming Guide 4.x, §5.4.1),
//     and the least of its "tens of instructions" on 1.x.
//   - Lanes and Schedulers give the issue rate (IssueCycles): 8 lanes
//     and one scheduler per SM on 1.x, 32 and 2 on Fermi, 192 and 4 on
//     Kepler, 128 and 4 on Maxwell and Hopper, 64 and 2 on GP100, 64
//     and 4 on Volta to Ampere (the architecture whitepapers' SM
//     diagrams, not checked).
var presets = []GPU{
	// Ryoo et al. (PPoPP 2008, §2): 16 SMs of 8 SPs at 1.35 GHz, 86.4
	// GB/s. Hong and Kim's FX5600 (the same G80 chip): Mem_LD 420
	// cycles, as quoted above.
	{Name: "GeForce 8800 GTX", Key: "g80", Arch: SM10, SMs: 16, MHz: 1350, Lanes: 8, Schedulers: 1,
		BandwidthGBs: 86.4, MemLatency: 420, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 2,
		AtomicCycles: 180, MulInstructions: 4, DivInstructions: 20},
	// NVIDIA's launch figures as the launch reviews print them
	// (bit-tech, guru3d, June 2008): 240 SPs (30 SMs of 8) at 1296 MHz,
	// 141.7 GB/s. DRAM latency: Wong et al., "Demystifying GPU
	// Microarchitecture through Microbenchmarking" (ISPASS 2010), about
	// 440 cycles on this GPU (not checked), within the programming
	// guide's "400 to 600 clock cycles".
	{Name: "GeForce GTX 280", Key: "gt200", Arch: SM13, SMs: 30, MHz: 1296, Lanes: 8, Schedulers: 1,
		BandwidthGBs: 141.7, MemLatency: 440, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 2,
		AtomicCycles: 180, MulInstructions: 4, DivInstructions: 20},
	// 480 cores (15 SMs of 32), 177.4 GB/s (hwcompare.com's copy of the
	// specification); the 1401 MHz shader clock is the 1.35 TFLOPS
	// (hmc-tech.com) over 480 cores' two operations a cycle. DRAM
	// latency 600 cycles: of the order Mei and Chu report for Fermi
	// ("Dissecting GPU Memory Hierarchy through Microbenchmarking",
	// 2016), not checked.
	{Name: "GeForce GTX 480", Key: "gf100", Arch: SM20, SMs: 15, MHz: 1401, Lanes: 32, Schedulers: 2,
		BandwidthGBs: 177.4, MemLatency: 600, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 9, MulInstructions: 1, DivInstructions: 20},
	// NVIDIA's K20X specification (14 SMX of 192 cores, 732 MHz, 250
	// GB/s): not checked. DRAM latency 230 cycles: recalled from the
	// Kepler figures of Mei and Chu and of Jia et al. ("Dissecting the
	// NVIDIA Volta GPU Architecture via Microbenchmarking", 2018), not
	// checked.
	{Name: "Tesla K20X", Key: "gk110", Arch: SM35, SMs: 14, MHz: 732, Lanes: 192, Schedulers: 4,
		BandwidthGBs: 250, MemLatency: 230, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 1, MulInstructions: 1, DivInstructions: 20},
	// Mei and Chu's introduction: 4,612 GFLOP/s (2048 cores, 16 SMM of
	// 128, at 1126 MHz base, two operations a cycle) and 224 GB/s. DRAM
	// latency 370 cycles: of the order they report for Maxwell, not
	// checked.
	{Name: "GeForce GTX 980", Key: "gm204", Arch: SM52, SMs: 16, MHz: 1126, Lanes: 128, Schedulers: 4,
		BandwidthGBs: 224, MemLatency: 370, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 1, MulInstructions: 1, DivInstructions: 20},
	// P100 SXM2: 56 SMs, 1480 MHz boost, 732.2 GB/s (the TechPowerUp
	// database as sysrqmts.com mirrors it). DRAM latency 400 cycles:
	// recalled from Jia et al.'s Pascal figure, not checked.
	{Name: "Tesla P100", Key: "gp100", Arch: SM60, SMs: 56, MHz: 1480, Lanes: 64, Schedulers: 2,
		BandwidthGBs: 732, MemLatency: 400, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 1, MulInstructions: 1, DivInstructions: 20},
	// V100: 80 SMs of 64 FP32 lanes (the V100 whitepaper, as summaries
	// quote it), 900 GB/s; the SXM2's 1530 MHz boost is not checked.
	// DRAM latency 375 cycles: recalled from Jia et al. (2018), not
	// checked.
	{Name: "Tesla V100", Key: "gv100", Arch: SM70, SMs: 80, MHz: 1530, Lanes: 64, Schedulers: 4,
		BandwidthGBs: 900, MemLatency: 375, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 1, MulInstructions: 1, DivInstructions: 20},
	// 4352 cores (68 SMs of 64), 616 GB/s (reviews' copies of NVIDIA's
	// specification); 1545 MHz is the reference boost clock (the
	// Founders Edition's is 1635), not checked. DRAM latency 300 cycles:
	// recalled from Jia et al.'s Turing report (2019), not checked.
	{Name: "GeForce RTX 2080 Ti", Key: "tu102", Arch: SM75, SMs: 68, MHz: 1545, Lanes: 64, Schedulers: 4,
		BandwidthGBs: 616, MemLatency: 300, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 1, MulInstructions: 1, DivInstructions: 20},
	// A100 SXM4 40 GB: 108 SMs, 1410 MHz boost, 1555 GB/s (TechPowerUp
	// via sysrqmts.com). DRAM latency 400 cycles: no source checked.
	{Name: "A100 SXM4", Key: "ga100", Arch: SM80, SMs: 108, MHz: 1410, Lanes: 64, Schedulers: 4,
		BandwidthGBs: 1555, MemLatency: 400, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 1, MulInstructions: 1, DivInstructions: 20},
	// H100 SXM5: 132 SMs of 128 FP32 cores, 1.98 GHz, 3.35 TB/s
	// (glennklockwood.com's notes from NVIDIA's Hopper documents). DRAM
	// latency 480 cycles: no source checked.
	{Name: "H100 SXM5", Key: "gh100", Arch: SM90, SMs: 132, MHz: 1980, Lanes: 128, Schedulers: 4,
		BandwidthGBs: 3350, MemLatency: 480, DepartureCoalesced: 4, DepartureUncoalesced: 10, WavefrontCycles: 1,
		AtomicCycles: 1, MulInstructions: 1, DivInstructions: 20},
}
