package probe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of these tests are written as gocuda profile rewrites them:
// every access through Index or Addr, every condition through Cond, every
// barrier through Sync, with a site table per test. Expected numbers
// follow GPU-MODELS.md's rules, worked by hand in the comments.

// profileRun installs a profiler for arch and regs, runs launches on a new
// device of two workers, and returns the profiles the launches recorded.
func profileRun(t *testing.T, arch, regs string, launches func(d *gocuda.Device) error) []*KernelProfile {
	t.Helper()
	ignore := goleak.IgnoreCurrent()
	r, err := newProfiler(arch, regs)
	require.NoError(t, err)
	var buf bytes.Buffer
	uninstall := install(r, &buf)
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	err = launches(d)
	require.NoError(t, d.Close())
	uninstall()
	require.NoError(t, err)
	goleak.VerifyNone(t, ignore)

	var profiles []*KernelProfile
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		var rec Record
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		require.NotNil(t, rec.Profile, "record %s", sc.Text())
		profiles = append(profiles, rec.Profile)
	}
	return profiles
}

// profileOne runs one launch of kernel and returns its profile.
func profileOne(t *testing.T, arch, regs string, cfg gocuda.Config, kernel func(*gocuda.Thread)) *KernelProfile {
	t.Helper()
	ps := profileRun(t, arch, regs, func(d *gocuda.Device) error { return d.Launch(cfg, kernel) })
	require.Len(t, ps, 1)
	return ps[0]
}

// lineAt returns the profile of line n of p.
func lineAt(t *testing.T, p *KernelProfile, n int) LineProfile {
	t.Helper()
	for _, l := range p.Lines {
		if l.Line == n {
			return l
		}
	}
	require.Failf(t, "no such line", "line %d not in %+v", n, p.Lines)
	return LineProfile{}
}

func blocks(n int) gocuda.Config {
	return gocuda.Config{Grid: gocuda.Dim3{X: n}, Block: gocuda.Dim3{X: 64}}
}

// TestProfileCoalesced: a warp's 32 float32 loads of consecutive words are
// one request of four 32-byte sectors on sm_70 (BPG 10.2.1.1), 100%
// efficient; 256 threads are 8 warps. A ReadWrite is a load and a store.
func TestProfileCoalesced(t *testing.T) {
	const n = 256
	sites := Register([]Site{
		{Kind: Read, Func: "probe.copy", File: "copy.go", Line: 3, Expr: "x[i]"},
		{Kind: Write, Func: "probe.copy", File: "copy.go", Line: 4, Expr: "y[i]"},
		{Kind: ReadWrite, Func: "probe.copy", File: "copy.go", Line: 5, Expr: "z[i]"},
	})
	x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], z[i] = float32(i), 1
	}
	p := profileOne(t, "sm_70", "32", blocks(n/64), func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		v := *Index(t, &sites[0], x, i)
		*Index(t, &sites[1], y, i) = v
		*Index(t, &sites[2], z, i) += v
	})
	for i := range x {
		require.Equal(t, x[i], y[i])
		require.Equal(t, x[i]+1, z[i])
	}

	assert.True(t, strings.HasPrefix(p.Kernel, "probe.TestProfileCoalesced."), p.Kernel)
	assert.Equal(t, "sm_70", p.Arch)
	assert.Equal(t, 1, p.Launches)
	require.Len(t, p.Configs, 1)
	assert.Equal(t, [3]int{4, 1, 1}, p.Configs[0].Grid)
	assert.Equal(t, [3]int{64, 1, 1}, p.Configs[0].Block)

	load := Counts{GldRequests: 8, GldTransactions: 32, GldBytes: 1024, GldRequested: 1024, InstExecuted: 8, ThreadInstExecuted: 256}
	store := Counts{GstRequests: 8, GstTransactions: 32, GstBytes: 1024, GstRequested: 1024, InstExecuted: 8, ThreadInstExecuted: 256}
	both := load
	both.GstRequests, both.GstTransactions, both.GstBytes, both.GstRequested = 8, 32, 1024, 1024
	assert.Equal(t, load, lineAt(t, p, 3).Counts)
	assert.Equal(t, store, lineAt(t, p, 4).Counts)
	assert.Equal(t, both, lineAt(t, p, 5).Counts)
	assert.Equal(t, []int{3, 4, 5}, []int{p.Lines[0].Line, p.Lines[1].Line, p.Lines[2].Line})

	m := lineAt(t, p, 3).Metrics
	assert.Equal(t, 4.0, m.GldTransactionsPerRequest)
	assert.Equal(t, 100.0, m.GldEfficiency)
	assert.Equal(t, 4.0, lineAt(t, p, 5).Metrics.GstTransactionsPerRequest)
	assert.Equal(t, 16, p.Total.GldRequests)
	assert.Equal(t, 100.0, p.Metrics.WarpExecutionEfficiency)
	assert.Equal(t, 100.0, p.Metrics.BranchEfficiency)
}

// TestProfileStride2: a warp loading a[2t] (GPU-MODELS.md §1.3): 32
// separate 32-byte transactions on 1.0 (the k-th word rule fails), two
// 128-byte ones on 1.3, two 128-byte lines on 2.0, eight sectors on 7.0;
// 1.x splits the warp into two half-warp requests.
func TestProfileStride2(t *testing.T) {
	sites := Register([]Site{{Kind: Read, Func: "probe.stride2", File: "stride.go", Line: 7, Expr: "x[2*i]"}})
	x := make([]float32, 64)
	for _, tc := range []struct {
		arch                         string
		requests, transactions, size int
	}{
		{"sm_10", 2, 32, 1024},
		{"sm_13", 2, 2, 256},
		{"sm_20", 1, 2, 256},
		{"sm_70", 1, 8, 256},
	} {
		t.Run(tc.arch, func(t *testing.T) {
			p := profileOne(t, tc.arch, "", gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
				_ = *Index(t, &sites[0], x, 2*t.ThreadIdx.X)
			})
			l := lineAt(t, p, 7)
			want := Counts{GldRequests: tc.requests, GldTransactions: tc.transactions, GldBytes: tc.size, GldRequested: 128,
				InstExecuted: 1, ThreadInstExecuted: 32}
			assert.Equal(t, want, l.Counts)
			assert.Equal(t, 100*128/float64(tc.size), l.Metrics.GldEfficiency)
		})
	}
}

// TestProfilePartialWarp: a block of 20 threads is one warp with 20
// active lanes: their 80 bytes from an aligned base take three sectors,
// and warp execution efficiency is 20/32.
func TestProfilePartialWarp(t *testing.T) {
	sites := Register([]Site{{Kind: Read, Func: "probe.partial", File: "partial.go", Line: 2}})
	x := make([]float32, 40)
	p := profileOne(t, "sm_70", "", gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 20}}, func(t *gocuda.Thread) {
		_ = *Index(t, &sites[0], x, t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)
	})
	want := Counts{GldRequests: 2, GldTransactions: 6, GldBytes: 192, GldRequested: 160, InstExecuted: 2, ThreadInstExecuted: 40}
	assert.Equal(t, want, lineAt(t, p, 2).Counts)
	assert.Equal(t, 62.5, p.Metrics.WarpExecutionEfficiency)
}
