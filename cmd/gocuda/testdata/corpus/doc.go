// Package corpus holds real kernels ported to gocuda, each with the mistake
// it is known for planted in a twin: the workload of cmd/gocuda's
// TestCorpus, which runs gocuda check over it and expects no report for
// the correct kernels and the planted mistake for each twin. It holds too
// kernels ported as their authors wrote them, races included
// (hecbench_races.go), whose races TestCorpusRealRaces expects, shared
// memory stored through pointers and by copy (pointers.go), for
// TestCorpusPointers, arrays of a thread's own handed to helpers
// (localarrays.go), for TestCorpusLocalArrays, and whole structs stored
// through pointers and a generic kernel's same-value stores
// (wholestores.go), for TestCorpusWholeStores, and a histogram of shared
// atomics with either barrier left out (atomics.go), for
// TestCorpusAtomics, and a ray tracer's per-pixel colour written through
// pointer-receiver methods (raytrace.go), for TestCorpusRaytrace. Every
// file names its source.
package corpus
