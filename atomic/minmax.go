package atomic

import "github.com/gocuda/gocuda/internal/atomicop"

// Min is CUDA's atomicMin: it reads the value old at p, stores the smaller
// of old and val there and returns old, all in one atomic operation.
// Integers compare as their type does (signed or unsigned).
//
// CUDA C++ has atomicMin for integers only. For float32 and float64, Min
// follows the GPU's own minimum, PTX min.f32 and fminf (IEEE 754-2019
// minimumNumber): a NaN is treated as missing data. So
//
//   - if val is NaN, *p is left as it is, whatever it holds;
//   - if *p holds a NaN and val is a number, val is stored;
//   - -0 counts as less than +0: Min on +0 with val -0 stores -0, Min on
//     -0 with val +0 leaves -0;
//   - otherwise the smaller value is stored, with -Inf the smallest.
//
// Only a NaN val on a NaN *p differs from min.f32, which would store its
// canonical NaN; Min keeps the NaN already there. An NVIDIA H200 applying
// fminf in a CAS loop agrees with Min on every case of the golden test
// (testdata/golden.txt), the zeros' signs included.
//
// Min writes only when the stored value changes; otherwise it is a load.
func Min[T Number](p *T, val T) (old T) { return storeIf(p, val, atomicop.ReplacesMin[T]) }

// Max is CUDA's atomicMax: it reads the value old at p, stores the larger
// of old and val there and returns old, all in one atomic operation.
// Integers compare as their type does (signed or unsigned).
//
// CUDA C++ has atomicMax for integers only. For float32 and float64, Max
// follows PTX max.f32 and fmaxf (IEEE 754-2019 maximumNumber), the mirror
// image of Min: a NaN val leaves *p as it is, a NaN in *p is replaced by a
// number val, +0 counts as greater than -0, and +Inf is the largest.
//
// Max writes only when the stored value changes; otherwise it is a load.
func Max[T Number](p *T, val T) (old T) { return storeIf(p, val, atomicop.ReplacesMax[T]) }

// storeIf atomically stores val at p if replaces(val, old) holds for the
// value old there, and returns old. When it does not hold, the operation
// takes effect at the load and writes nothing.
func storeIf[T Number](p *T, val T, replaces func(val, old T) bool) (old T) {
	for {
		old = load(p)
		if !replaces(val, old) || cas(p, old, val) {
			return old
		}
	}
}
