package bench

import (
	"math"
	"slices"
)

// A Summary describes a set of samples by order statistics, which one
// outlier on a noisy machine does not move far: the median and the median
// absolute deviation (MAD), a robust spread, beside the extremes.
type Summary struct {
	N                int
	Min, Median, Max float64
	MAD              float64 // the median of |x - Median|
}

// Summarize returns the Summary of xs; all zero for no samples.
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := slices.Sorted(slices.Values(xs))
	med := median(s)
	dev := make([]float64, len(s))
	for i, x := range s {
		dev[i] = math.Abs(x - med)
	}
	slices.Sort(dev)
	return Summary{N: len(s), Min: s[0], Median: med, Max: s[len(s)-1], MAD: median(dev)}
}

// median returns the median of sorted s, the mean of the middle two for an
// even count.
func median(s []float64) float64 {
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}
