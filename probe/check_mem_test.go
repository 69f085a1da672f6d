package probe

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
	"github.com/gocuda/gocuda/probe/record"
)

// markerLine returns the line of this file that ends with the comment
// marker, so that tests name source lines without counting them.
func markerLine(t *testing.T, marker string) (file string, line int) {
	t.Helper()
	file, err := filepath.Abs("check_mem_test.go")
	require.NoError(t, err)
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(l, "// "+marker) {
			return file, i + 1
		}
	}
	t.Fatalf("no line marked %q", marker)
	return "", 0
}

var oobSites = sitesOf("probe.oobKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "a[tid+off]"},
)

// oobKernel writes element tid+off of a 16-element array: a shared one, or
// global if global is not nil.
func oobKernel(global []int32, off int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		a := global
		if a == nil {
			a = gocuda.Shared[int32](t, 16)
		}
		*Index(t, &oobSites[0], a, t.ThreadIdx.X+off) = 1
	}
}

func TestMemcheckIndexOutOfRange(t *testing.T) {
	for _, tc := range []struct {
		space  string
		global []int32
	}{{"__shared__", nil}, {"__global__", make([]int32, 16)}} {
		for _, off := range []int{0, 4} {
			t.Run(fmt.Sprint(tc.space, " off=", off), func(t *testing.T) {
				got := checkReports(t, func(dev *gocuda.Device) {
					err := launch1D(dev, 1, 16, oobKernel(tc.global, off))
					if off == 0 {
						require.NoError(t, err)
					} else {
						require.ErrorIs(t, err, gocuda.ErrIllegalAddress)
					}
				})
				var want []*Report
				if off != 0 {
					want = []*Report{{
						Tool: "memcheck", Severity: "ERROR", What: "Invalid " + tc.space + " write of size 4 bytes",
						Kernel: "probe.oobKernel", Space: tc.space, Size: 4,
						Accesses: []Access{at("write", &oobSites[0], x(12), x(0))},
						Detail:   "index 16 out of range [0:16]", Count: 1,
					}}
				}
				assert.Equal(t, want, got)
			})
		}
	}
}

var addrSites = sitesOf("probe.addrKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "out[tid+off]"},
)

// addrKernel writes out[tid+off] through an address it computes: Go's own
// bounds check fires before the probe sees the access.
func addrKernel(out []int32, off int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		tid := t.ThreadIdx.X
		*Addr(t, &addrSites[0], &out[tid+off]) = int32(tid) // the out-of-range access
	}
}

func TestMemcheckGlobalOutOfRange(t *testing.T) {
	file, line := markerLine(t, "the out-of-range access")
	for _, off := range []int{0, 4} {
		t.Run(fmt.Sprint("off=", off), func(t *testing.T) {
			got := checkReports(t, func(dev *gocuda.Device) {
				err := launch1D(dev, 1, 16, addrKernel(make([]int32, 16), off))
				if off == 0 {
					require.NoError(t, err)
				} else {
					require.ErrorIs(t, err, gocuda.ErrIllegalAddress)
				}
			})
			if off == 0 {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			r := got[0]
			require.Len(t, r.Accesses, 1)
			a := r.Accesses[0]
			assert.Contains(t, a.Func, "addrKernel")
			a.Func = ""
			assert.Equal(t, &Report{
				Tool: "memcheck", Severity: "ERROR", What: "Invalid memory access", Kernel: "probe.addrKernel",
				Accesses: []Access{{Kind: "access", Thread: x(12), File: file, Line: line}},
				Detail:   "runtime error: index out of range [16] with length 16", Count: 1,
			}, &Report{Tool: r.Tool, Severity: r.Severity, What: r.What, Kernel: r.Kernel, Accesses: []Access{a},
				Detail: r.Detail, Count: r.Count})
		})
	}
}

var copySites = sitesOf("probe.copyKernel.func1",
	Site{Kind: Read, Line: 3, Expr: "src[i]"},
	Site{Kind: Write, Line: 3, Expr: "dst[i]"},
)

// copyKernel copies src to dst, one thread per element.
//
//go:noinline // see BenchmarkCheck
func copyKernel(dst, src []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := copySites
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		*Index(t, &s[1], dst, i) = *Index(t, &s[0], src, i)
	}
}

