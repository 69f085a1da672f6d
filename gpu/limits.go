package gpu

// Limits are a compute capability's per-multiprocessor resources and the
// granularities they are allocated in, as the occupancy calculator uses
// them.
type Limits struct {
	ThreadsPerSM       int // resident threads per multiprocessor
	WarpsPerSM         int
	BlocksPerSM        int // resident blocks per multiprocessor
	MaxThreadsPerBlock int
	RegsPerSM          int // 32-bit registers per multiprocessor
	RegsPerBlock       int // registers one block may use
	RegUnit            int // register allocation granularity
	RegsPerBlockUnit   bool
	// RegsPerBlockUnit: registers are allocated per block (1.x) rather
	// than per warp.
	MaxRegsPerThread     int
	SmemPerSM            int // shared memory per multiprocessor, at the largest carveout
	MaxSmemPerBlock      int
	SmemUnit             int // shared memory allocation granularity
	ReservedSmemPerBlock int // shared memory the driver reserves per block (8.0+)
	WarpUnit             int // warps per block are rounded up to this (2 on 1.x)
	SubPartitions        int // register file partitions warps are spread over
}

// limits are GPU-MODELS.md §4.1's table.
var limits = map[Arch]Limits{
	SM10: g80(8192, 256),
	SM11: g80(8192, 256),
	SM12: gt200(),
	SM13: gt200(),
	SM20: {ThreadsPerSM: 1536, WarpsPerSM: 48, BlocksPerSM: 8, MaxThreadsPerBlock: 1024, RegsPerSM: 32768, RegsPerBlock: 32768,
		RegUnit: 64, MaxRegsPerThread: 63, SmemPerSM: 49152, MaxSmemPerBlock: 49152, SmemUnit: 128, WarpUnit: 1, SubPartitions: 1},
	SM30: kepler(63),
	SM35: kepler(255),
	SM50: modern(2048, 32, 65536, 49152, 256, 0, 4),
	SM52: modern(2048, 32, 98304, 49152, 256, 0, 4),
	SM60: modern(2048, 32, 65536, 49152, 256, 0, 2),
	SM70: modern(2048, 32, 98304, 98304, 256, 0, 4),
	SM75: modern(1024, 16, 65536, 65536, 256, 0, 4),
	SM80: modern(2048, 32, 167936, 166912, 128, 1024, 4),
	SM86: modern(1536, 16, 102400, 101376, 128, 1024, 4),
	SM89: modern(1536, 24, 102400, 101376, 128, 1024, 4),
	SM90: modern(2048, 32, 233472, 232448, 128, 1024, 4),
}

func g80(regs, unit int) Limits {
	return Limits{ThreadsPerSM: 768, WarpsPerSM: 24, BlocksPerSM: 8, MaxThreadsPerBlock: 512, RegsPerSM: regs, RegsPerBlock: regs,
		RegUnit: unit, RegsPerBlockUnit: true, MaxRegsPerThread: 124, SmemPerSM: 16384, MaxSmemPerBlock: 16384, SmemUnit: 512,
		WarpUnit: 2, SubPartitions: 1}
}

func gt200() Limits {
	l := g80(16384, 512)
	l.ThreadsPerSM, l.WarpsPerSM = 1024, 32
	return l
}

func kepler(maxRegs int) Limits {
	return Limits{ThreadsPerSM: 2048, WarpsPerSM: 64, BlocksPerSM: 16, MaxThreadsPerBlock: 1024, RegsPerSM: 65536, RegsPerBlock: 65536,
		RegUnit: 256, MaxRegsPerThread: maxRegs, SmemPerSM: 49152, MaxSmemPerBlock: 49152, SmemUnit: 256, WarpUnit: 1, SubPartitions: 4}
}

func modern(threads, blocks, smemSM, smemBlock, smemUnit, reserved, subparts int) Limits {
	return Limits{ThreadsPerSM: threads, WarpsPerSM: threads / 32, BlocksPerSM: blocks, MaxThreadsPerBlock: 1024,
		RegsPerSM: 65536, RegsPerBlock: 65536, RegUnit: 256, MaxRegsPerThread: 255, SmemPerSM: smemSM,
		MaxSmemPerBlock: smemBlock, SmemUnit: smemUnit, ReservedSmemPerBlock: reserved, WarpUnit: 1, SubPartitions: subparts}
}

// Limits returns the architecture's limits.
func (a Arch) Limits() Limits { return limits[a] }
