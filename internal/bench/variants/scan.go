package variants

import (
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

// The variants of the block scans of kernels.Scan: Hillis–Steele (P&H
// Figure B.8.7, kernels.HillisSteeleScanKernel, one element per thread)
// and Blelloch (GPU Gems 3 chapter 39, kernels.BlellochScanKernel, two per
// thread). Each is inclusive and runs through scanBlocks, the multi-block
// driver of kernels' scans: the blocks' scans and totals, the totals
// scanned the same way, then each block's prefix combined into its
// elements.

// scanMaxThreads is the largest block of the scans, as kernels'.
const scanMaxThreads = 512

// ScanHSInlineKernel rewords kernels.HillisSteeleScanKernel with the
// plus_scan helper inline, the offset doubled by offset <<= 1 and the
// tail's zero loaded in an else.
//
//gocuda:kernel ScanHSInlineKernel
func scanHSInline(t *gocuda.Thread, in, out, sums []float32) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	x := gocuda.Shared[float32](t, b)
	g := t.BlockIdx.X*b + i
	if g < len(in) {
		x[i] = in[g]
	} else {
		x[i] = 0
	}
	t.SyncThreads()
	for offset := 1; offset < b; offset <<= 1 {
		var y float32
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads()
		if i >= offset {
			x[i] += y
		}
		t.SyncThreads()
	}
	if g < len(in) {
		out[g] = x[i]
	}
	if sums != nil && i == b-1 {
		sums[t.BlockIdx.X] = x[i]
	}
}

// ScanHSDoubleBufferKernel rewords kernels.HillisSteeleScanKernel as GPU
// Gems 3's Example 39-1 writes it: two buffers in one shared array,
// pout = 1 - pout, one barrier a step.
//
//gocuda:kernel ScanHSDoubleBufferKernel
func scanHSDoubleBuffer(t *gocuda.Thread, in, out, sums []float32) {
	b, thid := t.BlockDim.X, t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, 2*b)
	g := t.BlockIdx.X*b + thid
	pout, pin := 0, 1
	temp[thid] = 0
	if g < len(in) {
		temp[thid] = in[g]
	}
	t.SyncThreads()
	for offset := 1; offset < b; offset *= 2 {
		pout = 1 - pout
		pin = 1 - pout
		if thid >= offset {
			temp[pout*b+thid] = temp[pin*b+thid] + temp[pin*b+thid-offset]
		} else {
			temp[pout*b+thid] = temp[pin*b+thid]
		}
		t.SyncThreads()
	}
	if g < len(in) {
		out[g] = temp[pout*b+thid]
	}
	if sums != nil && thid == b-1 {
		sums[t.BlockIdx.X] = temp[pout*b+thid]
	}
}

// ScanHSDoubleBufferMaxKernel rewords kernels.HillisSteeleScanKernel
// double-buffered as ScanHSDoubleBufferKernel, with an int32 max instead
// of a float32 sum (a running maximum).
//
//gocuda:kernel ScanHSDoubleBufferMaxKernel
func scanHSDoubleBufferMax(t *gocuda.Thread, in, out, sums []int32) {
	b, thid := t.BlockDim.X, t.ThreadIdx.X
	temp := gocuda.Shared[int32](t, 2*b)
	g := t.BlockIdx.X*b + thid
	pout, pin := 0, 1
	temp[thid] = -math32Max - 1
	if g < len(in) {
		temp[thid] = in[g]
	}
	t.SyncThreads()
	for offset := 1; offset < b; offset *= 2 {
		pout = 1 - pout
		pin = 1 - pout
		if thid >= offset {
			temp[pout*b+thid] = max(temp[pin*b+thid], temp[pin*b+thid-offset])
		} else {
			temp[pout*b+thid] = temp[pin*b+thid]
		}
		t.SyncThreads()
	}
	if g < len(in) {
		out[g] = temp[pout*b+thid]
	}
	if sums != nil && thid == b-1 {
		sums[t.BlockIdx.X] = temp[pout*b+thid]
	}
}

