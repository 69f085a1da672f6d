package corpus

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestShflScan runs the sample's three launches: the scan of each block,
// the scan of the block sums, and uniform_add on the data after the first
// block.
func TestShflScan(t *testing.T) {
	const blockSize = 256
	for _, gridSize := range []int{1, 8, 40, 64} {
		n := blockSize * gridSize
		in := randI32(rng(gridSize), n, 100)
		pBlockSize := min(gridSize, blockSize)
		got := agree(t, func(f form) ([]int32, error) {
			data := append([]int32(nil), in...)
			partial := make([]int32, gridSize)
			shmem := blockSize / 32 * 4
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: gridSize}, Block: gocuda.Dim3{X: blockSize}, SharedMem: shmem}, ShflScanKernel(data, 32, partial)); err != nil {
				return nil, err
			}
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: pBlockSize}, SharedMem: shmem}, ShflScanKernel(partial, 32, nil)); err != nil {
				return nil, err
			}
			if gridSize == 1 {
				return data, nil
			}
			return data, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: gridSize - 1}, Block: gocuda.Dim3{X: blockSize}}, UniformAddKernel(data[blockSize:], partial, n-blockSize))
		})
		var s int32
		for i := range n {
			s += in[i]
			require.Equal(t, s, got[i], "grid %d, element %d", gridSize, i)
		}
	}
}

// exclusiveScanRuns is the exclusive scan of each run of arrayLength.
func exclusiveScanRuns(in []uint32, arrayLength int) []uint32 {
	out := make([]uint32, len(in))
	var s uint32
	for i, v := range in {
		if i%arrayLength == 0 {
			s = 0
		}
		out[i] = s
		s += v
	}
	return out
}

func toUint4(s []uint32) []uint4 {
	v := make([]uint4, len(s)/4)
	for i := range v {
		v[i] = uint4{s[4*i], s[4*i+1], s[4*i+2], s[4*i+3]}
	}
	return v
}

func fromUint4(v []uint4) []uint32 {
	s := make([]uint32, 0, 4*len(v))
	for _, q := range v {
		s = append(s, q.X, q.Y, q.Z, q.W)
	}
	return s
}

// TestScanSample runs scan.cu's scanExclusiveShort (arrays of up to 1024)
// and scanExclusiveLarge (its three kernels) over batches of arrays.
func TestScanSample(t *testing.T) {
	const tb = scanBlockSize
	for _, c := range []struct{ arrayLength, batch int }{{4, 256}, {64, 16}, {1024, 2}, {2048, 1}, {8192, 2}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			total := c.arrayLength * c.batch
			r := rng(c.arrayLength, c.batch)
			in := make([]uint32, total)
			for i := range in {
				in[i] = r.Uint32N(1 << 20)
			}
			src := toUint4(in)
			got := agree(t, func(f form) ([]uint32, error) {
				dst := make([]uint4, len(src))
				nb := total / (4 * tb)
				if c.arrayLength <= 4*tb {
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: tb}}, ScanExclusiveSharedKernel(dst, src, c.arrayLength))
					return fromUint4(dst), err
				}
				if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: tb}}, ScanExclusiveSharedKernel(dst, src, 4*tb)); err != nil {
					return nil, err
				}
				buf := make([]uint32, nb)
				dstFlat, srcFlat := fromUint4(dst), in
				if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(nb, tb)}, Block: gocuda.Dim3{X: tb}}, ScanExclusiveShared2Kernel(buf, dstFlat, srcFlat, nb, c.arrayLength/(4*tb))); err != nil {
					return nil, err
				}
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: tb}}, UniformUpdateKernel(dst, buf))
				return fromUint4(dst), err
			})
			require.Equal(t, exclusiveScanRuns(in, c.arrayLength), got)
		})
	}
}
