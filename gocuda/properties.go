package gocuda

import (
	"runtime"
	"slices"
	"sync"

	"github.com/klauspost/cpuid/v2"
)

// The compute capability gocuda emulates, reported as DeviceProp.Major and
// DeviceProp.Minor: 9.0 (Hopper, sm_90). Kernels see the semantics of
// Volta's independent thread scheduling (lanes of a warp are not lockstep
// between collectives; warp-synchronous code needs SyncWarp), the warp
// reduce intrinsics of sm_80, and the shared-memory limits of sm_90
// (SharedMemPerBlockOptin). Features gocuda does not offer (thread block
// clusters, tensor cores, TMA) are not implied.
const (
	ComputeCapabilityMajor = 9
	ComputeCapabilityMinor = 0
)

// Further limits of the emulated device, as on compute capability 9.0.
const (
	// TotalConstMem is the size of the constant memory space in bytes
	// (64 KiB).
	TotalConstMem = 64 << 10

	// SharedMemPerMultiprocessor is the shared memory of one multiprocessor
	// in bytes (228 KiB, as on sm_90, where 1 KiB of it is reserved for
	// each resident block). A gocuda worker runs one block at a time, so
	// it holds at most one block's arena, of at most
	// SharedMemPerBlockOptin bytes.
	SharedMemPerMultiprocessor = 228 << 10

	// MaxThreadsPerMultiProcessor is the most threads one multiprocessor
	// keeps resident on sm_90 (2048, that is 64 warps). It is reported for
	// occupancy arithmetic written for CUDA (sizing a grid-stride grid as
	// multiprocessors × threads per multiprocessor, say); a gocuda worker
	// runs one block at a time.
	MaxThreadsPerMultiProcessor = 2048
)

// DeviceProp describes a device, as cudaDeviceProp does a GPU; each field
// names the cudaDeviceProp field it mirrors. Device.Properties returns it.
//
// Fields of cudaDeviceProp with no honest value on a CPU are left out:
// registers (a Go kernel has no register budget), the memory clock and bus
// width, PCI location, texture and surface limits. The host processor is
// described in CPU.
type DeviceProp struct {
	// Name is name: the CPU's brand string followed by " (gocuda)".
	Name string

	// TotalGlobalMem is totalGlobalMem: the device's global memory in
	// bytes, the total of MemGetInfo (WithGlobalMem, by default the
	// machine's physical memory).
	TotalGlobalMem int64

	// SharedMemPerBlock is sharedMemPerBlock: the shared memory a block may
	// use without opting in (the constant SharedMemPerBlock, 48 KiB).
	SharedMemPerBlock int

	// SharedMemPerBlockOptin is sharedMemPerBlockOptin: the most a launch
	// may opt in to with Config.MaxSharedMem (227 KiB).
	SharedMemPerBlockOptin int

	// SharedMemPerMultiprocessor is sharedMemPerMultiprocessor (the
	// constant SharedMemPerMultiprocessor, 228 KiB).
	SharedMemPerMultiprocessor int

	// WarpSize is warpSize: 32 threads.
	WarpSize int

	// MaxThreadsPerBlock is maxThreadsPerBlock: 1024.
	MaxThreadsPerBlock int

	// MaxThreadsDim is maxThreadsDim: the largest block, per dimension
	// (1024, 1024, 64).
	MaxThreadsDim [3]int

	// MaxGridSize is maxGridSize: the largest grid, per dimension
	// (2^31-1, 65535, 65535).
	MaxGridSize [3]int

	// TotalConstMem is totalConstMem: constant memory in bytes (64 KiB).
	TotalConstMem int

	// Major and Minor are major and minor, the compute capability gocuda
	// emulates: ComputeCapabilityMajor.ComputeCapabilityMinor (9.0).
	Major, Minor int

	// ClockRate is clockRate: the clock in kHz, the CPU's maximum (boost)
	// frequency, else its base frequency, or 0 if cpuid cannot tell.
	ClockRate int

	// MultiProcessorCount is multiProcessorCount: the device's worker
	// goroutines (Workers, set by WithWorkers).
	MultiProcessorCount int

	// MaxThreadsPerMultiProcessor is maxThreadsPerMultiProcessor (the
	// constant MaxThreadsPerMultiProcessor, 2048).
	MaxThreadsPerMultiProcessor int

	// MaxBlocksPerMultiProcessor is maxBlocksPerMultiProcessor (the
	// constant MaxBlocksPerMultiProcessor, 32).
	MaxBlocksPerMultiProcessor int

	// CooperativeLaunch is cooperativeLaunch: true, see
	// Device.LaunchCooperative.
	CooperativeLaunch bool

	// L2CacheSize is l2CacheSize: the cache all multiprocessors share in
	// front of global memory. On a CPU that is the last-level cache: the
	// L3 where there is one, else the L2, in bytes; 0 if unknown.
	L2CacheSize int

	// ConcurrentKernels is concurrentKernels: true, launches from several
	// goroutines or streams share the workers and run at the same time.
	ConcurrentKernels bool

	// AsyncEngineCount is asyncEngineCount: 2, copies queued on streams
	// run off the workers, so copies in both directions may overlap each
	// other and kernels running on other streams.
	AsyncEngineCount int

	// Integrated is integrated: true, device memory is host memory.
	Integrated bool

	// CanMapHostMemory is canMapHostMemory: true, kernels can read and
	// write any host memory (a Go slice) directly.
	CanMapHostMemory bool

	// UnifiedAddressing is unifiedAddressing: true, host and device share
	// one address space.
	UnifiedAddressing bool

	// CPU describes the processor the device runs on.
	CPU CPUInfo
}

