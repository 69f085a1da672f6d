package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// corpusDir is the corpus of real kernels ported to gocuda, each known
// mistake planted in a twin, and of kernels ported with the races their
// authors left in them (testdata/corpus; its files name their sources).
const corpusDir = "./testdata/corpus"

// TestCorpusClean: gocuda check reports nothing on the corpus's correct
// kernels: NVIDIA's threadFenceReduction (a fence and an atomic ticket
// order the partial sums before the last block reads them), a histogram
// of global atomics and CUDA by Example's of shared ones (barriers order
// the zeroing, the atomics and the merge), llm.c's softmax (every lane of a warp storing its
// warp's value to one shared slot: hidden as same-value stores) and its
// register-tiled matmul (register arrays in a loop with barriers, vector
// loads through helpers that take no thread), and CUDA by Example's hash
// table under its spin lock's methods (threads of one warp, of one block
// and of different blocks taking a bucket's lock in turn).
func TestCorpusClean(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{corpusDir, "--", "-run", "^(TestReduceSinglePass|TestHistogram|TestSharedHistogram|TestSoftmax|TestMatMul|TestChains)$"},
		&stdout, &stderr, nil)
	assert.Equal(t, exitOK, code, "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	assert.Contains(t, stdout.String(), "ERROR SUMMARY: 0 errors, 0 warnings")
	assert.Contains(t, stdout.String(), "same-value write-after-write hazards not shown")
}

// TestCorpusMistakes: the twins' mistakes are reported, one report each
// between the lines they involve: threadFenceReduction without its fence
// (the partial sums race with the last block's reads, its store of the
// total with block 0's partial sum, and its reset of the ticket counter
// with the other blocks' atomics on it), llm.c's softmax reusing its
// shared buffer for the sums without a barrier after the maximum is read,
// the hash table under a lock without fences (its bucket heads race), and
// a method storing to shared memory what another warp reads, with no
// barrier between (reported at the method's own line).
func TestCorpusMistakes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{"-json", corpusDir, "--", "-run", "^(TestReduceSinglePassNoFence|TestSoftmaxReuse|TestChainsNoFence|TestRotateTile)$"},
		&stdout, &stderr, nil)
	assert.Equal(t, exitFailure, code, "stderr:\n%s", &stderr)
	var rs []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rs), "stdout:\n%s", &stdout)
	fence, softmax := filepath.Join(corpusDir, "fence.go"), filepath.Join(corpusDir, "softmax.go")
	lock := filepath.Join(corpusDir, "lock.go")
	type want struct {
		what, file, first, second, hint string
		launches                        int  // 0: one or more
		optional                        bool // not found in every run
	}
	wants := []want{
		{"Potential RAW hazard", fence, "// PARTIAL", "// GATHER", "atomic.ThreadFence()", 2, false},
		// Not when the last block to finish is block 0, whose partial sum
		// the total overwrites.
		{"Potential WAW hazard", fence, "// PARTIAL", "out[0] = sdata[0]", "atomic.ThreadFence()", 0, true},
		// The last block's reset of the counter races with the other
		// blocks' atomics on it, which no fence releases.
		{"Potential WAW hazard", fence, "atomic.Inc(&count[0]", "count[0] = 0", "atomic.ThreadFence()", 0, false},
		{"Potential WAR hazard", softmax, "// MAX", "// SUM", "t.SyncThreads()", 1, false},
		// The example is of two blocks or of one, by the order they ran
		// in: the hint is a fence's or a barrier's.
		{"Potential RAW hazard", lock, "// HEAD", "// LINK", "", 1, false},
		{"Potential WAW hazard", lock, "// HEAD", "// HEAD", "", 1, false},
		{"Potential WAR hazard", lock, "// LINK", "// HEAD", "", 1, true},
		{"Potential RAW hazard", lock, "// PUT", "// NEXT", "t.SyncThreads()", 1, false},
		{"Potential WAR hazard", lock, "// NEXT", "// PUT", "t.SyncThreads()", 1, false},
	}
	found := 0
	for _, w := range wants {
		lines := [2]int{lineIn(t, w.file, w.first), lineIn(t, w.file, w.second)}
		i := slices.IndexFunc(rs, func(r *record.Report) bool {
			return r.What == w.what && len(r.Accesses) == 2 && r.Accesses[0].Line == lines[0] && r.Accesses[1].Line == lines[1]
		})
		if i < 0 {
			assert.True(t, w.optional, "no %s between %s and %s in\n%s", w.what, w.first, w.second, &stdout)
			continue
		}
		found++
		r := rs[i]
		assert.Equal(t, []any{"racecheck", record.Error, false}, []any{r.Tool, r.Severity, r.SameValue}, w.what)
		assert.True(t, strings.HasSuffix(r.Accesses[0].File, filepath.Base(w.file)), r.Accesses[0].File)
		assert.Contains(t, r.Detail, w.hint)
		if w.launches > 0 {
			assert.Equal(t, w.launches, r.Launches, "%s: launches", w.what)
		}
	}
	shown, _ := record.Visible(rs, false)
	assert.Len(t, shown, found, "nothing else is reported:\n%s", &stdout)
}

