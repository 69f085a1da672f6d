// Package ptx writes kernels as PTX, the virtual instruction set NVIDIA's
// drivers compile for their GPUs: the GPU back end of gocuda compile.
//
// It reads the one-thread program the pipeline's build pass makes (package
// kir), before any of the CPU lowering: on a GPU the block's threads run
// that program as written, a barrier is bar.sync and a shuffle is
// shfl.sync. Go's semantics are kept where PTX differs: floats round once
// per operation (no contraction into fused multiply-adds), integers wrap
// at their width, and every check Go makes (an index out of range, an
// integer division by zero, a nil pointer) is made, the first failing
// thread writing the module's fault record (FaultSymbol) and every failing
// thread exiting, so that the host can report it as the CPU does.
//
// What it cannot write yet it refuses with a reason, as the CPU compiler
// does.
package ptx
