package record

import (
	"io"

	"github.com/google/pprof/profile"
)

// profSampleTypes are the pprof profile's sample types: one value of each
// per source line, so that `go tool pprof -sample_index=gld_transactions
// -list Kernel` shows it beside the kernel's lines.
var profSampleTypes = []struct {
	name, unit string
	value      func(c *Counts) int
}{
	{"gld_requests", "count", func(c *Counts) int { return c.GldRequests }},
	{"gld_transactions", "count", func(c *Counts) int { return c.GldTransactions }},
	{"gld_bytes", "bytes", func(c *Counts) int { return c.GldBytes }},
	{"gld_requested_bytes", "bytes", func(c *Counts) int { return c.GldRequested }},
	{"gst_requests", "count", func(c *Counts) int { return c.GstRequests }},
	{"gst_transactions", "count", func(c *Counts) int { return c.GstTransactions }},
	{"gst_bytes", "bytes", func(c *Counts) int { return c.GstBytes }},
	{"gst_requested_bytes", "bytes", func(c *Counts) int { return c.GstRequested }},
	{"shared_ld_requests", "count", func(c *Counts) int { return c.SharedLdRequests }},
	{"shared_ld_transactions", "count", func(c *Counts) int { return c.SharedLdTransactions }},
	{"shared_ld_bank_conflicts", "count", func(c *Counts) int { return c.SharedLdConflicts }},
	{"shared_st_requests", "count", func(c *Counts) int { return c.SharedStRequests }},
	{"shared_st_transactions", "count", func(c *Counts) int { return c.SharedStTransactions }},
	{"shared_st_bank_conflicts", "count", func(c *Counts) int { return c.SharedStConflicts }},
	{"local_ld_requests", "count", func(c *Counts) int { return c.LocalLdRequests }},
	{"local_ld_transactions", "count", func(c *Counts) int { return c.LocalLdTransactions }},
	{"local_st_requests", "count", func(c *Counts) int { return c.LocalStRequests }},
	{"local_st_transactions", "count", func(c *Counts) int { return c.LocalStTransactions }},
	{"branches", "count", func(c *Counts) int { return c.Branches }},
	{"divergent_branches", "count", func(c *Counts) int { return c.DivergentBranches }},
	{"inst_executed", "count", func(c *Counts) int { return c.InstExecuted }},
	{"thread_inst_executed", "count", func(c *Counts) int { return c.ThreadInstExecuted }},
}

// pprofProfile returns profiles as a pprof profile: a sample per kernel
// and source line, labelled with the kernel, arch and registers, at a
// location whose function is the line's Func in its File. The default
// sample type is gld_transactions. Profiles of several architectures add
// up in pprof's views unless one is chosen, with -tagfocus=arch=sm_70.
func pprofProfile(profiles []*KernelProfile) *profile.Profile {
	// The mapping says the locations are symbolized already, so that
	// pprof looks for no binary.
	m := &profile.Mapping{ID: 1, File: "gocuda profile", HasFunctions: true, HasFilenames: true, HasLineNumbers: true}
	prof := &profile.Profile{DefaultSampleType: "gld_transactions", Mapping: []*profile.Mapping{m}}
	for _, t := range profSampleTypes {
		prof.SampleType = append(prof.SampleType, &profile.ValueType{Type: t.name, Unit: t.unit})
	}
	funcs := map[[2]string]*profile.Function{}
	locs := map[lineKey]*profile.Location{}
	for _, p := range profiles {
		for i := range p.Lines {
			l := &p.Lines[i]
			fn := funcs[[2]string{l.Func, l.File}]
			if fn == nil {
				fn = &profile.Function{ID: uint64(len(funcs) + 1), Name: l.Func, SystemName: l.Func, Filename: l.File}
				funcs[[2]string{l.Func, l.File}] = fn
				prof.Function = append(prof.Function, fn)
			}
			key := lineKey{l.File, l.Line, l.Func}
			loc := locs[key]
			if loc == nil {
				loc = &profile.Location{ID: uint64(len(locs) + 1), Mapping: m, Line: []profile.Line{{Function: fn, Line: int64(l.Line)}}}
				locs[key] = loc
				prof.Location = append(prof.Location, loc)
			}
			values := make([]int64, len(profSampleTypes))
			for j, t := range profSampleTypes {
				values[j] = int64(t.value(&l.Counts))
			}
			prof.Sample = append(prof.Sample, &profile.Sample{
				Location: []*profile.Location{loc},
				Value:    values,
				Label:    map[string][]string{"kernel": {p.Kernel}, "arch": {p.Arch}},
				NumLabel: map[string][]int64{"registers": {int64(p.Registers)}},
			})
		}
	}
	return prof
}

// writePprof writes profiles as a gzipped pprof protocol buffer.
func writePprof(w io.Writer, profiles []*KernelProfile) error {
	return pprofProfile(profiles).Write(w)
}

// A lineKey identifies a source line of a function.
type lineKey struct {
	file string
	line int
	fn   string
}
