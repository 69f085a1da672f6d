// Package rodinia benchmarks gocuda on kernels of the Rodinia benchmark
// suite (version 3.1, its CUDA versions), ported the way a user would port
// them, with the public API only: stencils with halos, wavefronts,
// elimination steps launched thousands of times, graph traversal, a
// blocked factorization, n-body forces, clustering, an unstructured-mesh
// solver, a facility-location search and a particle filter. Each
// benchmark runs the runtime path, the compiled kernels and a
// hand-written Go baseline side by side. It has no API; run it with
//
//	go test -run '^$' -bench . -short ./bench/rodinia
package rodinia
