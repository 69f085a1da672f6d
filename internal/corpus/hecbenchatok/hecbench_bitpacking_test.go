package hecbenchatok

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestBitPacking runs compress's three kernels (bitPackInternal<int,
// uint32_t, int>) on 3411 ints of main.cu's offset plus 13 bits, with the
// configuration scan's grid as bitPackConfigLaunch sizes it (14 blocks)
// and with 5 blocks (so that each block takes several turns of its
// block-stride loop), against the minimum, the bit width and the packed
// words computed on the host.
func TestBitPacking(t *testing.T) {
	const n, offset, nbits = 3411, 87231, 13
	r := rng(n)
	in := make([]int32, n)
	for i := range in {
		in[i] = offset + int32(r.IntN(1<<nbits))
	}
	lo, hi := in[0], in[0]
	for _, v := range in {
		lo, hi = min(lo, v), max(hi, v)
	}
	wantBits := uint8(bits.Len32(uint32(hi - lo)))
	words := (int(wantBits)*n)/32 + 2
	want := make([]uint32, words)
	for i, v := range in {
		u := uint64(uint32(v - lo))
		bit := i * int(wantBits)
		w := uint64(want[bit/32]) | uint64(want[bit/32+1])<<32
		w |= u << (bit % 32)
		want[bit/32], want[bit/32+1] = uint32(w), uint32(w>>32)
	}
	num := []uint64{n}
	block := gocuda.Dim3{X: bpBlockSize}
	for _, scanGrid := range []int{int(roundUpDiv(n, bpBlockSize)), 5} {
		type result struct {
			min  int32
			bits uint8
			out  []uint32
		}
		got := agree(t, func(f form) (result, error) {
			mins := make([]int32, scanGrid)
			maxs := make([]int32, scanGrid)
			minVal := make([]int32, 1)
			numBits := make([]uint8, 1)
			out := make([]uint32, words)
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: scanGrid}, Block: block}, BitPackConfigScanKernel(mins, maxs, in, num)); err != nil {
				return result{}, err
			}
			// The finalisation reads one entry a scan block: num there is
			// the scan's block count, as when the scan's grid covers the input.
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: block}, BitPackConfigFinalizeKernel(mins, maxs, numBits, minVal, []uint64{uint64(scanGrid) * bpBlockSize})); err != nil {
				return result{}, err
			}
			grid := gocuda.Dim3{X: min(4096, int(roundUpDiv(n, bpBlockSize)))}
			return result{minVal[0], numBits[0], out}, f.launch(gocuda.Config{Grid: grid, Block: block}, BitPackKernel(numBits, minVal, out, in, num))
		})
		require.Equal(t, lo, got.min, "grid %d", scanGrid)
		require.Equal(t, wantBits, got.bits, "grid %d", scanGrid)
		require.Equal(t, want[:words-1], got.out[:words-1], "grid %d", scanGrid)
	}
}
