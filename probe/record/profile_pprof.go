package record

import "io"

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
	{"shared_atom_requests", "count", func(c *Counts) int { return c.SharedAtomRequests }},
	{"shared_atom_operations", "count", func(c *Counts) int { return c.SharedAtomOperations }},
	{"global_atom_requests", "count", func(c *Counts) int { return c.GlobalAtomRequests }},
	{"global_atom_operations", "count", func(c *Counts) int { return c.GlobalAtomOperations }},
	{"branches", "count", func(c *Counts) int { return c.Branches }},
	{"divergent_branches", "count", func(c *Counts) int { return c.DivergentBranches }},
	{"inst_executed", "count", func(c *Counts) int { return c.InstExecuted }},
	{"thread_inst_executed", "count", func(c *Counts) int { return c.ThreadInstExecuted }},
}

// writePprof writes profiles as a gzipped pprof profile (profile.proto): a
// sample per kernel and source line, labelled with the kernel, arch and
// registers, at a location whose function is the line's Func in its File.
// The default sample type is gld_transactions. Profiles of several
// architectures add up in pprof's views unless one is chosen, with
// -tagfocus=arch=sm_70. The encoder is pprofenc.go's, so that the gocuda
// command, which users add as a tool, does not bring the pprof module into
// their go.mod.
func writePprof(w io.Writer, profiles []*KernelProfile) error {
	var e pprofEncoder
	var sampleTypes [][]byte
	for _, t := range profSampleTypes {
		sampleTypes = append(sampleTypes, e.valueType(t.name, t.unit))
	}
	funcs := map[[2]string]uint64{}
	locs := map[lineKey]uint64{}
	var samples, functions, locations [][]byte
	for _, p := range profiles {
		for i := range p.Lines {
			l := &p.Lines[i]
			fn := funcs[[2]string{l.Func, l.File}]
			if fn == 0 {
				fn = uint64(len(funcs) + 1)
				funcs[[2]string{l.Func, l.File}] = fn
				functions = append(functions, e.function(fn, l.Func, l.File))
			}
			key := lineKey{l.File, l.Line, l.Func}
			loc := locs[key]
			if loc == 0 {
				loc = uint64(len(locs) + 1)
				locs[key] = loc
				locations = append(locations, e.location(loc, pprofMapping, fn, int64(l.Line)))
			}
			values := make([]int64, len(profSampleTypes))
			for j, t := range profSampleTypes {
				values[j] = int64(t.value(&l.Counts))
			}
			samples = append(samples, e.sample(loc, values, p.Kernel, p.Arch, int64(p.Registers)))
		}
	}
	// The mapping says the locations are symbolized already, so that pprof
	// looks for no binary.
	mapping := e.mapping(pprofMapping, "gocuda profile")
	return e.write(w, pprofMessage{sampleTypes, samples, [][]byte{mapping}, locations, functions}, "gld_transactions")
}

// A lineKey identifies a source line of a function.
type lineKey struct {
	file string
	line int
	fn   string
}
