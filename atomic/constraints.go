package atomic

// Integer is the set of integer types CUDA's integer atomics work on: the
// 32- and 64-bit signed and unsigned integers (int, unsigned int, long long
// and unsigned long long in CUDA C++), and any type defined on them.
type Integer interface {
	~int32 | ~uint32 | ~int64 | ~uint64
}

// Float is the set of floating-point types: float32 and float64 (float and
// double in CUDA C++), and any type defined on them.
type Float interface {
	~float32 | ~float64
}

// Number is the set of every type an atomic of this package works on.
type Number interface {
	Integer | Float
}
