package bench

import "errors"

// A Result is one variant of a comparison, checked and measured.
type Result struct {
	Variant  string
	Timing   Timing  // every sample
	Summary  Summary // of Timing's times per run, in nanoseconds
	CheckErr error   // why the result did not match the host reference, if it did not
	// Baseline is the faster hand-written baseline at this size, HandSerial
	// or HandParallel by median time ("" if neither was measured), and
	// Speedup is its median time divided by this variant's: above 1 is
	// faster than the best hand-written Go.
	Baseline string
	Speedup  float64
}

// Err returns the check's error or the measurement's, if any.
func (r Result) Err() error { return errors.Join(r.CheckErr, r.Timing.Err) }

// Verified reports whether the variant matched the host reference and ran
// without error.
func (r Result) Verified() bool { return r.Err() == nil }

// Compare checks every variant of vs against its host reference, measures
// those that pass together with Measure, and sets each one's Speedup
// relative to the faster of HandSerial and HandParallel. Taking the faster
// one keeps a small size, where starting goroutines costs more than the
// work, from flattering gocuda with a slow parallel baseline. It is the
// measuring procedure of the gocuda command's bench and demo.
func Compare(vs []Variant, o Options) []Result {
	rs := make([]Result, len(vs))
	var ok []Variant
	var at []int
	for i, v := range vs {
		rs[i].Variant = v.Name
		rs[i].Timing.Variant = v.Name
		if rs[i].CheckErr = v.Check(); rs[i].CheckErr == nil {
			ok = append(ok, v)
			at = append(at, i)
		}
	}
	for j, t := range Measure(ok, o) {
		rs[at[j]].Timing = t
		rs[at[j]].Summary = Summarize(t.NsPerOp())
	}
	base, baseNs := bestBaseline(rs)
	for i := range rs {
		if base != "" && rs[i].Verified() && rs[i].Summary.Median > 0 {
			rs[i].Baseline, rs[i].Speedup = base, baseNs/rs[i].Summary.Median
		}
	}
	return rs
}

// bestBaseline returns the hand-written baseline of rs with the lowest
// median time, and that time.
func bestBaseline(rs []Result) (name string, ns float64) {
	for _, r := range rs {
		if IsBaseline(r.Variant) && r.Verified() && r.Summary.Median > 0 && (name == "" || r.Summary.Median < ns) {
			name, ns = r.Variant, r.Summary.Median
		}
	}
	return name, ns
}