// ScanHSInt32Kernel rewords kernels.HillisSteeleScanKernel over int32
// (wrapping) sums, the plus_scan inline.
//
//gocuda:kernel ScanHSInt32Kernel
func scanHSInt32(t *gocuda.Thread, in, out, sums []int32) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	x := gocuda.Shared[int32](t, b)
	g := t.BlockIdx.X*b + i
	var v int32
	if g < len(in) {
		v = in[g]
	}
	x[i] = v
	t.SyncThreads()
	for offset := 1; offset < b; offset *= 2 {
		var y int32
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads()
		if i >= offset {
			x[i] = y + x[i]
		}
		t.SyncThreads()
	}
	if g < len(in) {
		out[g] = x[i]
	}
	if sums != nil && i == b-1 {
		sums[t.BlockIdx.X] = x[i]
	}
}

// ScanHSWhileKernel rewords kernels.HillisSteeleScanKernel with a
// while-style loop (offset := 1; for offset < n { ...; offset *= 2 }) and
// the neighbour read into a temporary that starts at zero for every thread.
//
//gocuda:kernel ScanHSWhileKernel
func scanHSWhile(t *gocuda.Thread, in, out, sums []float32) {
	n := t.BlockDim.X
	tid := t.ThreadIdx.X
	x := gocuda.Shared[float32](t, n)
	g := t.BlockIdx.X*n + tid
	var v float32
	if g < len(in) {
		v = in[g]
	}
	x[tid] = v
	t.SyncThreads()
	offset := 1
	for offset < n {
		var tmp float32
		if tid-offset >= 0 {
			tmp = x[tid-offset]
		}
		t.SyncThreads()
		x[tid] += tmp
		t.SyncThreads()
		offset *= 2
	}
	if g < len(in) {
		out[g] = x[tid]
	}
	if sums != nil && tid == n-1 {
		sums[t.BlockIdx.X] = x[tid]
	}
}

// ScanHSFourPerThreadKernel rewords kernels.HillisSteeleScanKernel with
// four consecutive elements per thread: each thread scans its four in
// registers, the Hillis–Steele steps scan the threads' totals, and each
// thread adds the total before it.
//
//gocuda:kernel ScanHSFourPerThreadKernel
func scanHSFourPerThread(t *gocuda.Thread, in, out, sums []float32) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	x := gocuda.Shared[float32](t, b)
	base := (t.BlockIdx.X*b + i) * 4
	var r [4]float32
	var acc float32
	for k := range 4 {
		if base+k < len(in) {
			acc += in[base+k]
		}
		r[k] = acc
	}
	x[i] = acc
	t.SyncThreads()
	for offset := 1; offset < b; offset *= 2 {
		var y float32
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads()
		if i >= offset {
			x[i] += y
		}
		t.SyncThreads()
	}
	var prefix float32
	if i > 0 {
		prefix = x[i-1]
	}
	for k := range 4 {
		if base+k < len(in) {
			out[base+k] = r[k] + prefix
		}
	}
	if sums != nil && i == b-1 {
		sums[t.BlockIdx.X] = x[i]
	}
}