// TestCorpusRealRaces: the races of five HeCBench kernels ported as their
// authors wrote them (testdata/corpus/hecbench_races.go) are reported, as
// compute-sanitizer's racecheck would report them on a GPU: one report
// for each kind of hazard between two lines, the lines in the order the
// accesses happened (a RAW and a WAR for one pair of lines where the
// threads ran in both orders, in different steps). The races: sosfilt's
// pipeline through s_out, in each of its three phases (a thread reads the
// slot the thread before it writes in the same step, across the warps'
// boundary too: an error); romberg's thread 0 reading the column sums
// threads 1 to 16 store, with no barrier between (the lanes of one warp:
// a warning, as every hazard within a warp is); split's warp-synchronous
// scan through shared memory with no __syncwarp, every step's read
// against the slots the lanes below write (and the pads that lanes zero),
// in both of its calls; lanczos's warp-synchronous reduction, the lanes
// below half reading the slots of the lanes above; and surfel's single
// barrier a tile, the next tile's load overwriting each of a surfel's
// seven fields while other threads still read them. Split's and lanczos's
// lanes read slots of lanes that have not yet written them at all in that
// launch: initcheck reports those reads too.
func TestCorpusRealRaces(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{"-json", corpusDir, "--", "-run",
		"^(TestSosfilt|TestRomberg|TestRadixSortBlocksKeys|TestWarpMultiply|TestSurfelRenderTile)$"},
		&stdout, &stderr, nil)
	assert.Equal(t, exitFailure, code, "stderr:\n%s", &stderr)
	var rs []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rs), "stdout:\n%s", &stdout)
	file := filepath.Join(corpusDir, "hecbench_races.go")
	const (
		raw, war = "Potential RAW hazard", "Potential WAR hazard"
		uninit   = "Uninitialized __shared__ memory read of size 4 bytes"
		barrier  = "t.SyncThreads()"
		syncWarp = "t.SyncWarp(mask)"
	)
	type want struct {
		what, kernel, severity string
		lines                  []string // the accesses' lines, by text on them
		hint                   string
	}
	hazard := func(what, kernel, severity, first, second, hint string) want {
		return want{what, kernel, severity, []string{first, second}, hint}
	}
	const sosfilt, split = "corpus.Sosfilt[...]", "corpus.RadixSortBlocksKeysK"
	const lanczos, surfel = "corpus.WarpMultiplyKernel[...]", "corpus.SurfelRenderTile[...]"
	var wants []want
	for _, phase := range []string{"LOAD", "PROCESS", "UNLOAD"} {
		read, write := "// SOS "+phase+" READ", "// SOS "+phase+" WRITE"
		wants = append(wants,
			hazard(raw, sosfilt, record.Error, write, read, barrier),
			hazard(war, sosfilt, record.Error, read, write, barrier))
	}
	wants = append(wants, hazard(raw, "corpus.Romberg", record.Warning, "// ROMBERG SUM", "// ROMBERG TABLE", syncWarp))
	for _, step := range []int{1, 2, 4, 8, 16} {
		scan := "// SCAN " + strconv.Itoa(step) + "\n"
		wants = append(wants,
			hazard(war, split, record.Warning, scan, "// SCAN VAL", syncWarp),
			hazard(raw, split, record.Warning, "// SCAN ZERO", scan, syncWarp),
			want{uninit, split, record.Error, []string{scan}, "a GPU does not zero shared memory"})
		if step <= 4 { // the second call scans four warps' sums, to level 2
			wants = append(wants, hazard(raw, split, record.Warning, "// SCAN WARPS", scan, syncWarp))
		}
	}
	wants = append(wants,
		hazard(war, lanczos, record.Warning, "// LANCZOS REDUCE", "// LANCZOS ZERO", syncWarp),
		want{uninit, lanczos, record.Error, []string{"// LANCZOS REDUCE"}, "a GPU does not zero shared memory"})
	for _, field := range []string{"px", "py", "pz", "nx", "ny", "nz", "rSqMax"} {
		read := field + " := sh["
		wants = append(wants,
			hazard(war, surfel, record.Error, read, "// SURFEL LOAD", barrier),
			hazard(raw, surfel, record.Error, "// SURFEL LOAD", read, barrier))
	}
	for _, w := range wants {
		lines := make([]int, len(w.lines))
		for i, text := range w.lines {
			lines[i] = lineIn(t, file, text)
		}
		i := slices.IndexFunc(rs, func(r *record.Report) bool {
			return r.What == w.what && r.Kernel == w.kernel && slices.EqualFunc(r.Accesses, lines,
				func(a record.Access, line int) bool { return a.Line == line })
		})
		if !assert.GreaterOrEqual(t, i, 0, "no %s in %s at %q in\n%s", w.what, w.kernel, w.lines, &stdout) {
			continue
		}
		r := rs[i]
		tool := "racecheck"
		if w.what == uninit {
			tool = "initcheck"
		}
		assert.Equal(t, []any{tool, w.severity, false, 1}, []any{r.Tool, r.Severity, r.SameValue, r.Launches}, "%s at %q", w.what, w.lines)
		assert.True(t, strings.HasSuffix(r.Accesses[0].File, filepath.Base(file)), r.Accesses[0].File)
		assert.Contains(t, r.Detail, w.hint)
	}
	shown, _ := record.Visible(rs, false)
	assert.Len(t, shown, len(wants), "nothing else is reported:\n%s", &stdout)
}

