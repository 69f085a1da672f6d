package samplesbooks

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds findTopK of HeCBench's score benchmark
// (zjin-lcf/HeCBench at f27000a, src/score-cuda/main.cu), after OpenCV's
// CUDA detection-output layer: an approximate top-K of a class's
// confidence scores by a counting sort over shared-memory bins, the
// bins' suffix sums by warp shuffles in the first warp. The template
// parameters T, BINS and BLOCK_SIZE are float32 and the constants below
// (main's instantiation, findTopK<float, 2048, 256>); clamp<int> is
// clampInt; __fdividef is a division.

// scoreBins and scoreBlockSize are main's BINS and BLOCK_SIZE.
const (
	scoreBins      = 2048
	scoreBlockSize = 256
)

// clampInt is clamp<int> of main.cu.
func clampInt(value, lower, upper int) int { return min(max(value, lower), upper) }

// FindTopKKernel is findTopK<float, 2048, 256> of score-cuda/main.cu: block
// (c, b) counts the scores above threshold of class c of batch item b into
// bins (shifted left by one), turns the counts into suffix sums with
// __shfl_down_sync in warp 0, and then places each score's index at its
// bin's next slot, keeping the first classwiseTopK.
//
//gocuda:kernel FindTopKKernel
func findTopKKernel(t *gocuda.Thread, indicesAll, countAll []int32, scoresAll []float32, threshold float32, classwiseTopK int, numClasses, numPriors int) {
	c := t.BlockIdx.X
	b := t.BlockIdx.Y

	indices := indicesAll[(b*numClasses+c)*classwiseTopK:]
	count := countAll[b*numClasses+c:]
	scores := scoresAll[(b*numClasses+c)*numPriors:]

	bins := gocuda.Shared[int32](t, scoreBins)

	for unroll := 0; unroll < scoreBins/scoreBlockSize; unroll++ {
		bins[unroll*scoreBlockSize+t.ThreadIdx.X] = 0
	}

	t.SyncThreads()

	for i := t.ThreadIdx.X; i < numPriors; i = i + scoreBlockSize {
		confidence := scores[i]
		if confidence > threshold {
			confScaled := (confidence - threshold) / (1.0 - threshold)
			binIndex := int(confScaled * scoreBins)

			// Shifted left by one, so that the suffix sum gives each bin
			// the count of the bins above it.
			binIndex = clampInt(binIndex, 0, scoreBins-1) - 1

			if binIndex >= 0 {
				atomic.Add(&bins[binIndex], 1)
			}
		}
	}

	t.SyncThreads()

	const warpSize = 32

	if t.ThreadIdx.X < warpSize {
		// Suffix sums a warp's worth of bins at a time, from the right,
		// carrying the previous group's first element.
		threadID := t.ThreadIdx.X
		inverseLaneID := warpSize - threadID - 1

		previousGroupFirstElement := int32(0)
		for iter := scoreBins/warpSize - 1; iter >= 0; iter-- {
			idx := iter*warpSize + threadID
			value := bins[idx]

			for i := 1; i < warpSize; i *= 2 {
				n := gocuda.ShflDownSync(t, 0xFFFFFFFF, value, i, 32)
				if inverseLaneID >= i {
					value += n
				}
			}

			value += previousGroupFirstElement
			bins[idx] = value

			previousGroupFirstElement = gocuda.ShflSync(t, 0xFFFFFFFF, value, 0, 32)
		}
	}

	if t.ThreadIdx.X == 0 {
		count[0] = 0
	}

	t.SyncThreads()

	for i := t.ThreadIdx.X; i < numPriors; i = i + scoreBlockSize {
		confidence := scores[i]
		if confidence > threshold {
			confScaled := (confidence - threshold) / (1.0 - threshold)
			binIndex := int(confScaled * scoreBins)
			binIndex = clampInt(binIndex, 0, scoreBins-1)

			idx := atomic.Add(&bins[binIndex], 1)
			if int(idx) < classwiseTopK {
				indices[idx] = int32(i)
				atomic.Add(&count[0], 1)
			}
		}
	}
}