// ScanBlellochDivMulKernel rewords kernels.BlellochScanKernel with
// division and multiplication instead of shifts (d := m / 2 ... d /= 2,
// offset *= 2 and offset /= 2) and the tree's indexes inline.
//
//gocuda:kernel ScanBlellochDivMulKernel
func scanBlellochDivMul(t *gocuda.Thread, in, out, sums []float32) {
	n := len(in)
	thid := t.ThreadIdx.X
	m := 2 * t.BlockDim.X
	temp := gocuda.Shared[float32](t, m)
	g := t.BlockIdx.X*m + 2*thid
	var a0, a1 float32
	if g < n {
		a0 = in[g]
	}
	if g+1 < n {
		a1 = in[g+1]
	}
	temp[2*thid] = a0
	temp[2*thid+1] = a1
	offset := 1
	for d := m / 2; d > 0; d /= 2 {
		t.SyncThreads()
		if thid < d {
			temp[offset*(2*thid+2)-1] += temp[offset*(2*thid+1)-1]
		}
		offset *= 2
	}
	if thid == 0 {
		if sums != nil {
			sums[t.BlockIdx.X] = temp[m-1]
		}
		temp[m-1] = 0
	}
	for d := 1; d < m; d *= 2 {
		offset /= 2
		t.SyncThreads()
		if thid < d {
			ai := offset*(2*thid+1) - 1
			bi := offset*(2*thid+2) - 1
			y := temp[ai]
			temp[ai] = temp[bi]
			temp[bi] += y
		}
	}
	t.SyncThreads()
	if g < n {
		out[g] = temp[2*thid] + a0
	}
	if g+1 < n {
		out[g+1] = temp[2*thid+1] + a1
	}
}

// ScanBlellochMaxKernel rewords kernels.BlellochScanKernel with an int32
// max instead of a float32 sum: the root cleared to the smallest int32,
// max's identity.
//
//gocuda:kernel ScanBlellochMaxKernel
func scanBlellochMax(t *gocuda.Thread, in, out, sums []int32) {
	n := len(in)
	thid := t.ThreadIdx.X
	m := 2 * t.BlockDim.X
	temp := gocuda.Shared[int32](t, m)
	g := t.BlockIdx.X*m + 2*thid
	a0, a1 := int32(-math32Max-1), int32(-math32Max-1)
	if g < n {
		a0 = in[g]
	}
	if g+1 < n {
		a1 = in[g+1]
	}
	temp[2*thid], temp[2*thid+1] = a0, a1
	offset := 1
	for d := m >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] = max(temp[bi], temp[ai])
		}
		offset *= 2
	}
	if thid == 0 {
		if sums != nil {
			sums[t.BlockIdx.X] = temp[m-1]
		}
		temp[m-1] = -math32Max - 1
	}
	for d := 1; d < m; d *= 2 {
		offset >>= 1
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			y := temp[ai]
			temp[ai] = temp[bi]
			temp[bi] = max(temp[bi], y)
		}
	}
	t.SyncThreads()
	if g < n {
		out[g] = max(temp[2*thid], a0)
	}
	if g+1 < n {
		out[g+1] = max(temp[2*thid+1], a1)
	}
}

// ScanBlellochHelpersKernel rewords kernels.BlellochScanKernel with the
// up-sweep and the down-sweep in helpers, as course code splits them.
//
//gocuda:kernel ScanBlellochHelpersKernel
func scanBlellochHelpers(t *gocuda.Thread, in, out, sums []float32) {
	n := len(in)
	thid := t.ThreadIdx.X
	m := 2 * t.BlockDim.X
	temp := gocuda.Shared[float32](t, m)
	g := t.BlockIdx.X*m + 2*thid
	var a0, a1 float32
	if g < n {
		a0 = in[g]
	}
	if g+1 < n {
		a1 = in[g+1]
	}
	temp[2*thid], temp[2*thid+1] = a0, a1
	offset := upSweep(t, temp)
	if thid == 0 {
		if sums != nil {
			sums[t.BlockIdx.X] = temp[m-1]
		}
		temp[m-1] = 0
	}
	downSweep(t, temp, offset)
	if g < n {
		out[g] = temp[2*thid] + a0
	}
	if g+1 < n {
		out[g+1] = temp[2*thid+1] + a1
	}
}

// upSweep builds the partial sums up the tree over temp and returns the
// offset it ends at.
func upSweep(t *gocuda.Thread, temp []float32) int {
	thid := t.ThreadIdx.X
	offset := 1
	for d := len(temp) >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	return offset
}

