package atomic

import syncatomic "sync/atomic"

// Add is CUDA's atomicAdd: it reads the value old at p, stores old + val
// there and returns old, all in one atomic operation. Unlike sync/atomic's
// AddInt32 and its relatives, which return the new value, it returns the
// value before the addition.
//
// Integer addition wraps around, as in Go and CUDA. Floating-point addition
// rounds to nearest even and keeps subnormal inputs and results, as
// atom.add.f32 does on shared memory (on global memory the hardware flushes
// float32 subnormals to zero; gocuda does not). It is a compare-and-swap
// loop on the value's bits, so a NaN already at p is no obstacle: the sum
// is NaN and the loop ends. A NaN sum has the CPU's bits, as the rest of a
// kernel's arithmetic does, not the GPU's canonical float32 NaN
// (0x7fffffff). testdata/golden.txt holds an NVIDIA H200's answers to the
// edge cases, which TestGolden checks.
func Add[T Number](p *T, val T) (old T) {
	switch {
	case isFloat[T]():
		for {
			old = load(p)
			if cas(p, old, old+val) {
				return old
			}
		}
	case wide[T]():
		v := bits64(val)
		return from64[T](syncatomic.AddUint64(word64(p), v) - v)
	default:
		v := bits32(val)
		return from32[T](syncatomic.AddUint32(word32(p), v) - v)
	}
}

// Sub is CUDA's atomicSub: it reads the value old at p, stores old - val
// there and returns old, all in one atomic operation. Subtraction wraps
// around: Sub on an unsigned 0 leaves the type's maximum, as in CUDA.
// (CUDA has atomicSub for 32-bit types only; gocuda also has it for 64-bit
// ones.)
func Sub[T Integer](p *T, val T) (old T) {
	if wide[T]() {
		v := bits64(val)
		return from64[T](syncatomic.AddUint64(word64(p), -v) + v)
	}
	v := bits32(val)
	return from32[T](syncatomic.AddUint32(word32(p), -v) + v)
}
