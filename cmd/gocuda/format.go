package main

import (
	"math"
	"strconv"
)

// The formatting of numbers in gocuda's tables: significant digits, not
// decimal places, so that a slow variant reads 0.0102 GB/s, not 0.00.

// sig formats v with digits significant digits and no exponent:
// sig(0.0123456, 3) = "0.0123", sig(123456, 3) = "123456".
func sig(v float64, digits int) string {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	mag := int(math.Floor(math.Log10(math.Abs(v))))
	// Rounding can carry into a new digit (9.996 to 10.0): format once to
	// find out, then again with the decimals the rounded value needs.
	s := strconv.FormatFloat(v, 'f', max(0, digits-1-mag), 64)
	if r, err := strconv.ParseFloat(s, 64); err == nil && r != 0 {
		if m := int(math.Floor(math.Log10(math.Abs(r)))); m != mag {
			s = strconv.FormatFloat(r, 'f', max(0, digits-1-m), 64)
		}
	}
	return s
}

// timeUnits are the units formatTime chooses from, largest first.
var timeUnits = []struct {
	name string
	ns   float64
}{{"s", 1e9}, {"ms", 1e6}, {"µs", 1e3}, {"ns", 1}}

// formatTime formats a time in nanoseconds with three significant digits
// in the largest unit that keeps it at or above 1: "1.23 ms", "486 µs".
func formatTime(ns float64) string {
	for _, u := range timeUnits {
		if math.Abs(ns) >= u.ns*0.9995 || u.ns == 1 {
			return sig(ns/u.ns, 3) + " " + u.name
		}
	}
	return ""
}

// formatRate formats a rate in its metric's unit (GB/s, GFLOP/s) with
// three significant digits.
func formatRate(v float64, metric string) string { return sig(v, 3) + " " + metric }

// formatSpeedup formats a speed relative to a baseline: "0.0412×".
func formatSpeedup(s float64) string { return sig(s, 3) + "×" }

// formatPercent formats a fraction as a percentage with two significant
// digits, at most one decimal: "0.4%", "2.5%", "12%".
func formatPercent(f float64) string {
	p := 100 * f
	if p >= 10 {
		return strconv.FormatFloat(p, 'f', 0, 64) + "%"
	}
	return strconv.FormatFloat(p, 'f', 1, 64) + "%"
}
