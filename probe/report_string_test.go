package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReportString(t *testing.T) {
	write := Access{Kind: "Write", Thread: x(3), Func: "kernels.reduce", File: "/src/reduce.go", Line: 40, Expr: "sh[tid]"}
	read := Access{Kind: "Read", Thread: x(4), Func: "kernels.reduce", File: "/src/reduce.go", Line: 46, Expr: "sh[tid+1]"}
	other := read
	other.Block = x(1)
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{{
		"shared hazard",
		Report{Tool: "racecheck", Severity: "ERROR", What: "Potential RAW hazard", Kernel: "kernels.reduce",
			Space: "__shared__", Offset: 0x10, Size: 4, Accesses: []Access{write, read}, Detail: hintBlock, Count: 3},
		`========= ERROR: Potential RAW hazard detected at __shared__ 0x10 in block (0,0,0) :
=========     Write Thread (3,0,0) at kernels.reduce in /src/reduce.go:40 (sh[tid])
=========     Read Thread (4,0,0) at kernels.reduce in /src/reduce.go:46 (sh[tid+1])
=========     add t.SyncThreads() between these accesses
=========     [3 hazards]
`,
	}, {
		"global hazard across blocks",
		Report{Tool: "racecheck", Severity: "ERROR", What: "Potential RAW hazard", Kernel: "kernels.reduce",
			Space: "__global__", Addr: 0xc000123400, Size: 4, Alloc: "mem.Malloc of 64 bytes at main.run (/src/main.go:9)",
			Accesses: []Access{write, other}, Count: 1},
		`========= ERROR: Potential RAW hazard detected at __global__ 0xc000123400 in block (0,0,0) :
=========     Write Thread (3,0,0) at kernels.reduce in /src/reduce.go:40 (sh[tid])
=========     Read Thread (4,0,0) in block (1,0,0) at kernels.reduce in /src/reduce.go:46 (sh[tid+1])
=========     in mem.Malloc of 64 bytes at main.run (/src/main.go:9)
`,
	}, {
		"out of range",
		Report{Tool: "memcheck", Severity: "ERROR", What: "Invalid __shared__ read of size 4 bytes", Kernel: "kernels.reduce",
			Block: x(2), Space: "__shared__", Size: 4, Accesses: []Access{{Kind: "read", Thread: x(4), Block: x(2),
				Func: "kernels.reduce", File: "/src/reduce.go", Line: 46, Expr: "sh[tid+1]"}},
			Detail: "index 16 out of range [0:16]", Count: 2},
		`========= Invalid __shared__ read of size 4 bytes
=========     at kernels.reduce in /src/reduce.go:46 (sh[tid+1])
=========     by thread (4,0,0) in block (2,0,0)
=========     index 16 out of range [0:16]
=========     [2 occurrences]
`,
	}, {
		"uninitialized global memory",
		Report{Tool: "initcheck", Severity: "ERROR", What: "Uninitialized __global__ memory read of size 4 bytes",
			Kernel: "kernels.reduce", Space: "__global__", Offset: 8, Addr: 0xc000123408, Size: 4,
			Alloc: "mem.Malloc of 64 bytes at main.run (/src/main.go:9)", Accesses: []Access{read}, Count: 1},
		`========= Uninitialized __global__ memory read of size 4 bytes
=========     at kernels.reduce in /src/reduce.go:46 (sh[tid+1])
=========     by thread (4,0,0) in block (0,0,0)
=========     Address 0xc000123408 is at offset 8 of mem.Malloc of 64 bytes at main.run (/src/main.go:9)
`,
	}, {
		"warning",
		Report{Tool: "synccheck", Severity: "WARNING", What: whatShuffle, Kernel: "kernels.k",
			Accesses: []Access{{Kind: "ShflSync", Thread: x(1), Func: "kernels.k", File: "/src/k.go", Line: 7}}, Count: 1},
		`========= WARNING: Undefined shuffle result: source lane inactive
=========     at kernels.k in /src/k.go:7
=========     by thread (1,0,0) in block (0,0,0)
`,
	}, {
		"leak",
		Report{Tool: "memcheck", Severity: "ERROR", What: "Leaked 64 bytes at 0xc000123400", Space: "__global__",
			Addr: 0xc000123400, Size: 64, Accesses: []Access{{Kind: "alloc", Func: "main.run", File: "/src/main.go", Line: 9}},
			Detail: "allocated by mem.Malloc and never freed", Count: 1},
		`========= Leaked 64 bytes at 0xc000123400
=========     at main.run in /src/main.go:9
=========     allocated by mem.Malloc and never freed
`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.r.String())
		})
	}
}
