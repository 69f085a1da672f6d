package hecbenchltoz

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// seamComputeMHost is the cumulative energy map the compute_M kernels
// compute, row after row.
func seamComputeMHost(left, up, right []int16, w, h, currentW int) []int32 {
	m := make([]int32, w*h)
	for c := range currentW {
		m[c] = int32(min(left[c], up[c], right[c]))
	}
	for r := 1; r < h; r++ {
		for c := range currentW {
			ix, p := r*w+c, (r-1)*w+c
			l, u, rt := int32(math.MaxInt32), m[p]+int32(up[ix]), int32(math.MaxInt32)
			if c > 0 {
				l = m[p-1] + int32(left[ix])
			}
			if c < currentW-1 {
				rt = m[p+1] + int32(right[ix])
			}
			m[ix] = min(l, u, rt)
		}
	}
	return m
}

// seamComputeM is seam-carving-cuda's compute_M (kernels_wrapper.h) on
// the form's path, with the way the build flags choose: "default"
// (compute_M_kernel_small up to 256 columns, step1 and step2 above),
// "single" (COMPUTE_M_SINGLE) or "iterate" (COMPUTE_M_ITERATE).
func seamComputeM(f form, way string, left, up, right []int16, m []int32, w, h, currentW int) error {
	const bx = seamComputeMBlocksizeX
	switch {
	case way == "default" && currentW <= 256:
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: currentW}, SharedMem: 2 * currentW * 4},
			ComputeMKernelSmall(left, up, right, m, w, h, currentW))
	case way == "default":
		blocks := gocuda.Dim3{X: (currentW-1)/bx + 1}
		blocks2 := gocuda.Dim3{X: (currentW-bx-1)/bx + 1}
		iters := (h-1)/(bx/2-1) + 1
		baseRow := 0
		for range iters {
			if err := f.launch(gocuda.Config{Grid: blocks, Block: gocuda.Dim3{X: bx}}, ComputeMKernelStep1(left, up, right, m, w, h, currentW, baseRow)); err != nil {
				return err
			}
			if err := f.launch(gocuda.Config{Grid: blocks2, Block: gocuda.Dim3{X: bx}}, ComputeMKernelStep2(left, up, right, m, w, h, currentW, baseRow)); err != nil {
				return err
			}
			baseRow += bx/2 - 1
		}
		return nil
	case way == "single":
		threads := 1
		for threads < currentW {
			threads *= 2
		}
		threads = min(256, threads)
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threads}, SharedMem: 2 * currentW * 4},
			ComputeMKernelSingle(left, up, right, m, w, h, currentW, (currentW-1)/threads+1))
	}
	blocks := gocuda.Dim3{X: (currentW-1)/bx + 1}
	if err := f.launch(gocuda.Config{Grid: blocks, Block: gocuda.Dim3{X: bx}}, ComputeMKernelIterate0(left, up, right, m, w, currentW)); err != nil {
		return err
	}
	for row := 1; row < h; row++ {
		if err := f.launch(gocuda.Config{Grid: blocks, Block: gocuda.Dim3{X: bx}}, ComputeMKernelIterate1(left, up, right, m, w, currentW, row)); err != nil {
			return err
		}
	}
	return nil
}

// TestSeamCarving computes M for a 600×70 image of random costs, at
// widths 600 (step1 and step2: 5 blocks, 3 trapezoid passes) and 200
// (compute_M_kernel_small), and by compute_M_kernel_single and the
// iterate kernels, then the bottom row's minimum by min_reduce (blocks of
// 128 threads of 8 columns, reduced until one block) and the seam by
// find_seam_kernel, against the host's dynamic programme.
func TestSeamCarving(t *testing.T) {
	const w, h = 600, 70
	r := rng(w, h)
	costs := func() []int16 {
		s := make([]int16, w*h)
		for i := range s {
			s[i] = int16(r.IntN(100))
		}
		return s
	}
	left, up, right := costs(), costs(), costs()
	for _, cw := range []int{600, 200} {
		want := seamComputeMHost(left, up, right, w, h, cw)
		last := want[(h-1)*w : (h-1)*w+cw]
		wantMin := 0
		for c := range last {
			if last[c] < last[wantMin] {
				wantMin = c
			}
		}
		wantSeam := make([]int32, h)
		wantSeam[h-1] = int32(wantMin)
		mi := wantMin
		for row := h - 2; row >= 0; row-- {
			mid := mi
			if mid != 0 && want[row*w+mid-1] < want[row*w+mi] {
				mi = mid - 1
			}
			if mid != cw && want[row*w+mid+1] < want[row*w+mi] {
				mi = mid + 1
			}
			wantSeam[row] = int32(mi)
		}
		for _, way := range []string{"default", "single", "iterate"} {
			got := agree(t, func(f form) ([2][]int32, error) {
				m := make([]int32, w*h)
				if err := seamComputeM(f, way, left, up, right, m, w, h, cw); err != nil {
					return [2][]int32{}, err
				}
				indices := make([]int32, cw)
				for i := range indices {
					indices[i] = int32(i)
				}
				n := cw
				for {
					blocks := (n-1)/(seamReduceBlocksizeX*seamReduceElementsPerThread) + 1
					if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: seamReduceBlocksizeX}},
						MinReduceKernel(m[(h-1)*w:], indices, n)); err != nil {
						return [2][]int32{}, err
					}
					n = blocks
					if blocks <= 1 {
						break
					}
				}
				seam := make([]int32, h)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 1}}, FindSeamKernel(m, indices, seam, w, h, cw))
				return [2][]int32{m, seam}, err
			})
			for row := range h {
				require.Equal(t, want[row*w:row*w+cw], got[0][row*w:row*w+cw], "%s width %d row %d", way, cw, row)
			}
			require.Equal(t, wantSeam, got[1], "%s width %d seam", way, cw)
		}
	}
}
