package kernels

// Number is the element types the generic kernels (scans, reductions, sorts
// of keys) accept: CUDA's integer and floating-point types, and types
// defined on them.
type Number interface {
	~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}
