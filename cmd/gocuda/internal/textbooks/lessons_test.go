package textbooks_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// The seeds' lessons, asserted on the library's own kernels as gocuda
// profile measures them (the workloads are package kernels' TestLesson
// tests; the rules and figures are GPU-MODELS.md's).

// lessonsBuild is held by the first profileLessons until its run has put
// the instrumented workload in the go command's build cache: the tests
// run in parallel, and the later runs, which differ only in their
// environment, then reuse that build instead of each compiling it.
var lessonsBuild struct {
	sync.Mutex
	done bool
}

// profileLessons runs gocuda profile on the lesson workloads for arch.
func profileLessons(t *testing.T, arch string, regs int) []*record.KernelProfile {
	t.Helper()
	lessonsBuild.Lock()
	if lessonsBuild.done {
		lessonsBuild.Unlock()
	} else {
		defer func() {
			lessonsBuild.done = true
			lessonsBuild.Unlock()
		}()
	}
	root, err := filepath.Abs("../../../..")
	require.NoError(t, err)
	var stdout, stderr bytes.Buffer
	args := []string{"-json", "-arch", arch, "-regs", fmt.Sprint(regs), "./kernels", "--", "-run", "^TestLesson"}
	code := profile(args, &stdout, &stderr, root)
	require.Equal(t, exitOK, code, "stderr:\n%s", &stderr)
	var ps []*record.KernelProfile
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &ps), "stdout:\n%s", &stdout)
	return ps
}

// kernelNamed returns the profile whose kernel's name, or the function of
// one of whose lines, contains name.
func kernelNamed(t *testing.T, ps []*record.KernelProfile, name string) *record.KernelProfile {
	t.Helper()
	for _, p := range ps {
		if strings.Contains(p.Kernel, name) {
			return p
		}
		for _, l := range p.Lines {
			if strings.Contains(l.Func, name) {
				return p
			}
		}
	}
	require.Failf(t, "no kernel", "no profile of %s among %d", name, len(ps))
	return nil
}

// lineOfFunc returns the counts of p's row for the first line of file (in the
// kernels directory) holding text after the first holding after.
func lineOfFunc(t *testing.T, p *record.KernelProfile, file, after, text string) record.Counts {
	t.Helper()
	path := filepath.Join("../../../../kernels", file)
	line := lineIn(t, path, after)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	for line < len(lines) && !strings.Contains(lines[line-1], text) {
		line++
	}
	for _, l := range p.Lines {
		if filepath.Base(l.File) == file && l.Line == line {
			return l.Counts
		}
	}
	require.Failf(t, "no line", "%s has no row for %s:%d (%q)", p.Kernel, file, line, text)
	return record.Counts{}
}

