// Package textbooks checks gocuda profile's figures against the
// textbooks: the seeds' lessons on the library's kernels (coalescing per
// compute capability, occupancy of Ryoo et al.'s tiled matmul on the
// G80) and the timing model against Harris's reduction table and Ryoo et
// al.'s matrix multiplies. It runs the gocuda command on package kernels'
// lesson and timing workloads, which are built instrumented, and is a
// module of its own so that go test ./... at the root stays quick.
package textbooks