// downSweep pushes the prefixes back down the tree over temp, from offset,
// and ends at a barrier.
func downSweep(t *gocuda.Thread, temp []float32, offset int) {
	thid := t.ThreadIdx.X
	for d := 1; d < len(temp); d *= 2 {
		offset >>= 1
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			y := temp[ai]
			temp[ai] = temp[bi]
			temp[bi] += y
		}
	}
	t.SyncThreads()
}

// ScanUniformMaxKernel is the third step of the max scans' multi-block
// driver, kernels.UniformAddKernel with max: out[i] = max(out[i],
// prefix[i/per]).
//
//gocuda:kernel ScanUniformMaxKernel
func scanUniformMax(t *gocuda.Thread, out, prefix []int32, per int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = max(out[i], prefix[i/per])
	}
}

// scanShape returns a scan's threads per block and elements per block for
// n > 0 elements, perThread elements a thread; pow2 rounds the threads up
// to a power of two (Blelloch's tree needs one).
func scanShape(n, perThread int, pow2 bool) (threads, per int) {
	threads = min(scanMaxThreads, ceil(ceil(n, perThread), gocuda.WarpSize)*gocuda.WarpSize)
	if pow2 {
		p := 1
		for p < threads {
			p *= 2
		}
		threads = p
	}
	return threads, threads * perThread
}

// scanBlocks scans in into out (inclusive) with kernel k, perThread
// elements a thread: the blocks' scans and totals, the totals scanned by
// scanBlocks again, and each block's prefix combined into its elements by
// uniform, as kernels' multi-block driver does.
func scanBlocks[T any](dev *gocuda.Device, runtimePath bool, in, out []T, perThread int, pow2 bool,
	k func(in, out, sums []T) func(*gocuda.Thread), uniform func(out, prefix []T, per int) func(*gocuda.Thread)) error {
	n := len(in)
	if n == 0 {
		return nil
	}
	threads, per := scanShape(n, perThread, pow2)
	blocks := ceil(n, per)
	var sums []T
	if blocks > 1 {
		sums = make([]T, blocks)
	}
	if err := dev.Launch(config(blocks, threads, runtimePath), k(in, out, sums)); err != nil || blocks == 1 {
		return err
	}
	if err := scanBlocks(dev, runtimePath, sums, sums, perThread, pow2, k, uniform); err != nil {
		return err
	}
	const addThreads = 256
	rest := out[per:]
	return dev.Launch(config(ceil(len(rest), addThreads), addThreads, runtimePath), uniform(rest, sums[:blocks-1], per))
}

// scanRef is the sequential inclusive scan of x with op.
func scanRef[T any](x []T, op func(T, T) T) []T {
	out := make([]T, len(x))
	for i, v := range x {
		if i > 0 {
			v = op(out[i-1], v)
		}
		out[i] = v
	}
	return out
}

// scanCase is a scan Impl of variant name rewording original of, over
// inputs in (shared under key, the output under key+"out").
func scanCase[T comparable](name, kind, of string, in func(int) []T, key string,
	run func(dev *gocuda.Device, runtimePath bool, in, out []T) error, op func(T, T) T) Impl {
	return Impl{Name: name, Kind: kind, Of: of, Setup: func(dev *gocuda.Device, n int, runtimePath bool) Instance {
		x := func() []T { return shared(key, n, in) }
		out := func() []T { return shared(key+"out", n, func(n int) []T { return make([]T, n) }) }
		return Instance{
			Run: func() error { return run(dev, runtimePath, x(), out()) },
			Check: func() error {
				o := out()
				clear(o)
				if err := run(dev, runtimePath, x(), o); err != nil {
					return err
				}
				return equal(o, scanRef(x(), op))
			},
		}
	}}
}

func add[T kernels.Number](a, b T) T { return a + b }

// hsRun and blRun run a Hillis–Steele or a Blelloch variant kernel through
// scanBlocks, the uniform step kernels.UniformAddKernel.
func hsRun[T kernels.Number](k func(in, out, sums []T) func(*gocuda.Thread), perThread int) func(*gocuda.Device, bool, []T, []T) error {
	return func(dev *gocuda.Device, runtimePath bool, in, out []T) error {
		return scanBlocks(dev, runtimePath, in, out, perThread, false, k, kernels.UniformAddKernel[T])
	}
}