func TestLessons(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the lesson workloads instrumented")
	}
	t.Parallel()
	ps := profileLessons(t, "sm_70", 32)

	t.Run("tiling cuts global loads 16x", func(t *testing.T) { // Ryoo et al.
		naive := kernelNamed(t, ps, "MatMulNaiveKernel").Total
		tiled := kernelNamed(t, ps, "MatMulTiledKernel").Total
		require.NotZero(t, tiled.GldRequests)
		assert.Equal(t, naive.GldRequests, 16*tiled.GldRequests)
	})
	t.Run("naive matmul: B coalesces, A broadcasts", func(t *testing.T) {
		// A warp of a 16×16 block is two rows of 16 threads: its A load is
		// two words, one per row, each broadcast to 16 lanes; its B load 16
		// consecutive words read by both rows: 2 sectors each, and the
		// lanes ask for twice the bytes that move.
		c := lineOfFunc(t, kernelNamed(t, ps, "MatMulNaiveKernel"), "matmul.go", "func matMulNaive", "sum += a[row*k+p] * b[p*n+col]")
		assert.Equal(t, 2*c.GldRequests, c.GldTransactions)
		assert.Equal(t, 2*c.GldBytes, c.GldRequested)
	})
	t.Run("a 32x32 tile read down a column has 32-way conflicts; 32x33 none", func(t *testing.T) {
		read := "out[(y+j)*rows+x] = tile[tx][ty+j]"
		tiled := lineOfFunc(t, kernelNamed(t, ps, "TransposeTiledKernel"), "transpose.go", "func transposeViaTile", read)
		padded := lineOfFunc(t, kernelNamed(t, ps, "TransposePaddedKernel"), "transpose.go", "func transposeViaTile", read)
		require.NotZero(t, tiled.SharedLdRequests)
		assert.Equal(t, 32*tiled.SharedLdRequests, tiled.SharedLdTransactions)
		assert.Equal(t, 31*tiled.SharedLdRequests, tiled.SharedLdConflicts)
		assert.Equal(t, padded.SharedLdRequests, padded.SharedLdTransactions)
		assert.Zero(t, padded.SharedLdConflicts)
	})
	t.Run("interleaved addressing diverges, sequential addressing has no conflicts", func(t *testing.T) { // Harris
		inter := lineOfFunc(t, kernelNamed(t, ps, "reduceInterleaved"), "reduce.go", "func reduceInterleaved", "if tid%(2*s) == 0")
		assert.NotZero(t, inter.DivergentBranches)
		seq := lineOfFunc(t, kernelNamed(t, ps, "reduceSequential"), "reduce.go", "func reduceSequentialTree", "sdata[tid] += sdata[tid+s]")
		require.NotZero(t, seq.SharedLdRequests)
		assert.Zero(t, seq.SharedLdConflicts)
		assert.Zero(t, seq.SharedStConflicts)
	})
}

// TestLessonsByArch: a stride-2 float load under each generation's
// coalescing rules (GPU-MODELS.md §1.3: per warp 32 × 32 B on 1.0/1.1,
// 2 × 128 B on 1.2/1.3, 2 lines on 2.x, 8 sectors from 5.0), and the G80
// occupancy of Ryoo et al.'s 16×16 tiled matmul (3 blocks of 256 threads
// with 10 registers, 2 with 11) and of the slides' 8×8 tile (held to 8
// blocks, 512 threads, by the block cap).
func TestLessonsByArch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the lesson workloads instrumented")
	}
	t.Parallel()
	const warps = 4 // the stride-2 launch's
	for _, tc := range []struct {
		arch                              string
		requests, transactions, bytesMove int // per warp
	}{
		{"sm_10", 2, 32, 1024},
		{"sm_13", 2, 2, 256},
		{"sm_20", 1, 2, 256},
		{"sm_70", 1, 8, 256},
	} {
		t.Run(tc.arch, func(t *testing.T) {
			ps := profileLessons(t, tc.arch, 10)
			c := lineOfFunc(t, kernelNamed(t, ps, "stride2"), "lessons_test.go", "func stride2", "out[i] = in[2*i]")
			assert.Equal(t, warps*tc.requests, c.GldRequests)
			assert.Equal(t, warps*tc.transactions, c.GldTransactions)
			assert.Equal(t, warps*tc.bytesMove, c.GldBytes)
			if tc.arch != "sm_10" {
				return
			}
			occ := kernelNamed(t, ps, "MatMulTiledKernel").Configs[0].Occupancy
			assert.Equal(t, 3, occ.BlocksPerSM, "10 registers: %+v", occ)
			tile8 := kernelNamed(t, ps, "tile8").Configs[0].Occupancy
			assert.Equal(t, 8, tile8.BlocksPerSM, "%+v", tile8)
			assert.Contains(t, tile8.Limit, "blocks")
			occ = kernelNamed(t, profileLessons(t, "sm_10", 11), "MatMulTiledKernel").Configs[0].Occupancy
			assert.Equal(t, 2, occ.BlocksPerSM, "11 registers: %+v", occ)
			assert.Contains(t, occ.Limit, "registers")
		})
	}
}

// lineIn returns the line of file holding text.
func lineIn(t *testing.T, file, text string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	before, _, ok := strings.Cut(string(src), text)
	require.True(t, ok, "%s lacks %q", file, text)
	return strings.Count(before, "\n") + 1
}
