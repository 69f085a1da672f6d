package record

import (
	"cmp"
	"slices"
)

// MergeProfiles merges the profiles of the same kernel, architecture, GPU
// and register count (several launches, several test processes) into one,
// summing launches, counts and predicted times (the bottleneck and timing
// are the longest launch's), and returns them sorted by kernel. The
// inputs are not modified; nil ones are skipped.
func MergeProfiles(profiles []*KernelProfile) []*KernelProfile {
	type kernelKey struct {
		kernel, arch, gpu string
		regs              int
	}
	byKernel := map[kernelKey]*KernelProfile{}
	var merged []*KernelProfile
	for _, p := range profiles {
		if p == nil {
			continue
		}
		key := kernelKey{p.Kernel, p.Arch, p.GPU, p.Registers}
		m := byKernel[key]
		if m == nil {
			m = &KernelProfile{Kernel: p.Kernel, Arch: p.Arch, GPU: p.GPU, Registers: p.Registers}
			byKernel[key] = m
			merged = append(merged, m)
		}
		m.add(p)
	}
	for _, m := range merged {
		m.Finish()
	}
	slices.SortFunc(merged, func(a, b *KernelProfile) int {
		return cmp.Or(cmp.Compare(a.Kernel, b.Kernel), cmp.Compare(a.Arch, b.Arch), cmp.Compare(a.Registers, b.Registers))
	})
	return merged
}

// add adds p's launches, configurations and lines to kp, whose totals
// finish then recomputes.
func (kp *KernelProfile) add(p *KernelProfile) {
	kp.Launches += p.Launches
	kp.PredictedNS += p.PredictedNS
	if p.Timing != nil && (kp.Timing == nil || p.Timing.LaunchNS > kp.Timing.LaunchNS) {
		kp.Timing, kp.Bottleneck = p.Timing, p.Bottleneck
	}
	for _, c := range p.Configs {
		i := slices.IndexFunc(kp.Configs, func(k LaunchConfig) bool {
			return k.Grid == c.Grid && k.Block == c.Block && k.StaticShared == c.StaticShared && k.DynamicShared == c.DynamicShared
		})
		if i < 0 {
			kp.Configs = append(kp.Configs, c)
		} else {
			kp.Configs[i].Launches += c.Launches
			kp.Configs[i].PredictedNS += c.PredictedNS
		}
	}
	for _, l := range p.Lines {
		i := slices.IndexFunc(kp.Lines, func(k LineProfile) bool {
			return k.File == l.File && k.Line == l.Line && k.Func == l.Func
		})
		if i < 0 {
			kp.Lines = append(kp.Lines, l)
		} else {
			k := &kp.Lines[i]
			k.Counts.Add(l.Counts)
			k.WorstGlobal, k.WorstShared = KeepWorse(k.WorstGlobal, l.WorstGlobal), KeepWorse(k.WorstShared, l.WorstShared)
		}
	}
}

// Finish sorts kp's configurations (most launched first) and lines (by
// file, line and function), and computes the metrics and the total.
func (kp *KernelProfile) Finish() {
	slices.SortStableFunc(kp.Configs, func(a, b LaunchConfig) int {
		return cmp.Or(cmp.Compare(b.Launches, a.Launches), cmpDims(a.Block, b.Block), cmpDims(a.Grid, b.Grid),
			cmp.Compare(a.StaticShared, b.StaticShared), cmp.Compare(a.DynamicShared, b.DynamicShared))
	})
	slices.SortFunc(kp.Lines, func(a, b LineProfile) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Func, b.Func))
	})
	kp.Total = Counts{}
	for i := range kp.Lines {
		l := &kp.Lines[i]
		l.Metrics = l.Counts.Metrics()
		kp.Total.Add(l.Counts)
	}
	kp.Metrics = kp.Total.Metrics()
}

func cmpDims(a, b [3]int) int {
	return cmp.Or(cmp.Compare(a[2], b[2]), cmp.Compare(a[1], b[1]), cmp.Compare(a[0], b[0]))
}
