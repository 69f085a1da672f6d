package bench

import (
	"runtime"
	"sync"
)

// scanSerialCutoff is the length below which ScanParallel scans serially:
// starting goroutines costs more than scanning that many elements.
const scanSerialCutoff = 1 << 15

// ScanSerial computes the inclusive prefix sum out[i] = in[0] + ... + in[i]
// with a plain loop: the serial baseline. out may be in itself.
func ScanSerial(in, out []float32) {
	scanFrom(in, out, 0)
}

// ScanParallel computes the same inclusive prefix sum as ScanSerial with
// the classic three-phase parallel scan over GOMAXPROCS contiguous parts:
// each part's sum in parallel, a serial scan of the few part sums, then
// each part scanned from its offset in parallel. It is the hand-written
// parallel baseline; out may be in itself. The sums are added in a
// different order from ScanSerial's, so float results may differ in their
// rounding.
func ScanParallel(in, out []float32) {
	n := len(in)
	out = out[:n]
	parts := min(runtime.GOMAXPROCS(0), max(n/scanSerialCutoff, 1))
	if parts == 1 {
		ScanSerial(in, out)
		return
	}
	sums := make([]float32, parts)
	scanParts(n, parts, func(p, lo, hi int) { sums[p] = scanSum(in[lo:hi]) })
	var offset float32
	for p, s := range sums { // exclusive scan of the part sums
		sums[p] = offset
		offset += s
	}
	scanParts(n, parts, func(p, lo, hi int) { scanFrom(in[lo:hi], out[lo:hi], sums[p]) })
}

// scanParts calls body for each of parts contiguous ranges of [0, n), each
// from its own goroutine, and returns when all have returned.
func scanParts(n, parts int, body func(p, lo, hi int)) {
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { body(p, n*p/parts, n*(p+1)/parts) })
	}
	wg.Wait()
}

// scanFrom is the inclusive scan of in into out starting from offset.
func scanFrom(in, out []float32, offset float32) {
	out = out[:len(in)]
	s := offset
	for i, v := range in {
		s += v
		out[i] = s
	}
}

// scanSum adds up s with four accumulators, so that the additions overlap
// instead of each waiting for the one before.
func scanSum(s []float32) float32 {
	var a, b, c, d float32
	i := 0
	for ; i+4 <= len(s); i += 4 {
		a += s[i]
		b += s[i+1]
		c += s[i+2]
		d += s[i+3]
	}
	for ; i < len(s); i++ {
		a += s[i]
	}
	return (a + b) + (c + d)
}
