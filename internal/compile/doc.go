// Package compile is the front end and fast back end of `gocuda compile`:
// it finds the kernels marked //gocuda:kernel in type-checked packages and
// writes, per source file, a generated file with each kernel's constructor
// and, where the kernel can be compiled, its block body: the MCUDA
// technique (Stratton et al., LCPC 2008), in which the regions of a kernel
// between its barriers become loops over the block's threads and the
// values that live across a barrier are kept per thread.
//
// The passes, one file each: load finds the kernels; check refuses what
// cannot be compiled; lower splits a kernel into thread loops under
// block-uniform control; vars decides, for every local variable, whether it
// is computed once per block, recomputed in each loop that needs it, or kept
// per thread across loops; emit writes the Go.
package compile
