// Package compile is the front end of `gocuda compile`: it finds the
// kernels marked //gocuda:kernel in type-checked packages and writes, per
// source file, a generated file with each kernel's constructor and, where
// the kernel can be compiled, its source record and body. The body comes
// from package kir, the middle end (a kernel IR and its pass pipeline) and
// back end: the MCUDA technique (Stratton et al., LCPC 2008), in which the
// regions of a kernel between its barriers become loops over the block's
// threads, with COX's hierarchical collapsing (Han et al., TACO 2022) for
// warp collectives. A kernel that cannot be compiled keeps the runtime
// path, and the generated file says why.
package compile
