package hecbenchltoz

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// radixScanExclusiveLarge is radixsort-cuda's scanExclusiveLarge
// (Scan.cu) on the form's path.
func radixScanExclusiveLarge(f form, dst, src, buf []uint32, batchSize, arrayLength uint32) error {
	const wg = radixWorkgroupSize
	n1 := (batchSize * arrayLength) / (4 * wg)
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int(n1*4*wg/4) / wg}, Block: gocuda.Dim3{X: wg}},
		ScanExclusiveLocal1Kernel(dst, src, 4*wg)); err != nil {
		return err
	}
	size2 := arrayLength / (4 * wg)
	elements := batchSize * size2
	snap := (elements + wg - 1) / wg * wg
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int(snap / wg)}, Block: gocuda.Dim3{X: wg}},
		ScanExclusiveLocal2Kernel(buf, dst, src, elements, size2)); err != nil {
		return err
	}
	return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int(n1)}, Block: gocuda.Dim3{X: wg}}, UniformUpdateKernel(dst, buf))
}

// TestRadixScan runs scanExclusiveLarge on one array of 8192 random
// counts (8 arrays of 1024 for scanExclusiveLocal1K, whose 8 totals
// scanExclusiveLocal2K scans), against a sequential exclusive scan.
func TestRadixScan(t *testing.T) {
	const n = 8192
	r := rng(n)
	src := make([]uint32, n)
	want := make([]uint32, n)
	sum := uint32(0)
	for i := range src {
		src[i] = r.Uint32N(100)
		want[i] = sum
		sum += src[i]
	}
	got := agree(t, func(f form) ([]uint32, error) {
		dst, buf := make([]uint32, n), make([]uint32, n/(4*radixWorkgroupSize))
		err := radixScanExclusiveLarge(f, dst, src, buf, 1, n)
		return dst, err
	})
	require.Equal(t, want, got)
}

// TestRadixSortStep runs one step of radixsort-cuda's
// radixSortStepKeysOnly on 16384 random keys at startbit 4: the blocks
// of 256 keys sorted by the digit on the host (radixSortBlocksKeysK is
// not ported), findRadixOffsetsK, the counters' exclusive scan by
// scanExclusiveLarge, and reorderDataKeysOnlyK, against a stable sort
// by the digit.
func TestRadixSortStep(t *testing.T) {
	const n, startbit = 16384, 4
	const totalBlocks = n / 2 / radixCTASize
	r := rng(n, startbit)
	keys := make([]uint32, n)
	for i := range keys {
		keys[i] = r.Uint32()
	}
	digit := func(k uint32) uint32 { return (k >> startbit) & 0xF }
	byDigit := func(a, b uint32) int { return int(digit(a)) - int(digit(b)) }
	temp := slices.Clone(keys)
	for b := 0; b < n; b += 2 * radixCTASize {
		slices.SortStableFunc(temp[b:b+2*radixCTASize], byDigit)
	}
	want := slices.Clone(keys)
	slices.SortStableFunc(want, byDigit)
	got := agree(t, func(f form) ([]uint32, error) {
		counters := make([]uint32, 16*totalBlocks)
		sums := make([]uint32, 16*totalBlocks)
		blockOffsets := make([]uint32, 16*totalBlocks)
		buf := make([]uint32, 16*totalBlocks/(4*radixWorkgroupSize))
		out := make([]uint32, n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: totalBlocks}, Block: gocuda.Dim3{X: radixCTASize}}
		if err := f.launch(cfg, FindRadixOffsetsKernel(temp, counters, blockOffsets, startbit, totalBlocks)); err != nil {
			return nil, err
		}
		if err := radixScanExclusiveLarge(f, sums, counters, buf, 1, 16*totalBlocks); err != nil {
			return nil, err
		}
		err := f.launch(cfg, ReorderDataKeysOnlyKernel(out, temp, blockOffsets, sums, startbit, n, totalBlocks))
		return out, err
	})
	require.Equal(t, want, got)
}
