package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// htmlKernel is a kernel of a file written for the test: a transposed
// store (32 lanes, 128 bytes apart) and a column read of a 32×32 tile.
const htmlKernel = `package k

func transpose(t *Thread, tile, out []float32) {
	out[t.X*32] = tile[t.X*32]
}
`

// testProfile returns the profile of htmlKernel at path on sm_90, on gpu.
func testProfile(path, gpu string) *record.KernelProfile {
	column := make([]int64, 32)
	for i := range column {
		column[i] = int64(128 * i)
	}
	l := record.LineProfile{Func: "k.transpose", File: path, Line: 4,
		Counts:      record.Counts{GstRequests: 1, GstTransactions: 32, SharedLdRequests: 1, SharedLdTransactions: 32, SharedLdConflicts: 31},
		WorstGlobal: &record.WarpAccess{Space: "global", Kind: "store", Size: 4, Addrs: column, Requests: 1, Transactions: 32},
		WorstShared: &record.WarpAccess{Space: "shared", Kind: "load", Size: 4, Addrs: column, Requests: 1, Transactions: 32, Ideal: 1},
	}
	return &record.KernelProfile{Kernel: "k.TransposeKernel", Arch: "sm_90", Registers: 32, Launches: 1, GPU: gpu,
		Configs: []record.LaunchConfig{{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Launches: 1,
			Occupancy: record.Occupancy{BlocksPerSM: 32, WarpsPerSM: 32, Fraction: 0.5, Limit: "blocks"}}},
		Lines: []record.LineProfile{l}, PredictedNS: 1500, Bottleneck: "memory latency",
		Timing: &record.Timing{LaunchNS: 1500, Warps: 1, MWP: 1, CWP: 1}}
}

// TestProfileHTML: the page is self-contained, shows the kernel's
// source, and its figures agree with the profile: 32 sectors drawn for
// the store, a 32-way column for the read, the occupancy point at the
// configuration's warps.
func TestProfileHTML(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k.go")
	require.NoError(t, os.WriteFile(path, []byte(htmlKernel), 0o644))
	var b bytes.Buffer
	ps := []*record.KernelProfile{testProfile(path, "H100 SXM5"), testProfile(path, "Tesla V100")}
	require.NoError(t, writeProfileHTML(&b, ps, []string{"H100 SXM5", "Tesla V100"}, dir))
	page := b.String()

	assert.NotRegexp(t, `(src|href)="[a-z]*:?//`, page, "nothing fetched from elsewhere")
	assert.NotContains(t, page, "<link")
	assert.Equal(t, 1, strings.Count(page, `<section class="kernel"`), "one section: the other GPU's profile is a column")
	assert.Contains(t, page, `<span class="kw">func</span> transpose`)
	assert.Contains(t, page, `data-line="4" data-where="k.go:4 (k.transpose)"`)
	assert.Contains(t, page, `data-space="global" data-line="4" data-transactions="32" data-units="32"`)
	assert.Contains(t, page, `data-space="shared" data-line="4" data-transactions="32" data-ways="32"`)
	assert.Equal(t, 32, strings.Count(page, `class="lane" data-addr=`)/2, "32 lanes in each diagram")
	assert.Equal(t, 2, strings.Count(page, `class="lane" data-addr="3968"`), "lane 31's byte address, in both")
	assert.Contains(t, page, `<circle class="mark" data-x="32" data-y="32"`, "the block-size graph marks 32 threads, 32 warps")
	assert.Regexp(t, regexp.MustCompile(`<td data-gpu="Tesla V100" data-metric="predicted_ns">1.50 µs</td>`), page)
}

// TestCheckHTML: a hazard's section names both accesses and marks their
// lines in the source around them.
func TestCheckHTML(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k.go")
	require.NoError(t, os.WriteFile(path, []byte(htmlKernel), 0o644))
	r := &record.Report{Tool: "racecheck", Severity: record.Error, What: "Potential RAW hazard", Kernel: "k.TransposeKernel",
		Space: "__shared__", Size: 4, Count: 3, Threads: 2, Addresses: 1, Launches: 1,
		Accesses: []record.Access{
			{Kind: "Write", Thread: [3]int{1, 0, 0}, File: path, Line: 4, Expr: "out[t.X*32]"},
			{Kind: "Read", Thread: [3]int{2, 0, 0}, File: path, Line: 3},
		}}
	var b bytes.Buffer
	require.NoError(t, writeCheckHTML(&b, []*record.Report{r}, 1, dir))
	page := b.String()
	assert.Contains(t, page, `<span data-field="what">Potential RAW hazard</span>`)
	assert.Contains(t, page, `<td data-field="line">k.go:4</td>`)
	assert.Contains(t, page, `<tr class="mark"><td class="ln">4</td>`)
	assert.Contains(t, page, `<tr class="mark2"><td class="ln">3</td>`)
	assert.Contains(t, page, "1 same-value write-after-write hazard not shown")
	assert.Contains(t, page, "ERROR SUMMARY: 1 error")
}

func TestHTMLFormats(t *testing.T) {
	assert.Equal(t, "1,234,567", fmtCount(1234567))
	assert.Equal(t, "-1,000", fmtCount(-1000))
	assert.Equal(t, "999", fmtCount(999))
	assert.Equal(t, "456 ns", fmtNanos(456))
	assert.Equal(t, "34.3 µs", fmtNanos(34284.9))
	assert.Equal(t, "1.24 ms", fmtNanos(1.2391e6))
}
