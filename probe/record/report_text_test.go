package record

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func x(i int) [3]int { return [3]int{i, 0, 0} }

func TestReportText(t *testing.T) {
	write := Access{Kind: "Write", Thread: x(3), Func: "kernels.reduce", File: "/src/reduce.go", Line: 40, Expr: "sh[tid]"}
	read := Access{Kind: "Read", Thread: x(4), Func: "kernels.reduce.func1", File: "/src/reduce.go", Line: 46, Expr: "sh[tid+1]"}
	other := read
	other.Block = x(1)
	malloc := &Allocation{What: "mem.Malloc", Size: 64, Func: "main.run", File: "/src/main.go", Line: 9}
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{{
		"shared hazard",
		Report{Tool: "racecheck", Severity: Error, What: "Potential RAW hazard", Kernel: "kernels.reduce",
			Space: "__shared__", Offset: 0x10, Size: 4, Accesses: []Access{write, read},
			Detail: "add t.SyncThreads() between these accesses", Count: 64, Threads: 32, Addresses: 16, Launches: 2},
		`========= ERROR: Potential RAW hazard detected at __shared__ 0x10 in block (0,0,0) :
=========     Write Thread (3,0,0) at kernels.reduce in reduce.go:40 (sh[tid])
=========     Read Thread (4,0,0) at kernels.reduce in reduce.go:46 (sh[tid+1])
=========     add t.SyncThreads() between these accesses
=========     [64 hazards: 32 threads, 16 addresses, 2 launches]
`,
	}, {
		"global hazard across blocks",
		Report{Tool: "racecheck", Severity: Error, What: "Potential RAW hazard", Kernel: "kernels.reduce",
			Space: "__global__", Addr: 0xc000123400, Size: 4, Alloc: malloc,
			Accesses: []Access{write, other}, Count: 1, Launches: 1},
		`========= ERROR: Potential RAW hazard detected at __global__ 0xc000123400 in block (0,0,0) :
=========     Write Thread (3,0,0) at kernels.reduce in reduce.go:40 (sh[tid])
=========     Read Thread (4,0,0) in block (1,0,0) at kernels.reduce in reduce.go:46 (sh[tid+1])
=========     in mem.Malloc of 64 bytes at main.run (main.go:9)
`,
	}, {
		"same value",
		Report{Tool: "racecheck", Severity: Warning, What: "Potential WAW hazard", Kernel: "kernels.reduce",
			Space: "__shared__", Size: 4, Accesses: []Access{write, write}, SameValue: true, Count: 31, Threads: 31},
		`========= WARNING: Potential WAW hazard detected at __shared__ 0x0 in block (0,0,0) :
=========     Write Thread (3,0,0) at kernels.reduce in reduce.go:40 (sh[tid])
=========     Write Thread (3,0,0) at kernels.reduce in reduce.go:40 (sh[tid])
=========     every write stored the value the memory already held
=========     [31 hazards: 31 threads]
`,
	}, {
		"out of range",
		Report{Tool: "memcheck", Severity: Error, What: "Invalid __shared__ read of size 4 bytes", Kernel: "kernels.reduce",
			Block: x(2), Space: "__shared__", Size: 4, Accesses: []Access{{Kind: "read", Thread: x(4), Block: x(2),
				Func: "kernels.reduce", File: "/src/reduce.go", Line: 46, Expr: "sh[tid+1]"}},
			Detail: "index 16 out of range [0:16]", Count: 2},
		`========= Invalid __shared__ read of size 4 bytes
=========     at kernels.reduce in reduce.go:46 (sh[tid+1])
=========     by thread (4,0,0) in block (2,0,0)
=========     index 16 out of range [0:16]
=========     [2 occurrences]
`,
	}, {
		"uninitialized global memory",
		Report{Tool: "initcheck", Severity: Error, What: "Uninitialized __global__ memory read of size 4 bytes",
			Kernel: "kernels.reduce", Space: "__global__", Offset: 8, Addr: 0xc000123408, Size: 4,
			Alloc: malloc, Accesses: []Access{read}, Count: 1},
		`========= Uninitialized __global__ memory read of size 4 bytes
=========     at kernels.reduce in reduce.go:46 (sh[tid+1])
=========     by thread (4,0,0) in block (0,0,0)
=========     Address 0xc000123408 is at offset 8 of mem.Malloc of 64 bytes at main.run (main.go:9)
`,
	}, {
		"warning",
		Report{Tool: "synccheck", Severity: Warning, What: "Undefined shuffle result: source lane inactive", Kernel: "kernels.k",
			Accesses: []Access{{Kind: "ShflSync", Thread: x(1), Func: "kernels.k", File: "/elsewhere/k.go", Line: 7}}, Count: 1},
		`========= WARNING: Undefined shuffle result: source lane inactive
=========     at kernels.k in /elsewhere/k.go:7
=========     by thread (1,0,0) in block (0,0,0)
`,
	}, {
		"leak",
		Report{Tool: "memcheck", Severity: Error, What: "Leaked 64 bytes at 0xc000123400", Space: "__global__",
			Addr: 0xc000123400, Size: 64, Accesses: []Access{{Kind: "alloc", Func: "main.run", File: "/src/main.go", Line: 9}},
			Detail: "allocated by mem.Malloc and never freed", Count: 1},
		`========= Leaked 64 bytes at 0xc000123400
=========     at main.run in main.go:9
=========     allocated by mem.Malloc and never freed
`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.r.Text("/src"))
		})
	}
}

