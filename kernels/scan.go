package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// ScanVariant names one of the prefix-sum (scan) algorithms Scan runs.
type ScanVariant int

// The scans, from the textbook block scans to the single-pass ones. The
// first three scan one block's worth of elements per block and reach any
// length through the multi-block driver (scan the blocks, scan the block
// sums recursively, add the scanned sums back); the last two are single
// launches with decoupled look-back.
const (
	// ScanHillisSteele is the Hillis–Steele block scan of P&H Appendix B,
	// Figure B.8.7: log2(n) steps, each reading x[i-offset], a barrier, then
	// adding it in (HillisSteeleScanKernel).
	ScanHillisSteele ScanVariant = iota
	// ScanBlelloch is Blelloch's work-efficient block scan, an up-sweep and
	// a down-sweep over a shared-memory tree, as in GPU Gems 3, chapter 39
	// (BlellochScanKernel).
	ScanBlelloch
	// ScanWarpShuffle is the CUDA samples' shfl_scan: warp scans with
	// __shfl_up_sync, then one warp scans the warp totals
	// (WarpShuffleScanKernel).
	ScanWarpShuffle
	// ScanLookback is Merrill and Garland's single-pass scan with decoupled
	// look-back, one element per thread (LookbackScanKernel).
	ScanLookback
	// ScanCoarsened is the single-pass look-back scan with each thread
	// scanning a long run of elements serially, the variant suited to CPUs
	// (CoarsenedScanKernel). It is the fastest, and the one InclusiveScan
	// and ExclusiveScan use.
	ScanCoarsened
)

var scanNames = [...]string{"hillisSteele", "blelloch", "warpShuffle", "lookback", "coarsened"}

// String returns the variant's short name, such as "blelloch".
func (v ScanVariant) String() string {
	if v < 0 || int(v) >= len(scanNames) {
		return fmt.Sprintf("ScanVariant(%d)", int(v))
	}
	return scanNames[v]
}

// ScanVariants returns every ScanVariant, in order.
func ScanVariants() []ScanVariant {
	return []ScanVariant{ScanHillisSteele, ScanBlelloch, ScanWarpShuffle, ScanLookback, ScanCoarsened}
}

// Scan computes the prefix sums of in into out on dev with variant v, the
// classic parallel scan (Blelloch, "Prefix Sums and Their Applications";
// P&H Appendix B.8): out[i] = in[0] + ... + in[i] if inclusive, else
// in[0] + ... + in[i-1] (out[0] = 0). Every variant takes any length. out
// may be in itself. Integer sums wrap; floating-point sums are added in a
// parallel order, so they may round differently from a serial loop. It
// returns an error wrapping gocuda.ErrInvalidValue if dev is nil, the
// lengths differ or v is unknown, and otherwise the first launch error.
func Scan[T Number](dev *gocuda.Device, v ScanVariant, in, out []T, inclusive bool) error {
	switch v {
	case ScanHillisSteele:
		return HillisSteeleScan(dev, in, out, inclusive)
	case ScanBlelloch:
		return BlellochScan(dev, in, out, inclusive)
	case ScanWarpShuffle:
		return WarpShuffleScan(dev, in, out, inclusive)
	case ScanLookback:
		return LookbackScan(dev, in, out, inclusive)
	case ScanCoarsened:
		return CoarsenedScan(dev, in, out, inclusive)
	}
	return fmt.Errorf("%w: unknown scan variant %v", gocuda.ErrInvalidValue, v)
}

// InclusiveScan computes out[i] = in[0] + ... + in[i] on dev with
// ScanCoarsened, the fastest variant. See Scan.
func InclusiveScan[T Number](dev *gocuda.Device, in, out []T) error {
	return CoarsenedScan(dev, in, out, true)
}

// ExclusiveScan computes out[i] = in[0] + ... + in[i-1], out[0] = 0, on dev
// with ScanCoarsened, the fastest variant. See Scan.
func ExclusiveScan[T Number](dev *gocuda.Device, in, out []T) error {
	return CoarsenedScan(dev, in, out, false)
}

// scanCheck validates a scan's arguments.
func scanCheck[T Number](dev *gocuda.Device, in, out []T) error {
	if dev == nil {
		return fmt.Errorf("%w: scan on a nil device", gocuda.ErrInvalidValue)
	}
	if len(in) != len(out) {
		return fmt.Errorf("%w: scan of %d elements into %d", gocuda.ErrInvalidValue, len(in), len(out))
	}
	return nil
}

// scanCeil is ceil(a/b) for positive b.
func scanCeil(a, b int) int { return (a + b - 1) / b }

// scanPow2 returns the least power of two at least n (1 for n <= 1).
func scanPow2(n int) int {
	p := 1
	for p < n {
		p <<= 1
	}
	return p
}

// scanSerial scans in into out serially, starting from offset: the loop
// each thread of the coarsened scan runs over its own run. in and out may
// be the same slice: each element is read before it is written.
func scanSerial[T Number](in, out []T, offset T, inclusive bool) {
	out = out[:len(in)]
	s := offset
	if inclusive {
		for i, x := range in {
			s += x
			out[i] = s
		}
		return
	}
	for i, x := range in {
		out[i] = s
		s += x
	}
}

// scanSum returns the sum of s with four independent accumulators, so that
// the additions overlap instead of waiting on each other.
func scanSum[T Number](s []T) T {
	var a, b, c, d T
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