// TestCorpusPointers: shared memory stored through a pointer (a C++
// reference, ported) and by the builtin copy is seen: the correct kernel
// has no report (a read after the barrier found those stores, where it
// was an uninitialized read before), and its twin without the barrier
// has each store race with the read, both ways, and the reads of slots
// not yet stored uninitialized.
func TestCorpusPointers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{corpusDir, "--", "-run", "^TestPointerWrites$"}, &stdout, &stderr, nil)
	assert.Equal(t, exitOK, code, "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	assert.Contains(t, stdout.String(), "ERROR SUMMARY: 0 errors, 0 warnings")

	stdout.Reset()
	code = check([]string{"-json", corpusDir, "--", "-run", "^TestPointerRaces$"}, &stdout, &stderr, nil)
	assert.Equal(t, exitFailure, code, "stderr:\n%s", &stderr)
	var rs []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rs), "stdout:\n%s", &stdout)
	file := filepath.Join(corpusDir, "pointers.go")
	ptr, cp, read := lineIn(t, file, "// POINTER STORE"), lineIn(t, file, "// COPY STORE"), lineIn(t, file, "// RACING READ")
	var got []string
	for _, r := range rs {
		lines := make([]string, len(r.Accesses))
		for i, a := range r.Accesses {
			lines[i] = strconv.Itoa(a.Line)
		}
		got = append(got, r.Tool+" "+r.What+" "+strings.Join(lines, "→"))
	}
	at := func(lines ...int) string {
		s := make([]string, len(lines))
		for i, l := range lines {
			s[i] = strconv.Itoa(l)
		}
		return strings.Join(s, "→")
	}
	uninit := "initcheck Uninitialized __shared__ memory read of size 4 bytes "
	assert.ElementsMatch(t, []string{
		"racecheck Potential RAW hazard " + at(ptr, read), "racecheck Potential WAR hazard " + at(read, ptr),
		"racecheck Potential RAW hazard " + at(cp, read), "racecheck Potential WAR hazard " + at(read, cp),
		uninit + at(read), uninit + at(read),
	}, got, "stdout:\n%s", &stdout)
}

// TestCorpusLocalArrays: arrays of a thread's own, sliced or taken the
// address of for a helper, are no other thread's memory, even where Go
// would reuse an earlier thread's freed array for a later one's (the
// kernel collects the garbage to make it so): no report.
func TestCorpusLocalArrays(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{corpusDir, "--", "-run", "^TestLocalArrays$"}, &stdout, &stderr, nil)
	assert.Equal(t, exitOK, code, "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	assert.Contains(t, stdout.String(), "ERROR SUMMARY: 0 errors, 0 warnings")
}

// TestCorpusWholeStores: a shared tile filled by vec4 stores through a
// reinterpreted pointer is initialized where its floats are read, and a
// generic kernel's same-value stores are hidden as a plain kernel's are.
func TestCorpusWholeStores(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{corpusDir, "--", "-run", "^(TestWholeStores|TestSameValueGeneric)$"}, &stdout, &stderr, nil)
	assert.Equal(t, exitOK, code, "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	assert.Contains(t, stdout.String(), "ERROR SUMMARY: 0 errors, 0 warnings")
}

// TestCorpusRaytrace: a ray tracer's per-pixel colour and random state,
// locals of each thread written through methods with pointer receivers
// (an implicit &col, nested method calls, a pointer to a local kept in a
// slice of the thread's own), are no other thread's memory, even where Go
// reuses an earlier thread's freed local: no report. The twin writing a
// pixel of global memory, a vec3 and a random state of shared memory
// through the same methods has each write race with the other threads'.
func TestCorpusRaytrace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{corpusDir, "--", "-run", "^TestRender$"}, &stdout, &stderr, nil)
	assert.Equal(t, exitOK, code, "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	assert.Contains(t, stdout.String(), "ERROR SUMMARY: 0 errors, 0 warnings")

	stdout.Reset()
	code = check([]string{"-json", corpusDir, "--", "-run", "^TestRenderRaces$"}, &stdout, &stderr, nil)
	assert.Equal(t, exitFailure, code, "stderr:\n%s", &stderr)
	var rs []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rs), "stdout:\n%s", &stdout)
	file := filepath.Join(corpusDir, "raytrace.go")
	for _, marker := range []string{"// SCALE", "// ADD", "// STATE"} {
		line := lineIn(t, file, marker)
		assert.True(t, slices.ContainsFunc(rs, func(r *record.Report) bool {
			return r.Tool == "racecheck" && r.What == "Potential WAW hazard" && len(r.Accesses) == 2 &&
				r.Accesses[0].Line == line && r.Accesses[1].Line == line
		}), "no write-after-write hazard at %s in\n%s", marker, &stdout)
	}
}
