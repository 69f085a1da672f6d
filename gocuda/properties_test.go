package gocuda

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klauspost/cpuid/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openDevice starts a device for one test and closes it when the test ends.
func openDevice(t *testing.T, opts ...Option) *Device {
	t.Helper()
	d, err := NewDevice(opts...)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}

// TestProperties checks each property against its source: the limits of
// config.go, the device's workers and memory total, and cpuid.
func TestProperties(t *testing.T) {
	d := openDevice(t, WithWorkers(3), WithGlobalMem(3<<30))
	p := d.Properties()
	_, total := d.MemGetInfo()

	assert.Equal(t, cpuid.CPU.BrandName+" (gocuda)", p.Name)
	assert.Equal(t, total, p.TotalGlobalMem)
	assert.Equal(t, int64(3<<30), p.TotalGlobalMem)
	assert.Equal(t, d.Workers(), p.MultiProcessorCount)
	assert.Equal(t, 3, p.MultiProcessorCount)

	assert.Equal(t, SharedMemPerBlock, p.SharedMemPerBlock)
	assert.Equal(t, 48<<10, p.SharedMemPerBlock)
	assert.Equal(t, SharedMemPerBlockOptin, p.SharedMemPerBlockOptin)
	assert.Equal(t, 227<<10, p.SharedMemPerBlockOptin)
	assert.Equal(t, 228<<10, p.SharedMemPerMultiprocessor)
	assert.Greater(t, p.SharedMemPerMultiprocessor, p.SharedMemPerBlockOptin)
	assert.Equal(t, WarpSize, p.WarpSize)
	assert.Equal(t, 32, p.WarpSize)
	assert.Equal(t, MaxThreadsPerBlock, p.MaxThreadsPerBlock)
	assert.Equal(t, 1024, p.MaxThreadsPerBlock)
	assert.Equal(t, [3]int{MaxBlockDimX, MaxBlockDimY, MaxBlockDimZ}, p.MaxThreadsDim)
	assert.Equal(t, [3]int{1024, 1024, 64}, p.MaxThreadsDim)
	assert.Equal(t, [3]int{MaxGridDimX, MaxGridDimY, MaxGridDimZ}, p.MaxGridSize)
	assert.Equal(t, [3]int{1<<31 - 1, 65535, 65535}, p.MaxGridSize)
	assert.Equal(t, 64<<10, p.TotalConstMem)
	assert.Equal(t, [2]int{9, 0}, [2]int{p.Major, p.Minor})
	assert.Equal(t, 2048, p.MaxThreadsPerMultiProcessor)
	assert.Zero(t, p.MaxThreadsPerMultiProcessor%p.WarpSize)
	assert.True(t, p.ConcurrentKernels)
	assert.Equal(t, 32, p.MaxBlocksPerMultiProcessor)
	assert.True(t, p.CooperativeLaunch)
	assert.Equal(t, 2, p.AsyncEngineCount)
	assert.True(t, p.Integrated)
	assert.True(t, p.CanMapHostMemory)
	assert.True(t, p.UnifiedAddressing)

	c := &cpuid.CPU
	switch {
	case c.BoostFreq > 0:
		assert.EqualValues(t, c.BoostFreq/1000, p.ClockRate)
	case c.Hz > 0:
		assert.EqualValues(t, c.Hz/1000, p.ClockRate)
	default:
		assert.Zero(t, p.ClockRate)
	}
	switch {
	case c.Cache.L3 > 0:
		assert.Equal(t, c.Cache.L3, p.L2CacheSize)
	case c.Cache.L2 > 0:
		assert.Equal(t, c.Cache.L2, p.L2CacheSize)
	default:
		assert.Zero(t, p.L2CacheSize)
	}
}