func blRun[T kernels.Number](k func(in, out, sums []T) func(*gocuda.Thread)) func(*gocuda.Device, bool, []T, []T) error {
	return func(dev *gocuda.Device, runtimePath bool, in, out []T) error {
		return scanBlocks(dev, runtimePath, in, out, 2, true, k, kernels.UniformAddKernel[T])
	}
}

// scanHand are the hand-written baselines and the original of a scan algo.
func scanOthers(name string, v kernels.ScanVariant) []Impl {
	return []Impl{
		scanCase(name, Original, "", f32sparse, "f32sparse", func(dev *gocuda.Device, _ bool, in, out []float32) error {
			return kernels.Scan(dev, v, in, out, true)
		}, add[float32]),
		scanCase(bench.HandSerial, Hand, "", f32sparse, "f32sparse", func(_ *gocuda.Device, _ bool, in, out []float32) error {
			bench.ScanSerial(in, out)
			return nil
		}, add[float32]),
		scanCase(bench.HandParallel, Hand, "", f32sparse, "f32sparse", func(_ *gocuda.Device, _ bool, in, out []float32) error {
			bench.ScanParallel(in, out)
			return nil
		}, add[float32]),
	}
}

func hillisSteeleAlgo() Algo {
	const of = "hillisSteele"
	others := scanOthers(of, kernels.ScanHillisSteele)
	maxRun := func(dev *gocuda.Device, runtimePath bool, in, out []int32) error {
		return scanBlocks(dev, runtimePath, in, out, 1, false, ScanHSDoubleBufferMaxKernel, ScanUniformMaxKernel)
	}
	return Algo{
		Name: "hillisSteele", Size: 1 << 20, Short: 1 << 14, Test: []int{1, 1000, 70001},
		Impls: append([]Impl{others[0],
			scanCase("inline", Reworded, of, f32sparse, "f32sparse", hsRun(ScanHSInlineKernel, 1), add[float32]),
			scanCase("doubleBuffer", Reworded, of, f32sparse, "f32sparse", hsRun(ScanHSDoubleBufferKernel, 1), add[float32]),
			scanCase("doubleBufferMaxInt32", Reworded, of, i32hash, "i32hash", maxRun, maxOf[int32]),
			scanCase("int32", Reworded, of, i32hash, "i32hash", hsRun(ScanHSInt32Kernel, 1), add[int32]),
			scanCase("while", Reworded, of, f32sparse, "f32sparse", hsRun(ScanHSWhileKernel, 1), add[float32]),
			scanCase("fourPerThread", Reworded, of, f32sparse, "f32sparse", hsRun(ScanHSFourPerThreadKernel, 4), add[float32]),
		}, others[1:]...),
	}
}

func blellochAlgo() Algo {
	const of = "blelloch"
	others := scanOthers(of, kernels.ScanBlelloch)
	maxRun := func(dev *gocuda.Device, runtimePath bool, in, out []int32) error {
		return scanBlocks(dev, runtimePath, in, out, 2, true, ScanBlellochMaxKernel, ScanUniformMaxKernel)
	}
	return Algo{
		Name: "blelloch", Size: 1 << 20, Short: 1 << 14, Test: []int{1, 1000, 70001},
		Impls: append([]Impl{others[0],
			scanCase("divMul", Reworded, of, f32sparse, "f32sparse", blRun(ScanBlellochDivMulKernel), add[float32]),
			scanCase("maxInt32", Reworded, of, i32hash, "i32hash", maxRun, maxOf[int32]),
			scanCase("helpers", Reworded, of, f32sparse, "f32sparse", blRun(ScanBlellochHelpersKernel), add[float32]),
		}, others[1:]...),
	}
}
