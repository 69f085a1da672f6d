package gpu

import (
	"fmt"
	"math"
)

// A Limit is a resource that bounds a kernel's resident blocks.
type Limit uint8

// The limits, as cuda_occupancy.h's OCC_LIMIT_* bits.
const (
	LimitWarps        Limit = 1 << iota // threads (warps) per multiprocessor
	LimitRegisters                      // registers
	LimitSharedMemory                   // shared memory
	LimitBlocks                         // the blocks-per-multiprocessor cap
)

// String names the limits set in l, such as "registers+warps".
func (l Limit) String() string {
	names := []string{"warps", "registers", "shared memory", "blocks"}
	s := ""
	for i, n := range names {
		if l&(1<<i) != 0 {
			if s != "" {
				s += "+"
			}
			s += n
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

// An Occupancy is how many blocks of a kernel one multiprocessor keeps
// resident, and why no more.
type Occupancy struct {
	Arch        Arch
	BlocksPerSM int
	WarpsPerSM  int     // BlocksPerSM times the block's warps
	Fraction    float64 // WarpsPerSM over the multiprocessor's warps
	Limiting    Limit   // every resource whose bound is the minimum
	// The bound each resource alone sets, in blocks (math.MaxInt where it
	// sets none).
	ByWarps, ByRegisters, BySharedMemory, ByBlocks int
}

// OccupancyMaxActiveBlocksPerMultiprocessor is
// cudaOccMaxActiveBlocksPerMultiprocessor for the architecture: the
// blocks of blockSize threads, each thread using regsPerThread registers
// and each block smemPerBlock bytes of shared memory (static plus
// dynamic), that one multiprocessor keeps resident. A configuration that
// cannot launch at all (a block too large, too many registers or too much
// shared memory) is an error.
func (a Arch) OccupancyMaxActiveBlocksPerMultiprocessor(blockSize, regsPerThread, smemPerBlock int) (Occupancy, error) {
	l, ok := limits[a]
	switch {
	case !ok:
		return Occupancy{}, fmt.Errorf("gpu: architecture %s is not modelled", a)
	case blockSize < 1 || blockSize > l.MaxThreadsPerBlock:
		return Occupancy{}, fmt.Errorf("gpu: %s: a block of %d threads (1 to %d)", a, blockSize, l.MaxThreadsPerBlock)
	case regsPerThread < 0 || regsPerThread > l.MaxRegsPerThread:
		return Occupancy{}, fmt.Errorf("gpu: %s: %d registers per thread (at most %d)", a, regsPerThread, l.MaxRegsPerThread)
	case smemPerBlock < 0 || smemPerBlock > l.MaxSmemPerBlock:
		return Occupancy{}, fmt.Errorf("gpu: %s: %d bytes of shared memory per block (at most %d)", a, smemPerBlock, l.MaxSmemPerBlock)
	}
	warps := roundUp(ceilDiv(blockSize, 32), l.WarpUnit)
	o := Occupancy{Arch: a, ByWarps: l.WarpsPerSM / warps, ByBlocks: l.BlocksPerSM}
	o.ByRegisters = l.registerBound(a, regsPerThread, warps)
	if o.ByRegisters == 0 {
		return Occupancy{}, fmt.Errorf("gpu: %s: a block of %d threads with %d registers each needs more registers than a block may have", a, blockSize, regsPerThread)
	}
	o.BySharedMemory = math.MaxInt
	if smem := roundUp(smemPerBlock+l.ReservedSmemPerBlock, l.SmemUnit); smem > 0 {
		o.BySharedMemory = l.SmemPerSM / smem
	}
	o.BlocksPerSM = min(o.ByWarps, o.ByRegisters, o.BySharedMemory, o.ByBlocks)
	for limit, bound := range map[Limit]int{LimitWarps: o.ByWarps, LimitRegisters: o.ByRegisters, LimitSharedMemory: o.BySharedMemory, LimitBlocks: o.ByBlocks} {
		if bound == o.BlocksPerSM {
			o.Limiting |= limit
		}
	}
	o.WarpsPerSM = o.BlocksPerSM * ceilDiv(blockSize, 32)
	o.Fraction = float64(o.WarpsPerSM) / float64(l.WarpsPerSM)
	return o, nil
}

// registerBound is the blocks the register file holds, with registers
// allocated per block (1.x) or per warp over the sub-partitions (2.x+);
// zero if one block does not fit.
func (l Limits) registerBound(a Arch, regsPerThread, warps int) int {
	if regsPerThread == 0 {
		return math.MaxInt
	}
	if l.RegsPerBlockUnit {
		perBlock := roundUp(regsPerThread*32*warps, l.RegUnit)
		if perBlock > l.RegsPerBlock {
			return 0
		}
		return l.RegsPerSM / perBlock
	}
	unit := l.RegUnit
	if a == SM20 && fermiWideUnit(regsPerThread) {
		unit = 128
	}
	perWarp := roundUp(regsPerThread*32, unit)
	if l.RegsPerBlock < perWarp*roundUp(warps, l.SubPartitions) || l.RegsPerBlock < perWarp*warps {
		return 0
	}
	perPartition := (l.RegsPerSM / l.SubPartitions) / perWarp
	return perPartition * l.SubPartitions / warps
}

// fermiWideUnit reports the register counts for which sm_20 allocates in
// units of 128 (cuda_occupancy.h's cudaOccRegAllocationGranularity).
func fermiWideUnit(regs int) bool {
	switch regs {
	case 21, 22, 29, 30, 37, 38, 45, 46:
		return true
	}
	return false
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func roundUp(a, b int) int { return ceilDiv(a, b) * b }