// TestReportTextWidth: a long hint and a long expression are wrapped at
// spaces within Width columns, the rest indented.
func TestReportTextWidth(t *testing.T) {
	long := strings.Repeat("word ", 40)
	r := Report{Tool: "racecheck", Severity: Error, What: "Potential RAW hazard", Space: "__global__", Detail: long,
		Accesses: []Access{{Kind: "Write", Func: "pkg.kernel", File: "/m/pkg/k.go", Line: 3,
			Expr: "out[(blockIdx*blockDim+threadIdx)*stride + offset] + in[(blockIdx*blockDim+threadIdx)*stride + offset]"}}}
	got := r.Text("/m")
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	for _, l := range lines {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), Width, "%q", l)
		assert.True(t, strings.HasPrefix(l, prefix), "%q", l)
	}
	assert.Greater(t, len(lines), 4, got)
	var words []string
	for _, l := range lines {
		if f := strings.Fields(strings.TrimPrefix(l, prefix)); len(f) > 0 && f[0] == "word" {
			words = append(words, f...)
		}
	}
	assert.Equal(t, strings.Fields(long), words, "the hint's words, in order")
}

func TestFuncName(t *testing.T) {
	for in, want := range map[string]string{
		"kernels.SaxpyKernel":         "kernels.SaxpyKernel",
		"kernels.SaxpyKernel.func1":   "kernels.SaxpyKernel",
		"kernels.SaxpyKernel.func1.2": "kernels.SaxpyKernel",
		"kernels.(*T).M.func3":        "kernels.(*T).M",
		"kernels.scan[...].func1":     "kernels.scan[...]",
		"main.main":                   "main.main",
		"a/b.c/d.F.func1":             "a/b.c/d.F",
		"d.F[a/b.T].func2":            "d.F[a/b.T]",
		"k_test.TestX.func1.Kernel.3": "k_test.Kernel",
		"p.TestM.func1.1.oobKernel":   "p.oobKernel",
	} {
		assert.Equal(t, want, FuncName(in), in)
	}
}

func TestRelPath(t *testing.T) {
	assert.Equal(t, "pkg/k.go", RelPath("/m", "/m/pkg/k.go"))
	assert.Equal(t, "/other/k.go", RelPath("/m", "/other/k.go"))
	assert.Equal(t, "/m/k.go", RelPath("", "/m/k.go"))
}