// TestPropertiesLaunchLimits checks that the limits Properties reports are
// the ones launches enforce: a launch at each limit runs, one past it fails.
func TestPropertiesLaunchLimits(t *testing.T) {
	d := openDevice(t, WithWorkers(2))
	p := d.Properties()
	nop := func(*Thread) {}
	md := p.MaxThreadsDim
	for _, ok := range []Config{
		{Block: Dim3{X: p.MaxThreadsPerBlock}},
		{Block: Dim3{X: 1, Y: md[1]}},
		{Block: Dim3{X: 1, Y: 1, Z: md[2]}},
		{Grid: Dim3{X: 1, Y: p.MaxGridSize[1]}, Block: Dim3{X: 1}},
		{SharedMem: p.SharedMemPerBlock},
		{SharedMem: p.SharedMemPerBlockOptin, MaxSharedMem: p.SharedMemPerBlockOptin},
	} {
		assert.NoError(t, d.Launch(ok, nop), "%+v", ok)
	}
	for _, bad := range []Config{
		{Block: Dim3{X: p.MaxThreadsPerBlock + 1}},
		{Block: Dim3{X: md[0] + 1}},
		{Block: Dim3{X: 1, Y: md[1] + 1}},
		{Block: Dim3{X: 1, Y: 1, Z: md[2] + 1}},
		{Grid: Dim3{X: 1, Y: p.MaxGridSize[1] + 1}},
		{Grid: Dim3{X: 1, Y: 1, Z: p.MaxGridSize[2] + 1}},
		{SharedMem: p.SharedMemPerBlock + 1},
		{MaxSharedMem: p.SharedMemPerBlockOptin + 1},
	} {
		assert.Error(t, d.Launch(bad, nop), "%+v", bad)
	}
}

// TestPropertiesCPU checks the CPU section against cpuid.CPU.
func TestPropertiesCPU(t *testing.T) {
	d := openDevice(t, WithWorkers(1))
	cpu := d.Properties().CPU
	c := &cpuid.CPU
	assert.Equal(t, c.BrandName, cpu.BrandName)
	assert.Equal(t, c.VendorString, cpu.Vendor)
	assert.Equal(t, [3]int{c.Family, c.Model, c.Stepping}, [3]int{cpu.Family, cpu.Model, cpu.Stepping})
	assert.Equal(t, [3]int{c.PhysicalCores, c.LogicalCores, c.ThreadsPerCore},
		[3]int{cpu.PhysicalCores, cpu.LogicalCores, cpu.ThreadsPerCore})
	assert.Equal(t, [4]int{max(c.Cache.L1D, 0), max(c.Cache.L1I, 0), max(c.Cache.L2, 0), max(c.Cache.L3, 0)},
		[4]int{cpu.L1DCache, cpu.L1ICache, cpu.L2Cache, cpu.L3Cache})
	for _, f := range []struct {
		name string
		got  bool
		id   cpuid.FeatureID
	}{
		{"SSE4.2", cpu.SSE42, cpuid.SSE42},
		{"AVX", cpu.AVX, cpuid.AVX},
		{"AVX2", cpu.AVX2, cpuid.AVX2},
		{"AVX-512F", cpu.AVX512F, cpuid.AVX512F},
		{"FMA3", cpu.FMA3, cpuid.FMA3},
		{"NEON", cpu.NEON, cpuid.ASIMD},
		{"SVE", cpu.SVE, cpuid.SVE},
	} {
		assert.Equal(t, c.Supports(f.id), f.got, f.name)
		assert.Equal(t, f.got, slices.Contains(cpu.Features, f.id.String()), "%s in Features", f.name)
	}
	want := c.FeatureSet()
	slices.Sort(want)
	assert.Equal(t, want, cpu.Features)
	assert.True(t, slices.IsSorted(cpu.Features))
}

// TestPropertiesCopy: a caller that changes what Properties returned
// changes nothing for later calls.
func TestPropertiesCopy(t *testing.T) {
	d := openDevice(t, WithWorkers(1))
	p := d.Properties()
	if len(p.CPU.Features) == 0 {
		t.Skip("cpuid detects no features on this CPU")
	}
	first := p.CPU.Features[0]
	p.CPU.Features[0] = "changed"
	assert.Equal(t, first, d.Properties().CPU.Features[0])
}