func TestMemcheckUseAfterFree(t *testing.T) {
	const n = 16
	file, allocLine := markerLine(t, "allocation (use after free)")
	_, freeLine := markerLine(t, "free (use after free)")
	for _, freeFirst := range []bool{false, true} {
		var base uintptr
		dst := make([]float32, n)
		got := checkReports(t, func(dev *gocuda.Device) {
			buf, err := mem.Malloc[float32](dev, n) // allocation (use after free)
			require.NoError(t, err)
			require.NoError(t, buf.CopyFromHost(make([]float32, n)))
			src := buf.Slice()
			base = uintptr(unsafe.Pointer(&src[0]))
			if freeFirst {
				require.NoError(t, buf.Free()) // free (use after free)
			}
			require.NoError(t, launch1D(dev, 1, n, copyKernel(dst, src)))
			if !freeFirst {
				require.NoError(t, buf.Free())
			}
		})
		if !freeFirst {
			assert.Empty(t, got)
			continue
		}
		require.Len(t, got, 1)
		alloc := got[0].Alloc
		require.NotNil(t, alloc)
		assert.True(t, strings.HasPrefix(alloc.Func, "probe.TestMemcheckUseAfterFree"), alloc.Func)
		assert.Equal(t, []any{"mem.Malloc", 64, file, allocLine}, []any{alloc.What, alloc.Size, alloc.File, alloc.Line})
		got[0].Alloc = nil
		assert.Equal(t, []*Report{{
			Tool: "memcheck", Severity: "ERROR", What: "Invalid __global__ read of size 4 bytes", Kernel: "probe.copyKernel",
			Space: "__global__", Size: 4, Addr: uint64(base),
			Accesses: []Access{at("read", &copySites[0], x(0), x(0))},
			Detail:   fmt.Sprintf("Address is 0 bytes inside a 64-byte block freed at %s:%d", file, freeLine), Count: n,
		}}, got)
	}
}

func TestMemcheckLeak(t *testing.T) {
	file, line := markerLine(t, "allocation (leak)")
	for _, free := range []bool{false, true} {
		var base uintptr
		recs := checked(t, func(dev *gocuda.Device) {
			buf, err := mem.Malloc[int64](dev, 8) // allocation (leak)
			require.NoError(t, err)
			base = uintptr(unsafe.Pointer(&buf.Slice()[0]))
			if free {
				require.NoError(t, buf.Free())
			}
		})
		got := record.Leaks(recs)
		if free {
			assert.Empty(t, got)
			continue
		}
		require.Len(t, got, 1)
		require.Len(t, got[0].Accesses, 1)
		assert.True(t, strings.HasPrefix(got[0].Accesses[0].Func, "probe.TestMemcheckLeak"), got[0].Accesses[0].Func)
		got[0].Accesses[0].Func = ""
		assert.Equal(t, []*Report{{
			Tool: "memcheck", Severity: "ERROR", What: fmt.Sprintf("Leaked 64 bytes at %#x", base),
			Space: "__global__", Size: 64, Addr: uint64(base),
			Accesses: []Access{{Kind: "alloc", File: file, Line: line}},
			Detail:   "allocated by mem.Malloc and never freed", Count: 1,
		}}, got)
	}
}

var initSites = sitesOf("probe.partialKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "sh[tid]"},
	Site{Kind: Barrier, Line: 5, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 6, Expr: "sh[tid]"},
	Site{Kind: Write, Line: 6, Expr: "out[i]"},
)

// partialKernel has threads below written store their element of a shared
// array, then every thread read its own.
func partialKernel(out []float32, written int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := initSites
		tid := t.ThreadIdx.X
		sh := gocuda.Shared[float32](t, t.BlockDim.X)
		if tid < written {
			*Index(t, &s[0], sh, tid) = 1
		}
		Sync(t, &s[1], t).SyncThreads()
		*Index(t, &s[3], out, t.BlockIdx.X*t.BlockDim.X+tid) = *Index(t, &s[2], sh, tid)
	}
}