// CPUInfo describes the host processor, as detected by
// github.com/klauspost/cpuid/v2. It has no counterpart in cudaDeviceProp.
// Sizes and counts cpuid cannot detect are 0.
type CPUInfo struct {
	Arch      string // runtime.GOARCH
	BrandName string // brand string, such as "Intel(R) Xeon(R) Processor"
	Vendor    string // vendor, such as "GenuineIntel" or "ARM"

	Family, Model, Stepping int

	PhysicalCores  int // physical cores
	LogicalCores   int // hardware threads
	ThreadsPerCore int // hardware threads per physical core

	BaseFreq  int64 // base clock in Hz
	BoostFreq int64 // maximum clock in Hz

	CacheLine int // cache line in bytes
	L1DCache  int // L1 data cache in bytes (per core)
	L1ICache  int // L1 instruction cache in bytes (per core)
	L2Cache   int // L2 cache in bytes
	L3Cache   int // L3 cache in bytes (usually shared by all cores)

	// SIMD extensions, as the CPU and operating system support them.
	SSE42   bool // SSE4.2 (amd64)
	AVX     bool // AVX (amd64)
	AVX2    bool // AVX2 (amd64)
	AVX512F bool // AVX-512 Foundation (amd64)
	FMA3    bool // FMA3 (amd64)
	NEON    bool // Advanced SIMD, ASIMD (arm64)
	SVE     bool // Scalable Vector Extension (arm64)

	// Features lists every feature cpuid detects, by its cpuid name
	// ("AVX2", "ASIMD", ...), sorted.
	Features []string
}

// Properties returns the device's properties, as cudaGetDeviceProperties
// does. The CPU is examined once per program; every call returns a fresh
// copy.
func (d *Device) Properties() DeviceProp {
	if d.gpu != nil {
		return d.gpuProperties()
	}
	_, total := d.MemGetInfo()
	cpu := hostCPU()
	cpu.Features = slices.Clone(cpu.Features)
	return DeviceProp{
		Name:                        cpu.BrandName + " (gocuda)",
		TotalGlobalMem:              total,
		SharedMemPerBlock:           SharedMemPerBlock,
		SharedMemPerBlockOptin:      SharedMemPerBlockOptin,
		SharedMemPerMultiprocessor:  SharedMemPerMultiprocessor,
		WarpSize:                    WarpSize,
		MaxThreadsPerBlock:          MaxThreadsPerBlock,
		MaxThreadsDim:               [3]int{MaxBlockDimX, MaxBlockDimY, MaxBlockDimZ},
		MaxGridSize:                 [3]int{MaxGridDimX, MaxGridDimY, MaxGridDimZ},
		TotalConstMem:               TotalConstMem,
		Major:                       ComputeCapabilityMajor,
		Minor:                       ComputeCapabilityMinor,
		ClockRate:                   clockRateKHz(cpu),
		MultiProcessorCount:         d.Workers(),
		MaxThreadsPerMultiProcessor: MaxThreadsPerMultiProcessor,
		MaxBlocksPerMultiProcessor:  MaxBlocksPerMultiProcessor,
		CooperativeLaunch:           true,
		L2CacheSize:                 lastLevelCache(cpu),
		ConcurrentKernels:           true,
		AsyncEngineCount:            2,
		Integrated:                  true,
		CanMapHostMemory:            true,
		UnifiedAddressing:           true,
		CPU:                         cpu,
	}
}

// clockRateKHz returns the CPU's maximum clock, else its base clock, in
// kHz, or 0.
func clockRateKHz(c CPUInfo) int {
	if c.BoostFreq > 0 {
		return int(c.BoostFreq / 1000)
	}
	return int(c.BaseFreq / 1000)
}

// lastLevelCache returns the size of the CPU's last-level cache, or 0.
func lastLevelCache(c CPUInfo) int {
	if c.L3Cache > 0 {
		return c.L3Cache
	}
	return c.L2Cache
}

// hostCPU describes the CPU, detected once. Callers must not modify the
// Features slice it shares.
var hostCPU = sync.OnceValue(func() CPUInfo { return cpuInfo(&cpuid.CPU) })

// cpuInfo converts cpuid's description of a CPU.
func cpuInfo(c *cpuid.CPUInfo) CPUInfo {
	info := CPUInfo{
		Arch:           runtime.GOARCH,
		BrandName:      c.BrandName,
		Vendor:         c.VendorString,
		Family:         c.Family,
		Model:          c.Model,
		Stepping:       c.Stepping,
		PhysicalCores:  c.PhysicalCores,
		LogicalCores:   c.LogicalCores,
		ThreadsPerCore: c.ThreadsPerCore,
		BaseFreq:       max(c.Hz, 0),
		BoostFreq:      max(c.BoostFreq, 0),
		CacheLine:      max(c.CacheLine, 0),
		L1DCache:       max(c.Cache.L1D, 0),
		L1ICache:       max(c.Cache.L1I, 0),
		L2Cache:        max(c.Cache.L2, 0),
		L3Cache:        max(c.Cache.L3, 0),
		SSE42:          c.Has(cpuid.SSE42),
		AVX:            c.Has(cpuid.AVX),
		AVX2:           c.Has(cpuid.AVX2),
		AVX512F:        c.Has(cpuid.AVX512F),
		FMA3:           c.Has(cpuid.FMA3),
		NEON:           c.Has(cpuid.ASIMD),
		SVE:            c.Has(cpuid.SVE),
		Features:       c.FeatureSet(),
	}
	if info.Vendor == "" && c.VendorID != cpuid.VendorUnknown {
		info.Vendor = c.VendorID.String()
	}
	if info.BrandName == "" {
		info.BrandName = "unknown " + runtime.GOARCH + " CPU"
	}
	slices.Sort(info.Features)
	return info
}
