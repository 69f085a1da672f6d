package bench

import (
	"runtime"
	"time"
)

// Options say how Measure times a set of variants.
type Options struct {
	// WarmUp is how long each variant runs, at least once, before it is
	// timed: its outputs are faulted in, its code and data are in cache,
	// the device's workers are awake. The go test benchmarks of this
	// package warm up the same way before b.Loop.
	WarmUp time.Duration
	// MinTime is the least duration of one sample: a sample runs the
	// variant back to back until MinTime has passed, so the clock's
	// resolution and a launch's fixed costs do not dominate short runs.
	MinTime time.Duration
	// Count is the number of samples of each variant.
	Count int
}

// Settings returns the options of a full run, or of a quick one (go test
// -short, gocuda bench -quick): quick samples are shorter and fewer runs
// warm up. go test takes only WarmUp from them; its -benchtime and -count
// decide the rest.
func Settings(quick bool) Options {
	if quick {
		return Options{WarmUp: 20 * time.Millisecond, MinTime: 20 * time.Millisecond, Count: 6}
	}
	return Options{WarmUp: 100 * time.Millisecond, MinTime: 100 * time.Millisecond, Count: 6}
}

// A Sample is one timed stretch of consecutive runs of a variant.
type Sample struct {
	Runs    int
	Elapsed time.Duration
}

// NsPerOp returns the sample's mean time per run in nanoseconds.
func (s Sample) NsPerOp() float64 {
	if s.Runs == 0 {
		return 0
	}
	return float64(s.Elapsed.Nanoseconds()) / float64(s.Runs)
}

// A Timing is what Measure found for one variant.
type Timing struct {
	Variant string
	Samples []Sample
	Err     error // the error of a failed run, after which the variant was dropped
}

// NsPerOp returns the time per run of each sample, in the order taken.
func (t Timing) NsPerOp() []float64 {
	ns := make([]float64, len(t.Samples))
	for i, s := range t.Samples {
		ns[i] = s.NsPerOp()
	}
	return ns
}

// clock reads the time; tests of the timing logic replace it with a clock
// of their own, so that they do not depend on the machine being quiet.
var clock = time.Now

// WarmUp runs v once, then again until d has passed since the start, and
// returns the mean time of the runs after the first (of the first alone if
// there was one run), which pays for page faults and cold caches.
func WarmUp(v Variant, d time.Duration) (nsPerOp float64, err error) {
	start := clock()
	if err := v.Run(); err != nil {
		return 0, err
	}
	first := clock().Sub(start)
	runs := 0
	for clock().Sub(start) < d {
		if err := v.Run(); err != nil {
			return 0, err
		}
		runs++
	}
	if runs == 0 {
		return float64(first.Nanoseconds()), nil
	}
	return float64((clock().Sub(start) - first).Nanoseconds()) / float64(runs), nil
}

// Measure times every variant of vs, Count samples each, interleaved: it
// warms each up, then takes round after round of one sample of every
// variant, starting each round one variant further on, so that a burst of
// noise on the machine, a slowing clock or a cache left cold by the one
// before hits every variant alike instead of one. A variant whose run
// fails is dropped with the error in its Timing. Measure returns the
// Timings in the order of vs.
func Measure(vs []Variant, o Options) []Timing {
	ts := make([]Timing, len(vs))
	batch := make([]int, len(vs)) // runs expected to fill MinTime
	for i, v := range vs {
		ts[i].Variant = v.Name
		ns, err := WarmUp(v, o.WarmUp)
		ts[i].Err = err
		batch[i] = runsFor(o.MinTime, ns)
	}
	runtime.GC() // the warm-ups' garbage is not charged to the first sample
	for round := range o.Count {
		for j := range vs {
			i := (j + round) % len(vs)
			if ts[i].Err != nil {
				continue
			}
			s, err := sample(vs[i], batch[i], o.MinTime)
			if err != nil {
				ts[i].Err = err
				continue
			}
			ts[i].Samples = append(ts[i].Samples, s)
			batch[i] = runsFor(o.MinTime, s.NsPerOp())
		}
	}
	return ts
}

// sample runs v batch times, then on until minTime has passed, reading the
// clock only once the batch is done so that short runs are not slowed by
// it.
func sample(v Variant, batch int, minTime time.Duration) (Sample, error) {
	start := clock()
	var s Sample
	for {
		if err := v.Run(); err != nil {
			return s, err
		}
		s.Runs++
		if s.Runs >= batch {
			if s.Elapsed = clock().Sub(start); s.Elapsed >= minTime {
				return s, nil
			}
		}
	}
}

// runsFor returns how many runs of nsPerOp fill d: at least one.
func runsFor(d time.Duration, nsPerOp float64) int {
	if nsPerOp <= 0 {
		return 1
	}
	return max(1, int(float64(d.Nanoseconds())/nsPerOp))
}
