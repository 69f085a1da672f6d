// Package atomic provides CUDA's atomic functions for gocuda kernels.
//
// Like CUDA's, the functions take a pointer to the value they update and
// return the value it held before, the old value:
//
//	old := atomic.Add(&counter[i], 1) // atomicAdd(&counter[i], 1)
//
// (package sync/atomic's AddInt32 and relatives return the new value).
// The names are CUDA's without the "atomic" prefix:
//
//	CUDA          gocuda                    types
//	atomicAdd     Add(p, val)               int32 uint32 int64 uint64 float32 float64
//	atomicSub     Sub(p, val)               int32 uint32 int64 uint64
//	atomicExch    Exch(p, val)              int32 uint32 int64 uint64 float32 float64
//	atomicMin     Min(p, val)               int32 uint32 int64 uint64 float32 float64
//	atomicMax     Max(p, val)               int32 uint32 int64 uint64 float32 float64
//	atomicInc     Inc(p, limit)             uint32
//	atomicDec     Dec(p, limit)             uint32
//	atomicCAS     CAS(p, compare, val)      int32 uint32 int64 uint64 float32 float64
//	atomicAnd     And(p, val)               int32 uint32 int64 uint64
//	atomicOr      Or(p, val)                int32 uint32 int64 uint64
//	atomicXor     Xor(p, val)               int32 uint32 int64 uint64
//	__threadfence_block, __threadfence, __threadfence_system:
//	              ThreadFenceBlock(), ThreadFence(), ThreadFenceSystem()
//
// The generic functions also accept types defined on these (type Count
// int64). Each function documents its formula; the ones with CUDA
// counterparts follow the CUDA C++ Programming Guide's. Where CUDA has no
// version for a type (Sub on 64-bit integers, Exch on float64, CAS, Min and
// Max on floats), gocuda's is the one a CUDA programmer would write: CAS
// compares floats by their bits, as atomicCAS does on __float_as_uint, and
// Min and Max on floats follow the GPU's fminf and fmaxf (PTX min.f32 and
// max.f32): a NaN operand is ignored, a NaN in memory is replaced, and -0
// counts as less than +0.
//
// # Where they work
//
// An atomic works on any properly aligned variable: an element of device
// memory (a slice a kernel captures, such as one from mem.Buffer's Slice),
// of shared memory (gocuda.Shared, gocuda.DynamicShared) or any other Go
// variable. Go places every int32, uint32, float32, int64, uint64 and
// float64 it allocates at an address its own size divides, except that on
// 32-bit platforms 64-bit values are only guaranteed that alignment as the
// first word of an allocation (see the bugs section of sync/atomic), where
// the 64-bit atomics panic on a misaligned address. Do not mix 32- and
// 64-bit atomics on overlapping memory.
//
// # Memory model
//
// Every function is one sync/atomic operation on the word holding the
// value (the float types are updated through their bits), or a loop of
// sync/atomic loads and compare-and-swaps whose last operation decides the
// result. So every atomic is linearizable: it takes effect at one instant
// between its call and its return, whatever other workers do to the same
// word at the same time, and none of them blocks. The loops (float Add,
// Min, Max, CAS, Xor, Inc, Dec) retry when another thread changes the word
// between their load and their compare-and-swap; an outcome that changes
// nothing (Min with a larger val, a failed CAS) takes effect at the load
// and writes nothing.
//
// In the terms of the Go memory model, the atomics of this package and of
// sync/atomic together behave as though executed in one sequentially
// consistent order, and an atomic that observes the value another one
// wrote is synchronized after it: everything the writer did before its
// atomic happens before everything the reader does after its own. That is
// stronger than CUDA, whose atomic functions are relaxed and order nothing
// but the one word, which is why CUDA kernels need __threadfence (see
// ThreadFence for what the fences do here). A plain read or write of a
// variable that races with an atomic on it, with no synchronization in
// between, is a data race in Go as in CUDA: the race detector reports it.
// Plain accesses are fine where a barrier (Thread.SyncThreads) or the end
// of a launch orders them after the atomics: the host may read a counter
// plainly once the launch that updated it has returned.
//
// To read a value atomically, use CAS(p, 0, 0), which changes nothing
// whatever *p holds (CUDA's atomicCAS(p, 0, 0) idiom); Add(p, 0) would turn
// a float -0 into +0.
//
// # The last block pattern
//
// The CUDA C++ Programming Guide's example for __threadfence sums an array
// in one launch: each block writes its partial sum to global memory,
// fences, and takes a ticket with atomicInc; the block that draws the last
// ticket knows every other partial sum is written and adds them up. In
// gocuda:
//
//	isLast := gocuda.Shared[bool](t, 1)
//	if t.ThreadIdx.X == 0 {
//		partial[t.BlockIdx.X] = blockSum
//		atomic.ThreadFence()
//		ticket := atomic.Inc(&count, uint32(t.GridDim.X))
//		isLast[0] = ticket == uint32(t.GridDim.X-1)
//	}
//	t.SyncThreads()
//	if isLast[0] && t.ThreadIdx.X == 0 {
//		for _, s := range partial { total += s }
//		count = 0 // ready for the next launch
//	}
//
// # Cost
//
// Add, Sub, Exch, And and Or on integers are each one sync/atomic call
// (on amd64, Add and Sub are a LOCK XADD and Exch an XCHG), so they cost
// what the sync/atomic functions cost. The loops cost one load and one
// compare-and-swap when uncontended. Under contention every atomic on one
// address serializes on its cache line, as on a GPU atomics on one address
// serialize at the memory: accumulate in shared memory per block
// first and add the block's result to global memory once (see the
// histogram example).
package atomic
