// Package kernels is a library of classic CUDA kernels written for gocuda,
// each the way a CUDA programmer writes it, with gocuda's public API only:
// SAXPY and vector addition, reductions, scans, histograms, matrix multiply
// and transpose, all-pairs n-body, sparse matrix-vector products, sorts and
// array reversal.
//
// Kernels come as constructors that return the kernel itself (a
// func(*gocuda.Thread), to launch with a Config of your own or to read as
// an example), and each computation has a launcher that chooses the grid,
// allocates what scratch memory it needs and runs its kernels on a device,
// returning the launch's error: SAXPY, Reduce, Scan, MatMul, NBodyAccel and
// the rest. Families of variants (the reduction sequence, the scans, the
// matrix multiplies) share one launcher that takes the variant. Data is passed as plain Go slices; a mem.Buffer's Slice is one.
// Each kernel's documentation names the figure or classic it follows: P&H
// Appendix B (Nickolls and Kirk, "Graphics and Computing GPUs"), Ryoo et al.
// (PPoPP'08), Harris's "Optimizing Parallel Reduction in CUDA", the CUDA
// Handbook, and the lecture decks on CUDA.
package kernels

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -simd512 -gpu
