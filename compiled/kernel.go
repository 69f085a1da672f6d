package compiled

import (
	"io/fs"
	"math"
	"runtime"
	"strings"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/compiledlink"
)

// engine is package gocuda's side of compiled kernels.
var engine = compiledlink.Get[*gocuda.Thread, gocuda.Dim3]()

// A Source is the source a compiled kernel was generated from: generated
// code declares one per kernel, and Kernel and GridKernel run the
// compiled form only while the source still matches. The generator
// records a hash of the kernel's lines (its doc comment to its closing
// brace) and of the helpers it inlined, and embeds the package's source
// files that hold them (go:embed), so that the binary carries the source
// it was built from: the first launch of the kernel in a process hashes
// those lines again, wherever the build found the files (-trimpath, the
// module cache, a vendored copy). A stale compiled form never runs: the
// kernel runs on the runtime path, and a warning on standard error, once
// per kernel, names the go generate command that compiles it again. With
// GOCUDA_STRICT=1 in the environment its launches fail instead, with an
// error that matches gocuda.ErrInvalidKernelImage.
type Source struct {
	s *compiledlink.Source
}

// NewSource returns the Source of the kernel name, whose source lines,
// each span given as "file:first-end" with file a name in files (the
// generated file's embedded source files), have the hash the generator
// recorded (SHA-256, in hexadecimal, of the spans' lines). It panics on a
// malformed span.
func NewSource(files fs.FS, name, hash string, spans ...string) *Source {
	pkg := ""
	if pc, _, _, ok := runtime.Caller(1); ok {
		pkg = packageOf(runtime.FuncForPC(pc).Name())
	}
	return &Source{compiledlink.NewSource(files, pkg, name, hash, spans)}
}

// packageOf returns the import path of the package of the function named
// fn, as runtime.Func.Name spells it ("example.com/m/k.init"; a dot in the
// path's last element is escaped there, "gopkg.in/yaml%2ev3.init").
func packageOf(fn string) string {
	slash := strings.LastIndexByte(fn, '/') + 1
	if dot := strings.IndexByte(fn[slash:], '.'); dot >= 0 {
		return strings.ReplaceAll(fn[:slash+dot], "%2e", ".")
	}
	return ""
}

// NoGoexit records that the kernel cannot call runtime.Goexit, and
// returns src: gocuda compile found, in its lines and in those of the
// functions it calls, no call but of builtins, conversions, those
// functions, and packages that never end a goroutine (math, fmt's
// formatting, gocuda's own), and no function value or value with methods
// passed to one of those. calls are the lines of the functions it calls
// that src's own do not cover, given as NewSource's spans, and hash is
// theirs. A launch whose blocks all go to one worker then runs them on
// the launching goroutine instead, which would only wait, saving the
// hand-over to a worker and back; a Goexit there would end the caller's
// goroutine rather than fail the launch, hence the check, and so the
// launch goes to a worker where those lines have changed since. Call it
// only as generated code does, where the Source is declared.
func (src *Source) NoGoexit(hash string, calls ...string) *Source {
	src.s.SetNoGoexit(hash, calls)
	return src
}

// Kernel returns a kernel that runs body once per block where it can, and
// perThread for each thread otherwise: on the runtime path (with
// gocuda.Config.RuntimePath, gocuda.WithRuntimePath or
// GOCUDA_COMPILED=off, in a build instrumented by gocuda check or gocuda
// profile, or when src is stale). Both must compute the same thing: body
// is perThread compiled by loop fission. The engine calls body with the
// Thread's block fields (BlockIdx, BlockDim, GridDim) set and thread 0
// entered.
func Kernel(src *Source, perThread func(*gocuda.Thread), body func(*Block)) func(*gocuda.Thread) {
	return engine.Kernel(src.s, perThread, func(b *engineBlock) {
		body(blockOf(b))
	})
}

// GridKernel returns a kernel for a kernel without barriers, warp
// collectives or shared memory: where it can, the engine calls body once
// per chunk of blocks a worker takes, instead of once per block, and body
// runs every thread of blocks lo to hi-1 (linear block indices of the
// launch, X fastest, then Y, then Z, as CUDA numbers blocks; see
// Block.EnterBlock). Otherwise it runs perThread for each thread, as
// Kernel does. Body should check Block.Stopped between blocks, or more
// often, so that a cancelled launch stops.
func GridKernel(src *Source, perThread func(*gocuda.Thread), body func(b *Block, lo, hi int)) func(*gocuda.Thread) {
	return engine.GridKernel(src.s, perThread, func(b *engineBlock, lo, hi int) {
		body(blockOf(b), lo, hi)
	})
}

// GridStrideKernel is GridKernel for a body that runs a grid-stride loop
// in lockstep across the blocks of its chunk (each step of the loop for
// every block, then the next step), or runs the blocks of its chunk that
// follow one another along x as one row of threads: the engine gives each
// worker one contiguous part of the grid rather than small chunks in
// turn, so that a step of the loop reads neighbouring elements for
// neighbouring blocks, and a row is as long as the part.
func GridStrideKernel(src *Source, perThread func(*gocuda.Thread), body func(b *Block, lo, hi int)) func(*gocuda.Thread) {
	return engine.GridStrideKernel(src.s, perThread, func(b *engineBlock, lo, hi int) {
		body(blockOf(b), lo, hi)
	})
}

// StrideRows returns the rows [from, to) that the chunk of blocks lo to
// hi-1, of a launch of blocks blocks, runs of a flat grid-stride loop: a
// loop whose span iterations (span plus adj, adj 0 or 1 for a loop to <=
// its limit, saturating) are independent, taken in rows of rowLen. The
// rows are split among the blocks as evenly as they go, and a chunk runs
// its blocks' shares, one contiguous run of memory. The chunks of a
// GridStrideKernel's launch partition its grid, and each runs its body, so
// every row runs once.
func StrideRows(lo, hi, blocks, rowLen, span, adj int) (from, to int) {
	if span < math.MaxInt {
		span += adj
	}
	if span <= 0 || rowLen <= 0 || blocks <= 0 {
		return 0, 0
	}
	rows := span / rowLen
	if span%rowLen != 0 {
		rows++
	}
	share := func(b int) int { return rows/blocks*b + min(b, rows%blocks) }
	return share(lo), share(hi)
}