// TestPropertiesClosed: a closed device still describes itself.
func TestPropertiesClosed(t *testing.T) {
	d, err := NewDevice(WithWorkers(2), WithGlobalMem(1<<20))
	require.NoError(t, err)
	require.NoError(t, d.Close())
	p := d.Properties()
	assert.EqualValues(t, 1<<20, p.TotalGlobalMem)
	assert.Equal(t, 2, p.MultiProcessorCount)
}

// TestCPUInfoUnknown: what cpuid cannot detect (-1 cache sizes, empty
// strings) becomes 0 or a placeholder name.
func TestCPUInfoUnknown(t *testing.T) {
	c := cpuid.CPU
	c.BrandName, c.VendorString, c.VendorID = "", "", cpuid.VendorUnknown
	c.Hz, c.BoostFreq, c.CacheLine = 0, 0, -1
	c.Cache.L1D, c.Cache.L1I, c.Cache.L2, c.Cache.L3 = -1, -1, -1, -1
	info := cpuInfo(&c)
	assert.Contains(t, info.BrandName, "unknown")
	assert.Empty(t, info.Vendor)
	assert.Zero(t, info.CacheLine+info.L1DCache+info.L1ICache+info.L2Cache+info.L3Cache)
	assert.Zero(t, clockRateKHz(info))
	assert.Zero(t, lastLevelCache(info))

	c.VendorID = cpuid.AMD
	assert.Equal(t, cpuid.AMD.String(), cpuInfo(&c).Vendor)
}

func TestClockRateAndLastLevelCache(t *testing.T) {
	for _, tt := range []struct {
		base, boost int64
		khz         int
	}{
		{0, 0, 0},
		{2_100_000_000, 0, 2_100_000},
		{0, 3_500_000_000, 3_500_000},
		{2_100_000_000, 3_500_000_000, 3_500_000},
	} {
		assert.Equal(t, tt.khz, clockRateKHz(CPUInfo{BaseFreq: tt.base, BoostFreq: tt.boost}), "%+v", tt)
	}
	for _, tt := range []struct{ l2, l3, want int }{
		{0, 0, 0},
		{1 << 20, 0, 1 << 20},
		{1 << 20, 32 << 20, 32 << 20},
		{0, 32 << 20, 32 << 20},
	} {
		assert.Equal(t, tt.want, lastLevelCache(CPUInfo{L2Cache: tt.l2, L3Cache: tt.l3}), "%+v", tt)
	}
}

// TestTwoDevices runs two devices with different workers and memory side
// by side: each reports its own settings, and a launch on each waits until
// the other's has started, so both complete only if they run at the same
// time, each on its own worker pool.
func TestTwoDevices(t *testing.T) {
	a := openDevice(t, WithWorkers(1), WithGlobalMem(1<<30))
	b := openDevice(t, WithWorkers(3), WithGlobalMem(2<<30))
	pa, pb := a.Properties(), b.Properties()
	assert.Equal(t, [2]int{1, 3}, [2]int{pa.MultiProcessorCount, pb.MultiProcessorCount})
	assert.Equal(t, [2]int64{1 << 30, 2 << 30}, [2]int64{pa.TotalGlobalMem, pb.TotalGlobalMem})
	assert.NotEqual(t, a.Ordinal(), b.Ordinal())

	var started [2]atomic.Bool
	var met [2]atomic.Bool
	deadline := time.Now().Add(10 * time.Second)
	kernel := func(self int) func(*Thread) {
		return func(th *Thread) {
			if th.BlockIdx.X != 0 || th.ThreadIdx.X != 0 {
				return
			}
			started[self].Store(true)
			for !started[1-self].Load() && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			met[self].Store(started[1-self].Load())
		}
	}
	cfg := Config{Grid: Dim3{X: 8}, Block: Dim3{X: 64}}
	var wg sync.WaitGroup
	for i, d := range []*Device{a, b} {
		wg.Go(func() { assert.NoError(t, d.Launch(cfg, kernel(i))) })
	}
	wg.Wait()
	assert.True(t, met[0].Load() && met[1].Load(), "the devices' launches did not overlap")
}
