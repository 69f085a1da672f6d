// Package record holds what the instrumented builds of gocuda check and
// gocuda profile write and the command reads: Records, one JSON object a
// line, each carrying a Report of the checker, a KernelProfile of the
// profiler or a MemoryEvent; and their presentation: reports folded into
// one per problem (Fold), leaks drawn from the memory events (Leaks),
// reports printed as compute-sanitizer prints them within Width columns
// (Report.Text), profiles merged and written as a summary, a table, JSON or
// a pprof profile (WriteProfiles).
//
// Importing it does nothing: no environment is read and nothing is
// installed. Package probe, the runtime of the instrumented builds, writes
// these records; package record never needs it.
package record