func TestInitcheckShared(t *testing.T) {
	const blocks, threads = 2, 32
	for _, tc := range []struct {
		written int
		want    []*Report
	}{
		{threads, nil},
		// After the barrier thread 31 runs first.
		{16, []*Report{{
			Tool: "initcheck", Severity: "ERROR", What: "Uninitialized __shared__ memory read of size 4 bytes",
			Kernel: "probe.partialKernel", Space: "__shared__", Offset: 31 * 4, Size: 4,
			Accesses: []Access{at("read", &initSites[2], x(31), x(0))},
			Detail:   "no thread of the block wrote these bytes before: a GPU does not zero shared memory", Count: 16 * blocks,
		}}},
	} {
		t.Run(fmt.Sprint("written=", tc.written), func(t *testing.T) {
			got := checkReports(t, func(dev *gocuda.Device) {
				require.NoError(t, launch1D(dev, blocks, threads, partialKernel(make([]float32, blocks*threads), tc.written)))
			})
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestInitcheckGlobal(t *testing.T) {
	const n = 32
	file, line := markerLine(t, "allocation (initcheck)")
	for _, tc := range []struct {
		name   string
		before func(t *testing.T, dev *gocuda.Device, buf *mem.Buffer[float32])
		first  int // the first element read uninitialized
		count  int
	}{
		{"fresh", func(*testing.T, *gocuda.Device, *mem.Buffer[float32]) {}, 0, n},
		{"copied from the host", func(t *testing.T, _ *gocuda.Device, buf *mem.Buffer[float32]) {
			require.NoError(t, buf.CopyFromHost(make([]float32, n)))
		}, 0, 0},
		{"half copied", func(t *testing.T, _ *gocuda.Device, buf *mem.Buffer[float32]) {
			require.NoError(t, buf.CopyFromHostAt(0, make([]float32, n/2)))
		}, n / 2, n / 2},
		{"memset", func(t *testing.T, _ *gocuda.Device, buf *mem.Buffer[float32]) {
			require.NoError(t, buf.Memset(0))
		}, 0, 0},
		{"written by a kernel", func(t *testing.T, dev *gocuda.Device, buf *mem.Buffer[float32]) {
			require.NoError(t, launch1D(dev, 1, n, copyKernel(buf.Slice(), make([]float32, n))))
		}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var base uintptr
			got := checkReports(t, func(dev *gocuda.Device) {
				buf, err := mem.Malloc[float32](dev, n) // allocation (initcheck)
				require.NoError(t, err)
				defer func() { require.NoError(t, buf.Free()) }()
				tc.before(t, dev, buf)
				base = uintptr(unsafe.Pointer(&buf.Slice()[0]))
				require.NoError(t, launch1D(dev, 1, n, copyKernel(make([]float32, n), buf.Slice())))
			})
			if tc.count == 0 {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			require.NotNil(t, got[0].Alloc)
			assert.Equal(t, []any{file, line}, []any{got[0].Alloc.File, got[0].Alloc.Line})
			got[0].Alloc = nil
			assert.Equal(t, []*Report{{
				Tool: "initcheck", Severity: "ERROR", What: "Uninitialized __global__ memory read of size 4 bytes",
				Kernel: "probe.copyKernel", Space: "__global__", Offset: int64(4 * tc.first), Size: 4,
				Addr:     uint64(base) + uint64(4*tc.first),
				Accesses: []Access{at("read", &copySites[0], x(tc.first), x(0))},
				Detail:   "neither the host nor a kernel wrote these bytes of the allocation: cudaMalloc does not zero memory",
				Count:    tc.count,
			}}, got)
		})
	}
}

// TestAllocAtCache checks the executor's cache of the last allocation
// and gap accessed: a free still shows through a cached hit, and an
// allocation made in a cached gap is found.
func TestAllocAtCache(t *testing.T) {
	arena := make([]byte, 4096)
	addr := func(i int) uintptr { return uintptr(unsafe.Pointer(&arena[i])) }
	c := newChecker().(*checker)
	bs := &blockState{launch: &launchState{c: c}}
	assert.Nil(t, bs.allocAt(addr(0)), "no table")
	big := c.allocs.add(unsafe.Pointer(&arena[1024]), 512, "test")
	assert.Same(t, big, bs.allocAt(addr(1100)))
	assert.Same(t, big, bs.allocAt(addr(1024)), "cached hit")
	assert.Nil(t, bs.allocAt(addr(100)))
	assert.Nil(t, bs.allocAt(addr(1023)), "cached gap")
	assert.Nil(t, bs.allocAt(addr(1536)), "past the end")

	// A new allocation in the cached gap.
	small := c.allocs.add(unsafe.Pointer(&arena[100]), 50, "test")
	assert.Same(t, small, bs.allocAt(addr(110)))
	assert.Nil(t, bs.allocAt(addr(150)))
	assert.Same(t, big, bs.allocAt(addr(1500)))

	// A free after a cached hit.
	assert.Same(t, big, c.allocs.free(unsafe.Pointer(&arena[1024])))
	a := bs.allocAt(addr(1500))
	require.Same(t, big, a)
	assert.True(t, a.freed.Load(), "freed allocation seen through the cache")
}

var freeingSites = sitesOf("probe.freeingKernel.func1",
	Site{Kind: Read, Line: 4, Expr: "src[i]"},
)

// freeingKernel reads src[i] in each thread, thread 0 first, which then
// frees buf, src's buffer.
func freeingKernel(dst []float32, buf *mem.Buffer[float32]) func(*gocuda.Thread) {
	src := buf.Slice()
	return func(t *gocuda.Thread) {
		i := t.ThreadIdx.X
		dst[i] = *Index(t, &freeingSites[0], src, i)
		if i == 0 {
			_ = buf.Free()
		}
	}
}

// TestMemcheckFreeInLaunch checks that reads after a free in the same
// launch are reported, though the first read cached the allocation.
func TestMemcheckFreeInLaunch(t *testing.T) {
	const n = 8
	dst := make([]float32, n)
	got := checkReports(t, func(dev *gocuda.Device) {
		buf, err := mem.Malloc[float32](dev, n)
		require.NoError(t, err)
		require.NoError(t, buf.CopyFromHost(make([]float32, n)))
		require.NoError(t, launch1D(dev, 1, n, freeingKernel(dst, buf)))
	})
	require.Len(t, got, 1)
	assert.Equal(t, "Invalid __global__ read of size 4 bytes", got[0].What)
	assert.Equal(t, n-1, got[0].Count)
}
